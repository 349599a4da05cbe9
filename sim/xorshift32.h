/* The host programs' random numbers: Marsaglia's xorshift32 (13, 17, 5),
 * for the simulator (its EEPROM's noise: part_eeprom.c), the tests and the
 * tools (given -Isim: tools/mk/host.mk). Seeded by the caller (never 0);
 * the same sequence on every machine, so seeded games and tests repeat
 * exactly. */
#ifndef JARMO_XORSHIFT32_H
#define JARMO_XORSHIFT32_H

#include <stdint.h>

static inline uint32_t xorshift32(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

#endif
