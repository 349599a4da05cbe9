/* The engine protocol: answers, and what bad input does (a "? message",
 * never a crash, never a change to the position). */
#include "helpers.h"
#include "protocol.h"

static char output[1 << 16];

static void collect(const char *text, void *ctx)
{
    (void)ctx;
    strncat(output, text, sizeof output - strlen(output) - 2);
    strcat(output, "\n");
}

static protocol_t engine;

static const char *run(const char *input)
{
    output[0] = '\0';
    protocol_feed(&engine, input, strlen(input));
    return output;
}

static int setup(void **state)
{
    (void)state;
    protocol_init(&engine, collect, NULL);
    return 0;
}

static const char *fen(void)
{
    static char copy[128];
    snprintf(copy, sizeof copy, "%s", run("fen\n"));
    return copy;
}

static void test_basic_commands(void **state)
{
    (void)state;
    assert_string_equal(run("rules jasir\n"), "= ok\n");
    assert_string_equal(run("perft 3\n"), "= 1265\n");
    assert_string_equal(run("new black\n"), "= ok\n");
    assert_string_equal(run("legal\n"),
                        "= a5-b3 a5-c4 b5-a3 b5-d4 c5-a4 c5-b3 c5-e4 d5-b4 d5-e3 e5-c4 e5-d3\n");
    assert_string_equal(run("play a5-b3\n"), "= ok\n");
    assert_string_equal(run("undo\n"), "= ok\n");
    assert_string_equal(run("undo\n"), "? nothing to undo\n");
    assert_string_equal(run("result\n"), "= ongoing\n");
    assert_string_equal(run("new\n"), "= ok\n");
    assert_string_equal(run("play a1-b3\n"), "= ok\n");
    const char *show = run("show\n");
    assert_non_null(strstr(show, "  3 . w . . . \n"));
    assert_non_null(strstr(show, "black to move"));
    assert_int_equal(show[strlen(show) - 2], '\n'); /* ends with an empty line */
    assert_string_equal(run("quit\n"), "= bye\n");
    assert_true(engine.quit);
    assert_string_equal(run("legal\n"), ""); /* nothing after quit */
}

static void test_game_over_answers(void **state)
{
    (void)state;
    assert_string_equal(run("position ..w../...../b..../...../..... b classic 4,0 4,0 - -\n"), "= ok\n");
    assert_string_equal(run("legal\n"), "= \n");
    assert_string_equal(run("result\n"), "= over 2 1 white across\n"); /* c5: all of White across */
    assert_string_equal(run("play a3-b1\n"), "? illegal move: a3-b1\n");
    assert_string_equal(run("perft 2\n"), "= 0\n");
}

static void test_errors_leave_position_unchanged(void **state)
{
    (void)state;
    run("rules ludos\nplay a1-b3\n");
    const char *before = fen();
    static const char *const bad[][2] = {
        {"play b5-b4\n", "? illegal move: b5-b4\n"},
        {"play a1-b3\n", "? illegal move: a1-b3\n"},
        {"play z9\n", "? illegal move: z9\n"},
        {"play\n", "? usage: play MOVE\n"},
        {"play a5-b3 extra\n", "? usage: play MOVE\n"},
        {"rules chess\n", "? unknown rule set: chess\n"},
        {"new purple\n", "? unknown side: purple\n"},
        {"perft -1\n", "? perft depth must be 0..9\n"},
        {"perft 99\n", "? perft depth must be 0..9\n"},
        {"perft x\n", "? perft depth must be 0..9\n"},
        {"bogus\n", "? unknown command: bogus\n"},
        {"position nonsense\n", "? bad position: expected 7 fields: BOARD SIDE SET WHITEHAND BLACKHAND WHITECHAIN "
                                "BLACKCHAIN\n"},
        {"legal\x01\n", "? line holds bytes that are not printable text\n"},
        {"pl\xff\xfe" "ay\n", "? line holds bytes that are not printable text\n"},
        {"\n", ""},
        {"   \t \n", ""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_string_equal(run(bad[i][0]), bad[i][1]);
        assert_string_equal(fen(), before);
    }
}

static void test_overlong_and_split_lines(void **state)
{
    (void)state;
    char line[1200];
    memset(line, 'x', sizeof line - 2);
    line[sizeof line - 2] = '\n';
    line[sizeof line - 1] = '\0';
    assert_string_equal(run(line), "? line too long (limit 256 bytes)\n");
    assert_string_equal(run("result\n"), "= ongoing\n"); /* recovered at the newline */
    /* a command split across reads, and CRLF line ends */
    assert_string_equal(run("per"), "");
    assert_string_equal(run("ft 1\r\n"), "= 11\n");
    /* end of input in the middle of a line */
    run("legal");
    output[0] = '\0';
    protocol_end(&engine);
    assert_string_equal(output, "? input ended in the middle of a line\n");
}

static void test_undo_restores_exactly(void **state)
{
    (void)state;
    run("rules classic\n");
    const char *start = fen();
    char before[128];
    snprintf(before, sizeof before, "%s", start);
    run("play c1-d3\nplay b5-d4\nplay d3-b4\nplay d4-c4\nplay b4xc4\n");
    assert_string_equal(run("undo\nundo\nundo\nundo\nundo\n"), "= ok\n= ok\n= ok\n= ok\n= ok\n");
    assert_string_equal(fen(), before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_basic_commands, setup),
        cmocka_unit_test_setup(test_game_over_answers, setup),
        cmocka_unit_test_setup(test_errors_leave_position_unchanged, setup),
        cmocka_unit_test_setup(test_overlong_and_split_lines, setup),
        cmocka_unit_test_setup(test_undo_restores_exactly, setup),
    };
    return cmocka_run_group_tests_name("protocol", tests, NULL, NULL);
}
