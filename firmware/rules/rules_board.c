/* The Jarmo board: which points are linked (docs/rules.md, the board).
 * Each point's neighbours in a list, the lists one after another (104
 * bytes in flash, where a row of 7 slots per point took 175); a
 * neighbour's place in its point's list is its slot, which a saved
 * game's chain records, so the order never changes. 0x80 flags the
 * Jasir-only link b3-c3. */
#include "rules.h"
#include "flash.h"

#define P(file, row) ((uint8_t)(((row)-1) * 5 + ((file) - 'a')))
#define X RULES_EXTRA_LINK
#define N RULES_NO_POINT

const uint8_t rules_links[] FLASH_TABLE = {
    /* row 1 */
    P('b', 3), P('c', 2), /* a1 */
    P('a', 3), P('d', 2), /* b1 */
    P('a', 2), P('d', 3), P('e', 2), /* c1 */
    P('b', 2), P('c', 3), /* d1 */
    P('c', 2), P('d', 3), /* e1 */
    /* row 2 */
    P('c', 1), P('c', 3), /* a2 */
    P('b', 3), P('c', 2), P('c', 4), P('d', 1), /* b2 */
    P('a', 1), P('b', 2), P('d', 2), P('e', 1), P('e', 3), /* c2 */
    P('b', 1), P('b', 3), P('c', 2), P('d', 3), /* d2 */
    P('c', 1), P('d', 4), /* e2 */
    /* row 3 */
    P('b', 1), P('b', 5), /* a3 */
    P('a', 1), P('a', 5), P('b', 2), P('b', 4), P('c', 5), P('d', 2), X | P('c', 3), /* b3 */
    P('a', 2), P('a', 4), P('d', 1), P('e', 4), X | P('b', 3), /* c3 */
    P('b', 4), P('c', 1), P('d', 2), P('d', 4), P('e', 1), P('e', 5), /* d3 */
    P('c', 2), P('d', 5), /* e3 */
    /* row 4 */
    P('c', 3), P('c', 5), /* a4 */
    P('b', 3), P('c', 4), P('d', 3), P('d', 5), /* b4 */
    P('a', 5), P('b', 2), P('b', 4), P('d', 4), P('e', 5), /* c4 */
    P('b', 5), P('c', 4), P('d', 3), P('e', 2), /* d4 */
    P('c', 3), P('c', 5), /* e4 */
    /* row 5 */
    P('b', 3), P('c', 4), /* a5 */
    P('a', 3), P('d', 4), /* b5 */
    P('a', 4), P('b', 3), P('e', 4), /* c5 */
    P('b', 4), P('e', 3), /* d5 */
    P('c', 4), P('d', 3), /* e5 */
};

/* every link listed at both its ends: the 38 links and jasir's b3-c3 */
_Static_assert(sizeof rules_links == 2u * 39u, "a link missing from one of its points' lists");
/* where each point's list starts (its next point's, where it ends) */
const uint8_t rules_link_start[RULES_POINTS + 1] FLASH_TABLE = {0, 2, 4, 7, 9, 11, 13, 17, 22, 26, 28, 30, 37, 42, 48, 50, 52, 56, 61, 65, 67, 69, 71, 74, 76, 78};

#ifdef __AVR__
/* One byte of the mask, shifted into place by the point's byte index: an
 * 8-byte table and one function instead of a 128-byte table read inline at
 * every use (rules.h). */
static const uint8_t bit_in_byte[8] FLASH_TABLE = {1u, 2u, 4u, 8u, 16u, 32u, 64u, 128u};

uint32_t rules_bit(uint8_t p)
{
    union {
        uint32_t mask;
        uint8_t bytes[4]; /* little-endian: bytes[0] holds points 0..7 */
    } m = {0};
    m.bytes[(p >> 3) & 3u] = flash_byte(&bit_in_byte[p & 7u]);
    return m.mask;
}
#endif

/* Neighbours of each point as a mask (the extra link included): lets the
 * quiescence generator skip a piece with nothing to capture or reach. */
const uint32_t rules_neighbour_mask[RULES_POINTS] FLASH_TABLE = {
    0x0000880uL, /* a1 */ 0x0000500uL, /* b1 */ 0x0002220uL, /* c1 */ 0x0001040uL, /* d1 */ 0x0002080uL, /* e1 */
    0x0001004uL, /* a2 */ 0x0020888uL, /* b2 */ 0x0004151uL, /* c2 */ 0x0002882uL, /* d2 */ 0x0040004uL, /* e2 */
    0x0200002uL, /* a3 */ 0x0511141uL, /* b3 */ 0x0088828uL, /* c3 */ 0x1050114uL, /* d3 */ 0x0800080uL, /* e3 */
    0x0401000uL, /* a4 */ 0x0822800uL, /* b4 */ 0x1150040uL, /* c4 */ 0x0222200uL, /* d4 */ 0x0401000uL, /* e4 */
    0x0020800uL, /* a5 */ 0x0040400uL, /* b5 */ 0x0088800uL, /* c5 */ 0x0014000uL, /* d5 */ 0x0022000uL, /* e5 */
};

uint8_t rules_link(uint8_t p, uint8_t slot)
{
    const uint8_t at = (uint8_t)(flash_byte(&rules_link_start[p]) + slot);
    return at < flash_byte(&rules_link_start[p + 1u]) ? flash_byte(&rules_links[at]) : RULES_NO_POINT;
}

uint8_t rules_neighbour(uint8_t p, uint8_t slot, bool *extra)
{
    const uint8_t v = rules_link(p, slot);
    *extra = (v & X) != 0u;
    return v & 0x7Fu;
}
