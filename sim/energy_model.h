/* The energy model (energy_model.c): what the measured use of a board's
 * parts (energy_use_t: LED on-times from the pins, the MCU's time awake and
 * asleep, the shift registers' clock edges) draws from its supply, through
 * the boost to the cells, and how long the cells last. Pure arithmetic on
 * datasheet figures (energy_board_t, one per board, each figure's source
 * in energy_model.c and docs/sim.md); part_energy.c measures the use. */
#ifndef ENERGY_MODEL_H
#define ENERGY_MODEL_H

#include <stdbool.h>

#define ENERGY_ROWS 8
#define ENERGY_COLS 8
#define ENERGY_COLOURS 3 /* red, green, blue */
#define ENERGY_CURVE 8   /* points of a curve (efficiency, capacity) */
#define ENERGY_MODULES 8 /* the MCU's modules, by their bit in PRR */

/* What was measured over a window of simulated time. */
typedef struct {
    double seconds;                                         /* the window */
    double led_full_s[ENERGY_ROWS][ENERGY_COLS][ENERGY_COLOURS]; /* seconds at full current, per LED */
    double active_s, idle_s, power_down_s;                  /* the MCU: running, SLEEP idle, SLEEP power-down */
    double wdt_s;                                           /* of the sleep in power-down: with the watchdog on */
    double bod_off_s;                                       /* of the sleep in power-down: the BOD off (BODS) */
    double module_on_s[ENERGY_MODULES];                     /* awake with the module's clock on (its PRR bit 0) */
    double shift_clocks;                                    /* clock edges into each shift register */
    double row_switches;                                    /* row switches turned on (the 595 board) */
    double unblanked_s;                                     /* the blanking pin driven low */
    double row_on_s;                                        /* rows switched on x seconds */
} energy_use_t;

typedef struct {
    double x, y;
} energy_point_t;

/* A board's parts, from their datasheets. Currents in mA at the rail. */
typedef struct {
    const char *name;
    double vcc;                             /* the rail, V */
    double led_full_ma[ENERGY_COLOURS];     /* one LED lit at full, per colour */
    double led_idle_ma;                     /* per LED, whatever it shows (WS2812B's own IC) */
    int leds;                               /* LEDs with an idle current */
    double mcu_active_ma, mcu_idle_ma;      /* at F_CPU and vcc */
    double mcu_power_down_ma, mcu_wdt_ma, mcu_bod_ma;
    double module_ma[ENERGY_MODULES];       /* each module's clock, by its PRR bit, awake */
    int shift_registers;
    double shift_static_ma;                 /* each, quiescent */
    double shift_cpd_pf;                    /* each, power-dissipation capacitance */
    double row_gate_nc;                     /* a row switch's gate charge, once per on and off */
    double blank_pullup_ma;                 /* the blanking pin's pull-up while the pin is low */
    double row_pullup_ma;                   /* a row gate's pull-up while its row is on */
    double board_ma;                        /* always on at the rail (a power LED, a bridge) */
    bool boost;                             /* fed by cells through a boost */
    energy_point_t efficiency[ENERGY_CURVE];/* boost: output mA -> efficiency 0..1 (ends: x 0) */
    double boost_iq_ma;                     /* boost: its own quiescent current, at the cells */
    double cells_sense_ohms;                /* a divider across the cells (battery sense) */
    double pack_v;                          /* the cells' mean voltage under load, V */
} energy_board_t;

/* A cell's (or a power bank's) capacity in mAh at a steady current in mA. */
typedef struct {
    const char *name;
    energy_point_t mah_at_ma[ENERGY_CURVE]; /* ascending in mA; the rest x 0 */
} energy_cell_t;

typedef struct {
    double led_ma;                     /* LEDs at the rail, mean */
    double led_colour_ma[ENERGY_COLOURS];
    double led_row_ma[ENERGY_ROWS];
    double mcu_ma;                     /* the MCU: active, idle, asleep, BOD, watchdog */
    double logic_ma;                   /* shift registers, row gates, the rest of the board */
    double vcc_ma;                     /* the rail's sum */
    double efficiency;                 /* the boost's at that load (1: no boost) */
    double cells_ma;                   /* drawn from the cells (or the USB supply) */
} energy_draw_t;

extern const energy_board_t energy_board_handheld, energy_board_nano;
extern const energy_cell_t energy_cell_alkaline, energy_cell_nimh, energy_power_bank;

/* Linear interpolation on a curve, clamped at its ends. */
double energy_curve(const energy_point_t *curve, double x);
/* The mean draw over the window. */
void energy_draw(const energy_board_t *b, const energy_use_t *u, energy_draw_t *d);
/* Hours a cell (or bank) lasts at a steady `ma`; 0 when nothing is drawn. */
double energy_hours(const energy_cell_t *c, double ma);

#endif
