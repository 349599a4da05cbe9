/* The terminal's picture of the console (make play): the 8x8 matrix drawn
 * over the real Jarmo board, with its lines, coordinates, a status line in
 * words and the sounds as visible cues (sim_board_view.c). */
#ifndef SIM_BOARD_VIEW_H
#define SIM_BOARD_VIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "sim.h"

/* Writes the picture (ANSI colours when `colour`), each line ending in
 * "\x1b[K\n". `words`: the text scrolling on the matrix now, written as
 * plain text right under it (NULL: none scrolls). `compact`: 25 lines
 * and 40 columns at most rather than 38 and 56 (LEDs closer, the rows off
 * the board folded, no blank lines), for an 80 x 24 terminal. */
void sim_board_view(sim_t *s, bool colour, const char *words, FILE *out, bool compact);
/* The newest "words" line's text (without "words "), NUL-ended in buf,
 * when it is the console's newest line; else NULL. */
const char *sim_words_newest(const sim_t *s, char *buf, size_t len);
/* The status in words as make play and the web page show it: two lines
 * joined by '\n' (status_text.h); false when no game is saved. */
bool sim_status(sim_t *s, char *out, size_t len);

#endif
