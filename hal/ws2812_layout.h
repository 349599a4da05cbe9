/* Where a matrix pixel sits in a WS2812B panel's chain, from the board
 * definition (BOARD_WS2812_SERPENTINE): LED 0 is the top-left corner seen
 * from the front, rows run left to right, and on a serpentine panel every
 * other row runs back. The one definition, for the driver
 * (hal/avr/hal_display_ws2812.c) and the simulator's panel. */
#ifndef JARMO_WS2812_LAYOUT_H
#define JARMO_WS2812_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"

static inline uint8_t ws2812_led_index(uint8_t x, uint8_t y)
{
    const bool reversed = BOARD_WS2812_SERPENTINE && (y & 1u);
    return (uint8_t)(y * HAL_DISPLAY_W + (reversed ? HAL_DISPLAY_W - 1u - x : x));
}

#endif
