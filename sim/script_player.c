/* The player at the buttons, for scripts: where the cursor is, a move
 * entered as a person enters it (cursor, A, A), two players' cursors, and
 * whole games played through the buttons (sim_autoplay.c). Commands:
 * cursor-at, cursor-to, move, autoplay, autoplay-games (docs/sim.md). */
#include <string.h>

#include "rules/rules.h"
#include "sim.h"
#include "sim_autoplay.h"
#include "sim_script.h"

/* Cursor moves one point per tap and stops at the board's edges
 * (docs/display.md); an unknown cursor is first pushed into a1. */
static bool cursor_to(script_t *sc, uint8_t point)
{
    if (sc->cursor < 0) {
        for (unsigned i = 0; i + 1u < RULES_FILES || i + 1u < RULES_ROWS; i++)
            if (!script_tap(sc, SIM_BTN_LEFT, SCRIPT_TAP_MS) || !script_tap(sc, SIM_BTN_DOWN, SCRIPT_TAP_MS))
                return false;
        sc->cursor = rules_point(0, 0);
    }
    const uint8_t from = (uint8_t)sc->cursor;
    int df = rules_file(point) - rules_file(from), dr = rules_row(point) - rules_row(from);
    for (; df > 0; df--)
        if (!script_tap(sc, SIM_BTN_RIGHT, SCRIPT_TAP_MS)) return false;
    for (; df < 0; df++)
        if (!script_tap(sc, SIM_BTN_LEFT, SCRIPT_TAP_MS)) return false;
    for (; dr > 0; dr--)
        if (!script_tap(sc, SIM_BTN_UP, SCRIPT_TAP_MS)) return false;
    for (; dr < 0; dr++)
        if (!script_tap(sc, SIM_BTN_DOWN, SCRIPT_TAP_MS)) return false;
    sc->cursor = point;
    return true;
}

static bool enter_move(script_t *sc, const char *move, bool hold);

/* Two players keep a cursor each (firmware/game/play.c): after a move the
 * cursor is where the other side left it. The mover comes from the log:
 * the game's first mover and the moves and undos since its start line. */
static void after_move(script_t *sc)
{
    const sim_t *s = sc->sim;
    const char *start = sim_uart_last_line(s, "start "), *resume = sim_uart_last_line(s, "resume ");
    if (resume > start) { /* resumed: whose turn it was is not in the log */
        if (!strstr(resume, " console "))
            sc->cursor = -1;
        return;
    }
    if (!start)
        return;
    const char *nl = strchr(start, '\n'), *console = strstr(start, " console ");
    if (console && (!nl || console < nl))
        return; /* against the console: the cursor stays */
    const size_t at = (size_t)(start - s->uart.text);
    if (at != sc->start_seen) { /* a new game: each side's cursor at its home */
        sc->start_seen = at;
        sc->side_cursor[RULES_WHITE] = rules_point(2, 0);
        sc->side_cursor[RULES_BLACK] = rules_point(2, RULES_ROWS - 1u);
    }
    int plies = 0;
    for (const char *p = start; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        plies += strncmp(p, "move ", 5) == 0 ? 1 : strncmp(p, "undo ", 5) == 0 ? -1 : 0;
    const char *black_first = strstr(start, " first black");
    const int first = black_first && (!nl || black_first < nl);
    const int mover = (first + plies - 1) & 1;
    sc->side_cursor[mover] = sc->cursor;
    sc->cursor = sc->side_cursor[mover ^ 1];
}

/* "b1-d2", "b1xd2", "c4xd5@b1", "@b1", or "d4-b5 hold" (ludos: keep it). */
static bool play_move(script_t *sc, const char *move, bool hold)
{
    const size_t log_before = sc->sim->uart.len;
    const bool done = enter_move(sc, move, hold);
    /* the move is on the log once the firmware took it */
    if (done && sc->sim->uart.len > log_before && strstr(sc->sim->uart.text + log_before, "move "))
        after_move(sc);
    return done;
}

static bool enter_move(script_t *sc, const char *move, bool hold)
{
    const size_t len = strlen(move);
    if (move[0] == '@') {
        const uint8_t to = len == 3 ? rules_point_from_text(move + 1) : RULES_NO_POINT;
        if (to == RULES_NO_POINT) {
            script_fail(sc, "bad move '%s'", move);
            return true;
        }
        return cursor_to(sc, to) && script_tap(sc, SIM_BTN_A, SCRIPT_TAP_MS);
    }
    const uint8_t from = len >= 5 ? rules_point_from_text(move) : RULES_NO_POINT;
    const uint8_t to = len >= 5 && (move[2] == '-' || move[2] == 'x') ? rules_point_from_text(move + 3) : RULES_NO_POINT;
    const uint8_t ret = len == 8 && move[5] == '@' ? rules_point_from_text(move + 6) : RULES_NO_POINT;
    if (from == RULES_NO_POINT || to == RULES_NO_POINT || (len != 5 && ret == RULES_NO_POINT)) {
        script_fail(sc, "bad move '%s' (b1-d2, b1xd2, c4xd5@b1 or @b1)", move);
        return true;
    }
    const size_t log_before = sc->sim->uart.len;
    if (!cursor_to(sc, from) || !script_tap(sc, SIM_BTN_A, SCRIPT_TAP_MS) || !cursor_to(sc, to) || !script_tap(sc, SIM_BTN_A, SCRIPT_TAP_MS))
        return false;
    /* an arrival with a single return point is complete at the arrival
     * (firmware/game/play.c): then there is no return point to choose */
    if (ret != RULES_NO_POINT && !strstr(sc->sim->uart.text + log_before, "move "))
        return cursor_to(sc, ret) && script_tap(sc, SIM_BTN_A, SCRIPT_TAP_MS);
    if (hold)
        return script_tap(sc, SIM_BTN_A, SCRIPT_TAP_MS); /* A on the arrival point itself */
    return true;
}

static bool autoplay_enter(void *ctx, const char *move, bool hold) { return play_move(ctx, move, hold); }

static void autoplay_fail(void *ctx, const char *why) { script_fail(ctx, "autoplay: %s", why); }

static void autoplay_consumed(void *ctx, size_t upto) { ((script_t *)ctx)->uart_mark = upto; }

static bool autoplay_tap(void *ctx, int button) { return script_tap(ctx, button, SCRIPT_TAP_MS); }

static void autoplay_cursor_is(void *ctx, int point) { ((script_t *)ctx)->cursor = point; }

static bool want_point(script_t *sc, const char *text, uint8_t *point)
{
    *point = strlen(text) == 2 ? rules_point_from_text(text) : RULES_NO_POINT;
    if (*point != RULES_NO_POINT)
        return true;
    script_fail(sc, "bad point '%s' (a1..e5)", text);
    return false;
}

static bool cmd_cursor_at(script_t *sc, const script_args_t *a)
{
    uint8_t p;
    if (strcmp(a->argv[0], "unknown") == 0)
        sc->cursor = -1;
    else if (want_point(sc, a->argv[0], &p))
        sc->cursor = p;
    return true;
}

static bool cmd_cursor_to(script_t *sc, const script_args_t *a)
{
    uint8_t p;
    return !want_point(sc, a->argv[0], &p) || cursor_to(sc, p);
}

static bool cmd_autoplay(script_t *sc, const script_args_t *a)
{
    unsigned long level;
    double ms;
    if (!script_parse_uint(a->argv[0], 6, &level) || level < 1) {
        script_fail(sc, "autoplay: '%s' is not a level 1..6", a->argv[0]);
        return true;
    }
    if (!script_want_ms(sc, a->argv[1], &ms))
        return true;
    sim_autoplay_io_t io = {sc, autoplay_enter, autoplay_fail, autoplay_consumed, autoplay_tap, autoplay_cursor_is};
    if (sim_autoplay(sc->sim, &io, (unsigned)level, ms) != 0 && sc->failures == 0)
        sc->failures++;
    return !sc->sim->crashed;
}

/* autoplay-games N LEVEL: N whole games through the buttons, end screens
 * and new matches included, each result checked (sim_autoplay.c). */
static bool cmd_autoplay_games(script_t *sc, const script_args_t *a)
{
    unsigned long games, level;
    if (!script_parse_uint(a->argv[0], 100000, &games) || games < 1) {
        script_fail(sc, "autoplay-games: '%s' is not a number of games 1..100000", a->argv[0]);
        return true;
    }
    if (!script_parse_uint(a->argv[1], 6, &level) || level < 1) {
        script_fail(sc, "autoplay-games: '%s' is not a level 1..6", a->argv[1]);
        return true;
    }
    sim_autoplay_io_t io = {sc, autoplay_enter, autoplay_fail, autoplay_consumed, autoplay_tap, autoplay_cursor_is};
    if (sim_autoplay_games(sc->sim, &io, (unsigned)games, (unsigned)level) != 0 && sc->failures == 0)
        sc->failures++;
    sc->cursor = -1; /* wherever the games left it */
    return !sc->sim->crashed;
}

static bool cmd_move(script_t *sc, const script_args_t *a)
{
    if (a->argc == 2 && strcmp(a->argv[1], "hold") != 0) {
        script_fail(sc, "move: the word after the move can only be 'hold'");
        return true;
    }
    return play_move(sc, a->argv[0], a->argc == 2);
}

const sim_command_t script_player_commands[] = {
    {"cursor-at", 1, 1, cmd_cursor_at, "cursor-at POINT|unknown"},
    {"cursor-to", 1, 1, cmd_cursor_to, "cursor-to POINT"},
    {"autoplay", 2, 2, cmd_autoplay, "autoplay LEVEL MS"},
    {"autoplay-games", 2, 2, cmd_autoplay_games, "autoplay-games N LEVEL"},
    {"move", 1, 2, cmd_move, "move MOVE [hold]"},
    {NULL, 0, 0, NULL, NULL},
};
