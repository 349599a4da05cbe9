/* Button debouncing: a button's debounced state flips only after the raw
 * input has disagreed with it for DEBOUNCE_MS consecutive 1 ms samples.
 * Portable (runs in the AVR tick ISR and in host tests). */
#ifndef JARMO_DEBOUNCE_H
#define JARMO_DEBOUNCE_H

#include <stdint.h>

#define DEBOUNCE_MS 5u
#define DEBOUNCE_BUTTONS 6u

typedef struct {
    uint8_t stable;                    /* debounced state, 1 = pressed */
    uint8_t count[DEBOUNCE_BUTTONS];   /* samples disagreeing so far */
} debounce_t;

/* Feeds one sample (1 = pressed); returns the debounced state. */
static inline uint8_t debounce_step(debounce_t *d, uint8_t raw)
{
    for (uint8_t i = 0; i < DEBOUNCE_BUTTONS; i++) {
        const uint8_t bit = (uint8_t)(1u << i);
        if ((raw ^ d->stable) & bit) {
            if (++d->count[i] >= DEBOUNCE_MS) {
                d->stable ^= bit;
                d->count[i] = 0;
            }
        } else {
            d->count[i] = 0;
        }
    }
    return d->stable;
}

#endif
