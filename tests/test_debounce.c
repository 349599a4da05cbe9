/* Host tests of the HAL's button debouncing (hal/debounce.h) and of the
 * tick ISR's list of button changes (hal/button_changes.h), which the
 * input turns into events in order. */
#include "helpers.h"

#include "button_changes.h"
#include "debounce.h"
#include "hal.h"
#include "game/input.h"

static void test_debounce_ignores_chatter(void **state)
{
    (void)state;
    debounce_t d = {0, {0}};
    /* chatter for 4 ms, then held */
    const uint8_t raw[] = {1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    int flips = 0;
    uint8_t last = 0;
    for (size_t i = 0; i < sizeof raw; i++) {
        const uint8_t s = debounce_step(&d, raw[i]);
        if (s != last)
            flips++;
        last = s;
    }
    assert_int_equal(flips, 1);
    assert_int_equal(last, 1);
    /* a 3 ms glitch while held is not a release */
    for (int i = 0; i < 3; i++)
        assert_int_equal(debounce_step(&d, 0), 1);
    assert_int_equal(debounce_step(&d, 1), 1);
}

/* Taps that came and went while the main loop was busy (an EEPROM save):
 * the tick ISR's list of changes keeps their order and count, and the
 * input turns them into presses and releases in that order. */
static void test_button_changes_keep_taps(void **state)
{
    (void)state;
    button_changes_t c = {0, {0}};
    /* right, A, right again: down and up each */
    const uint8_t taps[] = {HAL_BTN_RIGHT, 0, HAL_BTN_A, 0, HAL_BTN_RIGHT, 0};
    for (uint8_t i = 0; i < sizeof taps; i++)
        button_changes_add(&c, taps[i]);
    uint8_t states[HAL_BUTTON_CHANGES];
    const uint8_t k = button_changes_take(&c, states);
    assert_int_equal(k, 6);
    assert_int_equal(button_changes_take(&c, states + k), 0); /* taken: empty */
    input_t in;
    input_init(&in);
    const uint8_t want[][2] = {{INPUT_PRESS, HAL_BTN_RIGHT}, {INPUT_RELEASE, HAL_BTN_RIGHT}, {INPUT_PRESS, HAL_BTN_A},
                               {INPUT_RELEASE, HAL_BTN_A},   {INPUT_PRESS, HAL_BTN_RIGHT}, {INPUT_RELEASE, HAL_BTN_RIGHT}};
    for (uint8_t i = 0; i < k; i++) {
        input_event_t ev[INPUT_MAX_EVENTS];
        assert_int_equal(input_update(&in, states[i], 100, ev), 1);
        assert_int_equal(ev[0].kind, want[i][0]);
        assert_int_equal(ev[0].button, want[i][1]);
    }
}

/* More changes than the list holds: the newest replace the last, so the
 * last state is the current one and no button is left down. */
static void test_button_changes_full_ends_current(void **state)
{
    (void)state;
    button_changes_t c = {0, {0}};
    for (uint8_t i = 0; i < 3u * HAL_BUTTON_CHANGES + 1u; i++) /* UP down and up, ending down */
        button_changes_add(&c, (uint8_t)(i % 2u == 0u ? HAL_BTN_UP : 0u));
    button_changes_add(&c, 0); /* let go */
    uint8_t states[HAL_BUTTON_CHANGES];
    const uint8_t k = button_changes_take(&c, states);
    assert_int_equal(k, HAL_BUTTON_CHANGES);
    assert_int_equal(states[0], HAL_BTN_UP);
    assert_int_equal(states[k - 1u], 0);
    input_t in;
    input_init(&in);
    input_event_t ev[INPUT_MAX_EVENTS];
    for (uint8_t i = 0; i < k; i++)
        (void)input_update(&in, states[i], 100, ev);
    assert_int_equal(in.down, 0);
    /* no repeat later: nothing is held */
    assert_int_equal(input_update(&in, 0, 2000, ev), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_debounce_ignores_chatter),
        cmocka_unit_test(test_button_changes_keep_taps),
        cmocka_unit_test(test_button_changes_full_ends_current),
    };
    return cmocka_run_group_tests_name("debounce", tests, NULL, NULL);
}
