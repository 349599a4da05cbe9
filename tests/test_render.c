/* Host tests of rendering into a canvas (firmware/game/render.c): the
 * board, the selection and the hands, the 3x5 font, the final position. */
#include "helpers.h"

#include "hal.h"
#include "game/render.h"

static void test_render_start_position(void **state)
{
    (void)state;
    hal_canvas_t c;
    rules_pos_t p;
    rules_init(&p, RULES_CLASSIC, RULES_WHITE);
    render_view_t v = {.pos = &p, .cursor = 2, .cursor_on = false, .selected = RULES_NO_POINT,
                       .last_from = RULES_NO_POINT};
    render_game(c, &v);
    for (uint8_t x = 0; x < 5; x++) {
        assert_int_equal(c[0][x], COLOUR_BLACK_PIECE); /* row 5 on top */
        assert_int_equal(c[4][x], COLOUR_WHITE_PIECE);
        assert_int_equal(c[7][x], COLOUR_WHITE_PIECE); /* white's turn: the bar dim, as a plain piece */
        for (uint8_t y = 1; y < 4; y++)
            assert_int_equal(c[y][x], 0);
    }
    v.cursor_on = true;
    render_game(c, &v);
    assert_int_equal(c[4][2], COLOUR_CURSOR);
}

static void test_render_selection_marks_hands(void **state)
{
    (void)state;
    hal_canvas_t c;
    rules_pos_t p = pos_of("b..../...W./...../w..../..... w classic 3,0 2,2 - -");
    /* d4 selected, its targets highlighted, b5 hidden behind nothing */
    render_view_t v = {.pos = &p, .cursor = 0, .cursor_on = false, .blink_on = true,
                       .selected = 18, .targets = RULES_BIT(21) | RULES_BIT(17),
                       .last_from = RULES_NO_POINT};
    render_game(c, &v);
    assert_int_equal(c[1][3], COLOUR_SELECTED);  /* d4 */
    assert_int_equal(c[0][1], COLOUR_TARGET);    /* b5 */
    assert_int_equal(c[1][2], COLOUR_TARGET);    /* c4 */
    assert_int_equal(c[0][0], COLOUR_BLACK_PIECE);
    assert_int_equal(c[3][0], COLOUR_WHITE_PIECE); /* a2 */
    /* white: 3 captured (dim); black: 2 ready (bright) then 2 captured */
    assert_int_equal(c[0][6], COLOUR_WHITE_PIECE);
    assert_int_equal(c[2][6], COLOUR_WHITE_PIECE);
    assert_int_equal(c[3][6], 0);
    assert_int_equal(c[0][7], COLOUR_BLACK_MARKED);
    assert_int_equal(c[1][7], COLOUR_BLACK_MARKED);
    assert_int_equal(c[2][7], COLOUR_BLACK_PIECE);
    assert_int_equal(c[3][7], COLOUR_BLACK_PIECE);
    assert_int_equal(c[4][7], 0);
    /* a marked piece is brighter than a plain one */
    p = pos_of("b..../...W./...../w..../..... w classic 3,0 4,0 - -");
    v.selected = RULES_NO_POINT;
    v.targets = 0;
    render_game(c, &v);
    assert_int_equal(c[1][3], COLOUR_WHITE_MARKED);
}

/* Words in the 3x5 font: "6-10" drawn from the left edge, a column
 * between letters. */
static void test_render_text_digits(void **state)
{
    (void)state;
    hal_canvas_t c;
    render_clear(c);
    render_text(c, "6-10", 0, 0, COLOUR_CURSOR);
    static const char rows[5][9] = {".YY.....", "Y.......", "YYY.YYY.", "Y.Y.....", "YYY....."}; /* the 1 is past the edge */
    for (uint8_t y = 0; y < 5u; y++)
        for (uint8_t x = 0; x < 8u; x++)
            assert_int_equal(c[y][x] ? 'Y' : '.', rows[y][x]);
    assert_int_equal(render_text_width("6-10"), 15);
}

/* The final position keeps the pieces and shows the winner below. */
static void test_render_final_shows_winner(void **state)
{
    (void)state;
    hal_canvas_t c;
    const rules_pos_t p = pos_of("..w../...../b..../...../..... b classic 4,0 4,0 - -");
    render_final(c, &p, RULES_NO_POINT, RULES_WHITE);
    assert_int_equal(c[0][2], COLOUR_WHITE_PIECE);
    assert_int_equal(c[2][0], COLOUR_BLACK_PIECE);
    for (uint8_t x = 0; x < 8u; x++)
        assert_int_equal(c[7][x], COLOUR_WHITE_MARKED);
    render_final(c, &p, RULES_NO_POINT, RULES_DRAW);
    assert_int_equal(c[7][7], COLOUR_CURSOR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_render_start_position),
        cmocka_unit_test(test_render_selection_marks_hands),
        cmocka_unit_test(test_render_text_digits),
        cmocka_unit_test(test_render_final_shows_winner),
    };
    return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
