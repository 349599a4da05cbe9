/* Part: the six buttons, active low with the MCU's pull-ups, on the board's
 * button port. `bounce N` makes each press and release chatter N times over
 * about 2 ms first. While the power is cut (sim_power_cut in a sweep) a
 * press does nothing. */
#include <string.h>

#include <simavr/avr_ioport.h>
#include <simavr/sim_avr.h>

#include "part_buttons.h"
#include "script_command.h"
#include "script_parse.h"
#include BOARD_HEADER


static const uint8_t button_bits[SIM_BUTTONS] = {BOARD_BTN_UP_BIT,    BOARD_BTN_DOWN_BIT, BOARD_BTN_LEFT_BIT,
                                                 BOARD_BTN_RIGHT_BIT, BOARD_BTN_A_BIT,    BOARD_BTN_B_BIT};

static avr_irq_t *pin_of(sim_t *s, int button)
{
    return SIM_PIN_IRQ(s, BOARD_BUTTON_PORT, button_bits[button]);
}

static void set_pin(sim_t *s, int button, bool down) { avr_raise_irq(pin_of(s, button), down ? 0 : 1); }

/* Released (pulled up) unless pressed. After a reset each pin IRQ still
 * caches its last level and ignores a raise to the same value: drive every
 * pin low then high (no time passes) so that released reads released. */
static void release_all(sim_t *s)
{
    avr_ioport_external_t ext = {.name = SIM_PORT_LETTER(BOARD_BUTTON_PORT), .mask = 0, .value = 0};
    for (int b = 0; b < SIM_BUTTONS; b++) {
        ext.mask |= (uint8_t)(1u << button_bits[b]);
        ext.value |= (uint8_t)(1u << button_bits[b]);
    }
    avr_ioctl(s->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(SIM_PORT_LETTER(BOARD_BUTTON_PORT)), &ext);
    for (int b = 0; b < SIM_BUTTONS; b++) {
        avr_raise_irq(pin_of(s, b), 0);
        avr_raise_irq(pin_of(s, b), 1);
        s->buttons.pressed[b] = false;
    }
}

static void attach(sim_t *s) { release_all(s); }

static int button_by_name(const char *name)
{
    static const char *const names[SIM_BUTTONS] = {"up", "down", "left", "right", "a", "b"};
    for (int b = 0; b < SIM_BUTTONS; b++)
        if (strcmp(name, names[b]) == 0)
            return b;
    return -1;
}

void sim_button(sim_t *s, int button, bool down, sim_buttons_wait_t wait, void *ctx)
{
    if (s->buttons.dead)
        return;
    /* contact bounce: the pin chatters for ~2 ms before it settles (the
     * waits' results as before: a stopped MCU shows at the next step) */
    for (unsigned i = 0; wait && i < s->buttons.bounce; i++) {
        set_pin(s, button, down);
        wait(ctx, sim_now_ms(s) + 0.1 + 0.2 * i);
        set_pin(s, button, !down);
        wait(ctx, sim_now_ms(s) + 0.15);
    }
    set_pin(s, button, down);
    s->buttons.pressed[button] = down;
}

bool sim_button_tap(sim_t *s, int button, double hold_ms, sim_buttons_wait_t wait, void *ctx)
{
    sim_button(s, button, true, wait, ctx);
    if (!wait(ctx, sim_now_ms(s) + hold_ms))
        return false;
    sim_button(s, button, false, wait, ctx);
    return wait(ctx, sim_now_ms(s) + SIM_TAP_MS);
}

/* ---- its script commands (docs/sim.md) ---- */
static int want_button(script_call_t *c, const char *name)
{
    const int b = button_by_name(name);
    if (b < 0)
        script_call_fail(c, "unknown button '%s' (up, down, left, right, a, b)", name);
    return b;
}

/* The script's clock, lent by the runner. */
static bool script_wait(void *ctx, double until_ms) { return script_call_run_until(ctx, until_ms); }

static bool cmd_press(script_call_t *c)
{
    const int b = want_button(c, c->argv[0]);
    if (b >= 0)
        sim_button(c->sim, b, strcmp(c->line, "press") == 0 || strncmp(c->line, "press ", 6) == 0, script_wait, c);
    return true;
}

static bool cmd_tap(script_call_t *c)
{
    double ms = SIM_TAP_MS;
    const int b = want_button(c, c->argv[0]);
    if (b < 0 || (c->argc == 2 && !script_call_want_ms(c, c->argv[1], &ms)))
        return true;
    return sim_button_tap(c->sim, b, ms, script_wait, c);
}

static bool cmd_bounce(script_call_t *c)
{
    unsigned long n;
    if (!script_parse_uint(c->argv[0], 20, &n))
        script_call_fail(c, "bounce: '%s' is not a count 0..20", c->argv[0]);
    else
        c->sim->buttons.bounce = (unsigned)n;
    return true;
}

static const script_command_t commands[] = {
    {"press", 1, 1, cmd_press, "press BUTTON"},
    {"release", 1, 1, cmd_press, "release BUTTON"},
    {"tap", 1, 2, cmd_tap, "tap BUTTON [MS]"},
    {"hold", 2, 2, cmd_tap, "hold BUTTON MS"},
    {"bounce", 1, 1, cmd_bounce, "bounce N"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_buttons = {
    .name = "buttons", .attach = attach, .reset = release_all, .commands = commands,
};
