/* Evaluation internals shared by the search (firmware/ref_ai_search.c). */
#ifndef JARMO_REF_AI_EVAL_H
#define JARMO_REF_AI_EVAL_H

#include <stdint.h>

#include <stdbool.h>

#include "flash.h"
#include "rules/rules.h"

/* What the evaluation needs to know of the rule set, read from flash once
 * per search rather than once per node. */
typedef struct {
    const int16_t *values[2]; /* each side's piece-square row (flash) */
    int16_t ready_value;      /* an owed / held / reserve piece */
    bool returns;             /* captured pieces come back on arrival */
    bool promotions_live;     /* jasir: captured promoted pieces live on */
} ref_ai_eval_ctx_t;

void ref_ai_eval_ctx(const rules_pos_t *p, ref_ai_eval_ctx_t *ctx);
static inline int16_t ref_ai_point(const ref_ai_eval_ctx_t *ctx, uint8_t side, uint8_t point)
{
    return (int16_t)flash_word(&ctx->values[side][point]);
}
/* Sum of the piece-square values of one side's pieces on the board. */
int16_t ref_ai_board_value(const ref_ai_eval_ctx_t *ctx, const rules_pos_t *p, uint8_t side);
/* Evaluation for the side to move, given both sides' board values (the
 * search keeps those up to date move by move). */
int16_t ref_ai_evaluate_with(const ref_ai_eval_ctx_t *ctx, const rules_pos_t *p, const int16_t board[2]);

#endif
