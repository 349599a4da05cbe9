/* The AI: always legal, takes a win in one and avoids a loss in one from
 * level 2 up, honours its node budget, and is deterministic. Positions come
 * from seeded random games in every rule set. */
#include "ai/ai.h"
#include "ai/ai_search.h" /* AI_NEXT_ITERATION, AI_DECIDED: where pondering stops */
#include "helpers.h"

#define POSITIONS 400 /* per rule set */

static uint32_t rng_state;
static uint32_t rng(void) { return test_random(&rng_state); }

/* Calls fn on POSITIONS random positions (not over) of each rule set. */
static void for_positions(void (*fn)(const rules_pos_t *p, unsigned index))
{
    rng_state = 0xC0FFEEu;
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        unsigned done = 0;
        while (done < POSITIONS) {
            rules_pos_t p;
            rules_init(&p, set, (uint8_t)(rng() & 1u));
            const unsigned plies = rng() % 60u;
            for (unsigned i = 0; i < plies; i++) {
                rules_move_t m[RULES_MAX_MOVES];
                rules_undo_t u;
                const uint8_t n = rules_legal_moves(&p, m);
                if (n == 0)
                    break;
                rules_make(&p, m[rng() % n], &u);
            }
            if (!rules_game_over(&p))
                fn(&p, done++);
        }
    }
}

static bool is_legal_move(const rules_pos_t *p, rules_move_t m)
{
    rules_move_t all[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(p, all);
    for (uint8_t i = 0; i < n; i++)
        if (all[i] == m)
            return true;
    return false;
}

/* +1: the move wins at once, -1: it loses at once, 0: neither. */
static int outcome(const rules_pos_t *p, rules_move_t m)
{
    rules_pos_t q = *p;
    rules_undo_t u;
    const uint8_t me = rules_side_to_move(p);
    rules_make(&q, m, &u);
    if (!rules_game_over(&q))
        return 0;
    const uint8_t w = rules_winner(&q);
    return w == me ? 1 : w == RULES_DRAW ? 0 : -1;
}

static void check_legal(const rules_pos_t *p, unsigned index)
{
    for (uint8_t level = 1; level <= AI_LEVELS; level++) {
        if (level >= 4 && index % 8u)
            continue; /* the deep levels on every 8th position: time */
        ai_stats_t st;
        const rules_move_t m = ai_choose(p, level, (uint16_t)index, NULL, NULL, &st);
        if (!is_legal_move(p, m))
            fail_msg("level %u chose an illegal move at %s", level, text_of(p));
    }
}

static void test_always_legal(void **state)
{
    (void)state;
    for_positions(check_legal);
}

static unsigned wins_seen, losses_seen;
static void check_win_and_loss(const rules_pos_t *p, unsigned index)
{
    rules_move_t all[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(p, all);
    bool can_win = false, can_lose = false, can_avoid = false;
    for (uint8_t i = 0; i < n; i++) {
        const int o = outcome(p, all[i]);
        can_win |= o > 0;
        can_lose |= o < 0;
        can_avoid |= o >= 0;
    }
    if (!can_win && !(can_lose && can_avoid))
        return;
    wins_seen += can_win;
    losses_seen += !can_win;
    for (uint8_t level = 2; level <= AI_LEVELS; level++) {
        ai_stats_t st;
        const rules_move_t m = ai_choose(p, level, (uint16_t)index, NULL, NULL, &st);
        if (can_win && outcome(p, m) <= 0)
            fail_msg("level %u missed a win in one at %s", level, text_of(p));
        if (!can_win && outcome(p, m) < 0)
            fail_msg("level %u lost in one when it could avoid it at %s", level, text_of(p));
    }
}

static void test_wins_in_one_and_avoids_losing_in_one(void **state)
{
    (void)state;
    wins_seen = losses_seen = 0;
    for_positions(check_win_and_loss);
    print_message("positions with a win in one: %u, with an avoidable loss in one: %u\n", wins_seen, losses_seen);
    assert_true(wins_seen > 20);
    assert_true(losses_seen > 20);
}

static void check_budget(const rules_pos_t *p, unsigned index)
{
    if (index % 4u)
        return;
    const uint8_t set_flags = rules_set_flags(rules_set_of(p));
    for (uint8_t level = 1; level <= AI_LEVELS; level++) {
        ai_level_t lv;
        ai_stats_t st;
        ai_level(level, &lv);
        ai_choose(p, level, 7, NULL, NULL, &st);
        /* the search stops at the budget: one node over at most */
        assert_true(st.nodes <= ai_node_budget(&lv, level, set_flags) + 1u);
        if (level == AI_LEVELS && rules_set_of(p) != RULES_JASIR) /* the top level: more outside jasir */
            assert_true(ai_node_budget(&lv, level, set_flags) > (uint32_t)lv.node_budget * 16u);
        assert_true(st.depth <= lv.depth);
    }
}

static void test_node_budget_honoured(void **state)
{
    (void)state;
    for_positions(check_budget);
}

/* ---- the search's score is the plain minimax score --------------------
 * Alpha-beta with a full window at the root returns the same score as
 * plain minimax over the same tree: every shortcut the search takes
 * (null windows, killer moves, moves in stages, jasir's blocked-piece
 * bounds, the horizon's quiet steps scored without being made) must leave
 * it unchanged. The reference below is that minimax, on the rules core and
 * ai_evaluate(): depth plies of every legal move, then quiescence on the
 * tactical moves (captures and arrivals) with stand-pat, as ai.h says. */
static uint8_t ref_qdepth;
static bool ref_overflow; /* a ply would not fit the search's move stack: not comparable */

static int16_t ref_terminal(const rules_pos_t *p, uint8_t ply)
{
    uint8_t score[2];
    const uint8_t s = rules_side_to_move(p), w = rules_winner(p);
    rules_score(p, score);
    const int16_t diff = (int16_t)(((int16_t)score[s] - (int16_t)score[s ^ 1u]) * AI_SCORE_UNIT);
    if (w == RULES_DRAW)
        return diff;
    return (int16_t)((w == s ? AI_WIN - ply * AI_PLY_COST : -AI_WIN + ply * AI_PLY_COST) + diff);
}

static int16_t ref_quiesce(const rules_pos_t *p, uint8_t ply, uint8_t qleft, unsigned used)
{
    if (rules_ended_by_condition(p))
        return ref_terminal(p, ply);
    int16_t best = ai_evaluate(p);
    if (qleft == 0u || ply >= AI_MAX_PLY)
        return best;
    rules_move_t m[RULES_MAX_MOVES];
    const uint8_t n = rules_tactical_moves(p, m, RULES_MAX_MOVES);
    ref_overflow |= used + n > AI_STACK_MOVES;
    for (uint8_t i = 0; i < n; i++) {
        rules_pos_t q = *p;
        rules_undo_t u;
        rules_make(&q, m[i], &u);
        const int16_t v = (int16_t)-ref_quiesce(&q, (uint8_t)(ply + 1u), (uint8_t)(qleft - 1u), used + n);
        if (v > best)
            best = v;
    }
    return best;
}

static int16_t ref_negamax(const rules_pos_t *p, uint8_t depth, uint8_t ply, unsigned used)
{
    if (depth == 0u)
        return ref_quiesce(p, ply, ref_qdepth, used);
    if (rules_ended_by_condition(p))
        return ref_terminal(p, ply);
    rules_move_t m[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(p, m);
    if (n == 0u)
        return ref_terminal(p, ply);
    ref_overflow |= used + n > AI_STACK_MOVES || ply >= AI_MAX_PLY;
    int16_t best = INT16_MIN;
    for (uint8_t i = 0; i < n; i++) {
        rules_pos_t q = *p;
        rules_undo_t u;
        rules_make(&q, m[i], &u);
        const int16_t v = (int16_t)-ref_negamax(&q, (uint8_t)(depth - 1u), (uint8_t)(ply + 1u), used + n);
        if (v > best)
            best = v;
    }
    return best;
}

static unsigned exact_compared;

static void check_exact(const rules_pos_t *p, unsigned index)
{
    for (uint8_t level = 3; level <= 4; level++) { /* no root noise: the score is exact */
        if (level == 4 && index % 4u && rules_set_of(p) != RULES_JASIR)
            continue; /* time; jasir's blocked-piece bounds want every position */
        ai_level_t lv;
        ai_stats_t st;
        ai_level(level, &lv);
        ai_choose(p, level, (uint16_t)index, NULL, NULL, &st);
        if (st.budget_hit || st.depth == 0u)
            continue; /* an interrupted search's score is a bound */
        ref_qdepth = lv.qdepth;
        ref_overflow = false;
        rules_move_t m[RULES_MAX_MOVES];
        const uint8_t n = rules_legal_moves(p, m);
        if (n <= 1u)
            continue; /* a forced move is not searched */
        int16_t best = INT16_MIN;
        for (uint8_t i = 0; i < n; i++) {
            rules_pos_t q = *p;
            rules_undo_t u;
            rules_make(&q, m[i], &u);
            const int16_t v = (int16_t)-ref_negamax(&q, (uint8_t)(st.depth - 1u), 1, n);
            if (v > best)
                best = v;
        }
        if (ref_overflow)
            continue;
        if (st.score != best)
            fail_msg("level %u, depth %u: the search scores %d, minimax %d, at %s", level, st.depth, st.score, best,
                     text_of(p));
        exact_compared++;
    }
}

static void test_scores_are_exact(void **state)
{
    (void)state;
    exact_compared = 0;
    for_positions(check_exact);
    print_message("searches compared with minimax: %u\n", exact_compared);
    assert_true(exact_compared > 1000u);
}

static unsigned polls;
static void count_poll(void *ctx)
{
    (void)ctx;
    polls++;
}

static void test_deterministic_and_polls(void **state)
{
    (void)state;
    rules_pos_t p;
    rules_init(&p, RULES_CLASSIC, RULES_WHITE);
    ai_stats_t a, b;
    polls = 0;
    const rules_move_t m1 = ai_choose(&p, 5, 42, count_poll, NULL, &a);
    const rules_move_t m2 = ai_choose(&p, 5, 42, NULL, NULL, &b);
    assert_int_equal(m1, m2);
    assert_int_equal(a.nodes, b.nodes);
    assert_int_equal(polls, a.nodes / AI_POLL_NODES);
    /* the seed varies the choice among equals, across the start position */
    unsigned different = 0;
    for (uint16_t seed = 0; seed < 16; seed++)
        different += ai_choose(&p, 1, seed, NULL, NULL, &b) != ai_choose(&p, 1, 0, NULL, NULL, &a);
    assert_true(different > 0);
}

/* ---- pondering (host builds: ai.h) ------------------------------------
 * The poll that stands for the player: after `at` nodes they play the
 * expected move (a hit: the search goes on for the level's budget more)
 * or another one (the search stops at once). */
static struct {
    uint32_t at, nodes_then;
    bool hit, acted;
} player;

static void player_poll(void *ctx)
{
    (void)ctx;
    polls++;
    if (!player.acted && polls * AI_POLL_NODES >= player.at) {
        player.acted = true;
        player.nodes_then = polls * AI_POLL_NODES;
        if (player.hit)
            ai_ponder_hit();
        else
            ai_stop();
    }
}

static void check_ponder(const rules_pos_t *p, unsigned index)
{
    if (index % 16u)
        return; /* level 6 on every 16th position: time */
    ai_level_t lv;
    ai_level(AI_LEVELS, &lv);
    const uint32_t budget = ai_node_budget(&lv, AI_LEVELS, rules_set_flags(rules_set_of(p)));
    ai_stats_t st;
    /* the player moves after a few polls: a miss stops the search there,
     * a hit gives it the level's budget from there, never more */
    for (int hit = 0; hit < 2; hit++) {
        polls = 0;
        player.at = (index % 5u + 1u) * 1024u;
        player.hit = hit != 0;
        player.acted = false;
        const rules_move_t m = ai_ponder(p, AI_LEVELS, (uint16_t)index, player_poll, NULL, &st);
        if (!is_legal_move(p, m))
            fail_msg("pondering chose an illegal move at %s", text_of(p));
        if (player.acted && !hit && st.nodes != player.nodes_then)
            fail_msg("a miss at %lu nodes stopped at %lu", (unsigned long)player.nodes_then, (unsigned long)st.nodes);
        if (player.acted && hit && st.nodes > player.nodes_then + budget)
            fail_msg("a hit at %lu nodes searched %lu (budget %lu)", (unsigned long)player.nodes_then,
                     (unsigned long)st.nodes, (unsigned long)budget);
        if (!player.acted && st.nodes >= player.at)
            fail_msg("the player never came at %lu nodes of %lu", (unsigned long)player.at, (unsigned long)st.nodes);
    }
    /* a player who never comes: the search runs to its depth, or stops
     * before an iteration it could not finish within AI_PONDER_MAX */
    if (index % 64u)
        return; /* time */
    polls = 0;
    player.at = UINT32_MAX;
    player.acted = false;
    ai_ponder(p, AI_LEVELS, (uint16_t)index, player_poll, NULL, &st);
    assert_true(st.nodes <= AI_PONDER_MAX);
    rules_move_t all[RULES_MAX_MOVES];
    if (!(st.depth == lv.depth || st.nodes > AI_PONDER_MAX / AI_NEXT_ITERATION || st.score >= AI_DECIDED ||
          st.score <= -AI_DECIDED || rules_legal_moves(p, all) == 1u))
        fail_msg("pondering alone stopped at depth %u, %lu nodes, score %d: %s", st.depth, (unsigned long)st.nodes,
                 st.score, text_of(p));
}

static void test_pondering(void **state)
{
    (void)state;
    for_positions(check_ponder);
    /* ai_choose is as before pondering ran */
    rules_pos_t p;
    rules_init(&p, RULES_CLASSIC, RULES_WHITE);
    ai_stats_t a, b;
    const rules_move_t m1 = ai_choose(&p, 5, 42, NULL, NULL, &a);
    polls = 0;
    player.at = 512u;
    player.hit = true;
    player.acted = false;
    ai_ponder(&p, AI_LEVELS, 42, player_poll, NULL, &b);
    assert_int_equal(ai_choose(&p, 5, 42, NULL, NULL, &b), m1);
    assert_int_equal(a.nodes, b.nodes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_always_legal),
        cmocka_unit_test(test_wins_in_one_and_avoids_losing_in_one),
        cmocka_unit_test(test_node_budget_honoured),
        cmocka_unit_test(test_deterministic_and_polls),
        cmocka_unit_test(test_scores_are_exact),
        cmocka_unit_test(test_pondering),
    };
    return cmocka_run_group_tests_name("ai", tests, NULL, NULL);
}
