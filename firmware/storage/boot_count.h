/* How many times the console has started (EEPROM, EE_BOOT_COUNT_ADDR):
 * varies the console's play from one power-on to the next. */
#ifndef JARMO_BOOT_COUNT_H
#define JARMO_BOOT_COUNT_H

#include <stdint.h>

/* Adds this start to the count and returns the new count. */
uint32_t boot_count_next(void);

#endif
