/* Evaluation internals shared by the search (firmware/ai_search.c). */
#ifndef JARMO_AI_EVAL_H
#define JARMO_AI_EVAL_H

#include <stdint.h>

#include "rules.h"

/* Sum of the piece-square values of one side's pieces on the board. */
int16_t ai_board_value(const rules_pos_t *p, uint8_t side);
/* Evaluation for the side to move, given both sides' board values (the
 * search keeps those up to date move by move). */
int16_t ai_evaluate_with(const rules_pos_t *p, const int16_t board[2]);

#endif
