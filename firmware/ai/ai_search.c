/* Negamax alpha-beta with principal variation search (null windows after
 * the first move), quiescence on captures and arrivals, killer moves, moves
 * generated in stages, and a node budget, on the AI's own board
 * (ai_board.h), whose values are kept up to date move by move. The root
 * (iterative deepening, levels) is ai_root.c. */
#include "ai_search.h"

ai_search_state_t ai_search_state;

static int16_t quiesce(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft);

/* Sets the next stop after `nodes` nodes. */
AI_RARELY_RUN void ai_plan_next_stop(uint32_t nodes)
{
    uint32_t stop = (nodes | (AI_POLL_NODES - 1u)) + 1u;
    if (stop > S.budget)
        stop = S.budget > nodes ? S.budget : nodes + 1u; /* spent: stop at the next node */
    S.next_stop = stop;
    S.left = (uint16_t)(stop - nodes);
}

AI_RARELY_RUN static __attribute__((noinline)) void node_stop(void)
{
    const uint32_t nodes = S.next_stop;
    if ((nodes & (AI_POLL_NODES - 1u)) == 0u && S.poll)
        S.poll(S.ctx);
    if (nodes >= S.budget)
        S.abort = true; /* no make follows: every loop stops on it */
    else
        ai_plan_next_stop(nodes);
}

/* One more node: false once the budget is spent (S.abort). */
static inline bool count_node(void)
{
    if (--S.left == 0u)
        node_stop();
    return !S.abort;
}

static inline __attribute__((always_inline)) void make(rules_move_t m, ai_undo_t *u)
{
    ai_make(m, u);
    count_node();
}

/* Score of a finished game for the side to move: wins first, sooner
 * better, then the final score difference (it counts in a match). */
AI_RARELY_RUN static int16_t terminal(uint8_t ply)
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

static int16_t quiesce_moves(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft);

/* Quiescence: the stand-pat score, then captures and arrivals. Two
 * functions: most nodes end at the stand-pat score, and this part needs few
 * registers to save (the AVR saves each one a function uses). */
static int16_t quiesce(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft)
{
    if (S.abort)
        return 0; /* the value is thrown away */
    if (ai_ended_by_condition())
        return terminal(ply);
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
    return quiesce_moves(ply, alpha, beta, qleft);
}

AI_HOT static __attribute__((noinline)) int16_t quiesce_moves(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft)
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
                    v = (int16_t)-quiesce_moves((uint8_t)(ply + 1u), child_alpha, (int16_t)-alpha,
                                                   (uint8_t)(qleft - 1u));
            }
        } else {
            v = (int16_t)-quiesce((uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha, (uint8_t)(qleft - 1u));
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

/* The stand-pat bound quiesce() tests first in the position after a quiet
 * step of the side to move, less the step's gain (ai_step_gain): such a
 * step changes only the mover's piece-square value, so the reply's
 * evaluation without jasir's blocked pieces is the negation of this one's
 * plus two tempi, less the gain; in jasir, less the most the reply's
 * blocked pieces can count for it (ai_blocked_most). */
AI_FOR_SIZE static __attribute__((noinline)) int16_t quiet_reply_floor(void)
{
    int16_t floor = (int16_t)(2 * AI_W_TEMPO - ai_evaluate_unblocked_call());
    if (ai_board.flags & RS_RESERVE_IF_MARKED)
        floor = (int16_t)(floor - ai_blocked_most((uint8_t)(ai_board.stm ^ 1u)));
    return floor;
}

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
    return depth == 0u ? quiesce(ply, alpha, beta, S.qdepth) : ai_negamax(depth, ply, alpha, beta);
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
/* Compiled for size (AI_FOR_SIZE): a node in three or four is negamax's, the
 * rest quiescence's; -O2 here took 300 B more flash than the console has
 * for 1% more speed (make bench). */
AI_FOR_SIZE int16_t ai_negamax(uint8_t depth, uint8_t ply, int16_t alpha, int16_t beta)
{
    if (S.abort)
        return 0; /* the value is thrown away */
    if (depth == 0u)
        return quiesce(ply, alpha, beta, S.qdepth);
    if (ai_ended_by_condition())
        return terminal(ply);
    rules_move_t *m = &S.moves[S.used];
    uint8_t n = ply >= AI_MAX_PLY ? RULES_OVERFLOW : ai_tactical_moves(m, (uint8_t)(AI_STACK_MOVES - S.used));
    if (n == RULES_OVERFLOW) /* too deep, or no room on the move stack: a leaf */
        return ai_evaluate_board();
    S.used = (uint8_t)(S.used + n);
    /* best stays -AI_INF until a move is searched (every score is above) */
    uint8_t stage = 0, i = 0, quiet_searched = 0;
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
                S.reply_floor = quiet_reply_floor();
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
                return terminal(ply); /* no move: the game has ended */
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
            uint8_t d = (uint8_t)(depth - 1u);
            if ((stage & STAGE_QUIET) != 0u && depth >= S.reduce_from && quiet_searched >= AI_FULL_QUIET)
                d--; /* a late quiet move: probably no better, proved at a ply less */
            v = (int16_t)-search(d, (uint8_t)(ply + 1u), (int16_t)(-alpha - 1), (int16_t)-alpha);
            if (v > alpha && d < depth - 1u && !S.abort)
                v = (int16_t)-search((uint8_t)(depth - 1u), (uint8_t)(ply + 1u), (int16_t)(-alpha - 1), (int16_t)-alpha);
            if (v > alpha && v < beta && !S.abort)
                v = (int16_t)-search((uint8_t)(depth - 1u), (uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha);
        }
        ai_unmake(move, &u);
        if (S.abort)
            break;
        if (stage & STAGE_QUIET)
            quiet_searched++;
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

/* The root's make: ai_make, and the node counted. */
AI_RARELY_RUN void ai_search_make(rules_move_t m, ai_undo_t *u) { make(m, u); }
