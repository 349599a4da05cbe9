/* Evaluation internals shared by the search (firmware/ai/ai_search.c). */
#ifndef JARMO_AI_EVAL_H
#define JARMO_AI_EVAL_H

#include <stdint.h>

#include "ai_board.h"
#include "ai_weights.h"

/* The value of a side's pieces off the board (and, in jasir, of its
 * promoted and blocked pieces): zero in the common case, tested inline
 * below. */
int16_t ai_off_board_value(uint8_t side);

/* Evaluation of the AI board for the side to move, in centi-pieces. The
 * piece-square part is the board's running value[] (kept move by move). */
static inline int16_t ai_evaluate_board(void)
{
    const uint8_t s = ai_board.stm, o = (uint8_t)(s ^ 1u);
    int16_t v = (int16_t)(ai_board.value[s] - ai_board.value[o] + AI_W_TEMPO);
    if (((ai_board.hand[0] | ai_board.hand[1]) & 0x3Fu) || (ai_board.flags & RS_RESERVE_IF_MARKED))
        v = (int16_t)(v + ai_off_board_value(s) - ai_off_board_value(o));
    return v;
}

#endif
