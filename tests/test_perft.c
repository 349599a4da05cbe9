/* Perft of the core against the naive model (tests/naive), every rule set,
 * depths 1..6, from both first movers. The AVR build's counts are checked
 * in simavr by tests/sim (perft firmware). */
#include "helpers.h"
#include "naive_rules.h"

#define DEPTH 6

static void check_set(uint8_t set, uint8_t first)
{
    char name[RULES_SET_NAME_MAX];
    rules_set_name(set, name);
    for (uint8_t d = 1; d <= DEPTH; d++) {
        rules_pos_t p;
        naive_t n;
        rules_init(&p, set, first);
        naive_init(&n, name, first);
        const uint32_t core = rules_perft(&p, d);
        const long naive = naive_perft(&n, d);
        print_message("perft %s %s %u: core %lu naive %ld\n", name, first ? "black-first" : "white-first", d,
                      (unsigned long)core, naive);
        assert_int_equal(core, naive);
    }
}

static void test_classic(void **s) { (void)s; check_set(RULES_CLASSIC, RULES_WHITE); }
static void test_brainking(void **s) { (void)s; check_set(RULES_BRAINKING, RULES_WHITE); }
static void test_ludos(void **s) { (void)s; check_set(RULES_LUDOS, RULES_WHITE); }
static void test_jasir(void **s) { (void)s; check_set(RULES_JASIR, RULES_WHITE); }
static void test_black_first(void **s)
{
    (void)s;
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        check_set(set, RULES_BLACK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic), cmocka_unit_test(test_brainking), cmocka_unit_test(test_ludos),
        cmocka_unit_test(test_jasir), cmocka_unit_test(test_black_first),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}
