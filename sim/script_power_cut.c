/* The power-cut sweep, a script command (docs/sim.md):
 * power-cut-sweep COUNT COMMAND...: cuts the power at COUNT instants spread
 * evenly over the EEPROM writes that COMMAND causes, each in a forked copy
 * of the simulation, and checks that what the console shows after it boots
 * again is what it shows after a cut just before COMMAND (the old save) or
 * after the save completed (the new one). Then runs COMMAND for real. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "script_power_cut.h"

#include "part_buttons.h"
#include "part_eeprom.h"
#include "script_parse.h"
#include "sim.h"

#define AFTER_WORDS_MS 400.0 /* the board after the start words (mid cursor-blink phase) */
#define AFTER_CUT_MS 150.0  /* a power cut: time for the console to boot and show its state */
/* The save is over when no EEPROM write has come for this long. Late in a
 * long game the firmware replays its journal for about 120 ms between the
 * command and the save's first write: the sweep waits for that first write
 * (up to FIRST_WRITE_MS) and for a quiet spell longer than any such pause.
 * Sweeps run in two-player games, where nothing else writes that soon. */
#define SETTLE_MS 600.0
#define FIRST_WRITE_MS 3000.0
#define OUTCOME_MAX 1024

typedef struct {
    uint64_t first_write, last_write_done;
    char outcome[OUTCOME_MAX];
} cut_result_t;

/* What the console shows after the cut: its debug console lines since the
 * cut (the boot counter's noise aside) and the matrix. */
static void outcome_after(script_call_t *c, size_t uart_from, char *out)
{
    /* four looks over one cursor blink (500 ms), each LED as bright as it
     * was in any: the blinking cursor shows, whatever its phase at boot */
    char frame[MATRIX_N][MATRIX_N + 1], later[MATRIX_N][MATRIX_N + 1];
    sim_frame(c->sim, frame);
    for (int look = 1; look < 4; look++) {
        script_call_run_for(c, 125.0);
        sim_frame(c->sim, later);
        for (int r = 0; r < MATRIX_N; r++)
            for (int c = 0; c < MATRIX_N; c++) {
                const char a = frame[r][c], b = later[r][c];
                const int rank_a = a == '.' ? 0 : islower((unsigned char)a) ? 1 : 2;
                const int rank_b = b == '.' ? 0 : islower((unsigned char)b) ? 1 : 2;
                if (rank_b > rank_a)
                    frame[r][c] = b;
            }
    }
    const sim_uart_t *u = &c->sim->uart;
    snprintf(out, OUTCOME_MAX, "%s", u->text && uart_from < u->len ? u->text + uart_from : "");
    for (int r = 0; r < MATRIX_N; r++) {
        const size_t len = strlen(out);
        snprintf(out + len, OUTCOME_MAX - len, "  %s\n", frame[r]);
    }
}

static bool in_child; /* this process is a sweep's copy: no sweep inside it */
static size_t cut_uart; /* the UART log's length when the power was cut */

/* The power goes, and stays off for the rest of the command (also the
 * core's power_cut_hook, at power_cut_at). */
static void power_cut_now(sim_t *s)
{
    sim_power_cut(s);
    s->buttons.dead = true; /* the rest of the command's presses hit a dead console */
    cut_uart = s->uart.len;
}

/* The script's clock, lent by the runner. */
static bool script_wait(void *ctx, double until_ms) { return script_call_run_until(ctx, until_ms); }

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
static void sweep_child(script_call_t *c, char *command, uint64_t cut_at, int fd)
{
    sim_t *s = c->sim;
    cut_result_t r;
    size_t uart_from = 0;
    bool cut = false;
    const int failures_before = c->ops->failures(c->runner); /* the script's own, before the sweep */
    memset(&r, 0, sizeof r);
    s->uart.echo = false;
    in_child = true;
    s->power_cut_hook = power_cut_now;
    sim_eeprom_watch(s);
    if (cut_at == ~(uint64_t)0) {
        power_cut_now(s);
        uart_from = cut_uart;
        cut = true;
    } else if (cut_at == FAN) {
        s->fork_at = fan.at[0];
        s->fork_hook = fan_out;
    } else if (cut_at) {
        s->power_cut_at = cut_at;
    }
    c->ops->dispatch(c->runner, command);
    while (s->fork_at && !s->crashed) /* the save began after the command */
        script_call_run_for(c, 0.5);
    if (cut_at == FAN)
        cut_at = fan.mine ? fan.mine : 1;
    if (s->power_cut_at == 0 && cut_at && cut_at != ~(uint64_t)0) {
        cut = true; /* it fell inside the command */
        uart_from = cut_uart;
    }
    if (!cut && cut_at) { /* after the command: wait for the instant */
        while (s->power_cut_at && !s->crashed)
            script_call_run_for(c, 0.5);
        uart_from = cut_uart;
    } else if (!cut) { /* the save in full: its first write, then until the writes stop */
        const double give_up = sim_now_ms(s) + FIRST_WRITE_MS;
        while (!s->eeprom.first_write_at && !s->crashed && sim_now_ms(s) < give_up)
            script_call_run_for(c, 1.0);
        const uint64_t quiet = (uint64_t)(SETTLE_MS * (double)s->freq / 1000.0);
        for (int i = 0; i < 100000 && s->eeprom.first_write_at && !s->crashed; i++) {
            if (!s->eeprom.busy && sim_now(s) - s->eeprom.last_write_done_at > quiet)
                break;
            script_call_run_for(c, 1.0);
        }
        power_cut_now(s);
        uart_from = cut_uart;
    }
    s->buttons.dead = false;
    script_call_run_for(c, AFTER_CUT_MS);
    /* every start shows its words first: B skips them, then the board */
    sim_button_tap(s, SIM_BTN_B, SIM_TAP_MS, script_wait, c);
    script_call_run_for(c, AFTER_WORDS_MS);
    r.first_write = s->eeprom.first_write_at;
    r.last_write_done = s->eeprom.last_write_done_at;
    outcome_after(c, uart_from, r.outcome);
    if (c->ops->failures(c->runner) > failures_before || s->crashed)
        snprintf(r.outcome, sizeof r.outcome, "(the run failed)");
    const ssize_t w = write(fd, &r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
}

/* Forks a child that runs sweep_child; reads `n` results from it (and, for
 * FAN, from its forks). */
static bool sweep_run(script_call_t *c, char *command, uint64_t cut_at, cut_result_t *r, unsigned long n)
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
        sweep_child(c, command, cut_at, fds[1]);
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

static bool cmd_power_cut_sweep(script_call_t *c)
{
    unsigned long count;
    if (in_child || strncmp(c->argv[1], "power-cut", 9) == 0) {
        script_call_fail(c, "power-cut-sweep: a sweep cannot run inside a sweep or around a power cut");
        return false;
    }
    if (!script_parse_uint(c->argv[0], 10000, &count) || count < 2) {
        script_call_fail(c, "power-cut-sweep: '%s' is not a count of instants (2..10000)", c->argv[0]);
        return true;
    }
    char command[512];
    const char *text = c->rest + strlen(c->argv[0]);
    while (*text == ' ' || *text == '\t')
        text++;
    snprintf(command, sizeof command, "%s", text);
    static cut_result_t before, after;
    char copy[512];
    memcpy(copy, command, sizeof copy);
    const bool ok_before = sweep_run(c, copy, ~(uint64_t)0, &before, 1);
    memcpy(copy, command, sizeof copy);
    if (!ok_before || !sweep_run(c, copy, 0, &after, 1)) {
        script_call_fail(c, "power-cut-sweep: a simulation copy failed");
        return true;
    }
    if (!after.first_write) {
        script_call_fail(c, "power-cut-sweep: '%s' wrote nothing to the EEPROM within %.0f ms", command, FIRST_WRITE_MS);
        return true;
    }
    if (strcmp(before.outcome, after.outcome) == 0)
        script_call_fail(c, "power-cut-sweep: the old and the new save look the same; the sweep cannot tell them apart");
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
    if (!sweep_run(c, copy, FAN, cuts, count)) {
        script_call_fail(c, "power-cut-sweep: the simulation copies for the cuts failed");
    } else {
        for (unsigned long i = 0; i < count; i++) {
            if (strcmp(cuts[i].outcome, before.outcome) == 0)
                old_seen++;
            else if (strcmp(cuts[i].outcome, after.outcome) == 0)
                new_seen++;
            else if (bad++ == 0)
                script_call_fail(c, "power cut %.3f ms into the save: neither the old nor the new save came back; seen:\n%s"
                         "old:\n%snew:\n%s",
                     (double)(at[i] - after.first_write) * 1000.0 / (double)c->sim->freq, cuts[i].outcome,
                     before.outcome, after.outcome);
        }
        printf("power-cut-sweep: %lu cuts over %.1f ms of EEPROM writes: %u resumed the old save, %u the new, %u "
               "neither\n",
               count, (double)span * 1000.0 / (double)c->sim->freq, old_seen, new_seen, bad);
        if (!bad && (!old_seen || !new_seen))
            script_call_fail(c, "power-cut-sweep: the cuts never saw the %s save: the sweep missed the save",
                 old_seen ? "new" : "old");
    }
    free(at);
    free(cuts);
    return c->ops->dispatch(c->runner, command); /* and now for real */
}

const script_command_t script_power_cut_commands[] = {
    {"power-cut-sweep", 2, -1, cmd_power_cut_sweep, "power-cut-sweep COUNT COMMAND..."},
    {NULL, 0, 0, NULL, NULL},
};
