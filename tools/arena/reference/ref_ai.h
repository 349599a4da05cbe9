/* FROZEN: the AI of commit ed8511a (firmware/ai.h then), the fixed reference
 * player of the arena (ref:LEVEL, docs/strength.md). Symbols renamed ai_ ->
 * ref_ai_; otherwise unchanged. Do not edit: it measures the live AI. */
/* The console's opponent: negamax alpha-beta with iterative deepening, a
 * capture/arrival quiescence search and a node budget per level, on the
 * rules core. Same source on the AVR and the host; no malloc, recursion
 * bounded by REF_AI_MAX_PLY, a fixed move stack. */
#ifndef JARMO_REF_AI_H
#define JARMO_REF_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/rules.h"

#define REF_AI_LEVELS 5u
#define REF_AI_MAX_PLY 8u      /* deepest ply, quiescence included */
#define REF_AI_STACK_MOVES 72u /* shared move stack for every ply; a ply that does not fit is a leaf */

typedef struct {
    uint32_t nodes;     /* positions visited (makes, plus the root) */
    uint8_t depth;      /* deepest iteration completed */
    int16_t score;      /* from the mover's point of view, centi-pieces */
    bool budget_hit;    /* the node budget stopped the search */
} ref_ai_stats_t;

/* Called every REF_AI_POLL_NODES nodes while thinking: keep the console alive
 * (watchdog, display, buttons). It cannot stop the search. */
#define REF_AI_POLL_NODES 128u
typedef void (*ref_ai_poll_fn)(void *ctx);

/* Level 1..REF_AI_LEVELS: maximum depth, quiescence depth, node budget, noise. */
typedef struct {
    uint8_t depth;
    uint8_t qdepth;
    uint16_t node_budget; /* in units of 16 nodes */
    uint8_t noise;        /* up to this much random error per root move */
} ref_ai_level_t;
void ref_ai_level(uint8_t level, ref_ai_level_t *out);

/* Chooses a legal move for the side to move (the game must not be over).
 * Deterministic for a given position, level and seed; the seed only breaks
 * ties between equally good moves (and sets level 1's mistakes). */
rules_move_t ref_ai_choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ref_ai_poll_fn poll, void *ctx,
                       ref_ai_stats_t *stats);

/* Static evaluation of a position for the side to move (exposed for tests). */
int16_t ref_ai_evaluate(const rules_pos_t *p);

#endif
