/* The interface between the script runner (sim_script.c) and the owners
 * of script commands (the board's parts, the player, the settings, the
 * power-cut sweep): a command's table row, and what one call of it gets:
 * the simulation, its arguments, and the runner's services as callbacks.
 * So an owner reports a failure or lets time pass without naming the
 * runner, and the runner alone owns the script and its clock. This module
 * knows no script state. */
#ifndef SCRIPT_COMMAND_H
#define SCRIPT_COMMAND_H

#include <stdarg.h>
#include <stdbool.h>

typedef struct sim_t sim_t;

#define SCRIPT_ARGS_MAX 4

/* The runner's services, each given the runner's own pointer back. */
typedef struct {
    /* a failed expectation or a malformed line: said with the script's
     * line number, and counted */
    void (*fail)(void *runner, const char *fmt, va_list ap);
    void (*count_failure)(void *runner); /* a failure said already (the MCU stopped) */
    int (*failures)(void *runner);       /* so far */
    /* simulated time passes, for ms or until ms; false when the MCU stopped */
    bool (*run_for)(void *runner, double ms);
    bool (*run_until)(void *runner, double ms);
    bool (*dispatch)(void *runner, char *line); /* runs a script line (a sweep runs its command) */
} script_runner_ops_t;

/* One call of a command. */
typedef struct {
    sim_t *sim;
    int argc;          /* arguments after the command word */
    char *argv[SCRIPT_ARGS_MAX];
    const char *rest;  /* the text after the command word */
    const char *line;  /* the command word and that text */
    void *owner;       /* the owner's state as the runner keeps it (the player's cursor), or NULL */
    void *runner;
    const script_runner_ops_t *ops;
} script_call_t;

/* A command (docs/sim.md): its word, its argument counts (max -1: free
 * text of at least `min` words), what it does (false: the MCU stopped)
 * and its usage line. Tables of them end with a NULL name. */
typedef struct {
    const char *name;
    int min, max;
    bool (*run)(script_call_t *c);
    const char *usage;
} script_command_t;

void script_call_fail(script_call_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Simulated time passes; false when the MCU stopped. */
bool script_call_run_for(script_call_t *c, double ms);
bool script_call_run_until(script_call_t *c, double ms);
/* A time in ms, or a failure saying it is not one. */
bool script_call_want_ms(script_call_t *c, const char *text, double *ms);

#endif
