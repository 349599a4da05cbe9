/* Headless mode: a script of timed button events and expectations
 * (docs/sim.md). Exit status 0 when every expectation held. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim_autoplay.h"

#define TAP_MS 40.0 /* a quick, clean button tap: down this long, then up as long */

typedef struct {
    sim_t *sim;
    const char *path;
    int line_no;
    int failures;
    size_t uart_mark;   /* expect-uart searches after the previous match */
    size_t tone_mark;   /* expect-tone looks at tones after the previous check */
    int cursor;         /* tracked game cursor, -1 = unknown */
    bool verbose;
} script_t;

static void fail(script_t *sc, const char *fmt, const char *detail)
{
    fprintf(stderr, "%s:%d: at %.1f ms: ", sc->path, sc->line_no, sim_now_ms(sc->sim));
    fprintf(stderr, fmt, detail);
    fputc('\n', stderr);
    sc->failures++;
}

static bool run_for(script_t *sc, double ms) { return sim_run_until_ms(sc->sim, sim_now_ms(sc->sim) + ms); }

static bool tap(script_t *sc, int button, double hold_ms)
{
    sim_button(sc->sim, button, true);
    if (!run_for(sc, hold_ms))
        return false;
    sim_button(sc->sim, button, false);
    return run_for(sc, TAP_MS);
}

static int point_of(const char *t)
{
    if (strlen(t) < 2 || t[0] < 'a' || t[0] > 'e' || t[1] < '1' || t[1] > '5')
        return -1;
    return (t[1] - '1') * 5 + (t[0] - 'a');
}

/* Cursor moves one point per tap and stops at the board's edges
 * (docs/display.md); an unknown cursor is first pushed into a1. */
static bool cursor_to(script_t *sc, int point)
{
    if (sc->cursor < 0) {
        for (int i = 0; i < 4; i++)
            if (!tap(sc, SIM_BTN_LEFT, TAP_MS) || !tap(sc, SIM_BTN_DOWN, TAP_MS))
                return false;
        sc->cursor = 0;
    }
    int df = point % 5 - sc->cursor % 5, dr = point / 5 - sc->cursor / 5;
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

/* "b1-d2", "b1xd2", "c4xd5@b1", "@b1", or "d4-b5 hold" (ludos: keep it). */
static bool play_move(script_t *sc, const char *move, bool hold)
{
    const char *at = strchr(move, '@');
    if (move[0] == '@')
        return cursor_to(sc, point_of(move + 1)) && tap(sc, SIM_BTN_A, TAP_MS);
    const int from = point_of(move), to = strlen(move) >= 5 ? point_of(move + 3) : -1;
    if (from < 0 || to < 0) {
        fail(sc, "bad move '%s'", move);
        return true;
    }
    if (!cursor_to(sc, from) || !tap(sc, SIM_BTN_A, TAP_MS) || !cursor_to(sc, to) || !tap(sc, SIM_BTN_A, TAP_MS))
        return false;
    if (at)
        return cursor_to(sc, point_of(at + 1)) && tap(sc, SIM_BTN_A, TAP_MS);
    if (hold)
        return tap(sc, SIM_BTN_A, TAP_MS); /* A on the arrival point itself */
    return true;
}

static bool autoplay_enter(void *ctx, const char *move, bool hold) { return play_move(ctx, move, hold); }
static void autoplay_fail(void *ctx, const char *why) { fail(ctx, "autoplay: %s", why); }
static void autoplay_consumed(void *ctx, size_t upto) { ((script_t *)ctx)->uart_mark = upto; }

static bool frame_matches(char got[MATRIX_N][MATRIX_N + 1], char want[MATRIX_N][MATRIX_N + 2])
{
    for (int r = 0; r < MATRIX_N; r++)
        for (int c = 0; c < MATRIX_N; c++)
            if (want[r][c] != '?' && want[r][c] != got[r][c])
                return false;
    return true;
}

static void print_frame(char f[MATRIX_N][MATRIX_N + 1], const char *indent)
{
    for (int r = 0; r < MATRIX_N; r++)
        printf("%s%s\n", indent, f[r]);
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

int sim_script_run(sim_t *s, const char *path, bool verbose)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "jarmo-sim: cannot open script %s\n", path);
        return 2;
    }
    script_t sc = {.sim = s, .path = path, .cursor = -1, .verbose = verbose};
    char raw[512];
    bool alive = true;
    while (alive && fgets(raw, sizeof raw, f)) {
        sc.line_no++;
        char *line = trim(raw);
        if (!*line || *line == '#')
            continue;
        char cmd[32] = "", a1[128] = "", a2[128] = "";
        const int n = sscanf(line, "%31s %127s %127s", cmd, a1, a2);
        const char *rest = line + strlen(cmd);
        while (*rest == ' ')
            rest++;
        if (verbose)
            printf("[%9.1f ms] %s\n", sim_now_ms(s), line);
        if (strcmp(cmd, "wait") == 0 && n == 2) {
            alive = run_for(&sc, atof(a1));
        } else if (strcmp(cmd, "wait-until") == 0 && n == 2) {
            alive = sim_run_until_ms(s, atof(a1));
        } else if (strcmp(cmd, "reset") == 0 && n == 1) {
            sim_reset(s);
            sc.cursor = -1;
        } else if (strcmp(cmd, "eeprom-poke") == 0 && n == 3) {
            sim_eeprom_poke(s, (unsigned)strtoul(a1, NULL, 0), (uint8_t)strtoul(a2, NULL, 0));
        } else if (strcmp(cmd, "expect-no-uart") == 0 && *rest) {
            if (s->uart && strstr(s->uart + sc.uart_mark, rest))
                fail(&sc, "UART output has \"%s\" after the last match", rest);
        } else if ((strcmp(cmd, "press") == 0 || strcmp(cmd, "release") == 0) && n == 2) {
            const int b = sim_button_by_name(a1);
            if (b < 0)
                fail(&sc, "unknown button '%s'", a1);
            else
                sim_button(s, b, cmd[0] == 'p');
        } else if ((strcmp(cmd, "tap") == 0 || strcmp(cmd, "hold") == 0) && n >= 2) {
            const int b = sim_button_by_name(a1);
            const double ms = n == 3 ? atof(a2) : TAP_MS;
            if (b < 0)
                fail(&sc, "unknown button '%s'", a1);
            else
                alive = tap(&sc, b, ms);
        } else if (strcmp(cmd, "bounce") == 0 && n == 2) {
            s->bounce = (unsigned)atoi(a1);
        } else if (strcmp(cmd, "cursor-at") == 0 && n == 2) {
            sc.cursor = strcmp(a1, "unknown") == 0 ? -1 : point_of(a1);
        } else if (strcmp(cmd, "cursor-to") == 0 && n == 2) {
            if (point_of(a1) < 0)
                fail(&sc, "bad point '%s'", a1);
            else
                alive = cursor_to(&sc, point_of(a1));
        } else if (strcmp(cmd, "autoplay") == 0 && n == 3) {
            /* autoplay HUMAN_LEVEL MS */
            sim_autoplay_io_t io = {&sc, autoplay_enter, autoplay_fail, autoplay_consumed};
            if (sim_autoplay(s, &io, (unsigned)atoi(a1), atof(a2)) != 0 && sc.failures == 0)
                sc.failures++;
        } else if (strcmp(cmd, "move") == 0 && n >= 2) {
            alive = play_move(&sc, a1, n == 3 && strcmp(a2, "hold") == 0);
        } else if (strcmp(cmd, "expect-uart") == 0 && *rest) {
            const char *hit = s->uart ? strstr(s->uart + sc.uart_mark, rest) : NULL;
            if (!hit)
                fail(&sc, "UART output so far lacks \"%s\"", rest);
            else
                sc.uart_mark = (size_t)(hit - s->uart) + strlen(rest);
        } else if (strcmp(cmd, "wait-uart") == 0 && n >= 3) {
            /* wait-uart MS TEXT */
            const double limit = sim_now_ms(s) + atof(a1);
            const char *text = rest + strlen(a1);
            while (*text == ' ')
                text++;
            const char *hit = NULL;
            while (alive && !(hit = s->uart ? strstr(s->uart + sc.uart_mark, text) : NULL) && sim_now_ms(s) < limit)
                alive = run_for(&sc, 1.0);
            if (!hit)
                fail(&sc, "no \"%s\" on the UART in time", text);
            else
                sc.uart_mark = (size_t)(hit - s->uart) + strlen(text);
        } else if (strcmp(cmd, "expect-frame") == 0) {
            char want[MATRIX_N][MATRIX_N + 2], got[MATRIX_N][MATRIX_N + 1];
            for (int r = 0; r < MATRIX_N; r++) {
                char buf[64];
                if (!fgets(buf, sizeof buf, f)) {
                    fail(&sc, "%s", "expect-frame needs 8 lines");
                    break;
                }
                sc.line_no++;
                snprintf(want[r], sizeof want[r], "%.8s", trim(buf));
            }
            sim_frame(s, got);
            if (!frame_matches(got, want)) {
                fail(&sc, "%s", "frame differs; expected then seen:");
                for (int r = 0; r < MATRIX_N; r++)
                    fprintf(stderr, "  %s   %s\n", want[r], got[r]);
            }
        } else if (strcmp(cmd, "expect-tone") == 0 && n == 2) {
            const double want = atof(a1);
            bool found = false;
            for (size_t i = sc.tone_mark; i < s->tone_count && !found; i++)
                if (fabs(s->tones[i].freq_hz - want) <= want * 0.03) {
                    found = true;
                    sc.tone_mark = i + 1;
                }
            if (!found && s->buzzer_on && fabs(s->buzzer_freq - want) <= want * 0.03) {
                found = true; /* still sounding */
                sc.tone_mark = s->tone_count + 1;
            }
            if (!found)
                fail(&sc, "no %s Hz tone since the last check", a1);
        } else if (strcmp(cmd, "expect-refresh") == 0 && n == 2) {
            const double hz = matrix_refresh_hz(&s->matrix, sim_now(s), s->freq, 1.0);
            char buf[64];
            snprintf(buf, sizeof buf, "%.1f Hz < %s Hz", hz, a1);
            if (hz < atof(a1))
                fail(&sc, "refresh rate %s", buf);
        } else if (strcmp(cmd, "expect-think-refresh") == 0 && n == 2) {
            char buf[64];
            snprintf(buf, sizeof buf, "%.1f Hz < %s Hz (%llu spans)", s->think_min_hz, a1,
                     (unsigned long long)s->think.count);
            if (s->think.count == 0 || s->think_min_hz < atof(a1))
                fail(&sc, "refresh while thinking %s", buf);
        } else if ((strcmp(cmd, "expect-ram-max") == 0 || strcmp(cmd, "expect-flash-max") == 0) && n == 2) {
            const bool ram = cmd[7] == 'r';
            const unsigned have = ram ? sim_static_ram(s) + sim_peak_stack(s) : s->flash_bytes;
            char buf[96];
            snprintf(buf, sizeof buf, "%s %u bytes > %s", ram ? "static RAM + peak stack" : "flash", have, a1);
            if (have > (unsigned)atoi(a1))
                fail(&sc, "over budget: %s", buf);
        } else if (strcmp(cmd, "expect-spans") == 0 && n == 3) {
            /* expect-spans FIRST-COUNT max|mean<=MS: timed spans, e.g. one AI level */
            unsigned first = 0, count = 0;
            char kind[8];
            double limit = 0;
            if (sscanf(a1, "%u-%u", &first, &count) != 2 || sscanf(a2, "%7[a-z]<=%lf", kind, &limit) != 2 ||
                first + count > s->span_count || count == 0) {
                fail(&sc, "expect-spans FIRST-COUNT max<=MS|mean<=MS over recorded spans: %s", line);
            } else {
                double max = 0, sum = 0;
                for (unsigned i = first; i < first + count; i++) {
                    sum += s->spans_ms[i];
                    if (s->spans_ms[i] > max)
                        max = s->spans_ms[i];
                }
                const double got = strcmp(kind, "max") == 0 ? max : sum / count;
                char buf[96];
                snprintf(buf, sizeof buf, "%s %.1f ms > %.1f ms (spans %u..%u)", kind, got, limit, first,
                         first + count - 1);
                if (got > limit)
                    fail(&sc, "over budget: %s", buf);
            }
        } else if (strcmp(cmd, "print-frame") == 0) {
            char got[MATRIX_N][MATRIX_N + 1];
            sim_frame(s, got);
            print_frame(got, "  ");
        } else if (strcmp(cmd, "report") == 0) {
            sim_report(s, "");
        } else {
            fail(&sc, "unknown or malformed command: %s", line);
        }
    }
    fclose(f);
    if (!alive)
        sc.failures++;
    if (sc.failures)
        fprintf(stderr, "%s: %d expectation(s) failed\n", path, sc.failures);
    return sc.failures ? 1 : 0;
}
