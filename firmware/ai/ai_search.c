/* Negamax alpha-beta with iterative deepening, principal variation search
 * (null windows after the first move), quiescence on captures and
 * arrivals, killer moves, moves generated in stages, and a node budget,
 * on the AI's own board (ai_board.h), whose values are kept up to date
 * move by move. */
#include "ai.h"
#include "ai_eval.h"
#include "ai_search_offsets.h"
#include "flash.h"

#define AI_INF 30000
#define AI_DECIDED (AI_WIN - (int16_t)(AI_MAX_PLY * AI_PLY_COST) - 200) /* a won or lost game */
/* No new iteration starts once this share of the node budget is spent (it
 * would rarely finish; measured in the arena against 4 and 6). */
#define AI_NEXT_ITERATION 3u

/* Levels: depth, quiescence depth, node budget / 16, root noise. The
 * budget is a hard limit; no new iteration starts past a third of it.
 * Sized from make bench (AVR nodes per second, 62 suite positions) so that
 * level 5's mean move stays within 0.5 s and its worst within 2 s, and
 * levels 1-2 within 0.2 s; docs/ai.md has the figures. */
static const ai_level_t levels[AI_LEVELS] FLASH_TABLE = {
    {1, 1, 20, 120},  /* 1: one move ahead and the reply's captures; often misjudges */
    {2, 2, 40, 30},    /* 2: sees replies and simple exchanges */
    {3, 3, 200, 0},    /* 3 */
    {4, 2, 450, 0},    /* 4: with jasir's blocked-piece term, depth 4 and quiescence 3 played level 5 even */
    {6, 3, 560, 0},    /* 5: the strongest the 2-second budget allows */
};

AI_RARELY_RUN void ai_level(uint8_t level, ai_level_t *out)
{
    const ai_level_t *l = &levels[(level < 1u ? 1u : level > AI_LEVELS ? AI_LEVELS : level) - 1u];
    out->depth = flash_byte(&l->depth);
    out->qdepth = flash_byte(&l->qdepth);
    out->node_budget = flash_word(&l->node_budget);
    out->noise = flash_byte(&l->noise);
}

/* The search's whole working state: fixed size, reused every move. Named
 * (not static) because on the AVR negamax and quiescence are assembler
 * (ai_search_avr.S), which reads it at the offsets ai_search_offsets.h
 * gives (checked below). */
typedef struct {
    /* nodes counted down by a 16-bit count to the next multiple of
     * AI_POLL_NODES or the budget, whichever comes first (cheaper per node
     * than a 32-bit count and compare) */
    uint32_t next_stop, budget;
    uint16_t left; /* nodes until next_stop */
    bool abort;
    uint8_t qdepth;
    uint8_t used; /* entries of moves[] in use by the plies above */
    /* the horizon node's quiet_reply_floor(): one at a time, as its
     * children are quiescence's */
    int16_t reply_floor;
    rules_move_t moves[AI_STACK_MOVES];
    rules_move_t killer[AI_MAX_PLY];
    ai_poll_fn poll;
    void *ctx;
} ai_search_state_t;
ai_search_state_t ai_search_state;
#define S ai_search_state
#ifdef __AVR__
#include <stddef.h>
_Static_assert(offsetof(ai_search_state_t, left) == AI_S_OFF_LEFT && sizeof(S.left) == 2u &&
                   offsetof(ai_search_state_t, abort) == AI_S_OFF_ABORT && sizeof(S.abort) == 1u &&
                   offsetof(ai_search_state_t, qdepth) == AI_S_OFF_QDEPTH &&
                   offsetof(ai_search_state_t, used) == AI_S_OFF_USED &&
                   offsetof(ai_search_state_t, reply_floor) == AI_S_OFF_REPLY_FLOOR &&
                   offsetof(ai_search_state_t, moves) == AI_S_OFF_MOVES && sizeof(S.moves[0]) == 2u &&
                   offsetof(ai_search_state_t, killer) == AI_S_OFF_KILLER,
               "ai_search_offsets.h");
_Static_assert(AI_STACK_MOVES == AI_ASM_STACK_MOVES && AI_MAX_PLY == AI_ASM_MAX_PLY &&
                   RS_CHAIN_ENDS_GAME == 1u << AI_ASM_CHAIN_ENDS_GAME_BIT && AI_W_TEMPO > 0 && AI_W_TEMPO < 64 &&
                   AI_W_RACE_BLOCKED > 0 && AI_W_RACE_BLOCKED * AI_SIDE_PIECES < 256 &&
                   AI_INF == AI_ASM_INF && RULES_MOVE_IS_CAPTURE((rules_move_t)0x8000u) &&
                   !RULES_MOVE_IS_CAPTURE((rules_move_t)0x7FFFu),
               "ai_search_offsets.h");
#endif

/* The search's functions that ai_search_avr.S is (ai_negamax and
 * ai_quiesce_moves, the C ones below being the host's twins) or calls:
 * not static. */
int16_t ai_negamax(uint8_t depth, uint8_t ply, int16_t alpha, int16_t beta);
int16_t ai_quiesce(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft);
int16_t ai_quiesce_moves(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft);
int16_t ai_terminal(uint8_t ply);
int16_t ai_quiet_reply_floor(void);
void ai_node_stop(void);

static uint32_t nodes_so_far(void) { return S.next_stop - S.left; }

/* Sets the next stop after `nodes` nodes. */
static void plan_next_stop(uint32_t nodes)
{
    uint32_t stop = (nodes | (AI_POLL_NODES - 1u)) + 1u;
    if (stop > S.budget)
        stop = S.budget > nodes ? S.budget : nodes + 1u; /* spent: stop at the next node */
    S.next_stop = stop;
    S.left = (uint16_t)(stop - nodes);
}

AI_RARELY_RUN __attribute__((noinline)) void ai_node_stop(void)
{
    const uint32_t nodes = S.next_stop;
    if ((nodes & (AI_POLL_NODES - 1u)) == 0u && S.poll)
        S.poll(S.ctx);
    if (nodes >= S.budget)
        S.abort = true; /* no make follows: every loop stops on it */
    else
        plan_next_stop(nodes);
}

/* One more node: false once the budget is spent (S.abort). */
static inline bool count_node(void)
{
    if (--S.left == 0u)
        ai_node_stop();
    return !S.abort;
}

static inline __attribute__((always_inline)) void make(rules_move_t m, ai_undo_t *u)
{
    ai_make(m, u);
    count_node();
}

/* Score of a finished game for the side to move: wins first, sooner
 * better, then the final score difference (it counts in a match). */
AI_RARELY_RUN int16_t ai_terminal(uint8_t ply)
{
    uint8_t score[2];
    const uint8_t s = ai_board.stm;
    ai_score(score);
    const uint8_t w = ai_winner();
    const int16_t diff = (int16_t)(((int16_t)score[s] - (int16_t)score[s ^ 1u]) * AI_SCORE_UNIT);
    if (w == RULES_DRAW)
        return diff;
    return (int16_t)((w == s ? AI_WIN - ply * AI_PLY_COST : -AI_WIN + ply * AI_PLY_COST) + diff);
}

/* Captures, returns and arrivals of the side to move. */
static inline __attribute__((always_inline)) bool is_tactical(rules_move_t m, uint8_t side)
{
    return RULES_MOVE_IS_CAPTURE(m) || RULES_MOVE_RET(m) != RULES_NO_POINT ||
           (!RULES_MOVE_IS_PLACEMENT(m) && ai_in_camp(side, RULES_MOVE_TO(m)));
}

/* Quiescence: the stand-pat score, then captures and arrivals. Two
 * functions: most nodes end at the stand-pat score, and this part needs few
 * registers to save (the AVR saves each one a function uses). On the AVR
 * both are ai_search_avr.S, these C functions' assembler twins. */
#ifndef __AVR__
int16_t ai_quiesce(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft)
{
    if (S.abort)
        return 0; /* the value is thrown away */
    if (ai_ended_by_condition())
        return ai_terminal(ply);
    int16_t stand = ai_evaluate_unblocked();
    if (ai_board.flags & RS_RESERVE_IF_MARKED) {
        /* jasir's blocked pieces, looked at only when the most they can
         * count either way leaves the window open: otherwise that bound
         * decides as the exact score would (a fail-soft bound) */
        const uint8_t s = ai_board.stm;
        const int16_t low = (int16_t)(stand - ai_blocked_most(s)), high = (int16_t)(stand + ai_blocked_most(s ^ 1u));
        if (low >= beta)
            return low;
        stand = high <= alpha ? high : (int16_t)(stand + ai_blocked_value());
    }
    if (stand >= beta)
        return stand;
    if (stand > alpha)
        alpha = stand;
    if (qleft == 0u || ply >= AI_MAX_PLY)
        return alpha;
    return ai_quiesce_moves(ply, alpha, beta, qleft);
}
#endif

/* On the AVR, ai_search_avr.S: this function's assembler twin (its
 * compiled frame saved 18 registers, and half its calls find no move). */
#ifndef __AVR__
__attribute__((noinline)) int16_t ai_quiesce_moves(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft)
{
    rules_move_t *m = &S.moves[S.used];
    const uint8_t n = ai_tactical_moves(m, (uint8_t)(AI_STACK_MOVES - S.used));
    if (n == RULES_OVERFLOW)
        return alpha; /* no room left on the move stack: stand pat */
    S.used = (uint8_t)(S.used + n);
    for (uint8_t i = 0; i < n && !S.abort; i++) {
        ai_undo_t u;
        make(m[i], &u);
        int16_t v;
        if (!(ai_board.flags & RS_RESERVE_IF_MARKED) && !S.abort && !ai_ended_by_condition()) {
            /* the child's quiesce() up to its stand-pat score, here: most
             * children stop there, and the call's frame costs more than
             * this copy (jasir's blocked pieces: the call) */
            const int16_t stand = ai_evaluate_unblocked();
            if (stand >= (int16_t)-alpha) {
                v = (int16_t)-stand;
            } else {
                const int16_t child_alpha = stand > (int16_t)-beta ? stand : (int16_t)-beta;
                if (qleft == 1u || ply + 1u >= AI_MAX_PLY)
                    v = (int16_t)-child_alpha;
                else
                    v = (int16_t)-ai_quiesce_moves((uint8_t)(ply + 1u), child_alpha, (int16_t)-alpha,
                                                   (uint8_t)(qleft - 1u));
            }
        } else {
            v = (int16_t)-ai_quiesce((uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha, (uint8_t)(qleft - 1u));
        }
        ai_unmake(m[i], &u);
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    S.used = (uint8_t)(S.used - n);
    return alpha;
}
#endif

/* The stand-pat bound quiesce() tests first in the position after a quiet
 * step of the side to move, less the step's gain (ai_step_gain): such a
 * step changes only the mover's piece-square value, so the reply's
 * evaluation without jasir's blocked pieces is the negation of this one's
 * plus two tempi, less the gain; in jasir, less the most the reply's
 * blocked pieces can count for it (ai_blocked_most). */
__attribute__((noinline)) int16_t ai_quiet_reply_floor(void)
{
    int16_t floor = (int16_t)(2 * AI_W_TEMPO - ai_evaluate_unblocked_call());
    if (ai_board.flags & RS_RESERVE_IF_MARKED)
        floor = (int16_t)(floor - ai_blocked_most((uint8_t)(ai_board.stm ^ 1u)));
    return floor;
}

/* On the AVR, ai_search_avr.S: negamax's assembler twin (ai_negamax). */
#ifndef __AVR__
/* That bound after the move m: -AI_INF - 1 (below any beta) unless m is a
 * quiet step (a placement or jasir's shielded capture is made). */
static inline __attribute__((always_inline)) int16_t quiet_reply_bound(rules_move_t m, int16_t floor)
{
    const uint8_t f = RULES_MOVE_FROM(m);
    if ((m & AI_PLAIN_STEP_BITS) != AI_PLAIN_STEP || f == RULES_HAND_POINT)
        return -AI_INF - 1;
    return (int16_t)(floor - ai_step_gain(f, RULES_MOVE_TO(m)));
}

/* A child's search: straight to quiescence at the horizon, which saves a
 * negamax frame at most nodes. */
static inline int16_t search(uint8_t depth, uint8_t ply, int16_t alpha, int16_t beta)
{
    return depth == 0u ? ai_quiesce(ply, alpha, beta, S.qdepth) : ai_negamax(depth, ply, alpha, beta);
}

/* negamax's stages: the tactical moves, the killer, the quiet moves; at the
 * horizon (depth 1), once past the tactical moves, quiet steps may be
 * scored without being made (S.reply_floor) */
#define STAGE_TACTICAL 0u
#define STAGE_KILLER 1u
#define STAGE_QUIET 2u
#define STAGE_HORIZON 4u

/* Recursion depth is bounded by the level's depth (at most AI_MAX_PLY).
 * The moves come in three stages: the tactical ones (captures, returns and
 * arrivals), the ply's killer move (the last quiet move that cut a sibling
 * off) when it is legal here, then the other quiet moves, generated only
 * when the first two have not cut the node off (about two nodes in three). */
int16_t ai_negamax(uint8_t depth, uint8_t ply, int16_t alpha, int16_t beta)
{
    if (S.abort)
        return 0; /* the value is thrown away */
    if (depth == 0u)
        return ai_quiesce(ply, alpha, beta, S.qdepth);
    if (ai_ended_by_condition())
        return ai_terminal(ply);
    rules_move_t *m = &S.moves[S.used];
    uint8_t n = ply >= AI_MAX_PLY ? RULES_OVERFLOW : ai_tactical_moves(m, (uint8_t)(AI_STACK_MOVES - S.used));
    if (n == RULES_OVERFLOW) /* too deep, or no room on the move stack: a leaf */
        return ai_evaluate_board();
    S.used = (uint8_t)(S.used + n);
    /* best stays -AI_INF until a move is searched (every score is above) */
    uint8_t stage = 0, i = 0;
    int16_t best = -AI_INF;
    for (;;) {
        rules_move_t move;
        if (i < n) {
            move = m[i++];
            if ((stage & STAGE_QUIET) != 0u && move == S.killer[ply])
                continue; /* searched before the quiet moves */
        } else if (stage == STAGE_TACTICAL) {
            stage = STAGE_KILLER;
            if (depth == 1u && ai_quiet_steps_cannot_end()) {
                S.reply_floor = ai_quiet_reply_floor();
                stage = STAGE_KILLER | STAGE_HORIZON;
            }
            move = S.killer[ply];
            if (!ai_quiet_move_is_legal(move))
                continue;
        } else if ((stage & STAGE_KILLER) != 0u) {
            stage = (uint8_t)((stage & STAGE_HORIZON) | STAGE_QUIET);
            const uint8_t q = ai_quiet_moves(m + n, (uint8_t)(AI_STACK_MOVES - S.used), n != 0u);
            if (q == RULES_OVERFLOW) { /* no room on the move stack */
                if (best == -AI_INF)
                    best = ai_evaluate_board(); /* a leaf, as when the tactical moves do not fit */
                break;
            }
            n = (uint8_t)(n + q);
            S.used = (uint8_t)(S.used + q);
            if (n == 0u)
                return ai_terminal(ply); /* no move: the game has ended */
            continue;
        } else {
            break;
        }
        int16_t v;
        if (stage & STAGE_HORIZON) {
            /* a quiet step at the horizon: the reply's quiescence stops at
             * its stand-pat score when the bound it would test first
             * reaches its beta (-alpha here, full or null window); the node
             * is counted and scored as the reply would score it, without
             * making the step */
            const int16_t bound = quiet_reply_bound(move, S.reply_floor);
            if (bound >= (int16_t)-alpha) {
                if (!count_node())
                    break;
                v = (int16_t)-bound;
                goto scored;
            }
        }
        ai_undo_t u;
        make(move, &u);
        if (best == -AI_INF) {
            v = (int16_t)-search((uint8_t)(depth - 1u), (uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha);
        } else {
            /* the first move is probably best: prove the others worse with
             * a null window, search again only the one that is not */
            v = (int16_t)-search((uint8_t)(depth - 1u), (uint8_t)(ply + 1u), (int16_t)(-alpha - 1), (int16_t)-alpha);
            if (v > alpha && v < beta && !S.abort)
                v = (int16_t)-search((uint8_t)(depth - 1u), (uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha);
        }
        ai_unmake(move, &u);
        if (S.abort)
            break;
    scored:
        if (v > best)
            best = v;
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta) {
                if (stage != STAGE_TACTICAL && !RULES_MOVE_IS_CAPTURE(move))
                    S.killer[ply] = move; /* quiet (not a shielded capture) */
                break;
            }
        }
    }
    S.used = (uint8_t)(S.used - n);
    return best;
}
#endif

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

AI_RARELY_RUN rules_move_t ai_choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                       ai_stats_t *stats)
{
    ai_level_t lv;
    ai_level(level, &lv);
    ai_board_load(p);
    S.budget = (uint32_t)lv.node_budget * 16u;
    plan_next_stop(1);
    S.abort = false;
    S.qdepth = lv.qdepth;
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
            make(m[i], &u);
            /* with noise the root needs every move's true score: full window */
            int16_t v = (int16_t)-ai_negamax((uint8_t)(depth - 1u), 1, -AI_INF, lv.noise ? AI_INF : (int16_t)-alpha);
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
        if (nodes_so_far() > S.budget / AI_NEXT_ITERATION)
            break; /* the next iteration would not finish in time */
        if (iter_score >= AI_DECIDED || iter_score <= -AI_DECIDED)
            break; /* the result is decided */
    }
    stats->nodes = nodes_so_far();
    stats->budget_hit = S.abort;
    return best;
}
