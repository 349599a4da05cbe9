/* A small record kept in EEPROM so that neither corruption nor a reset in
 * the middle of a save loses it: two slots written alternately, each
 *   magic, sequence number, payload, CRC-8
 * The newest slot with a good CRC wins; a save overwrites the other one, so
 * the previous copy stays valid until the new one is complete. */
#ifndef JARMO_NV_RECORD_H
#define JARMO_NV_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#define NV_RECORD_MAX 28u                          /* largest payload */
#define NV_RECORD_SLOT(len) ((uint16_t)((len) + 3u)) /* bytes per slot */
#define NV_RECORD_SLOTS 2u

/* Loads the newest valid copy into payload; false (payload untouched) if
 * neither slot holds one. The payload is bytes its owner serialised. */
bool nv_record_load(uint16_t addr, uint8_t magic, uint8_t *payload, uint8_t len);
/* Saves payload; writes nothing when the newest copy already holds it. */
void nv_record_save(uint16_t addr, uint8_t magic, const uint8_t *payload, uint8_t len);
uint8_t nv_record_crc8(const uint8_t *data, uint8_t len);

#endif
