#include "nv_record.h"

#include <string.h>

#include "hal.h"

uint8_t nv_record_crc8(const uint8_t *data, uint8_t len)
{
    uint8_t crc = 0xFF;
    for (uint8_t i = 0; i < len; i++) {
        crc ^= data[i];
        for (uint8_t b = 0; b < 8u; b++)
            crc = (uint8_t)((crc & 0x80u) ? (uint8_t)(crc << 1) ^ 0x31u : (uint8_t)(crc << 1));
    }
    return crc;
}

/* Reads slot i; true if it holds a valid copy (its sequence in *seq). */
static bool read_slot(uint16_t addr, uint8_t magic, uint8_t len, uint8_t i, uint8_t *buf, uint8_t *seq)
{
    const uint16_t slot = NV_RECORD_SLOT(len);
    hal_nv_read((uint16_t)(addr + i * slot), buf, slot);
    *seq = buf[1];
    return buf[0] == magic && nv_record_crc8(buf, (uint8_t)(len + 2u)) == buf[len + 2u];
}

/* Index of the newest valid slot (sequence one ahead, mod 256), or -1. */
static int8_t newest(uint16_t addr, uint8_t magic, uint8_t len, uint8_t *buf, uint8_t *seq)
{
    uint8_t s0, s1;
    const bool ok0 = read_slot(addr, magic, len, 0, buf, &s0);
    const bool ok1 = read_slot(addr, magic, len, 1, buf, &s1);
    const int8_t n = ok0 && ok1 ? ((uint8_t)(s1 - s0) == 1u ? 1 : 0) : ok1 ? 1 : ok0 ? 0 : -1;
    if (n >= 0) /* leave the newest copy in buf */
        read_slot(addr, magic, len, (uint8_t)n, buf, seq);
    return n;
}

bool nv_record_load(uint16_t addr, uint8_t magic, uint8_t *payload, uint8_t len)
{
    uint8_t buf[NV_RECORD_MAX + 3u], seq;
    if (len > NV_RECORD_MAX || newest(addr, magic, len, buf, &seq) < 0)
        return false;
    memcpy(payload, buf + 2, len);
    return true;
}

void nv_record_save(uint16_t addr, uint8_t magic, const uint8_t *payload, uint8_t len)
{
    uint8_t buf[NV_RECORD_MAX + 3u], seq = 0;
    if (len > NV_RECORD_MAX)
        return;
    const int8_t n = newest(addr, magic, len, buf, &seq);
    if (n >= 0 && memcmp(buf + 2, payload, len) == 0)
        return; /* unchanged: spare the EEPROM */
    buf[0] = magic;
    buf[1] = n >= 0 ? (uint8_t)(seq + 1u) : 0u;
    memcpy(buf + 2, payload, len);
    buf[len + 2u] = nv_record_crc8(buf, (uint8_t)(len + 2u));
    hal_nv_write((uint16_t)(addr + (n == 0 ? 1u : 0u) * NV_RECORD_SLOT(len)), buf, NV_RECORD_SLOT(len));
}
