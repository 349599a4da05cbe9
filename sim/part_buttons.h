/* The six buttons (part_buttons.c), pressed by the script runner, the
 * player and the terminal. */
#ifndef PART_BUTTONS_H
#define PART_BUTTONS_H

#include <stdbool.h>

#include "sim.h"

#define SIM_TAP_MS 40.0 /* a quick, clean button tap: down this long, then up as long */

/* Lets simulated time pass until ms for a button (its chatter, a tap's
 * hold): the caller's clock, so that the part never runs the MCU itself;
 * false when the MCU stopped. */
typedef bool (*sim_buttons_wait_t)(void *ctx, double until_ms);

/* Presses (down) or releases a button (SIM_BTN_*); nothing while the power
 * is cut. With contact bounce (the script's `bounce N`) the pin chatters
 * first, over about 2 ms that `wait` lets pass (NULL: no chatter). */
void sim_button(sim_t *s, int button, bool down, sim_buttons_wait_t wait, void *ctx);
/* A button down for hold_ms, then up for SIM_TAP_MS; false when the MCU
 * stopped. */
bool sim_button_tap(sim_t *s, int button, double hold_ms, sim_buttons_wait_t wait, void *ctx);

#endif
