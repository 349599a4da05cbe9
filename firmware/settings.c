#include "settings.h"

#include <string.h>

#include "hal.h"
#include "rules.h"

#define MAGIC 0x4Au /* 'J' */
/* slot layout: magic, seq, 5 setting bytes, crc over the first 7 */
#define SLOT_DATA 5u

uint8_t settings_crc8(const uint8_t *data, uint8_t len)
{
    uint8_t crc = 0xFF;
    for (uint8_t i = 0; i < len; i++) {
        crc ^= data[i];
        for (uint8_t b = 0; b < 8u; b++)
            crc = (uint8_t)((crc & 0x80u) ? (uint8_t)(crc << 1) ^ 0x31u : (uint8_t)(crc << 1));
    }
    return crc;
}

void settings_defaults(settings_t *s)
{
    s->rules = RULES_CLASSIC;
    s->first = RULES_WHITE;
    s->mode = SETTINGS_MODE_TWO_PLAYERS;
    s->level = 3;
    s->human_side = RULES_WHITE;
}

static bool slot_valid(const uint8_t *slot)
{
    return slot[0] == MAGIC && settings_crc8(slot, SETTINGS_SLOT_SIZE - 1u) == slot[SETTINGS_SLOT_SIZE - 1u] &&
           slot[2] < RULES_SET_COUNT && slot[3] <= 1u && slot[4] < SETTINGS_MODE_COUNT && slot[5] >= 1u &&
           slot[5] <= SETTINGS_LEVELS && slot[6] <= 1u;
}

/* Index of the newest valid slot (sequence one ahead, mod 256), or -1. */
static int8_t newest_slot(uint8_t slot[2][SETTINGS_SLOT_SIZE])
{
    hal_nv_read(SETTINGS_NV_ADDR, slot, 2u * SETTINGS_SLOT_SIZE);
    const bool ok0 = slot_valid(slot[0]), ok1 = slot_valid(slot[1]);
    if (ok0 && ok1)
        return (uint8_t)(slot[1][1] - slot[0][1]) == 1u ? 1 : 0;
    return ok1 ? 1 : ok0 ? 0 : -1;
}

static void encode(const settings_t *s, uint8_t *d)
{
    d[0] = s->rules;
    d[1] = s->first;
    d[2] = s->mode;
    d[3] = s->level;
    d[4] = s->human_side;
}

bool settings_load(settings_t *s)
{
    uint8_t slot[2][SETTINGS_SLOT_SIZE];
    const int8_t n = newest_slot(slot);
    settings_defaults(s);
    if (n < 0)
        return false;
    const uint8_t *d = slot[n] + 2;
    s->rules = d[0];
    s->first = d[1];
    s->mode = d[2];
    s->level = d[3];
    s->human_side = d[4];
    return true;
}

void settings_save(const settings_t *s)
{
    uint8_t slot[2][SETTINGS_SLOT_SIZE], next[SETTINGS_SLOT_SIZE];
    const int8_t n = newest_slot(slot);
    encode(s, next + 2);
    if (n >= 0 && memcmp(slot[n] + 2, next + 2, SLOT_DATA) == 0)
        return; /* unchanged: spare the EEPROM */
    next[0] = MAGIC;
    next[1] = n >= 0 ? (uint8_t)(slot[n][1] + 1u) : 0u;
    next[SETTINGS_SLOT_SIZE - 1u] = settings_crc8(next, SETTINGS_SLOT_SIZE - 1u);
    /* overwrite the older slot: the newest stays valid until this one is */
    hal_nv_write((uint16_t)(SETTINGS_NV_ADDR + (n == 0 ? 1u : 0u) * SETTINGS_SLOT_SIZE), next, SETTINGS_SLOT_SIZE);
}
