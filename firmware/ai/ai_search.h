/* The search's state and its entry points, shared by the search
 * (ai_search.c: negamax and quiescence, the hot path, compiled for speed)
 * and its root (ai_root.c: levels and iterative deepening, run once per
 * move, compiled for size). */
#ifndef JARMO_AI_SEARCH_H
#define JARMO_AI_SEARCH_H

#include "ai.h"
#include "ai_eval.h"
#include "flash.h"

#define AI_INF 30000
#define AI_DECIDED (AI_WIN - (int16_t)(AI_MAX_PLY * AI_PLY_COST) - 200) /* a won or lost game */
/* No new iteration starts once this share of the node budget is spent (it
 * would rarely finish; measured in the arena against 4 and 6). */
#ifndef AI_NEXT_ITERATION /* 1 or more */
#define AI_NEXT_ITERATION 3u
#endif
/* Late-move reductions (the levels that ask for them: reduce_from): past
 * the first AI_FULL_QUIET quiet moves of a node at least reduce_from plies
 * from the horizon, a quiet move is searched a ply shallower with a null
 * window, and again at full depth only if it beats alpha. The generator's
 * order is kept. From random openings level 6 scores the same with or
 * without them (docs/ai.md, "Level 6"). */
#ifndef AI_FULL_QUIET /* 1 or more */
#define AI_FULL_QUIET 1u
#endif

/* The search's whole working state: fixed size, reused every move. */
typedef struct {
    /* nodes counted down by a 16-bit count to the next multiple of
     * AI_POLL_NODES or the budget, whichever comes first (cheaper per node
     * than a 32-bit count and compare) */
    uint32_t next_stop, budget;
    uint16_t left; /* nodes until next_stop */
    bool abort;
    uint8_t qdepth;
    uint8_t reduce_from; /* the level's depth for late-move reductions (0xFF: none) */
    uint8_t used; /* entries of moves[] in use by the plies above */
    /* the horizon node's quiet_reply_floor(): one at a time, as its
     * children are quiescence's */
    int16_t reply_floor;
    rules_move_t moves[AI_STACK_MOVES];
    rules_move_t killer[AI_MAX_PLY];
    ai_poll_fn poll;
    void *ctx;
} ai_search_state_t;
extern ai_search_state_t ai_search_state;
#define S ai_search_state

static inline uint32_t ai_nodes_so_far(void) { return S.next_stop - S.left; }
/* Sets the next stop after `nodes` nodes. */
void ai_plan_next_stop(uint32_t nodes);
/* ai_make, and the node counted (S.abort once the budget is spent). */
void ai_search_make(rules_move_t m, ai_undo_t *u);
/* The score of the position for the side to move, searched depth plies
 * deep (then quiescence), ply plies below the root, in the window. */
int16_t ai_negamax(uint8_t depth, uint8_t ply, int16_t alpha, int16_t beta);

#endif
