/* Evaluation internals shared by the search (firmware/ai/ai_search.c). */
#ifndef JARMO_AI_EVAL_H
#define JARMO_AI_EVAL_H

#include <stdint.h>

#include "ai_board.h"
#include "ai_weights.h"

/* The value of the pieces off the board (and, in jasir, of the promoted
 * pieces), the side to move's less the other's: zero in the common case,
 * tested inline below. One call for both sides. */
int16_t ai_off_board_diff(void);
/* Jasir's blocked pieces, for the side to move: AI_W_RACE_BLOCKED for each
 * enemy piece outside the camp with no empty point to step to, less the
 * same for each of its own. */
int16_t ai_blocked_value(void);
/* The most they can count for a side: a weight per piece outside the camp
 * (the search's bounds, when it need not look at them). */
static inline int16_t ai_blocked_most(uint8_t side)
{
    return (int16_t)(AI_W_RACE_BLOCKED * (uint8_t)(ai_board.count[side] - ai_board.in_camp[side]));
}

/* The evaluation without jasir's blocked pieces: the board's running
 * piece-square values (kept move by move), the tempo, and the pieces off
 * the board. */
static inline int16_t ai_evaluate_unblocked(void)
{
    int16_t v = (int16_t)(ai_value_for_mover() + AI_W_TEMPO);
    if (((ai_board.hand[0] | ai_board.hand[1]) & 0x3Fu) || (ai_board.flags & RS_RESERVE_IF_MARKED))
        v = (int16_t)(v + ai_off_board_diff());
    return v;
}

/* The same out of line, for the search's less frequent callers. */
int16_t ai_evaluate_unblocked_call(void);

/* Evaluation of the AI board for the side to move, in centi-pieces (out
 * of line: the search's leaves that are not quiescence's are rare). */
int16_t ai_evaluate_board(void);

#endif
