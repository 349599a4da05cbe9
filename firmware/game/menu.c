/* The menu (menu.h). Up/Down choose an item, Left/Right change its value,
 * A acts, B goes back to where the menu was opened, exactly as it was. */
#include "menu.h"

#include <string.h>

#include "hal.h"
#include "match_query.h"
#include "render.h"
#include "sound.h"
#include "ticker.h"
#include "words.h"

void menu_load_settings(ui_t *ui)
{
    settings_load(&ui->settings);
    hal_display_brightness(ui->settings.brightness);
}

void menu_open(ui_t *ui, uint8_t from)
{
    ui->menu.back_screen = from;
    ui->menu.item = UI_ITEM_RESUME;
}

uint8_t menu_close(ui_t *ui)
{
    settings_save(&ui->settings); /* writes only what changed */
    return ui->menu.back_screen;
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

static void change_value(ui_t *ui, bool up)
{
    uint8_t count;
    if (ui->menu.item == UI_ITEM_GAMES) {
        ui->settings.match_games = settings_match_games_step(ui->settings.match_games, up);
    } else {
        uint8_t *value = item_value(ui, ui->menu.item, &count);
        if (!value) {
            sound_play(&ui->settings, SOUND_ERROR); /* an action: nothing to change */
            return;
        }
        /* values cycle; the level counts 1..6, the others from 0 */
        const uint8_t base = ui->menu.item == UI_ITEM_LEVEL ? 1u : 0u;
        uint8_t v = (uint8_t)(*value - base);
        v = up ? (uint8_t)((v + 1u) % count) : v ? (uint8_t)(v - 1u) : (uint8_t)(count - 1u);
        *value = (uint8_t)(v + base);
        if (ui->menu.item == UI_ITEM_BRIGHTNESS) /* at once, so the player sees it */
            hal_display_brightness(ui->settings.brightness);
    }
    /* the new value at once, at the left edge */
    char text[WORDS_MAX];
    uint8_t value_at = 0;
    words_now(ui, text, &value_at);
    text[value_at] = '\0';
    ticker_restart(ui, (int8_t)(value_at ? -(int16_t)render_text_width(text) - 1 : 0));
}

/* A match with a move played, or a game behind it, would be lost by a new
 * match: ask first. */
static bool game_in_progress(const ui_t *ui)
{
    rules_pos_t start;
    if (ui->menu.back_screen == UI_SCORE && match_is_over(&ui->match))
        return false; /* the match is over */
    rules_init(&start, rules_set_of(&ui->board.pos), ui->match.first);
    return ui->match.number > 1u || ui->menu.back_screen != UI_GAME ||
           memcmp(&start, &ui->board.pos, sizeof start) != 0;
}

uint8_t menu_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return MENU_STAY;
    switch (ev->button) {
    case HAL_BTN_UP:
    case HAL_BTN_DOWN:
        ui->menu.item = ev->button == HAL_BTN_DOWN ? (uint8_t)((ui->menu.item + 1u) % UI_ITEM_COUNT)
                        : ui->menu.item             ? (uint8_t)(ui->menu.item - 1u)
                                                    : UI_ITEM_COUNT - 1u;
        ticker_restart(ui, 0);
        break;
    case HAL_BTN_LEFT:
    case HAL_BTN_RIGHT: change_value(ui, ev->button == HAL_BTN_RIGHT); break;
    case HAL_BTN_B:
        if (ev->kind == INPUT_PRESS)
            return MENU_LEAVE;
        break;
    case HAL_BTN_A:
        if (ev->kind != INPUT_PRESS)
            break;
        if (ui->menu.item == UI_ITEM_UNDO)
            return MENU_UNDO;
        if (ui->menu.item == UI_ITEM_HINT)
            return MENU_HINT;
        if (ui->menu.item != UI_ITEM_NEW_MATCH)
            return MENU_LEAVE; /* Resume, or A on a setting: back to the game */
        return game_in_progress(ui) ? MENU_ASK : MENU_NEW_MATCH;
    default: break;
    }
    return MENU_STAY;
}

uint8_t menu_confirm_event(const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS)
        return MENU_STAY;
    return ev->button == HAL_BTN_A ? MENU_NEW_MATCH : ev->button == HAL_BTN_B ? MENU_BACK : MENU_STAY;
}
