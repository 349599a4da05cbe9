/* The player at the buttons, for scripts: where the cursor is, a move
 * entered as a person enters it (cursor, A, A), two players' cursors, and
 * whole games played through the buttons (sim_autoplay.c). Commands:
 * cursor-at, cursor-to, move, autoplay, autoplay-games (docs/sim.md). */
#include "script_player.h"

#include <string.h>

#include "part_buttons.h"
#include "part_uart.h"
#include "rules/rules.h"
#include "script_parse.h"
#include "sim_autoplay.h"

/* The player's state, kept by the runner (script_player.h). */
static script_player_t *player(script_call_t *c) { return c->owner; }

/* Taps on the script's clock, lent by the runner. */
static bool script_wait(void *ctx, double until_ms) { return script_call_run_until(ctx, until_ms); }
static bool tap(script_call_t *c, int button) { return sim_button_tap(c->sim, button, SIM_TAP_MS, script_wait, c); }

/* Cursor moves one point per tap and stops at the board's edges
 * (docs/display.md); an unknown cursor is first pushed into a1. */
static bool cursor_to(script_call_t *c, uint8_t point)
{
    script_player_t *pl = player(c);
    if (pl->cursor < 0) {
        for (unsigned i = 0; i + 1u < RULES_FILES || i + 1u < RULES_ROWS; i++)
            if (!tap(c, SIM_BTN_LEFT) || !tap(c, SIM_BTN_DOWN))
                return false;
        pl->cursor = rules_point(0, 0);
    }
    const uint8_t from = (uint8_t)pl->cursor;
    int df = rules_file(point) - rules_file(from), dr = rules_row(point) - rules_row(from);
    for (; df > 0; df--)
        if (!tap(c, SIM_BTN_RIGHT)) return false;
    for (; df < 0; df++)
        if (!tap(c, SIM_BTN_LEFT)) return false;
    for (; dr > 0; dr--)
        if (!tap(c, SIM_BTN_UP)) return false;
    for (; dr < 0; dr++)
        if (!tap(c, SIM_BTN_DOWN)) return false;
    pl->cursor = point;
    return true;
}

static bool enter_move(script_call_t *c, const char *move, bool hold);

/* Two players keep a cursor each (firmware/game/play.c): after a move the
 * cursor is where the other side left it. The mover comes from the log:
 * the game's first mover and the moves and undos since its start line. */
static void after_move(script_call_t *c)
{
    script_player_t *pl = player(c);
    const sim_t *s = c->sim;
    const char *start = sim_uart_last_line(s, "start "), *resume = sim_uart_last_line(s, "resume ");
    if (resume > start) { /* resumed: whose turn it was is not in the log */
        if (!strstr(resume, " console "))
            pl->cursor = -1;
        return;
    }
    if (!start)
        return;
    const char *nl = strchr(start, '\n'), *console = strstr(start, " console ");
    if (console && (!nl || console < nl))
        return; /* against the console: the cursor stays */
    const size_t at = (size_t)(start - s->uart.text);
    if (at != pl->start_seen) { /* a new game: each side's cursor at its home */
        pl->start_seen = at;
        pl->side_cursor[RULES_WHITE] = rules_point(2, 0);
        pl->side_cursor[RULES_BLACK] = rules_point(2, RULES_ROWS - 1u);
    }
    int plies = 0;
    for (const char *p = start; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        plies += strncmp(p, "move ", 5) == 0 ? 1 : strncmp(p, "undo ", 5) == 0 ? -1 : 0;
    const char *black_first = strstr(start, " first black");
    const int first = black_first && (!nl || black_first < nl);
    const int mover = (first + plies - 1) & 1;
    pl->side_cursor[mover] = pl->cursor;
    pl->cursor = pl->side_cursor[mover ^ 1];
}

/* "b1-d2", "b1xd2", "c4xd5@b1", "@b1", or "d4-b5 hold" (ludos: keep it). */
static bool play_move(script_call_t *c, const char *move, bool hold)
{
    const size_t log_before = c->sim->uart.len;
    const bool done = enter_move(c, move, hold);
    /* the move is on the log once the firmware took it */
    if (done && c->sim->uart.len > log_before && strstr(c->sim->uart.text + log_before, "move "))
        after_move(c);
    return done;
}

static bool enter_move(script_call_t *c, const char *move, bool hold)
{
    const size_t len = strlen(move);
    if (move[0] == '@') {
        const uint8_t to = len == 3 ? rules_point_from_text(move + 1) : RULES_NO_POINT;
        if (to == RULES_NO_POINT) {
            script_call_fail(c, "bad move '%s'", move);
            return true;
        }
        return cursor_to(c, to) && tap(c, SIM_BTN_A);
    }
    const uint8_t from = len >= 5 ? rules_point_from_text(move) : RULES_NO_POINT;
    const uint8_t to = len >= 5 && (move[2] == '-' || move[2] == 'x') ? rules_point_from_text(move + 3) : RULES_NO_POINT;
    const uint8_t ret = len == 8 && move[5] == '@' ? rules_point_from_text(move + 6) : RULES_NO_POINT;
    if (from == RULES_NO_POINT || to == RULES_NO_POINT || (len != 5 && ret == RULES_NO_POINT)) {
        script_call_fail(c, "bad move '%s' (b1-d2, b1xd2, c4xd5@b1 or @b1)", move);
        return true;
    }
    const size_t log_before = c->sim->uart.len;
    if (!cursor_to(c, from) || !tap(c, SIM_BTN_A) || !cursor_to(c, to) || !tap(c, SIM_BTN_A))
        return false;
    /* an arrival with a single return point is complete at the arrival
     * (firmware/game/play.c): then there is no return point to choose */
    if (ret != RULES_NO_POINT && !strstr(c->sim->uart.text + log_before, "move "))
        return cursor_to(c, ret) && tap(c, SIM_BTN_A);
    if (hold)
        return tap(c, SIM_BTN_A); /* A on the arrival point itself */
    return true;
}

static bool autoplay_enter(void *ctx, const char *move, bool hold) { return play_move(ctx, move, hold); }

static void autoplay_fail(void *ctx, const char *why) { script_call_fail(ctx, "autoplay: %s", why); }

static void autoplay_consumed(void *ctx, size_t upto) { sim_uart_checked_to(((script_call_t *)ctx)->sim, upto); }

static bool autoplay_tap(void *ctx, int button) { return tap(ctx, button); }

static void autoplay_cursor_is(void *ctx, int point) { player(ctx)->cursor = point; }

/* A failed autoplay fails the script, also when it stopped without saying
 * why (the MCU stopped: the runner said so). */
static void autoplay_failed(script_call_t *c)
{
    if (c->ops->failures(c->runner) == 0)
        c->ops->count_failure(c->runner);
}

static bool want_point(script_call_t *c, const char *text, uint8_t *point)
{
    *point = strlen(text) == 2 ? rules_point_from_text(text) : RULES_NO_POINT;
    if (*point != RULES_NO_POINT)
        return true;
    script_call_fail(c, "bad point '%s' (a1..e5)", text);
    return false;
}

static bool cmd_cursor_at(script_call_t *c)
{
    uint8_t p;
    if (strcmp(c->argv[0], "unknown") == 0)
        player(c)->cursor = -1;
    else if (want_point(c, c->argv[0], &p))
        player(c)->cursor = p;
    return true;
}

static bool cmd_cursor_to(script_call_t *c)
{
    uint8_t p;
    return !want_point(c, c->argv[0], &p) || cursor_to(c, p);
}

static bool cmd_autoplay(script_call_t *c)
{
    unsigned long level;
    double ms;
    if (!script_parse_uint(c->argv[0], 6, &level) || level < 1) {
        script_call_fail(c, "autoplay: '%s' is not a level 1..6", c->argv[0]);
        return true;
    }
    double look_ms = 0;
    if (!script_call_want_ms(c, c->argv[1], &ms) || (c->argc > 2 && !script_call_want_ms(c, c->argv[2], &look_ms)))
        return true;
    sim_autoplay_io_t io = {c, autoplay_enter, autoplay_fail, autoplay_consumed, autoplay_tap, autoplay_cursor_is};
    if (sim_autoplay(c->sim, &io, (unsigned)level, ms, look_ms) != 0)
        autoplay_failed(c);
    return !c->sim->crashed;
}

/* autoplay-games N LEVEL: N whole games through the buttons, end screens
 * and new matches included, each result checked (sim_autoplay.c). */
static bool cmd_autoplay_games(script_call_t *c)
{
    unsigned long games, level;
    if (!script_parse_uint(c->argv[0], 100000, &games) || games < 1) {
        script_call_fail(c, "autoplay-games: '%s' is not a number of games 1..100000", c->argv[0]);
        return true;
    }
    if (!script_parse_uint(c->argv[1], 6, &level) || level < 1) {
        script_call_fail(c, "autoplay-games: '%s' is not a level 1..6", c->argv[1]);
        return true;
    }
    double look_ms = 0;
    if (c->argc > 2 && !script_call_want_ms(c, c->argv[2], &look_ms))
        return true;
    sim_autoplay_io_t io = {c, autoplay_enter, autoplay_fail, autoplay_consumed, autoplay_tap, autoplay_cursor_is};
    if (sim_autoplay_games(c->sim, &io, (unsigned)games, (unsigned)level, look_ms) != 0)
        autoplay_failed(c);
    player(c)->cursor = -1; /* wherever the games left it */
    return !c->sim->crashed;
}

static bool cmd_move(script_call_t *c)
{
    if (c->argc == 2 && strcmp(c->argv[1], "hold") != 0) {
        script_call_fail(c, "move: the word after the move can only be 'hold'");
        return true;
    }
    return play_move(c, c->argv[0], c->argc == 2);
}

const script_command_t script_player_commands[] = {
    {"cursor-at", 1, 1, cmd_cursor_at, "cursor-at POINT|unknown"},
    {"cursor-to", 1, 1, cmd_cursor_to, "cursor-to POINT"},
    {"autoplay", 2, 3, cmd_autoplay, "autoplay LEVEL MS [LOOK_MS]"},
    {"autoplay-games", 2, 3, cmd_autoplay_games, "autoplay-games N LEVEL [LOOK_MS]"},
    {"move", 1, 2, cmd_move, "move MOVE [hold]"},
    {NULL, 0, 0, NULL, NULL},
};
