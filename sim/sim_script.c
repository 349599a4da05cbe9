/* Headless mode: a script of timed button events and expectations
 * (docs/sim.md), one command per line, dispatched through a table. Every
 * argument is checked: a malformed line is a failure with its line number,
 * never a silent default. Exit status 0 when every expectation held. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rules/rules.h"
#include "sim.h"
#include "sim_autoplay.h"
#include "sim_battery.h"
#include "sim_settings.h"

#define AFTER_WORDS_MS 400.0 /* a power-cut sweep: the board after the start words (mid cursor-blink phase) */
#define TAP_MS 40.0         /* a quick, clean button tap: down this long, then up as long */
#define MAX_MS 1e9          /* no script waits longer than this */
#define ARGS_MAX 4
#define AFTER_CUT_MS 150.0  /* a power cut: time for the console to boot and show its state */
#define SETTLE_MS 50.0      /* no EEPROM write for this long: the save is over */

typedef struct {
    sim_t *sim;
    FILE *file;
    const char *path;
    int line_no;
    int failures;
    size_t uart_mark;   /* expect-uart searches after the previous match */
    size_t tone_mark;   /* expect-tone looks at tones after the previous check */
    int cursor;         /* tracked game cursor, -1 = unknown */
    int side_cursor[2]; /* two players: each side's cursor (firmware/game/play.c) */
    size_t start_seen;  /* where the game whose cursors these are started in the log */
    bool verbose;
    bool in_child;      /* a power-cut sweep's child: no frame lines to read */
} script_t;

static void fail(script_t *sc, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: at %.1f ms: ", sc->path, sc->line_no, sim_now_ms(sc->sim));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    sc->failures++;
}

/* ---- arguments --------------------------------------------------------- */
/* A time or frequency: a plain non-negative decimal number. */
static bool parse_number(const char *text, double max, double *out)
{
    char *end;
    if (!*text || !(isdigit((unsigned char)text[0]) || text[0] == '.'))
        return false;
    errno = 0;
    const double v = strtod(text, &end);
    if (*end || errno || !isfinite(v) || v < 0 || v > max)
        return false;
    *out = v;
    return true;
}

/* A whole number 0..max, decimal or 0x hex. */
static bool parse_uint(const char *text, unsigned long max, unsigned long *out)
{
    char *end;
    if (!isdigit((unsigned char)text[0]))
        return false;
    errno = 0;
    const unsigned long v = strtoul(text, &end, 0);
    if (*end || errno || v > max)
        return false;
    *out = v;
    return true;
}

bool sim_parse_ms(const char *text, double *out) { return parse_number(text, MAX_MS, out); }

static bool run_for(script_t *sc, double ms) { return sim_run_until_ms(sc->sim, sim_now_ms(sc->sim) + ms); }

static bool tap(script_t *sc, int button, double hold_ms)
{
    sim_button(sc->sim, button, true);
    if (!run_for(sc, hold_ms))
        return false;
    sim_button(sc->sim, button, false);
    return run_for(sc, TAP_MS);
}

/* Cursor moves one point per tap and stops at the board's edges
 * (docs/display.md); an unknown cursor is first pushed into a1. */
static bool cursor_to(script_t *sc, uint8_t point)
{
    if (sc->cursor < 0) {
        for (unsigned i = 0; i + 1u < RULES_FILES || i + 1u < RULES_ROWS; i++)
            if (!tap(sc, SIM_BTN_LEFT, TAP_MS) || !tap(sc, SIM_BTN_DOWN, TAP_MS))
                return false;
        sc->cursor = rules_point(0, 0);
    }
    const uint8_t from = (uint8_t)sc->cursor;
    int df = rules_file(point) - rules_file(from), dr = rules_row(point) - rules_row(from);
    for (; df > 0; df--)
        if (!tap(sc, SIM_BTN_RIGHT, TAP_MS)) return false;
    for (; df < 0; df++)
        if (!tap(sc, SIM_BTN_LEFT, TAP_MS)) return false;
    for (; dr > 0; dr--)
        if (!tap(sc, SIM_BTN_UP, TAP_MS)) return false;
    for (; dr < 0; dr++)
        if (!tap(sc, SIM_BTN_DOWN, TAP_MS)) return false;
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
            fail(sc, "bad move '%s'", move);
            return true;
        }
        return cursor_to(sc, to) && tap(sc, SIM_BTN_A, TAP_MS);
    }
    const uint8_t from = len >= 5 ? rules_point_from_text(move) : RULES_NO_POINT;
    const uint8_t to = len >= 5 && (move[2] == '-' || move[2] == 'x') ? rules_point_from_text(move + 3) : RULES_NO_POINT;
    const uint8_t ret = len == 8 && move[5] == '@' ? rules_point_from_text(move + 6) : RULES_NO_POINT;
    if (from == RULES_NO_POINT || to == RULES_NO_POINT || (len != 5 && ret == RULES_NO_POINT)) {
        fail(sc, "bad move '%s' (b1-d2, b1xd2, c4xd5@b1 or @b1)", move);
        return true;
    }
    const size_t log_before = sc->sim->uart.len;
    if (!cursor_to(sc, from) || !tap(sc, SIM_BTN_A, TAP_MS) || !cursor_to(sc, to) || !tap(sc, SIM_BTN_A, TAP_MS))
        return false;
    /* an arrival with a single return point is complete at the arrival
     * (firmware/game/play.c): then there is no return point to choose */
    if (ret != RULES_NO_POINT && !strstr(sc->sim->uart.text + log_before, "move "))
        return cursor_to(sc, ret) && tap(sc, SIM_BTN_A, TAP_MS);
    if (hold)
        return tap(sc, SIM_BTN_A, TAP_MS); /* A on the arrival point itself */
    return true;
}

static bool autoplay_enter(void *ctx, const char *move, bool hold) { return play_move(ctx, move, hold); }
static void autoplay_fail(void *ctx, const char *why) { fail(ctx, "autoplay: %s", why); }
static void autoplay_consumed(void *ctx, size_t upto) { ((script_t *)ctx)->uart_mark = upto; }
static bool autoplay_tap(void *ctx, int button) { return tap(ctx, button, TAP_MS); }
static void autoplay_cursor_is(void *ctx, int point) { ((script_t *)ctx)->cursor = point; }

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

/* ---- commands -------------------------------------------------------------- */
typedef struct {
    int argc;          /* arguments after the command word */
    char *argv[ARGS_MAX];
    const char *rest;  /* the text after the command word */
    const char *line;
} args_t;

typedef bool (*handler_fn)(script_t *sc, const args_t *a); /* false: the MCU stopped */

static bool dispatch(script_t *sc, char *line);

static bool want_ms(script_t *sc, const char *text, double *ms)
{
    if (parse_number(text, MAX_MS, ms))
        return true;
    fail(sc, "'%s' is not a time in ms (a number from 0 to 1e9)", text);
    return false;
}

static int want_button(script_t *sc, const char *name)
{
    const int b = sim_button_by_name(name);
    if (b < 0)
        fail(sc, "unknown button '%s' (up, down, left, right, a, b)", name);
    return b;
}

static bool want_point(script_t *sc, const char *text, uint8_t *point)
{
    *point = strlen(text) == 2 ? rules_point_from_text(text) : RULES_NO_POINT;
    if (*point != RULES_NO_POINT)
        return true;
    fail(sc, "bad point '%s' (a1..e5)", text);
    return false;
}

static bool cmd_wait(script_t *sc, const args_t *a)
{
    double ms;
    return !want_ms(sc, a->argv[0], &ms) || run_for(sc, ms);
}

static bool cmd_wait_until(script_t *sc, const args_t *a)
{
    double ms;
    if (!want_ms(sc, a->argv[0], &ms))
        return true;
    if (ms < sim_now_ms(sc->sim)) {
        fail(sc, "wait-until %s: that time has passed", a->argv[0]);
        return true;
    }
    return sim_run_until_ms(sc->sim, ms);
}

static bool cmd_reset(script_t *sc, const args_t *a)
{
    (void)a;
    sim_reset(sc->sim);
    sc->cursor = -1;
    return true;
}

static bool cmd_power_cut(script_t *sc, const args_t *a)
{
    (void)a;
    sim_power_cut(sc->sim);
    sc->cursor = -1;
    return true;
}

/* eeprom-poke RECORD[.SLOT][+OFFSET] VALUE, e.g. game.1+3 (records in
 * firmware/storage/eeprom_map.h), or a plain address 0..1023. */
static bool eeprom_address(const char *text, unsigned long *addr)
{
    static const struct {
        const char *name;
        unsigned addr, slot, slots;
    } records[] = {
#define RECORD(name, addr, slot, slots) {#name, addr, slot, slots},
        EE_RECORDS(RECORD)
#undef RECORD
    };
    if (isdigit((unsigned char)text[0]))
        return parse_uint(text, EE_SIZE - 1u, addr);
    char name[32];
    unsigned long slot = 0, offset = 0;
    const size_t n = strcspn(text, ".+");
    if (n >= sizeof name)
        return false;
    memcpy(name, text, n);
    name[n] = '\0';
    const char *t = text + n;
    char num[16];
    if (*t == '.') {
        const size_t k = strcspn(t + 1, "+");
        if (k == 0 || k >= sizeof num)
            return false;
        memcpy(num, t + 1, k);
        num[k] = '\0';
        if (!parse_uint(num, 255, &slot))
            return false;
        t += 1 + k;
    }
    if (*t == '+' && !parse_uint(t + 1, 255, &offset))
        return false;
    if (*t && *t != '+')
        return false;
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++)
        if (strcmp(records[i].name, name) == 0) {
            if (slot >= records[i].slots || offset >= records[i].slot)
                return false;
            *addr = records[i].addr + slot * records[i].slot + offset;
            return true;
        }
    return false;
}

static bool cmd_eeprom_poke(script_t *sc, const args_t *a)
{
    unsigned long addr, value;
    if (!eeprom_address(a->argv[0], &addr))
        fail(sc, "eeprom-poke: '%s' is not RECORD[.SLOT][+OFFSET] (settings, game, boot_count) or an address 0..%u",
             a->argv[0], EE_SIZE - 1u);
    else if (!parse_uint(a->argv[1], 255, &value))
        fail(sc, "eeprom-poke: the value '%s' is not a byte (0..255)", a->argv[1]);
    else
        sim_eeprom_poke(sc->sim, (unsigned)addr, (uint8_t)value);
    return true;
}

/* eeprom-fill RECORD VALUE: every byte of a record (all its slots), e.g.
 * the whole game journal, wherever its newest snapshot happens to be. */
static bool cmd_eeprom_fill(script_t *sc, const args_t *a)
{
    static const struct {
        const char *name;
        unsigned addr, bytes;
    } records[] = {
#define RECORD(name, addr, slot, slots) {#name, addr, (slot) * (slots)},
        EE_RECORDS(RECORD)
#undef RECORD
    };
    unsigned long value;
    size_t i = 0;
    while (i < sizeof records / sizeof records[0] && strcmp(records[i].name, a->argv[0]) != 0)
        i++;
    if (i == sizeof records / sizeof records[0])
        fail(sc, "eeprom-fill: '%s' is not a record (settings, game, boot_count)", a->argv[0]);
    else if (!parse_uint(a->argv[1], 255, &value))
        fail(sc, "eeprom-fill: the value '%s' is not a byte (0..255)", a->argv[1]);
    else
        for (unsigned b = 0; b < records[i].bytes; b++)
            sim_eeprom_poke(sc->sim, records[i].addr + b, (uint8_t)value);
    return true;
}

static bool cmd_press(script_t *sc, const args_t *a)
{
    const int b = want_button(sc, a->argv[0]);
    if (b >= 0)
        sim_button(sc->sim, b, strcmp(a->line, "press") == 0 || strncmp(a->line, "press ", 6) == 0);
    return true;
}

static bool cmd_tap(script_t *sc, const args_t *a)
{
    double ms = TAP_MS;
    const int b = want_button(sc, a->argv[0]);
    if (b < 0 || (a->argc == 2 && !want_ms(sc, a->argv[1], &ms)))
        return true;
    return tap(sc, b, ms);
}

static bool cmd_bounce(script_t *sc, const args_t *a)
{
    unsigned long n;
    if (!parse_uint(a->argv[0], 20, &n))
        fail(sc, "bounce: '%s' is not a count 0..20", a->argv[0]);
    else
        sc->sim->buttons.bounce = (unsigned)n;
    return true;
}

static bool cmd_cursor_at(script_t *sc, const args_t *a)
{
    uint8_t p;
    if (strcmp(a->argv[0], "unknown") == 0)
        sc->cursor = -1;
    else if (want_point(sc, a->argv[0], &p))
        sc->cursor = p;
    return true;
}

static bool cmd_cursor_to(script_t *sc, const args_t *a)
{
    uint8_t p;
    return !want_point(sc, a->argv[0], &p) || cursor_to(sc, p);
}

static bool cmd_autoplay(script_t *sc, const args_t *a)
{
    unsigned long level;
    double ms;
    if (!parse_uint(a->argv[0], 5, &level) || level < 1) {
        fail(sc, "autoplay: '%s' is not a level 1..5", a->argv[0]);
        return true;
    }
    if (!want_ms(sc, a->argv[1], &ms))
        return true;
    sim_autoplay_io_t io = {sc, autoplay_enter, autoplay_fail, autoplay_consumed, autoplay_tap, autoplay_cursor_is};
    if (sim_autoplay(sc->sim, &io, (unsigned)level, ms) != 0 && sc->failures == 0)
        sc->failures++;
    return !sc->sim->crashed;
}

/* autoplay-games N LEVEL: N whole games through the buttons, end screens
 * and new matches included, each result checked (sim_autoplay.c). */
static bool cmd_autoplay_games(script_t *sc, const args_t *a)
{
    unsigned long games, level;
    if (!parse_uint(a->argv[0], 100000, &games) || games < 1) {
        fail(sc, "autoplay-games: '%s' is not a number of games 1..100000", a->argv[0]);
        return true;
    }
    if (!parse_uint(a->argv[1], 5, &level) || level < 1) {
        fail(sc, "autoplay-games: '%s' is not a level 1..5", a->argv[1]);
        return true;
    }
    sim_autoplay_io_t io = {sc, autoplay_enter, autoplay_fail, autoplay_consumed, autoplay_tap, autoplay_cursor_is};
    if (sim_autoplay_games(sc->sim, &io, (unsigned)games, (unsigned)level) != 0 && sc->failures == 0)
        sc->failures++;
    sc->cursor = -1; /* wherever the games left it */
    return !sc->sim->crashed;
}

/* battery MV: the cells' voltage from now on (part_battery.c) */
static bool cmd_battery(script_t *sc, const args_t *a)
{
    unsigned long mv;
    if (!sim_battery_sensed())
        fail(sc, "battery: this board senses no battery (board-defs: BOARD_BATT_...)");
    else if (!parse_uint(a->argv[0], SIM_BATTERY_MAX_MV, &mv))
        fail(sc, "battery: '%s' is not a voltage in mV (0..%u)", a->argv[0], SIM_BATTERY_MAX_MV);
    else
        sim_battery_set_mv((unsigned)mv);
    return true;
}

/* set NAME=VALUE: a setting into the EEPROM (sim_settings.c); the console
 * reads its settings when it starts, so this comes first or before a reset. */
static bool cmd_set(script_t *sc, const args_t *a)
{
    char why[160];
    if (!sim_settings_set(sc->sim, a->argv[0], why, sizeof why)) {
        fail(sc, "set %s: %s", a->argv[0], why);
        sim_settings_usage(stderr);
    }
    return true;
}

static bool cmd_move(script_t *sc, const args_t *a)
{
    if (a->argc == 2 && strcmp(a->argv[1], "hold") != 0) {
        fail(sc, "move: the word after the move can only be 'hold'");
        return true;
    }
    return play_move(sc, a->argv[0], a->argc == 2);
}

static const char *uart_after(const script_t *sc, const char *text)
{
    const sim_uart_t *u = &sc->sim->uart;
    return u->text ? strstr(u->text + sc->uart_mark, text) : NULL;
}

static bool cmd_expect_uart(script_t *sc, const args_t *a)
{
    const char *hit = uart_after(sc, a->rest);
    if (!hit)
        fail(sc, "UART output so far lacks \"%s\"", a->rest);
    else
        sc->uart_mark = (size_t)(hit - sc->sim->uart.text) + strlen(a->rest);
    return true;
}

static bool cmd_expect_no_uart(script_t *sc, const args_t *a)
{
    if (uart_after(sc, a->rest))
        fail(sc, "UART output has \"%s\" after the last match", a->rest);
    return true;
}

/* wait-uart MS TEXT */
static bool cmd_wait_uart(script_t *sc, const args_t *a)
{
    double ms;
    if (!want_ms(sc, a->argv[0], &ms))
        return true;
    const char *text = a->rest + strlen(a->argv[0]);
    while (*text == ' ' || *text == '\t')
        text++;
    const double limit = sim_now_ms(sc->sim) + ms;
    const char *hit = NULL;
    bool alive = true;
    while (alive && !(hit = uart_after(sc, text)) && sim_now_ms(sc->sim) < limit)
        alive = run_for(sc, 1.0);
    if (!hit)
        fail(sc, "no \"%s\" on the UART in time", text);
    else
        sc->uart_mark = (size_t)(hit - sc->sim->uart.text) + strlen(text);
    return alive;
}

/* expect-frame, then 8 lines of 8 letters (. r g y R G Y, ? for any) */
static bool cmd_expect_frame(script_t *sc, const args_t *a)
{
    (void)a;
    char want[MATRIX_N][MATRIX_N + 1], got[MATRIX_N][MATRIX_N + 1];
    const int first_line = sc->line_no;
    for (int r = 0; r < MATRIX_N; r++) {
        char buf[64];
        if (!sc->file || !fgets(buf, sizeof buf, sc->file)) {
            fail(sc, "expect-frame (line %d) needs 8 lines; the script ended after %d", first_line, r);
            return true;
        }
        sc->line_no++;
        const char *row = trim(buf);
        if (strlen(row) != MATRIX_N || strspn(row, ".rgyRGY?") != MATRIX_N) {
            fail(sc, "expect-frame row '%s' is not 8 of . r g y R G Y ?", row);
            return true;
        }
        memcpy(want[r], row, MATRIX_N + 1);
    }
    sim_frame(sc->sim, got);
    bool same = true;
    for (int r = 0; r < MATRIX_N; r++)
        for (int c = 0; c < MATRIX_N; c++)
            if (want[r][c] != '?' && want[r][c] != got[r][c])
                same = false;
    if (!same) {
        fail(sc, "frame differs; expected then seen:");
        for (int r = 0; r < MATRIX_N; r++)
            fprintf(stderr, "  %s   %s\n", want[r], got[r]);
    }
    return true;
}

static bool cmd_expect_tone(script_t *sc, const args_t *a)
{
    double want;
    if (!parse_number(a->argv[0], 100000, &want) || want <= 0) {
        fail(sc, "expect-tone: '%s' is not a frequency in Hz", a->argv[0]);
        return true;
    }
    const sim_buzzer_t *z = &sc->sim->buzzer;
    bool found = false;
    for (size_t i = sc->tone_mark; i < z->tone_count && !found; i++)
        if (fabs(z->tones[i].freq_hz - want) <= want * 0.03) {
            found = true;
            sc->tone_mark = i + 1;
        }
    if (!found && z->on && fabs(z->freq - want) <= want * 0.03) {
        found = true; /* still sounding */
        sc->tone_mark = z->tone_count + 1;
    }
    if (!found)
        fail(sc, "no %s Hz tone since the last check", a->argv[0]);
    return true;
}

static bool cmd_expect_no_tone(script_t *sc, const args_t *a)
{
    (void)a;
    const sim_buzzer_t *z = &sc->sim->buzzer;
    if (z->tone_count > sc->tone_mark || z->on)
        fail(sc, "a tone sounded since the last check (%.0f Hz)",
             z->on ? z->freq : z->tones[z->tone_count - 1].freq_hz);
    sc->tone_mark = z->tone_count;
    return true;
}

static bool cmd_expect_refresh(script_t *sc, const args_t *a)
{
    double want;
    if (!parse_number(a->argv[0], 100000, &want)) {
        fail(sc, "expect-refresh: '%s' is not a rate in Hz", a->argv[0]);
        return true;
    }
    const double hz = sim_refresh_hz(sc->sim);
    if (hz < want)
        fail(sc, "refresh rate %.1f Hz < %s Hz", hz, a->argv[0]);
    return true;
}

static bool cmd_expect_think_refresh(script_t *sc, const args_t *a)
{
    double want;
    const sim_measure_t *m = &sc->sim->measure;
    if (!parse_number(a->argv[0], 100000, &want))
        fail(sc, "expect-think-refresh: '%s' is not a rate in Hz", a->argv[0]);
    else if (m->think.count == 0 || (m->think_judged && m->think_min_hz < want)) /* all under 20 ms: nothing to judge */
        fail(sc, "refresh while thinking %.1f Hz < %s Hz (%llu spans)", m->think_min_hz, a->argv[0],
             (unsigned long long)m->think.count);
    return true;
}

/* expect-think-overhead-max PERCENT: the share of the thinking spans that
 * went to interrupts and the console's polls rather than the search */
static bool cmd_expect_think_overhead_max(script_t *sc, const args_t *a)
{
    unsigned long want;
    if (!parse_uint(a->argv[0], 100, &want))
        fail(sc, "expect-think-overhead-max: '%s' is not a percentage", a->argv[0]);
    else if (sc->sim->measure.think.count == 0)
        fail(sc, "expect-think-overhead-max: the AI has not thought yet");
    else if (sim_think_overhead_percent(sc->sim) > (double)want)
        fail(sc, "thinking overhead %.2f%% > %s%% (interrupts and polls took that share from the search)",
             sim_think_overhead_percent(sc->sim), a->argv[0]);
    return true;
}

static bool cmd_expect_max(script_t *sc, const args_t *a)
{
    const bool ram = strncmp(a->line, "expect-ram-max", 14) == 0;
    unsigned long limit;
    if (!parse_uint(a->argv[0], 1uL << 20, &limit)) {
        fail(sc, "'%s' is not a byte count", a->argv[0]);
        return true;
    }
    const unsigned have = ram ? sim_static_ram(sc->sim) + sim_peak_stack(sc->sim) : sc->sim->flash_bytes;
    if (have > limit)
        fail(sc, "over budget: %s %u bytes > %lu", ram ? "static RAM + peak stack" : "flash", have, limit);
    return true;
}

/* expect-eeprom-lifetime-min GAMES: the EEPROM's endurance (100,000
 * erase/write cycles a byte, ATmega328P datasheet) in games of 60 plies,
 * from the plies played so far (the debug console's "move" lines) and the
 * most cycles any byte has had (part_eeprom.c); prints the figure. A short
 * run reads low: a byte's count goes up a whole cycle at a time. */
#define EEPROM_ENDURANCE 100000.0
#define LIFETIME_GAME_PLIES 60.0
static bool cmd_expect_eeprom_lifetime(script_t *sc, const args_t *a)
{
    unsigned long want;
    unsigned plies = 0;
    for (const char *p = sc->sim->uart.text; p && *p; p++)
        plies += (p == sc->sim->uart.text || p[-1] == '\n') && strncmp(p, "move ", 5) == 0;
    const uint32_t most = sim_eeprom_cycles_max(sc->sim, NULL);
    const double games = most ? EEPROM_ENDURANCE * (plies / LIFETIME_GAME_PLIES) / most : 0.0;
    printf("eeprom_lifetime_plies: %u\neeprom_lifetime_byte_writes_max: %u\neeprom_lifetime_games: %.0f\n", plies,
           (unsigned)most, games);
    if (!parse_uint(a->argv[0], 100000000uL, &want))
        fail(sc, "expect-eeprom-lifetime-min: '%s' is not a number of games", a->argv[0]);
    else if (!plies || !most)
        fail(sc, "expect-eeprom-lifetime-min: no move was played or saved yet");
    else if (games < (double)want)
        fail(sc, "EEPROM lifetime %.0f games of 60 plies < %lu (%u plies, a byte written %u times)", games, want,
             plies, (unsigned)most);
    return true;
}

/* expect-spans FIRST-COUNT max|mean<=MS: timed spans, e.g. one AI level */
static bool cmd_expect_spans(script_t *sc, const args_t *a)
{
    const sim_measure_t *m = &sc->sim->measure;
    unsigned first = 0, count = 0;
    char kind[8], tail;
    double limit = 0;
    if (sscanf(a->argv[0], "%u-%u%c", &first, &count, &tail) != 2 ||
        sscanf(a->argv[1], "%7[a-z]<=%lf%c", kind, &limit, &tail) != 2 ||
        (strcmp(kind, "max") != 0 && strcmp(kind, "mean") != 0) || count == 0 || first + count > m->span_count) {
        fail(sc, "expect-spans FIRST-COUNT max<=MS|mean<=MS over the %u recorded spans: %s", m->span_count, a->line);
        return true;
    }
    double max = 0, sum = 0;
    for (unsigned i = first; i < first + count; i++) {
        sum += m->spans_ms[i];
        if (m->spans_ms[i] > max)
            max = m->spans_ms[i];
    }
    const double got = strcmp(kind, "max") == 0 ? max : sum / count;
    if (got > limit)
        fail(sc, "over budget: %s %.1f ms > %.1f ms (spans %u..%u)", kind, got, limit, first, first + count - 1);
    return true;
}

/* A WS2812B panel (part_display_ws2812.c): every latched frame within the
 * current budget, and every bit on the data line within the datasheets. */
static bool cmd_expect_led_current_max(script_t *sc, const args_t *a)
{
    unsigned long limit;
    if (!parse_uint(a->argv[0], 100000, &limit))
        fail(sc, "'%s' is not a current in mA", a->argv[0]);
    else if (sc->sim->ws2812.current_ma_max > limit)
        fail(sc, "over budget: a frame drew %u mA > %lu mA", sc->sim->ws2812.current_ma_max, limit);
    else if (!sc->sim->ws2812.frames)
        fail(sc, "no WS2812 frame was latched");
    return true;
}

static bool cmd_expect_ws2812_clean(script_t *sc, const args_t *a)
{
    (void)a;
    if (sc->sim->ws2812.bad_bits)
        fail(sc, "%llu bits or pauses out of the WS2812B's timing", (unsigned long long)sc->sim->ws2812.bad_bits);
    else if (sc->sim->ws2812.long_lows)
        fail(sc, "%llu lows over 5 us inside a frame (the longest %.1f us): a panel may latch there",
             (unsigned long long)sc->sim->ws2812.long_lows,
             (double)sc->sim->ws2812.low_max * 1e6 / (double)sc->sim->freq);
    return true;
}

static bool cmd_print_frame(script_t *sc, const args_t *a)
{
    (void)a;
    char got[MATRIX_N][MATRIX_N + 1];
    sim_frame(sc->sim, got);
    for (int r = 0; r < MATRIX_N; r++)
        printf("  %s\n", got[r]);
    return true;
}

static bool cmd_report(script_t *sc, const args_t *a)
{
    (void)a;
    sim_report(sc->sim, "");
    return true;
}

/* ---- power-cut sweep --------------------------------------------------------
 * power-cut-sweep COUNT COMMAND...: cuts the power at COUNT instants spread
 * evenly over the EEPROM writes that COMMAND causes, each in a forked copy
 * of the simulation, and checks that what the console shows after it boots
 * again is what it shows after a cut just before COMMAND (the old save) or
 * after the save completed (the new one). Then runs COMMAND for real. */
#define OUTCOME_MAX 1024

typedef struct {
    uint64_t first_write, last_write_done;
    char outcome[OUTCOME_MAX];
} cut_result_t;

/* What the console shows after the cut: its debug console lines since the
 * cut (the boot counter's noise aside) and the matrix. */
static void outcome_after(script_t *sc, size_t uart_from, char *out)
{
    /* four looks over one cursor blink (500 ms), each LED as bright as it
     * was in any: the blinking cursor shows, whatever its phase at boot */
    char frame[MATRIX_N][MATRIX_N + 1], later[MATRIX_N][MATRIX_N + 1];
    sim_frame(sc->sim, frame);
    for (int look = 1; look < 4; look++) {
        run_for(sc, 125.0);
        sim_frame(sc->sim, later);
        for (int r = 0; r < MATRIX_N; r++)
            for (int c = 0; c < MATRIX_N; c++) {
                const char a = frame[r][c], b = later[r][c];
                const int rank_a = a == '.' ? 0 : islower((unsigned char)a) ? 1 : 2;
                const int rank_b = b == '.' ? 0 : islower((unsigned char)b) ? 1 : 2;
                if (rank_b > rank_a)
                    frame[r][c] = b;
            }
    }
    const sim_uart_t *u = &sc->sim->uart;
    snprintf(out, OUTCOME_MAX, "%s", u->text && uart_from < u->len ? u->text + uart_from : "");
    for (int r = 0; r < MATRIX_N; r++) {
        const size_t len = strlen(out);
        snprintf(out + len, OUTCOME_MAX - len, "  %s\n", frame[r]);
    }
}

static void power_cut_now(script_t *sc, size_t *uart_from)
{
    sim_power_cut(sc->sim);
    sc->sim->buttons.dead = true; /* the rest of the command's presses hit a dead console */
    *uart_from = sc->sim->uart.len;
}

/* The cuts of one sweep are made by forking at the first of them: one copy
 * runs COMMAND up to that instant (the stager), then forks a copy per cut,
 * each of which goes on with its own cut instant. */
static struct {
    const uint64_t *at;
    unsigned long count;
    uint64_t mine; /* this copy's cut instant */
} fan;

static void fan_out(sim_t *s)
{
    for (unsigned long i = 0; i < fan.count; i++) {
        fflush(stdout);
        const pid_t pid = fork();
        if (pid == 0) {
            fan.mine = fan.at[i];
            s->power_cut_at = fan.at[i] ? fan.at[i] : 1;
            return; /* go on with the command: cut at our instant */
        }
        if (pid < 0)
            _exit(1);
        int status;
        waitpid(pid, &status, 0);
    }
    _exit(0); /* the stager's work is done */
}

/* In a child: cut the power at `cut_at` (a cycle; 0: when the save is over,
 * ~0: before the command, FAN: at each of fan.at), boot, and report what the
 * console shows. */
#define FAN (~(uint64_t)0 - 1u)
static void sweep_child(script_t *sc, char *command, uint64_t cut_at, int fd)
{
    sim_t *s = sc->sim;
    cut_result_t r;
    size_t uart_from = 0;
    bool cut = false;
    memset(&r, 0, sizeof r);
    s->uart.echo = false;
    sc->in_child = true;
    sim_eeprom_watch(s);
    if (cut_at == ~(uint64_t)0) {
        power_cut_now(sc, &uart_from);
        cut = true;
    } else if (cut_at == FAN) {
        s->fork_at = fan.at[0];
        s->fork_hook = fan_out;
    } else if (cut_at) {
        s->power_cut_at = cut_at;
    }
    dispatch(sc, command);
    while (s->fork_at && !s->crashed) /* the save began after the command */
        run_for(sc, 0.5);
    if (cut_at == FAN)
        cut_at = fan.mine ? fan.mine : 1;
    if (s->power_cut_at == 0 && cut_at && cut_at != ~(uint64_t)0) {
        cut = true; /* it fell inside the command */
        uart_from = s->power_cut_uart;
    }
    if (!cut && cut_at) { /* after the command: wait for the instant */
        while (s->power_cut_at && !s->crashed)
            run_for(sc, 0.5);
        uart_from = s->power_cut_uart;
    } else if (!cut) { /* the save in full: wait until the writes stop */
        for (int i = 0; i < 10000 && !s->crashed; i++) {
            const uint64_t quiet = (uint64_t)(SETTLE_MS * (double)s->freq / 1000.0);
            if (!s->eeprom.busy && sim_now(s) - s->eeprom.last_write_done_at > quiet)
                break;
            run_for(sc, 1.0);
        }
        power_cut_now(sc, &uart_from);
    }
    s->buttons.dead = false;
    run_for(sc, AFTER_CUT_MS);
    /* every start shows its words first: B skips them, then the board */
    tap(sc, SIM_BTN_B, TAP_MS);
    run_for(sc, AFTER_WORDS_MS);
    r.first_write = s->eeprom.first_write_at;
    r.last_write_done = s->eeprom.last_write_done_at;
    outcome_after(sc, uart_from, r.outcome);
    if (sc->failures || s->crashed)
        snprintf(r.outcome, sizeof r.outcome, "(the run failed)");
    const ssize_t w = write(fd, &r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
}

/* Forks a child that runs sweep_child; reads `n` results from it (and, for
 * FAN, from its forks). */
static bool sweep_run(script_t *sc, char *command, uint64_t cut_at, cut_result_t *r, unsigned long n)
{
    int fds[2];
    fflush(stdout);
    fflush(stderr);
    if (pipe(fds) != 0)
        return false;
    const pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        close(fds[0]);
        sweep_child(sc, command, cut_at, fds[1]);
    }
    close(fds[1]);
    size_t got = 0;
    while (got < n * sizeof *r) {
        const ssize_t k = read(fds[0], (char *)r + got, n * sizeof *r - got);
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return got == n * sizeof *r && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static bool cmd_power_cut_sweep(script_t *sc, const args_t *a)
{
    unsigned long count;
    if (!parse_uint(a->argv[0], 10000, &count) || count < 2) {
        fail(sc, "power-cut-sweep: '%s' is not a count of instants (2..10000)", a->argv[0]);
        return true;
    }
    char command[512];
    const char *c = a->rest + strlen(a->argv[0]);
    while (*c == ' ' || *c == '\t')
        c++;
    snprintf(command, sizeof command, "%s", c);
    static cut_result_t before, after;
    char copy[512];
    memcpy(copy, command, sizeof copy);
    const bool ok_before = sweep_run(sc, copy, ~(uint64_t)0, &before, 1);
    memcpy(copy, command, sizeof copy);
    if (!ok_before || !sweep_run(sc, copy, 0, &after, 1)) {
        fail(sc, "power-cut-sweep: a simulation copy failed");
        return true;
    }
    if (!after.first_write) {
        fail(sc, "power-cut-sweep: '%s' wrote nothing to the EEPROM", command);
        return true;
    }
    if (strcmp(before.outcome, after.outcome) == 0)
        fail(sc, "power-cut-sweep: the old and the new save look the same; the sweep cannot tell them apart");
    const uint64_t span = after.last_write_done - after.first_write;
    uint64_t *at = malloc(count * sizeof *at);
    cut_result_t *cuts = malloc(count * sizeof *cuts);
    if (!at || !cuts) {
        fprintf(stderr, "jarmo-sim: out of memory\n");
        exit(2);
    }
    for (unsigned long i = 0; i < count; i++)
        at[i] = after.first_write + span * i / (count - 1);
    fan.at = at;
    fan.count = count;
    memcpy(copy, command, sizeof copy);
    unsigned old_seen = 0, new_seen = 0, bad = 0;
    if (!sweep_run(sc, copy, FAN, cuts, count)) {
        fail(sc, "power-cut-sweep: the simulation copies for the cuts failed");
    } else {
        for (unsigned long i = 0; i < count; i++) {
            if (strcmp(cuts[i].outcome, before.outcome) == 0)
                old_seen++;
            else if (strcmp(cuts[i].outcome, after.outcome) == 0)
                new_seen++;
            else if (bad++ == 0)
                fail(sc, "power cut %.3f ms into the save: neither the old nor the new save came back; seen:\n%s"
                         "old:\n%snew:\n%s",
                     (double)(at[i] - after.first_write) * 1000.0 / (double)sc->sim->freq, cuts[i].outcome,
                     before.outcome, after.outcome);
        }
        printf("power-cut-sweep: %lu cuts over %.1f ms of EEPROM writes: %u resumed the old save, %u the new, %u "
               "neither\n",
               count, (double)span * 1000.0 / (double)sc->sim->freq, old_seen, new_seen, bad);
        if (!bad && (!old_seen || !new_seen))
            fail(sc, "power-cut-sweep: the cuts never saw the %s save: the sweep missed the save",
                 old_seen ? "new" : "old");
    }
    free(at);
    free(cuts);
    return dispatch(sc, command); /* and now for real */
}

static const struct {
    const char *name;
    int min, max;      /* argument counts; -1: free text (at least one word) */
    handler_fn run;
    const char *usage;
} commands[] = {
    {"wait", 1, 1, cmd_wait, "wait MS"},
    {"wait-until", 1, 1, cmd_wait_until, "wait-until MS"},
    {"reset", 0, 0, cmd_reset, "reset"},
    {"power-cut", 0, 0, cmd_power_cut, "power-cut"},
    {"power-cut-sweep", 2, -1, cmd_power_cut_sweep, "power-cut-sweep COUNT COMMAND..."},
    {"eeprom-poke", 2, 2, cmd_eeprom_poke, "eeprom-poke RECORD[.SLOT][+OFFSET] VALUE"},
    {"eeprom-fill", 2, 2, cmd_eeprom_fill, "eeprom-fill RECORD VALUE"},
    {"press", 1, 1, cmd_press, "press BUTTON"},
    {"release", 1, 1, cmd_press, "release BUTTON"},
    {"tap", 1, 2, cmd_tap, "tap BUTTON [MS]"},
    {"hold", 2, 2, cmd_tap, "hold BUTTON MS"},
    {"bounce", 1, 1, cmd_bounce, "bounce N"},
    {"cursor-at", 1, 1, cmd_cursor_at, "cursor-at POINT|unknown"},
    {"cursor-to", 1, 1, cmd_cursor_to, "cursor-to POINT"},
    {"set", 1, 1, cmd_set, "set NAME=VALUE"},
    {"battery", 1, 1, cmd_battery, "battery MV"},
    {"autoplay", 2, 2, cmd_autoplay, "autoplay LEVEL MS"},
    {"autoplay-games", 2, 2, cmd_autoplay_games, "autoplay-games N LEVEL"},
    {"move", 1, 2, cmd_move, "move MOVE [hold]"},
    {"expect-uart", 1, -1, cmd_expect_uart, "expect-uart TEXT"},
    {"expect-no-uart", 1, -1, cmd_expect_no_uart, "expect-no-uart TEXT"},
    {"wait-uart", 2, -1, cmd_wait_uart, "wait-uart MS TEXT"},
    {"expect-frame", 0, 0, cmd_expect_frame, "expect-frame (then 8 lines)"},
    {"expect-tone", 1, 1, cmd_expect_tone, "expect-tone HZ"},
    {"expect-no-tone", 0, 0, cmd_expect_no_tone, "expect-no-tone"},
    {"expect-refresh", 1, 1, cmd_expect_refresh, "expect-refresh HZ"},
    {"expect-think-refresh", 1, 1, cmd_expect_think_refresh, "expect-think-refresh HZ"},
    {"expect-think-overhead-max", 1, 1, cmd_expect_think_overhead_max, "expect-think-overhead-max PERCENT"},
    {"expect-ram-max", 1, 1, cmd_expect_max, "expect-ram-max BYTES"},
    {"expect-eeprom-lifetime-min", 1, 1, cmd_expect_eeprom_lifetime, "expect-eeprom-lifetime-min GAMES"},
    {"expect-flash-max", 1, 1, cmd_expect_max, "expect-flash-max BYTES"},
    {"expect-spans", 2, 2, cmd_expect_spans, "expect-spans FIRST-COUNT max<=MS|mean<=MS"},
    {"expect-led-current-max", 1, 1, cmd_expect_led_current_max, "expect-led-current-max MA"},
    {"expect-ws2812-clean", 0, 0, cmd_expect_ws2812_clean, "expect-ws2812-clean"},
    {"print-frame", 0, 0, cmd_print_frame, "print-frame"},
    {"report", 0, 0, cmd_report, "report"},
};

/* Runs one command line; false when the MCU stopped. */
static bool dispatch(script_t *sc, char *line)
{
    args_t a = {.line = line};
    char *save = NULL, *word = strtok_r(line, " \t", &save);
    if (!word)
        return true;
    /* strtok_r ended the word with a NUL: the rest starts past it */
    const char *rest = save ? save : word + strlen(word);
    while (*rest == ' ' || *rest == '\t')
        rest++;
    static char rest_copy[512];
    snprintf(rest_copy, sizeof rest_copy, "%s", rest);
    a.rest = rest_copy;
    static char arg_copy[512];
    snprintf(arg_copy, sizeof arg_copy, "%s", rest);
    int n = 0;
    for (char *t = strtok_r(arg_copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        if (n < ARGS_MAX)
            a.argv[n] = t;
        n++;
    }
    a.argc = n;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(commands[i].name, word) != 0)
            continue;
        if (n < commands[i].min || (commands[i].max >= 0 && n > commands[i].max)) {
            fail(sc, "usage: %s", commands[i].usage);
            return true;
        }
        char line_copy[600];
        snprintf(line_copy, sizeof line_copy, "%s %s", word, rest_copy);
        a.line = line_copy;
        return commands[i].run(sc, &a);
    }
    fail(sc, "unknown command '%s'", word);
    return true;
}

int sim_script_run(sim_t *s, const char *path, bool verbose)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "jarmo-sim: cannot open script %s: %s\n", path, strerror(errno));
        return 2;
    }
    script_t sc = {.sim = s, .file = f, .path = path, .cursor = -1, .start_seen = (size_t)-1, .verbose = verbose};
    char raw[512];
    bool alive = true;
    while (alive && fgets(raw, sizeof raw, f)) {
        sc.line_no++;
        char *line = trim(raw);
        if (!*line || *line == '#')
            continue;
        if (verbose)
            printf("[%9.1f ms] %s\n", sim_now_ms(s), line);
        alive = dispatch(&sc, line);
    }
    fclose(f);
    if (!alive)
        sc.failures++;
    if (sc.failures)
        fprintf(stderr, "%s: %d expectation(s) failed\n", path, sc.failures);
    return sc.failures ? 1 : 0;
}
