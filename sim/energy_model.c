/* The energy model (energy_model.h): the boards' parts as their datasheets
 * give them, and the arithmetic from measured use to hours on the cells.
 * [read]: the figure was read from the source named; [not read]: the
 * source's figure could not be read here and the value is an estimate,
 * said as such (docs/sim.md lists them all). */
#include "energy_model.h"

#include <string.h>

/* ---- the figures ---------------------------------------------------------- */
/* ATmega328P (DS40002061A, 5 V, 25 C), shared by both boards. The table's
 * supply currents are with every module stopped in PRR; each module whose
 * clock PRR leaves on adds its own (MCU_MODULES_MA). */
#define MCU_ACTIVE_16MHZ_MA 10.4 /* 5.2 mA typ at 8 MHz [read] x 2: 16 MHz [not read: the figure's curve] */
#define MCU_IDLE_16MHZ_MA 2.4    /* 1.2 mA typ at 8 MHz [read] x 2 */
#define MCU_POWER_DOWN_MA 0.003  /* WDT off: 0.1 uA typ at 3 V [read]; under 3 uA at 5 V on the figure: 3 uA taken */
#define MCU_WDT_MA 0.0041        /* WDT on: 4.2 uA typ at 3 V [read], less the 0.1 uA of the core; the 3 V figure, used at 5 V */
/* each module's clock while awake, by its PRR bit: the table of additional
 * currents at 5 V, 8 MHz [read] x 2 for 16 MHz [not read]: ADC 295, USART0
 * 100, SPI 187, Timer1 176, (bit 4 none), Timer0 61, Timer2 224, TWI 199 uA */
#define MCU_MODULES_MA {0.590, 0.200, 0.374, 0.352, 0.0, 0.122, 0.448, 0.398}
#define MCU_BOD_MA 0.020         /* brown-out detector at 5 V [not read: its figure]; on in every mode (efuse 0xFC) */

/* Both boards' MCU, one set of fields. */
#define ATMEGA328P_16MHZ                                                                              \
    .mcu_active_ma = MCU_ACTIVE_16MHZ_MA, .mcu_idle_ma = MCU_IDLE_16MHZ_MA,                            \
    .mcu_power_down_ma = MCU_POWER_DOWN_MA, .mcu_wdt_ma = MCU_WDT_MA, .mcu_bod_ma = MCU_BOD_MA,     \
    .module_ma = MCU_MODULES_MA

/* The handheld, rev E (hardware/README.md, "The display" and "Power"). */
#define HH_VCC 5.06
/* 150 R per column; VCC less the row FET's 19 mV and the sink's 0.1 V
 * less the LED's VF, the middle of the listing's range: red 1.6-2.6 V ->
 * 2.1 V, green 2.6-3.1 V -> 2.85 V */
#define HH_RED_MA ((HH_VCC - 0.019 - 0.1 - 2.1) / 150.0 * 1000.0)
#define HH_GREEN_MA ((HH_VCC - 0.019 - 0.1 - 2.85) / 150.0 * 1000.0)

const energy_board_t energy_board_handheld = {
    .name = "jarmo-handheld",
    .vcc = HH_VCC,
    .led_full_ma = {HH_RED_MA, HH_GREEN_MA, 0.0},
    ATMEGA328P_16MHZ,
    /* 3 x 74HC595: 8 uA max at 25 C [not read: TI's 80 uA max is over
     * -40..85 C, read]; CPD 115 pF per package (Nexperia) [not read] */
    .shift_registers = 3,
    .shift_static_ma = 0.008,
    .shift_cpd_pf = 115.0,
    /* AO3401A Qg 7 nC typ at -4.5 V [read, from a copy of AOS's sheet] */
    .row_gate_nc = 7.0,
    /* R2 10 k from VCC to BLANK, which the MCU holds low while the display
     * is lit; R20-R27 10 k from VCC to each row gate, pulled low through
     * R10-R17 220 R while its row is on */
    .blank_pullup_ma = HH_VCC / 10e3 * 1e3,
    .row_pullup_ma = HH_VCC / 10.22e3 * 1e3,
    /* TPS61023's own 20 uA from VOUT in light load [read, TI's summary];
     * its feedback divider R51 750 k + R52 100 k, 6 uA */
    .board_ma = 0.020 + HH_VCC / 850e3 * 1e3,
    .boost = true,
    /* TPS61023 efficiency at VOUT 5 V, VIN 3.6 V: 94 % at 1.5 A [read];
     * the light-load points are assumed [not read: the datasheet's curve is
     * a picture], in the range TI's PFM boosts show */
    .efficiency = {{1, 0.70}, {10, 0.85}, {30, 0.88}, {100, 0.90}, {300, 0.92}, {1500, 0.94}},
    .boost_iq_ma = 0.0009, /* 0.9 uA typ into VIN [read] */
    .cells_sense_ohms = 180e3 + 100e3, /* R53 + R54 on EN, across the cells while SW1 is on */
    .pack_v = 3.6, /* three alkaline cells' mean under a light load, 1.2 V each [not read] */
};

/* The Nano on a USB supply: a WS2812B panel, no boost. */
const energy_board_t energy_board_nano = {
    .name = "jarmo-nano",
    .vcc = 5.0,
    /* WS2812B: 20 mA per channel at 255 (its datasheet, the simulator's
     * frame budget), about 1 mA per LED dark: just under 1 mA measured
     * [read: pjrc.com's measurement of two WS2812B kinds] */
    .led_full_ma = {20.0, 20.0, 20.0},
    .led_idle_ma = 1.0,
    .leds = 64,
    ATMEGA328P_16MHZ,
    /* the Nano's power LED and its USB bridge are the Nano's, not counted
     * [not read: the clone's parts vary] */
    .board_ma = 0.0,
    .boost = false,
    .efficiency = {{0, 1.0}},
    .pack_v = 5.0,
};

/* Energizer E91 AA alkaline to 0.8 V at 21 C: about 3,000 mAh at 25 mA,
 * 2,600 at 100 mA, 1,600 at 500 mA, 1,000 at 1 A [read: a reading of
 * Energizer's curves, kurokatta.org]. The console stops at 1.03 V a cell
 * (hardware/README.md, battery sense): what is left between 1.03 and 0.8 V
 * is taken as 15 % at these currents [not read], so 85 % of each. */
const energy_cell_t energy_cell_alkaline = {
    .name = "Energizer E91 (alkaline)",
    .mah_at_ma = {{25, 2550}, {100, 2210}, {500, 1360}, {1000, 850}},
};
/* Panasonic eneloop BK-3MCC: 1,900 mAh min [not read: its label's
 * figure]; flat at these currents, and all of it above 1.03 V but the
 * last few per cent (NiMH holds 1.2 V until the end) */
const energy_cell_t energy_cell_nimh = {
    .name = "Panasonic eneloop BK-3MCC (NiMH)",
    .mah_at_ma = {{1, 1900}, {1000, 1900}},
};
/* A 5,000 mAh power bank: 3.7 V cells, 85 % to 5 V [read: vendors' 80-85 %
 * typical]: 5,000 x 3.7 / 5 x 0.85 = 3,145 mAh at 5 V */
const energy_cell_t energy_power_bank = {
    .name = "5,000 mAh USB power bank",
    .mah_at_ma = {{1, 3145}, {3000, 3145}},
};

/* ---- the arithmetic ------------------------------------------------------- */
double energy_curve(const energy_point_t *curve, double x)
{
    int n = 0;
    while (n < ENERGY_CURVE && (n == 0 || curve[n].x > 0))
        n++;
    if (n == 1 || x <= curve[0].x)
        return curve[0].y;
    for (int i = 1; i < n; i++)
        if (x <= curve[i].x)
            return curve[i - 1].y + (curve[i].y - curve[i - 1].y) * (x - curve[i - 1].x) / (curve[i].x - curve[i - 1].x);
    return curve[n - 1].y;
}

void energy_draw(const energy_board_t *b, const energy_use_t *u, energy_draw_t *d)
{
    memset(d, 0, sizeof *d);
    if (u->seconds <= 0)
        return;
    const double t = u->seconds;
    for (int r = 0; r < ENERGY_ROWS; r++)
        for (int c = 0; c < ENERGY_COLS; c++)
            for (int k = 0; k < ENERGY_COLOURS; k++) {
                const double ma = u->led_full_s[r][c][k] / t * b->led_full_ma[k];
                d->led_colour_ma[k] += ma;
                d->led_row_ma[r] += ma;
                d->led_ma += ma;
            }
    d->led_ma += b->leds * b->led_idle_ma;
    d->mcu_ma = (u->active_s * b->mcu_active_ma + u->idle_s * b->mcu_idle_ma + u->power_down_s * b->mcu_power_down_ma +
                 u->wdt_s * b->mcu_wdt_ma + (t - u->bod_off_s) * b->mcu_bod_ma) / t;
    for (int m = 0; m < ENERGY_MODULES; m++)
        d->mcu_ma += u->module_on_s[m] / t * b->module_ma[m];
    /* a CMOS part's dynamic supply current: CPD x VCC x f per package */
    const double shift_ma = b->shift_registers * b->shift_static_ma +
                            b->shift_registers * b->shift_cpd_pf * 1e-12 * b->vcc * (u->shift_clocks / t) * 1e3;
    const double gates_ma = b->row_gate_nc * 1e-9 * (u->row_switches / t) * 1e3;
    const double pullups_ma = (u->unblanked_s * b->blank_pullup_ma + u->row_on_s * b->row_pullup_ma) / t;
    d->logic_ma = shift_ma + gates_ma + pullups_ma + b->board_ma;
    d->vcc_ma = d->led_ma + d->mcu_ma + d->logic_ma;
    d->efficiency = b->boost ? energy_curve(b->efficiency, d->vcc_ma) : 1.0;
    d->cells_ma = d->vcc_ma * b->vcc / (d->efficiency * b->pack_v) + b->boost_iq_ma +
                  (b->cells_sense_ohms > 0 ? b->pack_v / b->cells_sense_ohms * 1e3 : 0.0);
}

double energy_hours(const energy_cell_t *c, double ma)
{
    return ma > 0 ? energy_curve(c->mah_at_ma, ma) / ma : 0.0;
}
