/* Host tests of the simulator's energy model (sim/energy_model.c): the
 * arithmetic from measured use to currents and hours, checked against
 * sums done by hand from the figures it names (docs/sim.md). */
#include "helpers.h"

#include <string.h>

#include "energy_model.h"

#define NEAR(a, b, tol) assert_true((a) > (b) - (tol) && (a) < (b) + (tol))

static void test_curve_interpolates_and_clamps(void **state)
{
    (void)state;
    const energy_point_t c[ENERGY_CURVE] = {{10, 1.0}, {20, 3.0}, {40, 4.0}};
    NEAR(energy_curve(c, 5), 1.0, 1e-9);   /* below: the first point */
    NEAR(energy_curve(c, 15), 2.0, 1e-9);  /* halfway */
    NEAR(energy_curve(c, 30), 3.5, 1e-9);
    NEAR(energy_curve(c, 99), 4.0, 1e-9);  /* above: the last point */
    const energy_point_t flat[ENERGY_CURVE] = {{0, 0.5}};
    NEAR(energy_curve(flat, 123), 0.5, 1e-9); /* one point: a constant */
}

/* The handheld's LED currents from VCC, the row FET, the sink and the
 * middle of each VF range through 150 R. */
static void test_handheld_led_currents(void **state)
{
    (void)state;
    NEAR(energy_board_handheld.led_full_ma[0], (5.06 - 0.019 - 0.1 - 2.1) / 0.150, 1e-9); /* 18.94 mA */
    NEAR(energy_board_handheld.led_full_ma[1], (5.06 - 0.019 - 0.1 - 2.85) / 0.150, 1e-9); /* 13.94 mA */
}

/* One red LED lit a third of the time, one green the whole time; the MCU
 * awake a quarter of the window and idle the rest, every module stopped
 * but Timer0; 1 MHz of shift clocks; 2,000 row switches a second. */
static void test_draw_sums_the_parts(void **state)
{
    (void)state;
    energy_use_t u;
    memset(&u, 0, sizeof u);
    u.seconds = 10;
    u.led_full_s[7][0][0] = 10.0 / 3; /* bottom row, red */
    u.led_full_s[0][1][1] = 10;       /* top row, green */
    u.active_s = 2.5;
    u.idle_s = 7.5;
    u.module_on_s[5] = 10; /* Timer0 */
    u.shift_clocks = 1e7;
    u.row_switches = 2e4;
    energy_draw_t d;
    const energy_board_t *b = &energy_board_handheld;
    energy_draw(b, &u, &d);
    const double red = b->led_full_ma[0] / 3, green = b->led_full_ma[1];
    NEAR(d.led_colour_ma[0], red, 1e-9);
    NEAR(d.led_row_ma[7], red, 1e-9);
    NEAR(d.led_row_ma[0], green, 1e-9);
    NEAR(d.led_ma, red + green, 1e-9); /* 20.25 mA */
    /* 10.4 x 0.25 + 2.4 x 0.75 + the BOD's 0.020 + Timer0's 0.122 */
    NEAR(d.mcu_ma, 2.6 + 1.8 + 0.020 + 0.122, 1e-9);
    /* 3 x (8 uA + 115 pF x 5.06 V x 1 MHz) + 7 nC x 2,000 switch-ons a
     * second + the boost's 20 uA and its divider's 5.06 V / 850 k */
    const double logic = 3 * (0.008 + 115e-12 * 5.06 * 1e6 * 1e3) + 7e-9 * 2e3 * 1e3 + 0.020 + 5.06 / 850e3 * 1e3;
    NEAR(d.logic_ma, logic, 1e-9);
    NEAR(d.vcc_ma, red + green + 4.542 + logic, 1e-9);
}

/* 20 mA at 5.06 V through the boost (86.5 % at 20 mA: halfway from 85 %
 * at 10 mA to 88 % at 30 mA) from 3.6 V, its 0.9 uA and the sense
 * divider's 3.6 V / 280 k; then E91 capacity at that current. */
static void test_cells_and_hours(void **state)
{
    (void)state;
    energy_use_t u;
    memset(&u, 0, sizeof u);
    u.seconds = 1;
    /* exactly 20 mA at VCC: green LEDs only, the MCU in power-down with
     * the BOD off (its 3 uA) and no modules; LED time chosen to make 20 */
    energy_board_t b = energy_board_handheld;
    b.shift_registers = 0;
    b.row_gate_nc = 0;
    b.board_ma = 0;
    b.blank_pullup_ma = b.row_pullup_ma = 0;
    u.power_down_s = 1;
    u.bod_off_s = 1;
    u.led_full_s[0][0][1] = (20.0 - 0.003) / b.led_full_ma[1];
    energy_draw_t d;
    energy_draw(&b, &u, &d);
    NEAR(d.vcc_ma, 20.0, 1e-9);
    NEAR(d.efficiency, 0.865, 1e-9);
    const double cells = 20.0 * 5.06 / (0.865 * 3.6) + 0.0009 + 3.6 / 280e3 * 1e3; /* 32.51 mA */
    NEAR(d.cells_ma, cells, 1e-9);
    const double mah = 2550 - (2550 - 2210) * (cells - 25) / 75; /* between 25 and 100 mA */
    NEAR(energy_hours(&energy_cell_alkaline, d.cells_ma), mah / cells, 1e-9); /* 77.4 h */
    NEAR(energy_hours(&energy_cell_nimh, d.cells_ma), 1900 / cells, 1e-9);
    assert_true(energy_hours(&energy_cell_alkaline, 0) == 0);
}

/* The display's pull-ups: BLANK's 10 k while the pin is low, a row gate's
 * 10 k (with its 220 R) while that row is on: half the window unblanked
 * and one row on a quarter of it. */
static void test_pullups(void **state)
{
    (void)state;
    energy_use_t u;
    memset(&u, 0, sizeof u);
    u.seconds = 4;
    u.unblanked_s = 2;
    u.row_on_s = 1;
    energy_draw_t d;
    energy_draw(&energy_board_handheld, &u, &d);
    const double fixed = 3 * 0.008 + 0.020 + 5.06 / 850e3 * 1e3;
    NEAR(d.logic_ma - fixed, 5.06 / 10e3 * 1e3 / 2 + 5.06 / 10.22e3 * 1e3 / 4, 1e-9); /* 0.253 + 0.124 mA */
}

/* The Nano on USB: no boost, no divider; 64 WS2812B at 1 mA each dark. */
static void test_nano_on_a_power_bank(void **state)
{
    (void)state;
    energy_use_t u;
    memset(&u, 0, sizeof u);
    u.seconds = 2;
    u.idle_s = 2;
    energy_draw_t d;
    energy_draw(&energy_board_nano, &u, &d);
    NEAR(d.led_ma, 64.0, 1e-9);
    NEAR(d.efficiency, 1.0, 1e-9);
    NEAR(d.cells_ma, d.vcc_ma, 1e-9);
    NEAR(energy_hours(&energy_power_bank, d.cells_ma), 3145 / d.vcc_ma, 1e-9);
}

/* No time measured: nothing drawn, no hours claimed. */
static void test_empty_window(void **state)
{
    (void)state;
    energy_use_t u;
    memset(&u, 0, sizeof u);
    energy_draw_t d;
    energy_draw(&energy_board_handheld, &u, &d);
    assert_true(d.vcc_ma == 0 && d.cells_ma == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_curve_interpolates_and_clamps),
        cmocka_unit_test(test_handheld_led_currents),
        cmocka_unit_test(test_draw_sums_the_parts),
        cmocka_unit_test(test_cells_and_hours),
        cmocka_unit_test(test_pullups),
        cmocka_unit_test(test_nano_on_a_power_bank),
        cmocka_unit_test(test_empty_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
