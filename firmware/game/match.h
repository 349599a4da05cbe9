/* The match: its games and scores, kept in EEPROM after every move so
 * that switching off loses nothing. Writes ui->match and ui->result. */
#ifndef JARMO_MATCH_H
#define JARMO_MATCH_H

#include "ui_state.h"

/* A new match from the menu's settings (kept first), at game 1. */
void match_new(ui_t *ui);
/* A saved match, as it was. */
void match_resume(ui_t *ui, const game_match_t *m);
/* The next game of the match. */
void match_next_game(ui_t *ui);
/* The match and the game on the board into EEPROM. */
void match_save(const ui_t *ui);
/* The game on the board has ended: its result, the match's totals, the
 * lines on the debug console, and what a power cut should resume. */
void match_game_over(ui_t *ui);

#endif
