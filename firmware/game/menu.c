/* The menu: Resume, Undo, Hint, New match, then the settings, each shown
 * in words on the ticker (words.c). Up/Down choose an item, Left/Right
 * change its value, A acts, B goes back to where the menu was opened,
 * exactly as it was. */
#include <string.h>

#include "render.h"
#include "ui_parts.h"

void menu_open(ui_t *ui)
{
    ui->back_screen = ui->screen;
    ui->screen = UI_MENU;
    ui->menu_item = UI_ITEM_RESUME;
    ui->say = UI_SAY_NOTHING;
    ui_ticker_restart(ui, 0);
}

/* The value a setting item changes, and how many values it has. */
static uint8_t *item_value(ui_t *ui, uint8_t item, uint8_t *count)
{
    switch (item) {
    case UI_ITEM_MODE: *count = SETTINGS_MODE_COUNT; return &ui->settings.mode;
    case UI_ITEM_RULES: *count = RULES_SET_COUNT; return &ui->settings.rules;
    case UI_ITEM_FIRST: *count = 2; return &ui->settings.first;
    case UI_ITEM_LEVEL: *count = SETTINGS_LEVELS; return &ui->settings.level; /* stored 1..6 */
    case UI_ITEM_SIDE: *count = 2; return &ui->settings.human_side;
    case UI_ITEM_SOUND: *count = 2; return &ui->settings.sound;
    case UI_ITEM_BRIGHTNESS: *count = SETTINGS_BRIGHTNESS_STEPS; return &ui->settings.brightness;
    case UI_ITEM_BLINK: *count = 2; return &ui->settings.blink;
    default: *count = 0; return NULL;
    }
}

bool menu_item_waits(const ui_t *ui, uint8_t item)
{
    const settings_t *s = &ui->settings;
    const game_match_t *m = &ui->match;
    const bool vs = s->mode == SETTINGS_MODE_VS_CONSOLE;
    switch (item) {
    case UI_ITEM_MODE: return s->mode != m->mode;
    case UI_ITEM_RULES: return s->rules != rules_set_of(&ui->pos);
    case UI_ITEM_FIRST: return s->first != m->first;
    case UI_ITEM_LEVEL: return vs && s->level != m->level;
    case UI_ITEM_SIDE: return vs && s->human_side != m->human_side;
    case UI_ITEM_GAMES: return s->match_games != m->games;
    default: return false;
    }
}

static void change_value(ui_t *ui, bool up)
{
    uint8_t count;
    if (ui->menu_item == UI_ITEM_GAMES) {
        ui->settings.match_games = settings_match_games_step(ui->settings.match_games, up);
    } else {
        uint8_t *value = item_value(ui, ui->menu_item, &count);
        if (!value) {
            ui_sound(ui, UI_SOUND_ERROR); /* an action: nothing to change */
            return;
        }
        /* values cycle; the level counts 1..6, the others from 0 */
        const uint8_t base = ui->menu_item == UI_ITEM_LEVEL ? 1u : 0u;
        uint8_t v = (uint8_t)(*value - base);
        v = up ? (uint8_t)((v + 1u) % count) : v ? (uint8_t)(v - 1u) : (uint8_t)(count - 1u);
        *value = (uint8_t)(v + base);
        if (ui->menu_item == UI_ITEM_BRIGHTNESS) /* at once, so the player sees it */
            hal_display_brightness(ui->settings.brightness);
    }
    /* the new value at once, at the left edge */
    char text[WORDS_MAX];
    uint8_t value_at = 0;
    words_now(ui, text, &value_at);
    text[value_at] = '\0';
    ui_ticker_restart(ui, (int8_t)(value_at ? -(int16_t)render_text_width(text) - 1 : 0));
}

/* Back to where the menu was opened, exactly as it was. */
static void leave_menu(ui_t *ui)
{
    settings_save(&ui->settings); /* writes only what changed */
    ui->screen = ui->back_screen;
    if (ui->screen != UI_GAME && ui->screen != UI_OVER)
        ui_ticker_restart(ui, 0);
}

/* A match with a move played, or a game behind it, would be lost by a new
 * match: ask first. */
static bool game_in_progress(const ui_t *ui)
{
    rules_pos_t start;
    if (ui->back_screen == UI_SCORE && match_is_over(&ui->match))
        return false; /* the match is over */
    rules_init(&start, rules_set_of(&ui->pos), ui->match.first);
    return ui->match.number > 1u || ui->back_screen != UI_GAME || memcmp(&start, &ui->pos, sizeof start) != 0;
}

/* A on Undo or Hint: back to the game, or why not in words. */
static void act(ui_t *ui)
{
    const bool undo = ui->menu_item == UI_ITEM_UNDO;
    if (!(undo ? play_undo(ui) : play_hint_allowed(ui))) {
        ui_sound(ui, UI_SOUND_ERROR);
        ui_say(ui, undo ? UI_SAY_NO_UNDO : UI_SAY_NO_HINT);
        return;
    }
    if (undo)
        ui_sound(ui, UI_SOUND_UNDO);
    else
        ui->hint_wanted = true;
    leave_menu(ui);
}

void menu_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return;
    switch (ev->button) {
    case HAL_BTN_UP:
    case HAL_BTN_DOWN:
        ui->menu_item = ev->button == HAL_BTN_DOWN ? (uint8_t)((ui->menu_item + 1u) % UI_ITEM_COUNT)
                        : ui->menu_item               ? (uint8_t)(ui->menu_item - 1u)
                                                      : UI_ITEM_COUNT - 1u;
        ui_ticker_restart(ui, 0);
        break;
    case HAL_BTN_LEFT:
    case HAL_BTN_RIGHT: change_value(ui, ev->button == HAL_BTN_RIGHT); break;
    case HAL_BTN_B:
        if (ev->kind == INPUT_PRESS)
            leave_menu(ui);
        break;
    case HAL_BTN_A:
        if (ev->kind != INPUT_PRESS)
            break;
        if (ui->menu_item == UI_ITEM_UNDO || ui->menu_item == UI_ITEM_HINT)
            act(ui);
        else if (ui->menu_item != UI_ITEM_NEW_MATCH)
            leave_menu(ui); /* Resume, or A on a setting: back to the game */
        else if (game_in_progress(ui))
            ui->screen = UI_CONFIRM, ui_ticker_restart(ui, 0);
        else
            match_new(ui);
        break;
    default: break;
    }
}

void menu_confirm_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS)
        return;
    if (ev->button == HAL_BTN_A) {
        match_new(ui);
    } else if (ev->button == HAL_BTN_B) {
        ui->screen = UI_MENU;
        ui_ticker_restart(ui, 0);
    }
}
