/* Evaluation internals shared by the search (firmware/ai/ai_search.c). */
#ifndef JARMO_AI_EVAL_H
#define JARMO_AI_EVAL_H

#include <stdint.h>

#include "ai_board.h"

/* Evaluation of the AI board for the side to move, in centi-pieces. The
 * piece-square part is the board's running value[] (kept move by move). */
int16_t ai_evaluate_board(void);

#endif
