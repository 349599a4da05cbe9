/* The script layer's shared pieces (sim_script.c): a running script's
 * state, a command's arguments, and the helpers the parts' commands use to
 * read arguments, report a failure and let simulated time pass. */
#ifndef SIM_SCRIPT_H
#define SIM_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "script_parse.h"
#include "sim.h"

#define SCRIPT_TAP_MS 40.0 /* a quick, clean button tap: down this long, then up as long */
#define SCRIPT_ARGS_MAX 4

struct script {
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
};

struct script_args {
    int argc;          /* arguments after the command word */
    char *argv[SCRIPT_ARGS_MAX];
    const char *rest;  /* the text after the command word */
    const char *line;
};

/* A failed expectation or a malformed line, with the script's line number. */
void script_fail(script_t *sc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A time in ms, or a failure saying it is not one. */
bool script_want_ms(script_t *sc, const char *text, double *ms);
/* Simulated time passes; false when the MCU stopped. */
bool script_run_for(script_t *sc, double ms);
/* A button down for hold_ms, then up for SCRIPT_TAP_MS. */
bool script_tap(script_t *sc, int button, double hold_ms);
/* Runs one command line; false when the MCU stopped. */
bool script_dispatch(script_t *sc, char *line);

/* The commands no part owns: the player's (script_player.c), the settings
 * (sim_settings.c) and the power-cut sweep (script_power_cut.c). */
extern const sim_command_t script_player_commands[], sim_settings_commands[], script_power_cut_commands[];

#endif
