/* The ticker: the words of the moment scrolling across the matrix (a
 * one-shot message, else the screen's own words, words.c), and its clock.
 * Writes ui->ticker only. */
#ifndef JARMO_TICKER_H
#define JARMO_TICKER_H

#include "ui_state.h"

/* Restarts the ticker with the screen's words at x0 (0: the first letter
 * at the left edge; negative: further in). The words go to the debug
 * console too, as "words TEXT". */
void ticker_restart(ui_t *ui, int8_t x0);
/* A one-shot message (UI_SAY_*; UI_SAY_NOTHING: the screen's own words),
 * from its start: any button skips it. */
void ticker_say(ui_t *ui, uint8_t say);
/* No words: a screen without text holds still from now (the final position). */
void ticker_hold(ui_t *ui);
/* True (once) when ms have passed since the ticker or the held screen began. */
bool ticker_elapsed(ui_t *ui, uint32_t now, uint32_t ms);
/* A one-shot message ends when its last column has left the matrix: true
 * when it just ended. */
bool ticker_step(ui_t *ui, uint32_t now);

#endif
