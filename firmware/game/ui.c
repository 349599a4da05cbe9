/* The dispatcher (ui.h): the one file that routes button events and time
 * to the parts below and acts on what they say happened. It alone moves
 * between screens, plays the moves chosen (by the player or the console)
 * and starts games and matches; the parts change only their own state. */
#include "ui.h"

#include <string.h>

#include "battery.h"
#include "board.h"
#include "debug_lines.h"
#include "match.h"
#include "match_query.h"
#include "menu.h"
#include "play.h"
#include "screens.h"
#include "sound.h"
#include "ticker.h"

/* ---- games and moves ------------------------------------------------------- */
/* Game ui->match.number of the match, rule set `set`: the start position,
 * saved at once. */
static void start_game(ui_t *ui, uint8_t set)
{
    const game_match_t *m = &ui->match;
    board_start(ui, set, m->first);
    opponent_new_game(ui);
    ui->screen = UI_GAME;
    play_reset(ui, m->mode == SETTINGS_MODE_VS_CONSOLE ? match_human_side(m) : m->first);
    debug_game(ui, "start ");
    ticker_say(ui, UI_SAY_START); /* the rule set, your colour, who starts */
    match_save(ui);
}

static void new_match(ui_t *ui)
{
    match_new(ui);
    start_game(ui, ui->settings.rules);
}

/* The game's result, then the final position for UI_OVER_MS. */
static void game_over(ui_t *ui)
{
    match_game_over(ui);
    ui->screen = UI_OVER;
    ticker_hold(ui);
    sound_play(&ui->settings, SOUND_OVER);
}

void ui_play(ui_t *ui, rules_move_t m)
{
    const uint8_t mover = rules_side_to_move(&ui->board.pos);
    board_play(ui, m);
    debug_move("move", m);
    sound_play(&ui->settings, RULES_MOVE_IS_CAPTURE(m) ? SOUND_CAPTURE : SOUND_MOVE);
    play_moved(ui, mover);
    if (rules_game_over(&ui->board.pos))
        game_over(ui);
    else
        match_save(ui); /* every move: switching off loses nothing */
}

/* Undo from the menu: takes back `plies` (match_undo_plies). */
static void undo(ui_t *ui, uint8_t plies)
{
    opponent_forget_shown(ui); /* a console move still being shown goes with your move */
    while (plies--) {
        const rules_move_t m = board_take_back(ui);
        play_taken_back(ui);
        debug_move("undo", m);
    }
    play_clear_selection(ui);
    opponent_hint_off(ui);
    match_save(ui);
}

/* ---- the screens ----------------------------------------------------------- */
/* The debug console hears "menu" when the menu opens and "menu closed"
 * when it closes without a new match (whose start line says it), so that a
 * terminal or a page can say the menu is open (its items come as words). */
static void open_menu(ui_t *ui)
{
    menu_open(ui, ui->screen);
    ui->screen = UI_MENU;
    debug_menu(true);
    ticker_say(ui, UI_SAY_NOTHING);
}

/* Back to where the menu was opened, exactly as it was. */
static void leave_menu(ui_t *ui)
{
    debug_menu(false);
    ui->screen = menu_close(ui);
    if (ui->screen != UI_GAME && ui->screen != UI_OVER)
        ticker_restart(ui, 0);
}

static void to_screen(ui_t *ui, uint8_t screen)
{
    ui->screen = screen;
    ticker_restart(ui, 0);
}

/* Undo or Hint that cannot be done now: why, in words; the menu stays. */
static void refuse(ui_t *ui, uint8_t say)
{
    sound_play(&ui->settings, SOUND_ERROR);
    ticker_say(ui, say);
}

static void menu_said(ui_t *ui, uint8_t what)
{
    uint8_t plies;
    switch (what) {
    case MENU_UNDO:
        if (!(plies = match_undo_plies(ui))) {
            refuse(ui, UI_SAY_NO_UNDO);
            break;
        }
        undo(ui, plies);
        sound_play(&ui->settings, SOUND_UNDO);
        leave_menu(ui);
        break;
    case MENU_HINT:
        if (!match_hint_allowed(ui)) {
            refuse(ui, UI_SAY_NO_HINT);
            break;
        }
        opponent_want_hint(ui);
        leave_menu(ui);
        break;
    case MENU_LEAVE: leave_menu(ui); break;
    case MENU_ASK: to_screen(ui, UI_CONFIRM); break;
    case MENU_BACK: to_screen(ui, UI_MENU); break;
    case MENU_NEW_MATCH: new_match(ui); break;
    default: break;
    }
}

/* The end screens: A from the final position to the result in words, from
 * the result to the next game, or after the last game (its words said
 * the match's result too) to a new match. */
static void end_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS || ev->button != HAL_BTN_A)
        return;
    if (ui->screen == UI_OVER) {
        to_screen(ui, UI_SCORE);
    } else if (!match_is_over(&ui->match)) {
        match_next_game(ui);
        start_game(ui, rules_set_of(&ui->board.pos));
    } else {
        new_match(ui);
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
    opponent_init(ui, boot_count);
    menu_load_settings(ui);
    game_save_t g;
    g.last_from = RULES_NO_POINT; /* (LTO cannot see game_save_load fill it) */
    const uint8_t saved = game_save_load(&g);
    if (saved == GAME_SAVE_RESUMED) { /* the game that was on when it was switched off */
        board_resume(ui, &g.pos, g.last_from);
        match_resume(ui, &g.match);
        ui->screen = UI_GAME;
        play_reset(ui, rules_side_to_move(&ui->board.pos));
        debug_game(ui, "resume ");
        ticker_say(ui, UI_SAY_START); /* who is who, again */
    } else {
        new_match(ui); /* power on, play: the menu is a long B away */
        if (saved == GAME_SAVE_UNREADABLE) /* said (and on the debug console as its words), never an older game */
            ticker_say(ui, UI_SAY_SAVE_LOST);
    }
    ui->dirty = true;
}

__attribute__((noinline)) void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now)
{
    ui->last_input = now;
    ui->dirty = true;
    if (ev->kind == INPUT_PRESS && ui->screen == UI_GAME)
        opponent_hint_off(ui); /* the player goes on */
    if (ev->kind == INPUT_HOLD && ev->button == HAL_BTN_B) {
        play_b_forgotten(ui); /* a long B is not a cancel */
        if (ui->screen != UI_MENU && ui->screen != UI_CONFIRM)
            open_menu(ui); /* long B: the menu, from anywhere */
        return;
    }
    if (ui->ticker.say != UI_SAY_NOTHING) {
        /* a message on the ticker: any button skips it, and does only that */
        if (ev->kind == INPUT_PRESS)
            ticker_say(ui, UI_SAY_NOTHING);
        if (ev->button == HAL_BTN_B)
            play_b_forgotten(ui);
        return;
    }
    rules_move_t m;
    switch (ui->screen) {
    case UI_MENU: menu_said(ui, menu_event(ui, ev)); break;
    case UI_CONFIRM: menu_said(ui, menu_confirm_event(ev)); break;
    case UI_GAME:
        if (play_event(ui, ev, &m) == PLAY_MOVE)
            ui_play(ui, m);
        break;
    default: end_event(ui, ev); break;
    }
}

void ui_note_activity(ui_t *ui, uint32_t now) { ui->last_input = now; }
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now) { return now - ui->last_input; }

bool ui_battery_empty(const ui_t *ui) { return battery_empty(ui); }

void ui_woke(ui_t *ui, uint32_t now)
{
    ui->last_input = now;
    battery_woke(ui, now);
}

__attribute__((noinline)) void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll)
{
    if (ticker_step(ui, now))
        ui->dirty = true;
    if (battery_step(ui, now))
        ui->dirty = true;
    if (ui->screen == UI_OVER && ticker_elapsed(ui, now, UI_OVER_MS)) /* the final position, then the words */
        to_screen(ui, UI_SCORE), ui->dirty = true;
    if (opponent_hint_step(ui, now))
        ui->dirty = true;
    if (ui->ticker.say != UI_SAY_NOTHING)
        return; /* the words first: the console waits until they are read */
    /* the screen first: the wish is taken (cleared) only on the game's */
    if (ui->screen == UI_GAME && opponent_take_hint_wish(ui)) {
        play_clear_selection(ui);
        opponent_hint(ui, poll);
        ui->dirty = true;
        return;
    }
    if (!match_console_to_move(ui))
        return;
    rules_move_t m;
    if (!ui->opponent.shown_since) {
        play_clear_selection(ui);
        opponent_think(ui, poll);
        ui->dirty = true;
    } else if (opponent_move_shown(ui, now, &m)) {
        ui_play(ui, m);
        ui->dirty = true;
    }
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
