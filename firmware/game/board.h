/* The game on the board: the position, the last move's origin (the
 * marker), and the newest plies to take back exactly. Writes ui->board
 * only; knows nothing of players, screens or the match. */
#ifndef JARMO_BOARD_H
#define JARMO_BOARD_H

#include "ui_state.h"

/* The start position of rule set `set`, `first` to move. */
void board_start(ui_t *ui, uint8_t set, uint8_t first);
/* A saved game, as it was. */
void board_resume(ui_t *ui, const rules_pos_t *pos, uint8_t last_from);
/* Plays m (kept for undo, the oldest ply falling off a full ring). */
void board_play(ui_t *ui, rules_move_t m);
/* Takes back the newest ply exactly (returns, chains, marks): its move.
 * Only with ui->board.history_len > 0. */
rules_move_t board_take_back(ui_t *ui);

#endif
