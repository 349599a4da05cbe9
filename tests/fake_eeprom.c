/* A fake EEPROM for the storage tests: see fake_eeprom.h. */
#include "fake_eeprom.h"

#include <string.h>

uint8_t eeprom[HAL_NV_SIZE];
int writes_left = -1;
bool tear;
unsigned bytes_written;
unsigned cycles[HAL_NV_SIZE];

void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, eeprom + addr, len); }
void hal_watchdog_kick(void) {}
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len)
{
    const uint8_t *b = buf;
    for (uint16_t i = 0; i < len; i++) {
        if (writes_left == 0)
            return; /* power is gone: the rest is never written */
        if (eeprom[addr + i] != b[i]) {
            if (tear && writes_left == 1) { /* cut in the middle of this byte */
                uint8_t junk = (uint8_t)(b[i] * 73u + 41u);
                while (junk == b[i] || junk == eeprom[addr + i])
                    junk++;
                eeprom[addr + i] = junk;
                writes_left = 0;
                return;
            }
            eeprom[addr + i] = b[i];
            bytes_written++;
            cycles[addr + i]++;
            if (writes_left > 0)
                writes_left--;
        }
    }
}

void erase(void)
{
    memset(eeprom, 0xFF, sizeof eeprom);
    memset(cycles, 0, sizeof cycles);
    writes_left = -1;
    tear = false;
    bytes_written = 0;
}
