/* Glue between the AVR HAL's own files (not part of the HAL interface).
 * Calls go one way: system -> display, tick; tick -> tone. */
#ifndef HAL_AVR_INTERNAL_H
#define HAL_AVR_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

void hal_display_init(void);
void hal_tick_init(void);
/* hal_battery.c: the comparator set up; off while in power-down */
void hal_battery_init(void);
void hal_battery_sleep(bool sleeping);
uint32_t hal_tick_jitter(void);
void hal_tick_wake_on_buttons(bool on);
bool hal_tick_woken(void);
/* The millisecond clock's low byte (one byte: read without turning
 * interrupts off), to tell whether a tick has come. */
uint8_t hal_tick_ms_low(void);
/* A stretch with interrupts off for longer than a tick (a WS2812B frame,
 * about 2 ms) that keeps the millisecond clock exact: Timer0 keeps
 * counting through it, and the ticks that fell due run as soon as
 * interrupts are allowed again. hal_tick_hold() turns interrupts off and
 * returns what hal_tick_release(held, counts) needs, called at the end of a
 * stretch of `counts` timer counts (4 us each, to within +-0.4 ms); the
 * caller then restores SREG. */
uint16_t hal_tick_hold(void);
void hal_tick_release(uint16_t held, uint16_t counts);
/* Called by the tick ISR every millisecond: ends a tone when it is due. */
void hal_tone_ms_elapsed(void);

#endif
