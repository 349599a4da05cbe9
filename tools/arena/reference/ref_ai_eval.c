/* Static evaluation: piece-square values from flash (distance to the enemy
 * camp over the links, camp bonus), pieces off the board, marks, tempo. */
#include "ref_ai.h"
#include "ref_ai_eval.h"
#include "ref_ai_tables.h"
#include "ref_ai_weights.h"
#include "rules/rules_sets.h"

void ref_ai_eval_ctx(const rules_pos_t *p, ref_ai_eval_ctx_t *ctx)
{
    const uint8_t set = rules_set_of(p), flags = rules_set_flags(set);
    const bool race = rules_set_win_rule(set) == RS_WIN_FINISHER;
    ctx->values[RULES_WHITE] = ref_ai_point_value[set][RULES_WHITE];
    ctx->values[RULES_BLACK] = ref_ai_point_value[set][RULES_BLACK];
    ctx->ready_value = race ? REF_AI_W_RACE_READY : REF_AI_W_READY;
    ctx->returns = (flags & RS_RETURN_ON_ARRIVAL) != 0u;
    ctx->promotions_live = (flags & RS_RESERVE_IF_MARKED) != 0u;
}

int16_t ref_ai_board_value(const ref_ai_eval_ctx_t *ctx, const rules_pos_t *p, uint8_t side)
{
    int16_t v = 0;
    uint32_t men = p->men[side];
    for (uint8_t q = 0; men; q++, men >>= 1)
        if (men & 1u)
            v = (int16_t)(v + ref_ai_point(ctx, side, q));
    return v;
}

static int16_t off_board_value(const ref_ai_eval_ctx_t *ctx, const rules_pos_t *p, uint8_t side)
{
    const uint8_t hand = p->hand[side];
    if (!(hand & 0x3Fu)) /* nothing off the board: the common case */
        return ctx->promotions_live ? (int16_t)(REF_AI_W_PROMOTED * rules_popcount(p->marked & p->men[side])) : 0;
    int16_t v = (int16_t)(rules_ready(p, side) * ctx->ready_value);
    const uint8_t captured = rules_captured(p, side);
    if (ctx->returns && captured) /* a marked piece can bring one back */
        v = (int16_t)(v + captured * REF_AI_W_CAPTURED +
                      REF_AI_W_MARK * rules_popcount(p->marked & p->men[side] & ~rules_enemy_camp(side)));
    if (ctx->promotions_live)
        v = (int16_t)(v + REF_AI_W_PROMOTED * rules_popcount(p->marked & p->men[side]));
    return v;
}

int16_t ref_ai_evaluate_with(const ref_ai_eval_ctx_t *ctx, const rules_pos_t *p, const int16_t board[2])
{
    const uint8_t s = rules_side_to_move(p), o = s ^ 1u;
    return (int16_t)(board[s] + off_board_value(ctx, p, s) - board[o] - off_board_value(ctx, p, o) + REF_AI_W_TEMPO);
}

int16_t ref_ai_evaluate(const rules_pos_t *p)
{
    ref_ai_eval_ctx_t ctx;
    ref_ai_eval_ctx(p, &ctx);
    const int16_t board[2] = {ref_ai_board_value(&ctx, p, RULES_WHITE), ref_ai_board_value(&ctx, p, RULES_BLACK)};
    return ref_ai_evaluate_with(&ctx, p, board);
}
