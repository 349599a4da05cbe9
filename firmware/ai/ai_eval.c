/* Static evaluation: piece-square values from flash (distance to the enemy
 * camp over the links, camp bonus), kept up to date by the AI board; the
 * pieces off the board, marks and tempo added here. */
#include "ai.h"
#include "ai_eval.h"

int16_t ai_off_board_value(uint8_t side)
{
    const bool promotions_live = (ai_board.flags & RS_RESERVE_IF_MARKED) != 0u;
    int16_t v = promotions_live ? (int16_t)(AI_W_PROMOTED * ai_board.marks[side]) : 0;
    if (!(ai_board.hand[side] & 0x3Fu)) /* nothing off the board: the common case */
        return v;
    const int16_t ready_value = ai_board.win_rule == RS_WIN_FINISHER ? AI_W_RACE_READY : AI_W_READY;
    v = (int16_t)(v + ai_ready(side) * ready_value);
    const uint8_t captured = ai_captured(side);
    /* a marked piece can bring one back (marks are spent on arrival where
     * pieces return, so every mark is on its way) */
    if ((ai_board.flags & RS_RETURN_ON_ARRIVAL) && captured)
        v = (int16_t)(v + captured * AI_W_CAPTURED + AI_W_MARK * ai_board.marks[side]);
    return v;
}

AI_RARELY_RUN int16_t ai_evaluate(const rules_pos_t *p)
{
    ai_board_load(p);
    return ai_evaluate_board();
}
