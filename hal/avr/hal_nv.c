/* Non-volatile storage in the EEPROM; eeprom_update_* skips unchanged bytes. */
#include <avr/eeprom.h>

#include "hal.h"

void hal_nv_read(uint16_t addr, void *buf, uint16_t len)
{
    eeprom_read_block(buf, (const void *)(uintptr_t)addr, len);
}

void hal_nv_write(uint16_t addr, const void *buf, uint16_t len)
{
    eeprom_update_block(buf, (void *)(uintptr_t)addr, len);
}

uint8_t hal_nv_read_byte(uint16_t addr) { return eeprom_read_byte((const uint8_t *)(uintptr_t)addr); }

void hal_nv_write_byte(uint16_t addr, uint8_t b) { eeprom_update_byte((uint8_t *)(uintptr_t)addr, b); }
