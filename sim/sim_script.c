/* Headless mode: a script of timed button events and expectations
 * (docs/sim.md), one command per line. This file is the runner: it owns
 * the script (its file, line numbers, failures) and its clock, parses the
 * lines and dispatches each to the command's owner: the board's parts own
 * the commands that drive or measure them (sim_part_t.commands), the
 * player, the settings and the power-cut sweep theirs; the few here are
 * about time, resets and the frame. An owner gets a script_call_t
 * (script_command.h) with the runner's services as callbacks and never
 * calls this file. Every argument is checked: a malformed line is a
 * failure with its line number, never a silent default. Exit status 0 when
 * every expectation held. */
#include "sim_script.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "script_command.h"
#include "script_player.h"
#include "script_power_cut.h"
#include "sim_board_view.h"
#include "sim_settings.h"

/* A running script. */
typedef struct {
    sim_t *sim;
    FILE *file;
    const char *path;
    int line_no;
    int failures;
    script_player_t player; /* the player's cursors (script_player.c) */
} script_t;

static void fail_v(void *runner, const char *fmt, va_list ap)
{
    script_t *sc = runner;
    fprintf(stderr, "%s:%d: at %.1f ms: ", sc->path, sc->line_no, sim_now_ms(sc->sim));
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    sc->failures++;
}

static void script_fail(script_t *sc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void script_fail(script_t *sc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(sc, fmt, ap);
    va_end(ap);
}

/* ---- the services a command call gets (script_command.h) ----------------- */
static void count_failure(void *runner) { ((script_t *)runner)->failures++; }

static int failures(void *runner) { return ((const script_t *)runner)->failures; }

static bool run_for(void *runner, double ms)
{
    script_t *sc = runner;
    return sim_run_until_ms(sc->sim, sim_now_ms(sc->sim) + ms);
}

static bool run_until(void *runner, double ms) { return sim_run_until_ms(((script_t *)runner)->sim, ms); }

static bool script_dispatch(script_t *sc, char *line);

static bool dispatch(void *runner, char *line) { return script_dispatch(runner, line); }

static const script_runner_ops_t runner_ops = {
    .fail = fail_v, .count_failure = count_failure, .failures = failures,
    .run_for = run_for, .run_until = run_until, .dispatch = dispatch,
};

/* One line of a script into buf (NUL-ended, its newline kept): its length
 * counted with the newline, 0 at the end of the file, SCRIPT_LINE_LONG
 * when it does not fit, SCRIPT_LINE_NUL when it holds a NUL byte (fgets
 * would end the line there and take the rest for a line of its own). */
#define SCRIPT_LINE_LONG ((size_t)-1)
#define SCRIPT_LINE_NUL ((size_t)-2)
static size_t script_read_line(FILE *f, char *buf, size_t size)
{
    size_t n = 0;
    bool nul = false;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2u > size)
            return SCRIPT_LINE_LONG;
        nul |= c == '\0';
        buf[n++] = (char)c;
        if (c == '\n')
            break;
    }
    buf[n] = '\0';
    return nul ? SCRIPT_LINE_NUL : n;
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

/* ---- the commands about time, resets and the frame ------------------------ */
/* Their calls' owner is the script itself. */

static bool cmd_wait(script_call_t *c)
{
    double ms;
    return !script_call_want_ms(c, c->argv[0], &ms) || script_call_run_for(c, ms);
}

static bool cmd_wait_until(script_call_t *c)
{
    double ms;
    if (!script_call_want_ms(c, c->argv[0], &ms))
        return true;
    if (ms < sim_now_ms(c->sim)) {
        script_call_fail(c, "wait-until %s: that time has passed", c->argv[0]);
        return true;
    }
    return sim_run_until_ms(c->sim, ms);
}

static bool cmd_reset(script_call_t *c)
{
    script_t *sc = c->owner;
    sim_reset(sc->sim);
    sc->player.cursor = -1;
    return true;
}

static bool cmd_power_cut(script_call_t *c)
{
    script_t *sc = c->owner;
    sim_power_cut(sc->sim);
    sc->player.cursor = -1;
    return true;
}

/* expect-frame, then 8 lines of 8 letters (. r g y R G Y, ? for any) */
static bool cmd_expect_frame(script_call_t *c)
{
    script_t *sc = c->owner;
    char want[MATRIX_N][MATRIX_N + 1], got[MATRIX_N][MATRIX_N + 1];
    const int first_line = sc->line_no;
    for (int r = 0; r < MATRIX_N; r++) {
        char buf[64];
        if (!sc->file || !fgets(buf, sizeof buf, sc->file)) {
            script_fail(sc, "expect-frame (line %d) needs 8 lines; the script ended after %d", first_line, r);
            return true;
        }
        sc->line_no++;
        if (!strchr(buf, '\n') && !feof(sc->file)) {
            script_fail(sc, "expect-frame row (line %d) is longer than a row", sc->line_no);
            return false;
        }
        const char *row = trim(buf);
        if (strlen(row) != MATRIX_N || strspn(row, ".rgyRGY?") != MATRIX_N) {
            script_fail(sc, "expect-frame row '%s' is not 8 of . r g y R G Y ?", row);
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
        script_fail(sc, "frame differs; expected then seen:");
        for (int r = 0; r < MATRIX_N; r++)
            fprintf(stderr, "  %s   %s\n", want[r], got[r]);
    }
    return true;
}

static bool cmd_print_frame(script_call_t *c)
{
    char got[MATRIX_N][MATRIX_N + 1];
    sim_frame(c->sim, got);
    for (int r = 0; r < MATRIX_N; r++)
        printf("  %s\n", got[r]);
    return true;
}

/* print-status: "status: " and the status in words, as make play and the
 * page show it (its two lines joined by a space) */
static bool cmd_print_status(script_call_t *c)
{
    char text[300];
    sim_status(c->sim, text, sizeof text);
    for (char *nl = strchr(text, '\n'); nl; nl = strchr(nl, '\n'))
        *nl = ' ';
    printf("status: %s\n", text);
    return true;
}

static bool cmd_report(script_call_t *c)
{
    sim_report(c->sim, "");
    return true;
}

static const script_command_t script_commands[] = {
    {"wait", 1, 1, cmd_wait, "wait MS"},
    {"wait-until", 1, 1, cmd_wait_until, "wait-until MS"},
    {"reset", 0, 0, cmd_reset, "reset"},
    {"power-cut", 0, 0, cmd_power_cut, "power-cut"},
    {"expect-frame", 0, 0, cmd_expect_frame, "expect-frame (then 8 lines)"},
    {"print-frame", 0, 0, cmd_print_frame, "print-frame"},
    {"print-status", 0, 0, cmd_print_status, "print-status"},
    {"report", 0, 0, cmd_report, "report"},
    {NULL, 0, 0, NULL, NULL},
};

/* The command called `word` in one owner's table, or NULL. */
static const script_command_t *find_in(const script_command_t *c, const char *word)
{
    for (; c && c->name; c++)
        if (strcmp(c->name, word) == 0)
            return c;
    return NULL;
}

/* The command called `word`: this file's, a part's or another owner's;
 * *owner: the state its calls get (NULL: the owner keeps its own). */
static const script_command_t *find_command(script_t *sc, const char *word, void **owner)
{
    const struct {
        const script_command_t *commands;
        void *state;
    } owners[] = {{script_commands, sc}, {script_player_commands, &sc->player}, {sim_settings_commands, NULL},
                  {script_power_cut_commands, NULL}};
    const script_command_t *c = NULL;
    *owner = NULL;
    for (size_t i = 0; !c && i < sizeof owners / sizeof owners[0]; i++)
        if ((c = find_in(owners[i].commands, word)))
            *owner = owners[i].state;
    for (const sim_part_t *const *p = sc->sim->parts; !c && *p; p++)
        c = find_in((*p)->commands, word);
    return c;
}

/* Runs one command line; false when the MCU stopped. */
static bool script_dispatch(script_t *sc, char *line)
{
    script_call_t a = {.sim = sc->sim, .line = line, .runner = sc, .ops = &runner_ops};
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
        if (n < SCRIPT_ARGS_MAX)
            a.argv[n] = t;
        n++;
    }
    a.argc = n;
    const script_command_t *c = find_command(sc, word, &a.owner);
    if (!c) {
        script_fail(sc, "unknown command '%s'", word);
        return true;
    }
    if (n < c->min || (c->max >= 0 && n > c->max)) {
        script_fail(sc, "usage: %s", c->usage);
        return true;
    }
    char line_copy[600];
    snprintf(line_copy, sizeof line_copy, "%s %s", word, rest_copy);
    a.line = line_copy;
    return c->run(&a);
}

int sim_script_run(sim_t *s, const char *path, bool verbose)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "jarmo-sim: cannot open script %s: %s\n", path, strerror(errno));
        return 2;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) { /* fopen takes a folder; reading it fails */
        fprintf(stderr, "jarmo-sim: the script %s is a folder; name a script file\n", path);
        fclose(f);
        return 2;
    }
    script_t sc = {.sim = s, .file = f, .path = path, .player = {.cursor = -1, .start_seen = (size_t)-1}};
    char raw[512];
    bool alive = true;
    size_t len;
    while (alive && (len = script_read_line(f, raw, sizeof raw)) > 0) {
        sc.line_no++;
        if (len == SCRIPT_LINE_NUL) {
            script_fail(&sc, "the line holds a NUL byte: a script is text");
            break;
        }
        if (len == SCRIPT_LINE_LONG) { /* its tail would run as a command of its own */
            script_fail(&sc, "the line is longer than %zu characters", sizeof raw - 2u);
            break;
        }
        char *line = trim(raw);
        if (!*line || *line == '#')
            continue;
        if (verbose)
            printf("[%9.1f ms] %s\n", sim_now_ms(s), line);
        alive = script_dispatch(&sc, line);
    }
    if (ferror(f)) {
        script_fail(&sc, "cannot read the script: %s", strerror(errno));
        alive = true; /* counted once */
    }
    fclose(f);
    if (!alive)
        sc.failures++;
    if (sc.failures)
        fprintf(stderr, "%s: %d expectation(s) failed\n", path, sc.failures);
    return sc.failures ? 1 : 0;
}
