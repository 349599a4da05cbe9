/* Host tests of the input's event state machine (firmware/game/input.c):
 * presses and releases, the arrows' auto-repeat, the long hold. */
#include "helpers.h"

#include "hal.h"
#include "game/input.h"

static uint8_t run_input(input_t *in, uint8_t buttons, uint32_t from, uint32_t to, input_event_t *all, uint8_t max)
{
    uint8_t total = 0;
    for (uint32_t t = from; t <= to; t++) {
        input_event_t ev[INPUT_MAX_EVENTS];
        const uint8_t n = input_update(in, buttons, t, ev);
        for (uint8_t i = 0; i < n && total < max; i++)
            all[total++] = ev[i];
    }
    return total;
}

static void test_input_press_release(void **state)
{
    (void)state;
    input_t in;
    input_event_t ev[32];
    input_init(&in);
    uint8_t n = run_input(&in, HAL_BTN_A, 0, 100, ev, 32);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].kind, INPUT_PRESS);
    assert_int_equal(ev[0].button, HAL_BTN_A);
    n = run_input(&in, 0, 101, 110, ev, 32);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].kind, INPUT_RELEASE);
}

static void test_input_arrow_auto_repeat(void **state)
{
    (void)state;
    input_t in;
    input_event_t ev[64];
    input_init(&in);
    /* held 1000 ms: press, then repeats at 400, 520, 640, 760, 880, 1000 */
    const uint8_t n = run_input(&in, HAL_BTN_RIGHT, 0, 1000, ev, 64);
    assert_int_equal(n, 7);
    for (uint8_t i = 1; i < n; i++) {
        assert_int_equal(ev[i].kind, INPUT_REPEAT);
        assert_int_equal(ev[i].button, HAL_BTN_RIGHT);
    }
}

static void test_input_long_hold_once(void **state)
{
    (void)state;
    input_t in;
    input_event_t ev[64];
    input_init(&in);
    uint8_t n = run_input(&in, HAL_BTN_B, 0, 3000, ev, 64);
    assert_int_equal(n, 2); /* press, then one hold; B never repeats */
    assert_int_equal(ev[1].kind, INPUT_HOLD);
    /* a short press gives no hold */
    input_init(&in);
    n = run_input(&in, HAL_BTN_B, 0, 500, ev, 64);
    n = (uint8_t)(n + run_input(&in, 0, 501, 2000, ev + n, 32));
    assert_int_equal(n, 2);
    assert_int_equal(ev[1].kind, INPUT_RELEASE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_input_press_release),
        cmocka_unit_test(test_input_arrow_auto_repeat),
        cmocka_unit_test(test_input_long_hold_once),
    };
    return cmocka_run_group_tests_name("input", tests, NULL, NULL);
}
