/* A fake EEPROM for the storage tests (tests/test_settings.c,
 * tests/test_journal.c): the HAL's hal_nv_read and hal_nv_write over an
 * array that counts every byte's cycles and can lose power mid-write. */
#ifndef TEST_FAKE_EEPROM_H
#define TEST_FAKE_EEPROM_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"

extern uint8_t eeprom[HAL_NV_SIZE];
extern int writes_left; /* bytes written before the "power cut"; -1: no cut */
extern bool tear;       /* the cut leaves the byte being written as noise */
extern unsigned bytes_written;
extern unsigned cycles[HAL_NV_SIZE]; /* erase/write cycles per byte (update: changed bytes only) */

/* An erased EEPROM (all 0xFF), no cycles counted, no power cut to come. */
void erase(void);

#endif
