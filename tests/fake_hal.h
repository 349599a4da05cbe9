/* A fake HAL for host tests of the console's screens (tests/test_ui.c):
 * a clock the test sets, an EEPROM in RAM, the debug console's lines and
 * the tones kept for the test to read. */
#ifndef TEST_FAKE_HAL_H
#define TEST_FAKE_HAL_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"

extern uint32_t fake_millis;         /* what hal_millis() returns */
extern uint8_t fake_nv[HAL_NV_SIZE];
extern char fake_log[8192];          /* the debug console, lines ending in '\n' */
extern uint16_t fake_tone_hz;        /* the last tone (0: none since fake_reset) */
extern uint8_t fake_brightness;
extern bool fake_battery_low;        /* what hal_battery_low() says */

/* An erased EEPROM, an empty log, the clock at `now`. */
void fake_reset(uint32_t now);
/* The log's lines since the last call that start with `prefix`: how many. */
int fake_log_count(const char *prefix);
/* Empties the log. */
void fake_log_clear(void);

#endif
