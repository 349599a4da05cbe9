/* Static evaluation: piece-square values from flash (distance to the enemy
 * camp over the links, camp bonus), kept up to date by the AI board; the
 * pieces off the board, marks and tempo added here. */
#include "ai.h"
#include "ai_eval.h"
#include "ai_weights.h"
#include "rules/rules_sets.h"

/* Marked pieces still on their way (a mark is spent on arrival). */
static uint8_t marks_on_the_way(uint8_t side)
{
    uint8_t n = 0;
    for (uint8_t i = 0; i < ai_board.count[side]; i++) {
        const uint8_t q = ai_board.piece[side][i];
        n = (uint8_t)(n + ((ai_board.cell[q] & AI_CELL_MARK) && !ai_in_camp(side, q)));
    }
    return n;
}

static int16_t off_board_value(uint8_t side)
{
    const bool promotions_live = (ai_board.flags & RS_RESERVE_IF_MARKED) != 0u;
    int16_t v = promotions_live ? (int16_t)(AI_W_PROMOTED * ai_board.marks[side]) : 0;
    if (!(ai_board.hand[side] & 0x3Fu)) /* nothing off the board: the common case */
        return v;
    const int16_t ready_value = ai_board.win_rule == RS_WIN_FINISHER ? AI_W_RACE_READY : AI_W_READY;
    v = (int16_t)(v + ai_ready(side) * ready_value);
    const uint8_t captured = ai_captured(side);
    if ((ai_board.flags & RS_RETURN_ON_ARRIVAL) && captured) /* a marked piece can bring one back */
        v = (int16_t)(v + captured * AI_W_CAPTURED + AI_W_MARK * marks_on_the_way(side));
    return v;
}

int16_t ai_evaluate_board(void)
{
    const uint8_t s = ai_board.stm, o = (uint8_t)(s ^ 1u);
    return (int16_t)(ai_board.value[s] + off_board_value(s) - ai_board.value[o] - off_board_value(o) + AI_W_TEMPO);
}

int16_t ai_evaluate(const rules_pos_t *p)
{
    ai_board_load(p);
    return ai_evaluate_board();
}
