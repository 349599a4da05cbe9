/* Checks of the files jarmo-sim hands to simavr (file_check.c). */
#ifndef JARMO_SIM_FILE_CHECK_H
#define JARMO_SIM_FILE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t flash_bytes;  /* the MCU's program memory */
    uint32_t eeprom_bytes;
} file_check_limits_t;

/* An AVR executable whose headers, sections, names and symbols all lie
 * inside its n bytes and whose program fits the MCU; else false, with why
 * ("is damaged: ...") to print after the file's name. *heap_start is the
 * symbol __heap_start's data address (0 if it has none). */
bool file_check_elf(const uint8_t *b, size_t n, const file_check_limits_t *lim, uint32_t *heap_start, char *why,
                    size_t why_len);
/* Intel HEX: every record well formed with a right checksum, within
 * flash_bytes, nothing after the end-of-file record, which must be there. */
bool file_check_hex(const uint8_t *b, size_t n, uint32_t flash_bytes, char *why, size_t why_len);

#endif
