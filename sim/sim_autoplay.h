/* autoplay (docs/sim.md): the human side of a game against the console. */
#ifndef SIM_AUTOPLAY_H
#define SIM_AUTOPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "sim.h"

typedef struct {
    void *ctx;
    bool (*enter_move)(void *ctx, const char *move, bool hold); /* through the buttons */
    void (*fail)(void *ctx, const char *why);
    void (*uart_consumed)(void *ctx, size_t upto);
    bool (*tap)(void *ctx, int button); /* SIM_BTN_*; false when the MCU stopped */
    void (*cursor_is)(void *ctx, int point); /* where the console's cursor is now */
} sim_autoplay_io_t;

/* Plays until the game is over; 0 when it ended with the host's result.
 * The player looks at the board for look_ms before each of its moves. */
int sim_autoplay(sim_t *s, sim_autoplay_io_t *io, unsigned human_level, double limit_ms, double look_ms);
/* Plays `games` whole games from the start of one (its words on the
 * ticker are skipped), each checked as sim_autoplay checks it, through the
 * end screens and into the next game or a new match; 0 when all ended
 * with the host's results. The player looks look_ms before each move and
 * at each end screen. */
int sim_autoplay_games(sim_t *s, sim_autoplay_io_t *io, unsigned games, unsigned human_level, double look_ms);

#endif
