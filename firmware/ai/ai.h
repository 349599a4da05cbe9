/* The console's opponent: negamax alpha-beta with iterative deepening, a
 * capture/arrival quiescence search and a node budget per level, on the
 * rules core. Same source on the AVR and the host; no malloc, recursion
 * bounded by AI_MAX_PLY, a fixed move stack. */
#ifndef JARMO_AI_H
#define JARMO_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/rules.h"
#include "rules/rules_sets.h"

#define AI_LEVELS 6u
#ifndef AI_MAX_PLY /* (-D for tools/tune.sh's variants) */
#define AI_MAX_PLY 12u     /* deepest ply, quiescence included (level 6: depth 10, then 2) */
#endif
#ifndef AI_STACK_MOVES
#define AI_STACK_MOVES 112u /* shared move stack for every ply; a ply that does not fit is a leaf */
#endif

/* The score of a finished game for the side to move, in ai_stats_t's
 * units: AI_WIN for a win, less AI_PLY_COST per ply it takes (sooner wins
 * first), -AI_WIN + AI_PLY_COST per ply for a loss, 0 for a draw; plus
 * AI_SCORE_UNIT per point of final-score difference (it counts in a match). */
#define AI_WIN 10000
#define AI_PLY_COST 128   /* more than any final-score difference */
#define AI_SCORE_UNIT 10

typedef struct {
    uint32_t nodes;     /* positions visited (makes, plus the root) */
    uint8_t depth;      /* deepest iteration completed */
    int16_t score;      /* from the mover's point of view, centi-pieces */
    bool budget_hit;    /* the node budget stopped the search */
} ai_stats_t;

/* Called every AI_POLL_NODES nodes while thinking: keep the console alive
 * (watchdog, display, buttons); in a host build it may call ai_stop() or
 * ai_ponder_hit() (below). */
#define AI_POLL_NODES 256u
typedef void (*ai_poll_fn)(void *ctx);

/* Level 1..AI_LEVELS: maximum depth, quiescence depth, node budget, noise. */
typedef struct {
    uint8_t depth;
    uint8_t qdepth;
    uint16_t node_budget; /* in units of 16 nodes */
    uint8_t noise;        /* up to this much random error per root move */
    uint8_t reduce_from;  /* late quiet moves searched a ply shallower from this depth up (0: never) */
} ai_level_t;
void ai_level(uint8_t level, ai_level_t *out);
/* The nodes a search at the level may visit in a rule set (its
 * rules_set_flags()): the level's budget, and at the top level, whose time
 * is what is fixed, AI_TOP_FAST_SETS sixteenths of it outside jasir, whose
 * nodes cost most (firmware/ai/ai_root.c has the figures). */
#ifndef AI_TOP_FAST_SETS
#define AI_TOP_FAST_SETS 19u
#endif
static inline uint32_t ai_node_budget(const ai_level_t *lv, uint8_t level, uint8_t set_flags)
{
    /* jasir: its blocked pieces are counted at every evaluation */
    const bool slow = (set_flags & RS_RESERVE_IF_MARKED) != 0u;
    return (uint32_t)lv->node_budget * (level >= AI_LEVELS && !slow ? AI_TOP_FAST_SETS : 16u);
}

/* Chooses a legal move for the side to move (the game must not be over).
 * Deterministic for a given position, level and seed; the seed only breaks
 * ties between equally good moves (and sets level 1's mistakes). */
rules_move_t ai_choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                       ai_stats_t *stats);

/* Pondering: the search of the position after the reply the console
 * expects, run on the player's time. It goes on (up to AI_PONDER_MAX
 * nodes, or its depth) until its poll says what the player did:
 * ai_ponder_hit() when they played the expected reply (the search then has
 * the level's own budget more: the player waits no longer than for
 * ai_choose), ai_stop() when they did something else. Built for the host,
 * where the arena measures it (jarmo-arena -p); the console has no flash
 * for pondering's UI yet (docs/ai.md, "Level 6, fourth round"). */
#ifndef AI_PONDER
#ifdef __AVR__
#define AI_PONDER 0
#else
#define AI_PONDER 1
#endif
#endif
#if AI_PONDER
#ifndef AI_PONDER_MAX
#define AI_PONDER_MAX 400000uL
#endif
rules_move_t ai_ponder(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                       ai_stats_t *stats);
/* From a poll: the level's budget from now on (pondering's search becomes
 * the move's) / the search ends at once, its best move so far returned. */
void ai_ponder_hit(void);
void ai_stop(void);
#endif

/* Static evaluation of a position for the side to move (exposed for tests). */
int16_t ai_evaluate(const rules_pos_t *p);

#endif
