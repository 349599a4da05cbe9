/* The AI's board (firmware/ai/ai_board.c) against the rules core, which is
 * the reference: on every AI suite position and on the positions of seeded
 * random games in every rule set, the same legal moves (as a set), the
 * same tactical moves, make/unmake to the same position, the same ending,
 * score and winner, and its counters equal to a recount. A mismatch names
 * the position and the move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai_board.h"
#include "ai/ai_eval.h"
#include "helpers.h"

#define GAMES 300 /* per rule set */

static int cmp_move(const void *a, const void *b)
{
    const rules_move_t x = *(const rules_move_t *)a, y = *(const rules_move_t *)b;
    return x < y ? -1 : x > y;
}

/* The core's position, with the chain length dropped when there is no chain
 * (the core keeps stale bits there; they mean nothing). */
static void normalised(const rules_pos_t *p, uint8_t out[RULES_POS_BYTES])
{
    rules_pos_t q = *p;
    for (uint8_t s = 0; s < 2; s++) {
        uint8_t from, to, len;
        if (!rules_chain_of(&q, s, &from, &to, &len)) {
            rules_clear_chain(&q, s);
            q.hand[s] &= (uint8_t)~RULES_HAND_CHAIN;
        }
    }
    rules_pos_pack(&q, out);
}

static void check_same_pos(const rules_pos_t *p, const char *when, rules_move_t m)
{
    const ai_board_t *b = &ai_board;
    rules_pos_t q;
    uint8_t x[RULES_POS_BYTES], y[RULES_POS_BYTES];
    char mt[RULES_MOVE_TEXT_MAX] = "-";
    ai_board_save(&q);
    normalised(&q, x);
    normalised(p, y);
    if (m)
        rules_move_to_text(m, mt);
    if (memcmp(x, y, sizeof x) != 0) {
        char mine[RULES_POS_TEXT_MAX];
        rules_pos_to_text(&q, mine); /* text_of() has one buffer */
        fail_msg("%s %s: the AI board has %s, the core %s", when, mt, mine, text_of(p));
    }
    /* the counters against a recount */
    const ai_board_t kept = ai_board;
    ai_board_load(p);
    const ai_board_t fresh = ai_board;
    ai_board = kept;
    assert_int_equal(b->value, fresh.value);
    for (uint8_t s = 0; s < 2; s++) {
        assert_int_equal(b->count[s], fresh.count[s]);
        assert_int_equal(b->in_camp[s], fresh.in_camp[s]);
        assert_int_equal(b->marks[s], fresh.marks[s]);
        for (uint8_t i = 0; i < b->count[s]; i++) {
            const uint8_t q2 = b->piece[s][i];
            if ((b->cell[q2] & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT != i)
                fail_msg("%s %s: piece list slot %u of side %u points at %u, whose cell says otherwise", when, mt, i,
                         s, q2);
        }
    }
}

static unsigned positions_checked, moves_checked;

/* The core's and the AI board's moves of one kind, compared as sets. */
static void check_same_moves(const char *kind, rules_move_t *core, uint8_t n, rules_move_t *mine, uint8_t k,
                             const char *where)
{
    if (k != n)
        fail_msg("%u %s moves from the AI board, %u from the core at %s", k, kind, n, where);
    qsort(core, n, sizeof core[0], cmp_move);
    qsort(mine, k, sizeof mine[0], cmp_move);
    if (memcmp(core, mine, n * sizeof core[0]) != 0)
        fail_msg("%s moves differ at %s", kind, where);
}

/* The AI board (loaded with p or moved to it) ends and scores p as the core
 * does; `when` and `where` say which position it is, for the message. */
static void check_same_ending(const rules_pos_t *p, const char *when, const char *where)
{
    uint8_t s1[2], s2[2];
    assert_int_equal(ai_ended_by_condition(), rules_ended_by_condition(p));
    ai_score(s1);
    rules_score(p, s2);
    if (s1[0] != s2[0] || s1[1] != s2[1] || ai_winner() != rules_winner(p))
        fail_msg("score or winner differ %s %s", when, where);
}

/* The quiet moves of the last position checked with each rule set and
 * side to move: the killer moves a search would bring from a sibling. */
static rules_move_t sibling_quiet[RULES_SET_COUNT][2][RULES_MAX_MOVES];
static uint8_t sibling_quiet_count[RULES_SET_COUNT][2];

static bool listed_in(rules_move_t m, const rules_move_t *list, uint8_t n)
{
    for (uint8_t i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* The search's stages (a game not over): ai_legal_moves lists the tactical
 * moves first; the quiet moves are the rest of them (or, when there is no
 * other move, jasir's shielded captures); ai_quiet_move_is_legal knows
 * exactly the quiet moves, of this position and of a sibling's. */
static void check_stages(const rules_pos_t *p, const char *where)
{
    rules_move_t all[RULES_MAX_MOVES], tactical[RULES_MAX_MOVES], quiet[RULES_MAX_MOVES];
    const uint8_t n = ai_legal_moves(all, RULES_MAX_MOVES), t = ai_tactical_moves(tactical, RULES_MAX_MOVES);
    const uint8_t q = ai_quiet_moves(quiet, RULES_MAX_MOVES, t != 0u);
    if (t == RULES_OVERFLOW || q == RULES_OVERFLOW || n != t + q)
        fail_msg("%u legal moves, %u tactical and %u quiet at %s", n, t, q, where);
    if (memcmp(all, tactical, t * sizeof all[0]) != 0 || memcmp(all + t, quiet, q * sizeof all[0]) != 0)
        fail_msg("the legal moves are not the tactical ones, then the quiet ones, at %s", where);
    if (q > 1 && ai_quiet_moves(quiet, (uint8_t)(q - 1), t != 0u) != RULES_OVERFLOW)
        fail_msg("no overflow reported with room for %u of %u quiet moves at %s", q - 1, q, where);
    ai_quiet_moves(quiet, RULES_MAX_MOVES, t != 0u);
    const bool shielded_only = t == 0u && q > 0u && RULES_MOVE_IS_CAPTURE(quiet[0]);
    for (uint8_t i = 0; i < q; i++)
        if (ai_quiet_move_is_legal(quiet[i]) == shielded_only)
            fail_msg("quiet move %u %s as the killer at %s", i, shielded_only ? "taken" : "refused", where);
    for (uint8_t i = 0; i < t; i++)
        if (ai_quiet_move_is_legal(tactical[i]))
            fail_msg("tactical move %u taken as a quiet killer at %s", i, where);
    if (ai_quiet_move_is_legal(0))
        fail_msg("no killer (0) taken as a move at %s", where);
    const uint8_t set = rules_set_of(p), side = rules_side_to_move(p);
    for (uint8_t i = 0; i < sibling_quiet_count[set][side]; i++) {
        const rules_move_t m = sibling_quiet[set][side][i];
        if (ai_quiet_move_is_legal(m) != (!shielded_only && listed_in(m, quiet, q)))
            fail_msg("a sibling's quiet move %u judged wrongly at %s", i, where);
    }
    if (!shielded_only) {
        memcpy(sibling_quiet[set][side], quiet, q * sizeof quiet[0]);
        sibling_quiet_count[set][side] = q;
    }
}

/* Everything at one position; returns the number of legal moves. */
/* What the search reads off a position to score the reply to a quiet step
 * without making it (firmware/ai/ai_search.c, quiet_reply_floor): the
 * reply's evaluation without jasir's blocked pieces is two tempi less this
 * one's and the step's gain, the most those pieces can count for the reply
 * does not change, and the game does not end when ai_quiet_steps_cannot_end
 * says so. Checked by making the step (which m leaves made: the caller
 * unmakes it). */
static unsigned quiet_replies_checked;

static void check_quiet_reply(rules_move_t m, const char *where)
{
    const uint8_t s = ai_board.stm, f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m);
    if ((m & AI_PLAIN_STEP_BITS) != AI_PLAIN_STEP || f == RULES_HAND_POINT || ai_in_camp(s, t))
        return; /* not a quiet step */
    const int16_t expect = (int16_t)(2 * AI_W_TEMPO - ai_evaluate_unblocked() - ai_step_gain(f, t));
    const int16_t most = ai_blocked_most((uint8_t)(s ^ 1u));
    const bool cannot_end = ai_quiet_steps_cannot_end();
    ai_undo_t u;
    ai_make(m, &u);
    if (ai_evaluate_unblocked() != expect)
        fail_msg("reply to the quiet step %04x: evaluation %d, %d expected, at %s", m, ai_evaluate_unblocked(), expect,
                 where);
    if (ai_blocked_most(ai_board.stm) != most)
        fail_msg("reply to the quiet step %04x: blocked bound changed at %s", m, where);
    if (cannot_end && ai_ended_by_condition())
        fail_msg("the quiet step %04x ended the game at %s", m, where);
    ai_unmake(m, &u);
    quiet_replies_checked++;
}

static uint8_t check_position(const rules_pos_t *p)
{
    rules_move_t core[RULES_MAX_MOVES], mine[RULES_MAX_MOVES];
    ai_board_load(p);
    check_same_pos(p, "load", 0);
    const char *where = text_of(p);
    check_same_ending(p, "at", where);

    const uint8_t n = rules_legal_moves(p, core);
    check_same_moves("legal", core, n, mine, ai_legal_moves(mine, RULES_MAX_MOVES), where);
    if (n > 1 && ai_legal_moves(mine, (uint8_t)(n - 1)) != RULES_OVERFLOW)
        fail_msg("no overflow reported with room for %u of %u moves at %s", n - 1, n, where);

    if (!rules_ended_by_condition(p)) {
        check_same_moves("tactical", core, rules_tactical_moves(p, core, RULES_MAX_MOVES), mine,
                         ai_tactical_moves(mine, RULES_MAX_MOVES), where);
        check_stages(p, where);
    }

    /* jasir's blocked pieces stay within the bounds the search's
     * quiescence decides by when it does not look at them */
    const uint8_t stm = rules_side_to_move(p);
    const int16_t blocked = ai_blocked_value();
    if (blocked < -ai_blocked_most(stm) || blocked > ai_blocked_most((uint8_t)(stm ^ 1u)))
        fail_msg("blocked pieces' value %d outside [%d, %d] at %s", blocked, -ai_blocked_most(stm),
                 ai_blocked_most((uint8_t)(stm ^ 1u)), where);
    if ((ai_board.flags & RS_RESERVE_IF_MARKED) && ai_evaluate_board() != ai_evaluate_unblocked() + blocked)
        fail_msg("the evaluation is not its unblocked part plus the blocked pieces at %s", where);

    /* every move: make on both, compare, unmake on both, compare */
    rules_legal_moves(p, core);
    for (uint8_t i = 0; i < n; i++) {
        rules_pos_t q = *p;
        rules_undo_t ru;
        ai_undo_t au;
        rules_make(&q, core[i], &ru);
        check_quiet_reply(core[i], where);
        ai_make(core[i], &au);
        check_same_pos(&q, "after make", core[i]);
        check_same_ending(&q, "after a move at", where);
        ai_unmake(core[i], &au);
        check_same_pos(p, "after unmake", core[i]);
        moves_checked++;
    }
    positions_checked++;
    return n;
}

static void test_suite_positions(void **state)
{
    (void)state;
    FILE *f = fopen("tests/ai_suite.txt", "r");
    assert_non_null(f);
    char line[512];
    unsigned count = 0;
    while (fgets(line, sizeof line, f)) {
        /* the position is the first seven fields: board, side, set, hands, chains */
        char text[256];
        int fields = 0;
        size_t i = 0;
        for (; line[i] && line[i] != '\n'; i++) {
            if (line[i] == ' ' && ++fields == 7)
                break;
            text[i] = line[i];
        }
        text[i] = '\0';
        if (!text[0])
            continue;
        const rules_pos_t p = pos_of(text);
        check_position(&p);
        count++;
    }
    fclose(f);
    assert_true(count >= 60u);
    assert_true(quiet_replies_checked >= 400u); /* 501 quiet steps in the suite */
}

static void test_random_games(void **state)
{
    (void)state;
    uint32_t rng = 0xA11CEu;
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (unsigned g = 0; g < GAMES; g++) {
            rules_pos_t p;
            rules_init(&p, set, (uint8_t)(test_random(&rng) & 1u));
            for (unsigned ply = 0; ply < 200; ply++) {
                const uint8_t n = check_position(&p);
                if (n == 0)
                    break;
                rules_move_t m[RULES_MAX_MOVES];
                rules_undo_t u;
                rules_legal_moves(&p, m);
                rules_make(&p, m[test_random(&rng) % n], &u);
            }
        }
    printf("# %u positions, %u moves made and unmade on both boards\n", positions_checked, moves_checked);
    assert_true(moves_checked > 100000u);
}

/* Every field that means something: the cells, the listed pieces in
 * order, the counters (stale list entries past the count do not count). */
static bool same_board(const ai_board_t *a, const ai_board_t *b)
{
    if (memcmp(a->cell, b->cell, sizeof a->cell) || a->stm != b->stm || a->value != b->value)
        return false;
    for (uint8_t s = 0; s < 2; s++)
        if (a->count[s] != b->count[s] || memcmp(a->piece[s], b->piece[s], a->count[s]) ||
            a->in_camp[s] != b->in_camp[s] || a->marks[s] != b->marks[s] || a->hand[s] != b->hand[s] ||
            a->chain_from[s] != b->chain_from[s] || a->chain_to[s] != b->chain_to[s])
            return false;
    return true;
}

/* The piece lists survive make/unmake in order (so the generator's order,
 * and the search's choice, do not depend on the moves tried before). */
static void test_lists_restored_in_order(void **state)
{
    (void)state;
    uint32_t rng = 0xBEEFu;
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (unsigned g = 0; g < 50; g++) {
            rules_pos_t p;
            rules_init(&p, set, RULES_WHITE);
            ai_board_load(&p);
            for (unsigned ply = 0; ply < 120; ply++) {
                rules_move_t m[RULES_MAX_MOVES];
                const uint8_t n = ai_legal_moves(m, RULES_MAX_MOVES);
                if (n == 0)
                    break;
                const ai_board_t before = ai_board;
                for (uint8_t i = 0; i < n; i++) {
                    ai_undo_t u;
                    ai_make(m[i], &u);
                    ai_unmake(m[i], &u);
                    if (!same_board(&before, &ai_board))
                        fail_msg("make/unmake of move %u did not restore the AI board", i);
                }
                ai_undo_t u;
                ai_make(m[test_random(&rng) % n], &u);
            }
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_suite_positions),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_lists_restored_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
