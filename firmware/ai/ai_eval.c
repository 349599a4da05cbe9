/* Static evaluation: piece-square values from flash (distance to the enemy
 * camp over the links, camp bonus), pieces off the board, marks, tempo. */
#include "ai.h"
#include "ai_eval.h"
#include "ai_tables.h"
#include "ai_weights.h"
#include "rules/rules_sets.h"

void ai_eval_ctx(const rules_pos_t *p, ai_eval_ctx_t *ctx)
{
    const uint8_t set = rules_set_of(p), flags = rules_set_flags(set);
    const bool race = rules_set_win_rule(set) == RS_WIN_FINISHER;
    ctx->values[RULES_WHITE] = ai_point_value[set][RULES_WHITE];
    ctx->values[RULES_BLACK] = ai_point_value[set][RULES_BLACK];
    ctx->ready_value = race ? AI_W_RACE_READY : AI_W_READY;
    ctx->returns = (flags & RS_RETURN_ON_ARRIVAL) != 0u;
    ctx->promotions_live = (flags & RS_RESERVE_IF_MARKED) != 0u;
}

int16_t ai_board_value(const ai_eval_ctx_t *ctx, const rules_pos_t *p, uint8_t side)
{
    int16_t v = 0;
    uint32_t men = p->men[side];
    for (uint8_t q = 0; men; q++, men >>= 1)
        if (men & 1u)
            v = (int16_t)(v + ai_point(ctx, side, q));
    return v;
}

static int16_t off_board_value(const ai_eval_ctx_t *ctx, const rules_pos_t *p, uint8_t side)
{
    if (!rules_has_off_board(p, side)) /* the common case */
        return ctx->promotions_live ? (int16_t)(AI_W_PROMOTED * rules_popcount(p->marked & p->men[side])) : 0;
    int16_t v = (int16_t)(rules_ready(p, side) * ctx->ready_value);
    const uint8_t captured = rules_captured(p, side);
    if (ctx->returns && captured) /* a marked piece can bring one back */
        v = (int16_t)(v + captured * AI_W_CAPTURED +
                      AI_W_MARK * rules_popcount(p->marked & p->men[side] & ~rules_enemy_camp(side)));
    if (ctx->promotions_live)
        v = (int16_t)(v + AI_W_PROMOTED * rules_popcount(p->marked & p->men[side]));
    return v;
}

int16_t ai_evaluate_with(const ai_eval_ctx_t *ctx, const rules_pos_t *p, const int16_t board[2])
{
    const uint8_t s = rules_side_to_move(p), o = s ^ 1u;
    return (int16_t)(board[s] + off_board_value(ctx, p, s) - board[o] - off_board_value(ctx, p, o) + AI_W_TEMPO);
}

int16_t ai_evaluate(const rules_pos_t *p)
{
    ai_eval_ctx_t ctx;
    ai_eval_ctx(p, &ctx);
    const int16_t board[2] = {ai_board_value(&ctx, p, RULES_WHITE), ai_board_value(&ctx, p, RULES_BLACK)};
    return ai_evaluate_with(&ctx, p, board);
}
