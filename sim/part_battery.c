/* Part: the cells and the battery-sense divider (boards with
 * BOARD_BATT_COMPARATOR_AIN1): the pack's voltage, set by --battery-mv or
 * the script command `battery MV`, divided by the board's resistors onto
 * AIN1, which simavr's analog comparator holds against its 1.1 V bandgap.
 * Boards without battery sense have no such part. */
#include <stdio.h>

#include <simavr/avr_acomp.h>
#include <simavr/sim_avr.h>

#include "part_battery.h"
#include "script_command.h"
#include "script_parse.h"
#include "sim.h"
#include BOARD_HEADER

#define FRESH_PACK_MV 4500u /* three fresh AA cells */

static unsigned pack_mv = FRESH_PACK_MV;
static sim_t *battery_sim;

#ifdef BOARD_BATT_COMPARATOR_AIN1
/* the divider's output, as the comparator sees it */
static void apply(sim_t *s)
{
    avr_irq_t *ain1 = avr_io_getirq(s->avr, AVR_IOCTL_ACOMP_GETIRQ, ACOMP_IRQ_AIN1);
    const unsigned long mv =
        (unsigned long)pack_mv * BOARD_BATT_DIV_BOTTOM_OHMS / (BOARD_BATT_DIV_TOP_OHMS + BOARD_BATT_DIV_BOTTOM_OHMS);
    if (ain1)
        avr_raise_irq(ain1, (uint32_t)mv);
}
#else
static void apply(sim_t *s) { (void)s; }
#endif

static void attach(sim_t *s)
{
    battery_sim = s;
    apply(s);
}

static void reset(sim_t *s) { apply(s); }

bool sim_battery_sensed(void)
{
#ifdef BOARD_BATT_COMPARATOR_AIN1
    return true;
#else
    return false;
#endif
}

void sim_battery_set_mv(unsigned mv)
{
    pack_mv = mv;
    if (battery_sim)
        apply(battery_sim);
}

unsigned sim_battery_mv(void) { return pack_mv; }

/* ---- its script commands (docs/sim.md) ---- */
/* battery MV: the cells' voltage from now on (part_battery.c) */
static bool cmd_battery(script_call_t *c)
{
    unsigned long mv;
    if (!sim_battery_sensed())
        script_call_fail(c, "battery: this board senses no battery (board-defs: BOARD_BATT_...)");
    else if (!script_parse_uint(c->argv[0], SIM_BATTERY_MAX_MV, &mv))
        script_call_fail(c, "battery: '%s' is not a voltage in mV (0..%u)", c->argv[0], SIM_BATTERY_MAX_MV);
    else
        sim_battery_set_mv((unsigned)mv);
    return true;
}

static const script_command_t commands[] = {
    {"battery", 1, 1, cmd_battery, "battery MV"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_battery = {.name = "battery", .attach = attach, .reset = reset, .commands = commands};
