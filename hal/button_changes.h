/* The debounced button states in the order they came, for a main loop that
 * was busy when they did (an EEPROM save blocks it for up to ~100 ms): two
 * taps of one button stay two taps, and "right, then A" is not read as
 * "A, then right". The tick ISR adds a state at every change; the main loop
 * takes them all at once with interrupts off. When the list is full the
 * newest state replaces the last one, so the last state taken is always the
 * current one and no button is left down that is up.
 * Portable (runs in the AVR tick ISR and in host tests). */
#ifndef JARMO_BUTTON_CHANGES_H
#define JARMO_BUTTON_CHANGES_H

#include <stdint.h>

#include "hal.h"

typedef struct {
    uint8_t count;
    uint8_t state[HAL_BUTTON_CHANGES];
} button_changes_t;

static inline void button_changes_add(button_changes_t *c, uint8_t state)
{
    if (c->count < HAL_BUTTON_CHANGES)
        c->count++;
    c->state[c->count - 1u] = state;
}

/* Copies the states out, oldest first, and empties the list. */
static inline uint8_t button_changes_take(button_changes_t *c, uint8_t *out)
{
    const uint8_t n = c->count;
    for (uint8_t i = 0; i < n; i++)
        out[i] = c->state[i];
    c->count = 0;
    return n;
}

#endif
