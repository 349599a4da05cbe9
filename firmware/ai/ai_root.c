/* The search's root: the levels, iterative deepening and the root's move
 * order (the search itself is ai_search.c). Runs once per move: compiled
 * for size. */
#include "ai_search.h"

/* Levels: depth, quiescence depth, node budget / 16, root noise, the depth
 * from which late quiet moves are reduced. The budget is a hard limit; no
 * new iteration starts past a third of it. Sized from make bench (AVR
 * nodes per second, 62 suite positions) so that level 5's mean move stays
 * within 0.5 s, level 6's within 0.8 s, every worst within 2 s, and levels
 * 1-2 within 0.2 s; docs/ai.md has the figures. */
/* The top level's budget: 23,200 nodes in jasir, whose nodes cost most (its
 * blocked pieces are counted at every evaluation), and AI_TOP_FAST_SETS
 * (ai.h) sixteenths of it (27,550) in the other rule sets. make bench, slowest
 * suite positions: jasir 12,751 nodes/s, the others 16,410, so 1.82 s and
 * 1.68 s at most on the bare search, 11.6% more in the game while the
 * handheld shows its display; the mean (0.70 s) is what bounds it now.
 * A board whose AI is the C reference compiled for size (the Nano, about
 * half the speed) gets its own from firmware/boards.mk. */
#ifndef AI_TOP_BUDGET
#define AI_TOP_BUDGET 1450u
#endif
/* the top level's other settings (-D for tools/tune.sh's variants): depth 10
 * is reached only where the budget allows (AI_MAX_PLY leaves 2 plies of
 * quiescence below it) */
#ifndef AI_TOP_DEPTH
#define AI_TOP_DEPTH 10u
#endif
#ifndef AI_TOP_QDEPTH
#define AI_TOP_QDEPTH 3u
#endif
#ifndef AI_TOP_REDUCE_FROM
#define AI_TOP_REDUCE_FROM 3u
#endif
static const ai_level_t levels[AI_LEVELS] FLASH_TABLE = {
    {1, 1, 20, 120, 0},  /* 1: one move ahead and the reply's captures; often misjudges */
    {2, 2, 40, 30, 0},    /* 2: sees replies and simple exchanges */
    {3, 3, 200, 0, 0},    /* 3 */
    {4, 2, 450, 0, 0},    /* 4: with jasir's blocked-piece term, depth 4 and quiescence 3 played level 5 even */
    {6, 3, 560, 0, 0},    /* 5 */
    /* 6: against 5a653c0's level 5, 72% from balanced openings, 66% from
     * unfiltered ones (docs/ai.md) */
    {AI_TOP_DEPTH, AI_TOP_QDEPTH, AI_TOP_BUDGET, 0, AI_TOP_REDUCE_FROM},
};

void ai_level(uint8_t level, ai_level_t *out)
{
    const ai_level_t *l = &levels[(level < 1u ? 1u : level > AI_LEVELS ? AI_LEVELS : level) - 1u];
    /* byte by byte: one loop, not a read per field */
    for (uint8_t i = 0; i < sizeof *out; i++)
        ((uint8_t *)out)[i] = flash_byte((const uint8_t *)l + i);
}

/* Captures, returns and arrivals of the side to move. */
static inline __attribute__((always_inline)) bool is_tactical(rules_move_t m, uint8_t side)
{
    return RULES_MOVE_IS_CAPTURE(m) || RULES_MOVE_RET(m) != RULES_NO_POINT ||
           (!RULES_MOVE_IS_PLACEMENT(m) && ai_in_camp(side, RULES_MOVE_TO(m)));
}

static uint16_t mix(uint16_t a, uint16_t b)
{
    uint16_t h = (uint16_t)(a * 40503u) ^ (uint16_t)(b * 9973u + 0x5bd1u);
    h ^= (uint16_t)(h >> 7);
    return (uint16_t)(h * 40503u);
}

static uint16_t root_key(rules_move_t m, uint8_t side, uint16_t seed)
{
    return (uint16_t)((is_tactical(m, side) ? 0u : 0x8000u) | (mix(seed, m) >> 1));
}

#if AI_PONDER
/* Pondering (ai.h): the level's budget, and where its count starts (0, or
 * where pondering turned into the search for the move) */
static uint32_t level_budget, iter_from;
#define ITER_FROM iter_from

void ai_ponder_hit(void)
{
    iter_from = ai_nodes_so_far();
    S.budget = iter_from + level_budget;
}

void ai_stop(void) { S.budget = ai_nodes_so_far(); }
#else
#define ITER_FROM 0u
#endif

/* ai_choose, and ai_ponder (host builds) with its budget until its poll
 * says what the player did */
static rules_move_t choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                           ai_stats_t *stats, bool ponder)
{
    ai_level_t lv;
    ai_level(level, &lv);
    ai_board_load(p);
    S.budget = ai_node_budget(&lv, level, ai_board.flags);
#if AI_PONDER
    level_budget = S.budget;
    iter_from = 0;
    if (ponder)
        S.budget = AI_PONDER_MAX;
#else
    (void)ponder;
#endif
    ai_plan_next_stop(1);
    S.abort = false;
    S.qdepth = lv.qdepth;
    S.reduce_from = lv.reduce_from ? lv.reduce_from : 0xFFu;
    S.poll = poll;
    S.ctx = ctx;
    for (uint8_t i = 0; i < AI_MAX_PLY; i++)
        S.killer[i] = 0;
    rules_move_t *m = S.moves;
    const uint8_t n = ai_legal_moves(m, RULES_MAX_MOVES);
    S.used = n;
    stats->nodes = 1;
    stats->depth = 0;
    stats->score = 0;
    stats->budget_hit = false;
    if (n <= 1u)
        return m[0];
    /* root order: tactical moves first, ties broken by the seed
     * (insertion sort once per move; keys recomputed, not stored) */
    const uint8_t side = ai_board.stm;
    for (uint8_t i = 1; i < n; i++)
        for (uint8_t j = i; j > 0 && root_key(m[j - 1], side, seed) > root_key(m[j], side, seed); j--) {
            const rules_move_t t = m[j];
            m[j] = m[j - 1];
            m[j - 1] = t;
        }
    rules_move_t best = m[0];
    for (uint8_t depth = 1; depth <= lv.depth; depth++) {
        int16_t alpha = -AI_INF, iter_score = -AI_INF;
        uint8_t iter_best = 0xFF;
        for (uint8_t i = 0; i < n; i++) {
            ai_undo_t u;
            ai_search_make(m[i], &u);
            int16_t v;
            if (lv.noise || i == 0u) {
                /* the first move, and with noise every move (the root needs
                 * their true scores): full window */
                v = (int16_t)-ai_negamax((uint8_t)(depth - 1u), 1, -AI_INF, lv.noise ? AI_INF : (int16_t)-alpha);
            } else {
                /* the others proved no better with a null window; one that
                 * is better searched again for its score */
                v = (int16_t)-ai_negamax((uint8_t)(depth - 1u), 1, (int16_t)(-alpha - 1), (int16_t)-alpha);
                if (v > alpha && !S.abort)
                    v = (int16_t)-ai_negamax((uint8_t)(depth - 1u), 1, -AI_INF, (int16_t)-alpha);
            }
            ai_unmake(m[i], &u);
            if (S.abort)
                break;
            if (lv.noise)
                v = (int16_t)(v + mix((uint16_t)(seed ^ depth), m[i]) % (lv.noise + 1u));
            if (v > iter_score) {
                iter_score = v;
                iter_best = i;
            }
            if (!lv.noise && v > alpha)
                alpha = v;
        }
        /* an interrupted iteration still counts if it searched the previous
         * best first and then proved another move better */
        if (iter_best != 0xFF && (!S.abort || iter_best > 0u)) {
            best = m[iter_best];
            stats->score = iter_score;
            for (uint8_t j = iter_best; j > 0; j--) /* best first next time */
                m[j] = m[j - 1];
            m[0] = best;
        }
        if (S.abort)
            break;
        stats->depth = depth;
        if (ai_nodes_so_far() - ITER_FROM > (S.budget - ITER_FROM) / AI_NEXT_ITERATION)
            break; /* the next iteration would not finish in time */
        if (iter_score >= AI_DECIDED || iter_score <= -AI_DECIDED)
            break; /* the result is decided */
    }
    stats->nodes = ai_nodes_so_far();
    stats->budget_hit = S.abort;
    return best;
}

rules_move_t ai_choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                       ai_stats_t *stats)
{
    return choose(p, level, seed, poll, ctx, stats, false);
}

#if AI_PONDER
rules_move_t ai_ponder(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                       ai_stats_t *stats)
{
    return choose(p, level, seed, poll, ctx, stats, true);
}
#endif
