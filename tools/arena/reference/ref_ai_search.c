/* Negamax alpha-beta with iterative deepening, quiescence on captures and
 * arrivals, killer moves, and a node budget; board values kept up to date
 * move by move so that a leaf costs a few table reads. */
#include "ref_ai.h"
#include "ref_ai_eval.h"
#include "flash.h"

#define REF_AI_INF 30000
#define REF_AI_WIN 10000 /* a won game, minus REF_AI_PLY_COST per ply it takes */
#define REF_AI_PLY_COST 128 /* more than any final-score difference: sooner wins first */
#define REF_AI_DECIDED (REF_AI_WIN - (int16_t)(REF_AI_MAX_PLY * REF_AI_PLY_COST) - 200) /* a won or lost game */
#define REF_AI_SCORE_UNIT 10 /* centi-pieces per point of final-score difference */

/* Levels: depth, quiescence depth, node budget / 16, root noise. The
 * budget is a hard limit; no new iteration starts past a sixth of it.
 * Sized from make bench at about 3,700 nodes/s; now about 4,500 (same budgets). */
static const ref_ai_level_t levels[REF_AI_LEVELS] FLASH_TABLE = {
    {1, 0, 20, 120},   /* 1: looks one move ahead, often misjudges */
    {2, 2, 40, 30},    /* 2: sees replies and simple exchanges */
    {3, 3, 100, 0},    /* 3 */
    {4, 3, 250, 0},    /* 4 */
    {5, 3, 450, 0},    /* 5: the strongest the 2-second budget allows */
};

void ref_ai_level(uint8_t level, ref_ai_level_t *out)
{
    const ref_ai_level_t *l = &levels[(level < 1u ? 1u : level > REF_AI_LEVELS ? REF_AI_LEVELS : level) - 1u];
    out->depth = flash_byte(&l->depth);
    out->qdepth = flash_byte(&l->qdepth);
    out->node_budget = flash_word(&l->node_budget);
    out->noise = flash_byte(&l->noise);
}

/* The search's whole working state: fixed size, reused every move. */
static struct {
    rules_pos_t pos;
    ref_ai_eval_ctx_t eval;
    int16_t board[2];
    uint32_t nodes, budget;
    bool abort;
    uint8_t qdepth;
    uint8_t used; /* entries of moves[] in use by the plies above */
    rules_move_t moves[REF_AI_STACK_MOVES];
    rules_move_t killer[REF_AI_MAX_PLY];
    ref_ai_poll_fn poll;
    void *ctx;
} S;

/* The change a move makes to the two sides' board values. */
static void board_delta(rules_move_t m, uint8_t s, int16_t sign)
{
    const uint8_t f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m), r = RULES_MOVE_RET(m);
    int16_t mine = ref_ai_point(&S.eval, s, t);
    if (f != RULES_HAND_POINT)
        mine = (int16_t)(mine - ref_ai_point(&S.eval, s, f));
    if (r != RULES_NO_POINT)
        mine = (int16_t)(mine + ref_ai_point(&S.eval, s, r));
    S.board[s] = (int16_t)(S.board[s] + sign * mine);
    if (RULES_MOVE_IS_CAPTURE(m))
        S.board[s ^ 1u] = (int16_t)(S.board[s ^ 1u] - sign * ref_ai_point(&S.eval, s ^ 1u, t));
}

static void make(rules_move_t m, rules_undo_t *u)
{
    board_delta(m, rules_side_to_move(&S.pos), 1);
    rules_make(&S.pos, m, u);
    if ((++S.nodes & (REF_AI_POLL_NODES - 1u)) == 0u && S.poll)
        S.poll(S.ctx);
    if (S.nodes >= S.budget)
        S.abort = true;
}

static void unmake(rules_move_t m, const rules_undo_t *u)
{
    rules_unmake(&S.pos, m, u);
    board_delta(m, rules_side_to_move(&S.pos), -1);
}

/* Score of a finished game for the side to move: wins first, sooner
 * better, then the final score difference (it counts in a match). */
static int16_t terminal(uint8_t ply)
{
    uint8_t score[2];
    const uint8_t s = rules_side_to_move(&S.pos);
    rules_score(&S.pos, score);
    const uint8_t w = rules_winner(&S.pos);
    const int16_t diff = (int16_t)(((int16_t)score[s] - (int16_t)score[s ^ 1u]) * REF_AI_SCORE_UNIT);
    if (w == RULES_DRAW)
        return diff;
    return (int16_t)((w == s ? REF_AI_WIN - ply * REF_AI_PLY_COST : -REF_AI_WIN + ply * REF_AI_PLY_COST) + diff);
}

static bool is_tactical(rules_move_t m, uint32_t camp)
{
    return RULES_MOVE_IS_CAPTURE(m) || RULES_MOVE_RET(m) != RULES_NO_POINT ||
           (!RULES_MOVE_IS_PLACEMENT(m) && (RULES_BIT(RULES_MOVE_TO(m)) & camp));
}

/* Captures, returns and arrivals first, then the killer move. */
static void order(rules_move_t *m, uint8_t n, rules_move_t killer)
{
    const uint32_t camp = rules_enemy_camp(rules_side_to_move(&S.pos));
    uint8_t front = 0;
    for (uint8_t i = 0; i < n; i++)
        if (is_tactical(m[i], camp)) {
            const rules_move_t t = m[front];
            m[front++] = m[i];
            m[i] = t;
        }
    for (uint8_t i = front; i < n; i++)
        if (m[i] == killer) {
            m[i] = m[front];
            m[front] = killer;
            break;
        }
}

static int16_t quiesce(uint8_t ply, int16_t alpha, int16_t beta, uint8_t qleft)
{
    if (S.abort)
        return 0; /* the value is thrown away */
    if (rules_ended_by_condition(&S.pos))
        return terminal(ply);
    const int16_t stand = ref_ai_evaluate_with(&S.eval, &S.pos, S.board);
    if (stand >= beta)
        return stand;
    if (stand > alpha)
        alpha = stand;
    if (qleft == 0u || ply >= REF_AI_MAX_PLY)
        return alpha;
    rules_move_t *m = &S.moves[S.used];
    const uint8_t n = rules_tactical_moves(&S.pos, m, (uint8_t)(REF_AI_STACK_MOVES - S.used));
    if (n == RULES_OVERFLOW)
        return alpha; /* no room left on the move stack: stand pat */
    S.used = (uint8_t)(S.used + n);
    for (uint8_t i = 0; i < n && !S.abort; i++) {
        rules_undo_t u;
        make(m[i], &u);
        const int16_t v = (int16_t)-quiesce((uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha, (uint8_t)(qleft - 1u));
        unmake(m[i], &u);
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    S.used = (uint8_t)(S.used - n);
    return alpha;
}

/* Recursion depth is bounded by the level's depth (at most REF_AI_MAX_PLY). */
static int16_t negamax(uint8_t depth, uint8_t ply, int16_t alpha, int16_t beta)
{
    if (S.abort)
        return 0; /* the value is thrown away */
    if (depth == 0u)
        return quiesce(ply, alpha, beta, S.qdepth);
    rules_move_t *m = &S.moves[S.used];
    const uint8_t n = ply >= REF_AI_MAX_PLY ? RULES_OVERFLOW
                                        : rules_legal_moves_into(&S.pos, m, (uint8_t)(REF_AI_STACK_MOVES - S.used));
    if (n == 0u)
        return terminal(ply); /* the game has ended */
    if (n == RULES_OVERFLOW) /* too deep, or no room on the move stack: a leaf */
        return rules_ended_by_condition(&S.pos) ? terminal(ply) : ref_ai_evaluate_with(&S.eval, &S.pos, S.board);
    S.used = (uint8_t)(S.used + n);
    order(m, n, S.killer[ply]);
    int16_t best = -REF_AI_INF;
    for (uint8_t i = 0; i < n; i++) {
        rules_undo_t u;
        make(m[i], &u);
        const int16_t v = (int16_t)-negamax((uint8_t)(depth - 1u), (uint8_t)(ply + 1u), (int16_t)-beta, (int16_t)-alpha);
        unmake(m[i], &u);
        if (S.abort)
            break;
        if (v > best)
            best = v;
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta) {
                if (!is_tactical(m[i], rules_enemy_camp(rules_side_to_move(&S.pos))))
                    S.killer[ply] = m[i];
                break;
            }
        }
    }
    S.used = (uint8_t)(S.used - n);
    return best;
}

static uint16_t mix(uint16_t a, uint16_t b)
{
    uint16_t h = (uint16_t)(a * 40503u) ^ (uint16_t)(b * 9973u + 0x5bd1u);
    h ^= (uint16_t)(h >> 7);
    return (uint16_t)(h * 40503u);
}

static uint16_t root_key(rules_move_t m, uint32_t camp, uint16_t seed)
{
    return (uint16_t)((is_tactical(m, camp) ? 0u : 0x8000u) | (mix(seed, m) >> 1));
}

rules_move_t ref_ai_choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ref_ai_poll_fn poll, void *ctx,
                       ref_ai_stats_t *stats)
{
    ref_ai_level_t lv;
    ref_ai_level(level, &lv);
    S.pos = *p;
    ref_ai_eval_ctx(p, &S.eval);
    S.board[0] = ref_ai_board_value(&S.eval, p, RULES_WHITE);
    S.board[1] = ref_ai_board_value(&S.eval, p, RULES_BLACK);
    S.nodes = 1;
    S.budget = (uint32_t)lv.node_budget * 16u;
    S.abort = false;
    S.qdepth = lv.qdepth;
    S.poll = poll;
    S.ctx = ctx;
    for (uint8_t i = 0; i < REF_AI_MAX_PLY; i++)
        S.killer[i] = 0;
    rules_move_t *m = S.moves;
    const uint8_t n = rules_legal_moves(&S.pos, m);
    S.used = n;
    stats->nodes = 1;
    stats->depth = 0;
    stats->score = 0;
    stats->budget_hit = false;
    if (n <= 1u)
        return m[0];
    /* root order: tactical moves first, ties broken by the seed
     * (insertion sort once per move; keys recomputed, not stored) */
    const uint32_t camp = rules_enemy_camp(rules_side_to_move(p));
    for (uint8_t i = 1; i < n; i++)
        for (uint8_t j = i; j > 0 && root_key(m[j - 1], camp, seed) > root_key(m[j], camp, seed); j--) {
            const rules_move_t t = m[j];
            m[j] = m[j - 1];
            m[j - 1] = t;
        }
    rules_move_t best = m[0];
    for (uint8_t depth = 1; depth <= lv.depth; depth++) {
        int16_t alpha = -REF_AI_INF, iter_score = -REF_AI_INF;
        uint8_t iter_best = 0xFF;
        for (uint8_t i = 0; i < n; i++) {
            rules_undo_t u;
            make(m[i], &u);
            /* with noise the root needs every move's true score: full window */
            int16_t v = (int16_t)-negamax((uint8_t)(depth - 1u), 1, -REF_AI_INF, lv.noise ? REF_AI_INF : (int16_t)-alpha);
            unmake(m[i], &u);
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
        if (S.nodes > S.budget / 6u)
            break; /* the next iteration would not finish in time */
        if (iter_score >= REF_AI_DECIDED || iter_score <= -REF_AI_DECIDED)
            break; /* the result is decided */
    }
    stats->nodes = S.nodes;
    stats->budget_hit = S.abort;
    return best;
}
