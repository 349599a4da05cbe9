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
/* Called by the tick ISR every millisecond: ends a tone when it is due. */
void hal_tone_ms_elapsed(void);

#endif
