/* Differential test: seeded random games in which the core's legal-move
 * list must equal the naive model's at every ply, and the final result
 * (scores and winner) must match. 10,000 games per rule set. */
#include "helpers.h"
#include "naive_rules.h"

#define GAMES 10000
#define MAX_PLIES 400

static uint32_t rng_state;
static uint32_t rng(void) { return test_random(&rng_state); }

static void run_set(uint8_t set)
{
    char name[RULES_SET_NAME_MAX];
    static char naive_moves[NAIVE_MAX_MOVES][16];
    char *ptrs[NAIVE_MAX_MOVES];
    char joined[NAIVE_MAX_MOVES * 16];
    unsigned long plies = 0, finished = 0, max_moves = 0, shuttles = 0;
    rules_set_name(set, name);
    rng_state = 0x9E3779B9u + set;
    for (int game = 0; game < GAMES; game++) {
        rules_pos_t p;
        naive_t n;
        const uint8_t first = (uint8_t)(rng() & 1u);
        rules_init(&p, set, first);
        naive_init(&n, name, first);
        char last[2][16] = {"", ""};
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            const int count = naive_legal(&n, naive_moves);
            for (int i = 0; i < count; i++)
                ptrs[i] = naive_moves[i];
            qsort(ptrs, (size_t)count, sizeof ptrs[0], cmp_str);
            joined[0] = '\0';
            for (int i = 0; i < count; i++) {
                if (i)
                    strcat(joined, " ");
                strcat(joined, ptrs[i]);
            }
            const char *core = legal_text(&p);
            if (strcmp(core, joined) != 0)
                fail_msg("%s game %d ply %d at %s:\n core  %s\n naive %s", name, game, ply, text_of(&p), core,
                         joined);
            if ((unsigned long)count > max_moves)
                max_moves = (unsigned long)count;
            if (count == 0) {
                int nscore[2], nwinner;
                uint8_t score[2];
                naive_result(&n, nscore, &nwinner);
                rules_score(&p, score);
                assert_int_equal(score[0], nscore[0]);
                assert_int_equal(score[1], nscore[1]);
                assert_int_equal(rules_winner(&p), nwinner);
                finished++;
                break;
            }
            const char *pick = naive_moves[rng() % (uint32_t)count];
            /* half the time, shuttle: reverse the side's own last move if
             * legal, so that back-and-forth limits and endings are reached */
            const int side = n.stm;
            if (last[side][0] && (rng() & 1u))
                for (int i = 0; i < count; i++)
                    if (naive_moves[i][0] == last[side][3] && naive_moves[i][1] == last[side][4] &&
                        naive_moves[i][3] == last[side][0] && naive_moves[i][4] == last[side][1]) {
                        pick = naive_moves[i];
                        shuttles++;
                    }
            snprintf(last[side], sizeof last[side], "%.15s", pick);
            play(&p, pick);
            assert_true(naive_play(&n, pick));
            plies++;
        }
    }
    print_message("%s: %d games, %lu plies (%lu shuttle moves), %lu reached game over, widest position %lu moves\n",
                  name, GAMES, plies, shuttles, finished, max_moves);
    assert_true(finished > GAMES / 2);
}

static void test_classic(void **s) { (void)s; run_set(RULES_CLASSIC); }
static void test_brainking(void **s) { (void)s; run_set(RULES_BRAINKING); }
static void test_ludos(void **s) { (void)s; run_set(RULES_LUDOS); }
static void test_jasir(void **s) { (void)s; run_set(RULES_JASIR); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic), cmocka_unit_test(test_brainking),
        cmocka_unit_test(test_ludos), cmocka_unit_test(test_jasir),
    };
    return cmocka_run_group_tests_name("differential", tests, NULL, NULL);
}
