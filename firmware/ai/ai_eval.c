/* Static evaluation: piece-square values from flash (distance to the enemy
 * camp over the links, camp bonus), kept up to date by the AI board; the
 * pieces off the board, marks, jasir's blocked pieces and tempo added here. */
#include "ai.h"
#include "ai_eval.h"
#include "flash.h"

/* jasir: the side's pieces outside the camp with no empty point to step
 * to. Such a piece waits (a race lost tempo) or must capture, and a capture
 * of a plain piece can hand the race to its side. */
static uint8_t blocked_pieces(uint8_t side)
{
    const uint8_t *links = ai_board.links[side];
    uint8_t blocked = 0;
    for (uint8_t i = 0, n = ai_board.count[side]; i < n; i++) {
        const uint8_t f = ai_board.piece[side][i];
        if (ai_in_camp(side, f))
            continue;
        const uint8_t *link = links + flash_byte(links + f);
        uint8_t t;
        while ((t = flash_byte(link++)) != AI_LINK_END && ai_board.cell[t])
            ;
        if (t == AI_LINK_END)
            blocked++;
    }
    return blocked;
}

int16_t ai_blocked_value(void)
{
    const uint8_t s = ai_board.stm;
    return (int16_t)(AI_W_RACE_BLOCKED * ((int16_t)blocked_pieces((uint8_t)(s ^ 1u)) - (int16_t)blocked_pieces(s)));
}

int16_t ai_off_board_diff(void)
{
    const uint8_t s = ai_board.stm, o = (uint8_t)(s ^ 1u), flags = ai_board.flags;
    int16_t v = 0;
    if (flags & RS_RESERVE_IF_MARKED) /* jasir: promotions are live */
        v = (int16_t)(AI_W_PROMOTED * (int8_t)(ai_board.marks[s] - ai_board.marks[o]));
    const uint8_t hs = ai_board.hand[s], ho = ai_board.hand[o];
    if (!((hs | ho) & 0x3Fu)) /* nothing off the board: the common case */
        return v;
    const int16_t ready_value = ai_board.win_rule == RS_WIN_FINISHER ? AI_W_RACE_READY : AI_W_READY;
    v = (int16_t)(v + (int8_t)(ai_ready(s) - ai_ready(o)) * ready_value);
    /* a marked piece can bring one back (marks are spent on arrival where
     * pieces return, so every mark is on its way) */
    if (flags & RS_RETURN_ON_ARRIVAL) {
        const uint8_t cs = hs & 7u, co = ho & 7u;
        v = (int16_t)(v + (int8_t)(cs - co) * AI_W_CAPTURED);
        if (cs)
            v = (int16_t)(v + AI_W_MARK * ai_board.marks[s]);
        if (co)
            v = (int16_t)(v - AI_W_MARK * ai_board.marks[o]);
    }
    return v;
}

__attribute__((noinline)) int16_t ai_evaluate_unblocked_call(void) { return ai_evaluate_unblocked(); }

AI_FOR_SIZE int16_t ai_evaluate_board(void)
{
    int16_t v = ai_evaluate_unblocked_call();
    if (ai_board.flags & RS_RESERVE_IF_MARKED)
        v = (int16_t)(v + ai_blocked_value());
    return v;
}

AI_RARELY_RUN int16_t ai_evaluate(const rules_pos_t *p)
{
    ai_board_load(p);
    return ai_evaluate_board();
}
