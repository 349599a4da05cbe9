#include "boot_count.h"

#include "eeprom_map.h"
#include "hal.h"

uint32_t boot_count_next(void)
{
    uint8_t b[EE_BOOT_COUNT_BYTES];
    hal_nv_read(EE_BOOT_COUNT_ADDR, b, sizeof b);
    uint32_t n = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
    n++;
    for (uint8_t i = 0; i < EE_BOOT_COUNT_BYTES; i++)
        b[i] = (uint8_t)(n >> (8u * i));
    hal_nv_write(EE_BOOT_COUNT_ADDR, b, sizeof b);
    return n;
}
