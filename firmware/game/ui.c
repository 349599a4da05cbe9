/* The UI's entry points (ui.h): events to the screen that has them, the
 * console's turn and the hint in ui_step, drawing in ui_draw; and what
 * every part shares: time, sound, the ticker. */
#include "ui.h"

#include <string.h>

#include "ai/ai.h"
#include "flash.h"
#include "render.h"
#include "storage/game_save.h"
#include "ui_parts.h"

/* A hint is level 5's move: a quarter of a second on average, where level
 * 6 would keep the player waiting up to 2 s for it. */
#define UI_HINT_LEVEL 5u
_Static_assert(SETTINGS_LEVELS == AI_LEVELS, "the menu offers every AI level");

/* ---- time ------------------------------------------------------------------ */
uint32_t ui_moment(void) { return hal_millis() | 1u; }

bool ui_expired(uint32_t *since, uint32_t now, uint32_t ms)
{
    if (*since && (int32_t)(now - *since) >= (int32_t)ms) {
        *since = 0;
        return true;
    }
    return false;
}

/* ---- sounds (docs/display.md), unless the sound is off -------------------- */
void ui_sound(const ui_t *ui, uint8_t sound)
{
    /* a move: a short high blip, a capture lower and longer; an error a low
     * beep; a refused move a longer, higher buzz than the error */
    static const uint16_t hz[] FLASH_TABLE = {880u, 440u, 150u, 660u, 220u, 1320u};
    static const uint16_t ms[] FLASH_TABLE = {30u, 80u, 100u, 300u, 250u, 40u};
    if (ui->settings.sound)
        hal_tone(flash_word(&hz[sound]), flash_word(&ms[sound]));
}

/* ---- the ticker ------------------------------------------------------------ */
/* The words on the ticker, from their start (x0: where the text starts).
 * They go to the debug console too, as "words TEXT", for a terminal or a
 * page that cannot read the matrix; a one-shot message's length (in ticker
 * steps) is reckoned here. Out of line: the text buffer is never on the
 * stack of the console's search. */
__attribute__((noinline)) void ui_ticker_restart(ui_t *ui, int8_t x0)
{
    char line[6u + WORDS_MAX];
    ui->ticker_x0 = x0;
    ui->ticker_since = ui_moment();
    ui->dirty = true;
    memcpy(line, "words ", 6u);
    if (words_now(ui, line + 6, NULL)) {
        ui->say_steps = render_text_width(line + 6);
        hal_debug_line(line);
    }
}

void ui_say(ui_t *ui, uint8_t say)
{
    ui->say = say;
    ui_ticker_restart(ui, 0);
}

/* A one-shot message ends when its last column has left the matrix. */
static void ticker_step(ui_t *ui, uint32_t now)
{
    if (ui->say != UI_SAY_NOTHING &&
        (int32_t)(now - ui->ticker_since) >= (int32_t)((uint32_t)ui->say_steps * UI_TICKER_STEP_MS)) {
        ui->say = UI_SAY_NOTHING;
        ui->dirty = true;
    }
}

/* ---- entry points ---------------------------------------------------------- */
/* ui_init, ui_event and ui_step stay out of line although the firmware is
 * optimised across files (Makefile: AVR_LTO): inlined into the main loop,
 * their locals would sit in main's frame under every call, the AI's search
 * and its poll included (peak stack 591 B instead of 531 B, make bench). */
__attribute__((noinline)) void ui_init(ui_t *ui, uint32_t boot_count)
{
    memset(ui, 0, sizeof *ui);
    ui->seed_salt = boot_count * 2654435761uL; /* Knuth's multiplicative hash */
    settings_load(&ui->settings);
    hal_display_brightness(ui->settings.brightness);
    game_save_t g;
    g.last_from = RULES_NO_POINT; /* (LTO cannot see game_save_load fill it) */
    const uint8_t saved = game_save_load(&g);
    if (saved == GAME_SAVE_RESUMED) { /* the game that was on when it was switched off */
        ui->pos = g.pos;
        ui->last_from = g.last_from;
        ui->match = g.match;
        play_clear_selection(ui);
        ui->screen = UI_GAME;
        play_reset_cursors(ui, rules_side_to_move(&ui->pos));
        say_game(ui, "resume ");
        ui_say(ui, UI_SAY_START); /* who is who, again */
    } else {
        match_new(ui); /* power on, play: the menu is a long B away */
        if (saved == GAME_SAVE_UNREADABLE) /* said (and on the debug console as its words), never an older game */
            ui_say(ui, UI_SAY_SAVE_LOST);
    }
    ui->dirty = true;
}

__attribute__((noinline)) void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now)
{
    ui->last_input = now;
    ui->dirty = true;
    if (ev->kind == INPUT_PRESS && ui->screen == UI_GAME)
        ui->hint_since = 0; /* the player goes on */
    if (ev->kind == INPUT_HOLD && ev->button == HAL_BTN_B) {
        ui->b_down_in_game = false; /* a long B is not a cancel */
        if (ui->screen != UI_MENU && ui->screen != UI_CONFIRM)
            menu_open(ui); /* long B: the menu, from anywhere */
        return;
    }
    if (ui->say != UI_SAY_NOTHING) {
        /* a message on the ticker: any button skips it, and does only that */
        if (ev->kind == INPUT_PRESS) {
            ui->say = UI_SAY_NOTHING;
            ui_ticker_restart(ui, 0);
        }
        if (ev->button == HAL_BTN_B)
            ui->b_down_in_game = false;
        return;
    }
    switch (ui->screen) {
    case UI_MENU: menu_event(ui, ev); break;
    case UI_CONFIRM: menu_confirm_event(ui, ev); break;
    case UI_GAME: play_event(ui, ev); break;
    default: match_end_event(ui, ev, now); break;
    }
}

void ui_note_activity(ui_t *ui, uint32_t now) { ui->last_input = now; }
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now) { return now - ui->last_input; }

static ui_think_poll_fn think_poll;
static void poll_adapter(void *ctx)
{
    (void)ctx;
    hal_mark(HAL_MARK_POLL_BEGIN);
    think_poll();
    hal_mark(HAL_MARK_POLL_END);
}

/* The search, with the display and buttons kept alive by `poll`. */
static rules_move_t think(ui_t *ui, uint8_t level, ui_think_poll_fn poll)
{
    ai_stats_t stats;
    ui->thinking = true;
    play_clear_selection(ui);
    think_poll = poll;
    /* the board as the search starts from it (the player's move) on the
     * display now, not at the search's first poll */
    poll();
    hal_mark(HAL_MARK_THINK_BEGIN);
    const rules_move_t m =
        ai_choose(&ui->pos, level, (uint16_t)(hal_seed() ^ ui->seed_salt ^ ui->games), poll_adapter, NULL, &stats);
    hal_mark(HAL_MARK_THINK_END);
    ui->thinking = false;
    ui->dirty = true;
    return m;
}

/* Low cells: once they have stayed low for UI_BATTERY_LOW_LOOKS looks, the
 * line "battery low", the settings saved (the game is saved after every
 * move), the warning in words; then ui_battery_empty() says power down. */
static void battery_step(ui_t *ui, uint32_t now)
{
    if ((int32_t)(now - ui->battery_checked) < (int32_t)UI_BATTERY_CHECK_MS)
        return;
    ui->battery_checked = now;
    if (!hal_battery_low()) {
        ui->battery_lows = 0;
        return;
    }
    if (ui->battery_lows < UI_BATTERY_LOW_LOOKS && ++ui->battery_lows == UI_BATTERY_LOW_LOOKS) {
        hal_debug_line("battery low");
        settings_save(&ui->settings);
        ui_say(ui, UI_SAY_BATTERY);
    }
}

bool ui_battery_empty(const ui_t *ui) { return ui->battery_lows >= UI_BATTERY_LOW_LOOKS && ui->say != UI_SAY_BATTERY; }

void ui_woke(ui_t *ui, uint32_t now)
{
    ui->last_input = now;
    ui->battery_lows = 0; /* new cells, or the old ones again: look anew */
    ui->battery_checked = now;
}

__attribute__((noinline)) void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll)
{
    ticker_step(ui, now);
    battery_step(ui, now);
    match_step(ui, now);
    if (ui_expired(&ui->hint_since, now, UI_HINT_MS))
        ui->dirty = true;
    if (ui->say != UI_SAY_NOTHING)
        return; /* the words first: the console waits until they are read */
    if (ui->hint_wanted && ui->screen == UI_GAME) {
        ui->hint_wanted = false;
        ui->hint = think(ui, UI_HINT_LEVEL, poll);
        say_move("hint", ui->hint);
        ui->hint_since = ui_moment();
        return;
    }
    if (!match_console_to_move(ui))
        return;
    if (ui->shown_since) { /* the chosen move blinks, then it is played */
        uint32_t shown = ui->shown_since;
        if (ui_expired(&shown, now, UI_SHOW_MOVE_MS)) {
            ui->shown_since = 0;
            play_move(ui, ui->shown);
            ui->dirty = true;
        }
        return;
    }
    ui->shown = think(ui, ui->match.level, poll);
    ui->shown_since = ui_moment();
}

bool ui_draw(ui_t *ui, hal_canvas_t c, uint32_t now)
{
    /* redraw on change, and whenever a blink phase or the ticker may have moved */
    if (!ui->dirty && now - ui->last_draw < 35u)
        return false;
    ui->dirty = false;
    ui->last_draw = now;
    screens_draw(ui, c, now);
    return true;
}
