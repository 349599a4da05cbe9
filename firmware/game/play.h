/* Play and selection: the cursor (one per side for two players), choosing
 * a piece and its target, the return point, refused moves and why. Says
 * what the player did (a move); the dispatcher (ui.c) plays it. Writes
 * ui->play only. */
#ifndef JARMO_PLAY_H
#define JARMO_PLAY_H

#include "input.h"
#include "ui_state.h"

/* What a button did in the game. */
enum { PLAY_NOTHING, PLAY_MOVE /* a move was chosen: *move */ };
uint8_t play_event(ui_t *ui, const input_event_t *ev, rules_move_t *move);
void play_clear_selection(ui_t *ui);
/* A new game, or one resumed: nothing selected, each side's cursor at
 * home, the one of `side` (about to move) in hand. */
void play_reset(ui_t *ui, uint8_t side);
/* A move was played (mover: the side that played it): nothing selected;
 * two players: each finds the cursor where they left it. */
void play_moved(ui_t *ui, uint8_t mover);
/* A ply was taken back: two players: the mover's cursor back. */
void play_taken_back(ui_t *ui);
/* A B that went down is no cancel (it became a long B, or skipped words). */
void play_b_forgotten(ui_t *ui);

#endif
