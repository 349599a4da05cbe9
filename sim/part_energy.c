/* Part: the energy probe. Not a component on the board but the bench's
 * ammeter: it measures what the board's parts do over a window of
 * simulated time (the display's LEDs and logic from the pins, through the
 * display part's `use`; the MCU's time running, in SLEEP idle and in
 * power-down from simavr's sleep callback and SMCR; each module's clock
 * from PRR; the watchdog from WDTCSR) and turns it into currents and hours
 * with the board's datasheet figures (energy_model.c). The window starts at
 * power-on, and again at each `energy-window` script command. */
#include <stdio.h>
#include <string.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_io.h>

#include "energy_model.h"
#include "script_command.h"
#include "script_parse.h"
#include "sim.h"
#include BOARD_HEADER

#define SMCR_DATA_ADDR 0x53
#define PRR_DATA_ADDR 0x64
#define WDTCSR_DATA_ADDR 0x60
#define WDT_RUNNING 0x48 /* WDIE | WDE */
#define MCUCR_DATA_ADDR 0x55
#define BODS 0x40  /* MCUCR: the brown-out detector off in the sleep that follows */
#define BODSE 0x20 /* ... enabled by this, written with BODS first */
#define BODS_CYCLES 4 /* BODS within 4 cycles of BODSE; SLEEP within 3 of BODS (+1: the step) */
#define SLEEP_MODE(smcr) (((smcr) >> 1) & 7u)
#define SLEEP_IDLE 0
#define SLEEP_ADC_NOISE 1

#if BOARD_DISPLAY_DRIVER_WS2812
#define BOARD_ENERGY (&energy_board_nano)
#else
#define BOARD_ENERGY (&energy_board_handheld)
#endif

static sim_t *energy_sim; /* simavr's sleep callback carries no parameter */

/* Module clocks counted up to now. */
static void count_modules(sim_t *s)
{
    sim_energy_t *e = &s->energy;
    const uint64_t span = s->avr->cycle - e->prr_at;
    for (unsigned m = 0; m < 8; m++)
        if (!(e->prr & (1u << m)))
            e->module_on[m] += span;
    e->prr_at = s->avr->cycle;
}

static void on_prr(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    sim_t *s = param;
    count_modules(s);
    avr->data[addr] = v;
    s->energy.prr = v;
}

/* simavr is about to skip `how_long` cycles asleep (then one more). */
static void on_sleep(struct avr_t *avr, avr_cycle_count_t how_long)
{
    sim_energy_t *e = &energy_sim->energy;
    const uint64_t slept = how_long + 1u;
    const unsigned mode = SLEEP_MODE(avr->data[SMCR_DATA_ADDR]);
    /* simavr sleeps in steps: a new sleep is one that does not go on from
     * the last step; the BOD is off for it when its timed sequence came
     * just before (the chip clears BODS 3 cycles after it is set) */
    if (avr->cycle != e->asleep_until)
        e->bods = e->bods_at && avr->cycle - e->bods_at <= BODS_CYCLES;
    e->asleep_until = avr->cycle + slept;
    /* the firmware sleeps in idle and power-down only; ADC noise reduction
     * would count as idle, power-save and standby as power-down */
    if (mode == SLEEP_IDLE || mode == SLEEP_ADC_NOISE) {
        e->idle += slept;
    } else { /* power-down: the clocks stop */
        e->power_down += slept;
        if (avr->data[WDTCSR_DATA_ADDR] & WDT_RUNNING)
            e->wdt += slept;
        if (e->bods)
            e->bod_off += slept;
        for (unsigned m = 0; m < 8; m++)
            if (!(e->prr & (1u << m)))
                e->module_stopped[m] += slept;
    }
    e->next_sleep(avr, how_long);
}

/* MCUCR's timed sequence: BODS and BODSE, then BODS alone within 4 cycles. */
static void on_mcucr(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    sim_energy_t *e = &((sim_t *)param)->energy;
    if ((v & (BODS | BODSE)) == (BODS | BODSE))
        e->bodse_at = avr->cycle;
    else if ((v & BODS) && e->bodse_at && avr->cycle - e->bodse_at <= BODS_CYCLES)
        e->bods_at = avr->cycle;
    avr->data[addr] = v;
}

static const sim_part_t *display_part(const sim_t *s)
{
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->use)
            return *p;
    return NULL;
}

static void display_use(sim_t *s, sim_display_use_t *u)
{
    const sim_part_t *d = display_part(s);
    if (d)
        d->use(s, u);
    else
        memset(u, 0, sizeof *u);
}

static void energy_window(sim_t *s)
{
    sim_energy_t *e = &s->energy;
    const sim_energy_t keep = *e; /* the MCU's state, not counts */
    memset(e, 0, sizeof *e);
    e->prr = keep.prr;
    e->next_sleep = keep.next_sleep;
    e->asleep_until = keep.asleep_until;
    e->bods = keep.bods;
    e->bodse_at = keep.bodse_at;
    e->bods_at = keep.bods_at;
    e->window_at = e->prr_at = s->avr->cycle;
    display_use(s, &e->display_at);
}

/* The window's use in seconds, for the model. */
static void window_use(sim_t *s, energy_use_t *u)
{
    sim_energy_t *e = &s->energy;
    count_modules(s);
    memset(u, 0, sizeof *u);
    const double f = (double)s->freq;
    const uint64_t cycles = s->avr->cycle - e->window_at;
    u->seconds = (double)cycles / f;
    u->idle_s = (double)e->idle / f;
    u->power_down_s = (double)e->power_down / f;
    u->active_s = u->seconds - u->idle_s - u->power_down_s;
    u->wdt_s = (double)e->wdt / f;
    u->bod_off_s = (double)e->bod_off / f;
    for (unsigned m = 0; m < ENERGY_MODULES; m++)
        u->module_on_s[m] = (double)(e->module_on[m] - e->module_stopped[m]) / f;
    sim_display_use_t now;
    display_use(s, &now);
    for (int r = 0; r < ENERGY_ROWS; r++)
        for (int c = 0; c < ENERGY_COLS; c++)
            for (int k = 0; k < ENERGY_COLOURS; k++)
                u->led_full_s[r][c][k] = (now.full_cycles[r][c][k] - e->display_at.full_cycles[r][c][k]) / f;
    u->shift_clocks = (double)(now.shift_clocks - e->display_at.shift_clocks);
    u->row_switches = (double)(now.row_switches - e->display_at.row_switches);
    u->unblanked_s = (double)(now.unblanked_cycles - e->display_at.unblanked_cycles) / f;
    u->row_on_s = (double)(now.row_on_cycles - e->display_at.row_on_cycles) / f;
}

static void energy_draw_now(sim_t *s, energy_draw_t *d)
{
    energy_use_t u;
    window_use(s, &u);
    energy_draw(BOARD_ENERGY, &u, d);
}

static void attach(sim_t *s)
{
    energy_sim = s;
    s->energy.next_sleep = s->avr->sleep;
    s->avr->sleep = on_sleep;
    avr_register_io_write(s->avr, PRR_DATA_ADDR, on_prr, s);
    avr_register_io_write(s->avr, MCUCR_DATA_ADDR, on_mcucr, s);
    energy_window(s);
}

/* A reset clears PRR. (simavr 1.6 keeps the cycle count through a reset;
 * one that started it again would not be counted backwards.) */
static void reset(sim_t *s)
{
    if (s->avr->cycle >= s->energy.prr_at)
        count_modules(s);
    s->energy.prr_at = s->avr->cycle;
    s->energy.prr = 0;
}

static void report(sim_t *s, const char *prefix)
{
    energy_use_t u;
    energy_draw_t d;
    window_use(s, &u);
    energy_draw(BOARD_ENERGY, &u, &d);
    if (u.seconds <= 0)
        return;
    printf("%senergy_window_s: %.1f\n", prefix, u.seconds);
    printf("%sled_ma_mean: %.2f\n", prefix, d.led_ma);
    printf("%sled_red_ma_mean: %.2f\n", prefix, d.led_colour_ma[0]);
    printf("%sled_green_ma_mean: %.2f\n", prefix, d.led_colour_ma[1]);
    if (d.led_colour_ma[2] > 0)
        printf("%sled_blue_ma_mean: %.2f\n", prefix, d.led_colour_ma[2]);
    printf("%sled_row_ma_mean:", prefix); /* top row first, as the matrix is seen */
    for (int r = 0; r < ENERGY_ROWS; r++)
        printf(" %.2f", d.led_row_ma[r]);
    printf("\n");
    printf("%smcu_active_percent: %.2f\n", prefix, 100.0 * u.active_s / u.seconds);
    printf("%smcu_idle_percent: %.2f\n", prefix, 100.0 * u.idle_s / u.seconds);
    printf("%smcu_power_down_percent: %.2f\n", prefix, 100.0 * u.power_down_s / u.seconds);
    printf("%smcu_ma_mean: %.3f\n", prefix, d.mcu_ma);
    printf("%slogic_ma_mean: %.3f\n", prefix, d.logic_ma);
    printf("%svcc_ma_mean: %.3f\n", prefix, d.vcc_ma);
    if (BOARD_ENERGY->boost) {
        printf("%sboost_efficiency_percent: %.1f\n", prefix, 100.0 * d.efficiency);
        printf("%scells_ma_mean: %.3f\n", prefix, d.cells_ma);
        printf("%sbattery_play_hours: %.1f\n", prefix, energy_hours(&energy_cell_alkaline, d.cells_ma));
        printf("%sbattery_play_hours_nimh: %.1f\n", prefix, energy_hours(&energy_cell_nimh, d.cells_ma));
    } else {
        printf("%spower_bank_hours: %.1f\n", prefix, energy_hours(&energy_power_bank, d.cells_ma));
    }
}

/* ---- its script commands (docs/sim.md) ---- */
static bool cmd_energy_window(script_call_t *c)
{
    energy_window(c->sim);
    return true;
}

/* expect-battery-hours-min H: the cells last at least H hours at the window's draw */
static bool cmd_expect_hours_min(script_call_t *c)
{
    double want;
    energy_draw_t d;
    if (!script_parse_number(c->argv[0], 1e9, &want)) {
        script_call_fail(c, "expect-battery-hours-min: '%s' is not a number of hours", c->argv[0]);
        return true;
    }
    energy_draw_now(c->sim, &d);
    const double h = energy_hours(BOARD_ENERGY->boost ? &energy_cell_alkaline : &energy_power_bank, d.cells_ma);
    if (h < want)
        script_call_fail(c, "the cells last %.1f hours < %s (%.2f mA at VCC, %.2f mA from them)", h, c->argv[0], d.vcc_ma,
                         d.cells_ma);
    return true;
}

/* expect-energy led_ma|led_red_ma|led_green_ma|mcu_ma|logic_ma|vcc_ma|cells_ma MIN MAX:
 * a mean current over the window, in mA */
static bool cmd_expect_energy(script_call_t *c)
{
    energy_draw_t d;
    double lo, hi;
    energy_draw_now(c->sim, &d);
    const struct {
        const char *name;
        double value;
    } figures[] = {{"led_ma", d.led_ma}, {"led_red_ma", d.led_colour_ma[0]}, {"led_green_ma", d.led_colour_ma[1]},
                   {"mcu_ma", d.mcu_ma}, {"logic_ma", d.logic_ma}, {"vcc_ma", d.vcc_ma}, {"cells_ma", d.cells_ma}};
    if (!script_parse_number(c->argv[1], 1e6, &lo) || !script_parse_number(c->argv[2], 1e6, &hi)) {
        script_call_fail(c, "expect-energy: '%s %s' is not MIN MAX in mA", c->argv[1], c->argv[2]);
        return true;
    }
    for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
        if (strcmp(figures[i].name, c->argv[0]) == 0) {
            if (figures[i].value < lo || figures[i].value > hi)
                script_call_fail(c, "%s %.3f mA is not within %s..%s", c->argv[0], figures[i].value, c->argv[1], c->argv[2]);
            return true;
        }
    script_call_fail(c, "expect-energy: no figure '%s' (led_ma, led_red_ma, led_green_ma, mcu_ma, logic_ma, vcc_ma, cells_ma)",
                     c->argv[0]);
    return true;
}

static const script_command_t commands[] = {
    {"energy-window", 0, 0, cmd_energy_window, "energy-window"},
    {"expect-energy", 3, 3, cmd_expect_energy, "expect-energy FIGURE MIN MAX"},
    {"expect-battery-hours-min", 1, 1, cmd_expect_hours_min, "expect-battery-hours-min HOURS"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_energy = {.name = "energy", .attach = attach, .reset = reset, .report = report, .commands = commands};
