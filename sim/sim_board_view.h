/* The terminal's picture of the console (make play): the 8x8 matrix drawn
 * over the real Jarmo board, with its lines, coordinates, a status line in
 * words and the sounds as visible cues (sim_board_view.c). */
#ifndef SIM_BOARD_VIEW_H
#define SIM_BOARD_VIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "sim.h"

/* Writes the picture (ANSI colours when `colour`), each line ending in
 * "\x1b[K\n". */
void sim_board_view(sim_t *s, bool colour, FILE *out);

#endif
