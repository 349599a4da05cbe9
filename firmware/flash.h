/* Read-only tables: in flash on the AVR (read through pgm_read_*),
 * plain const data on the host, so shared code needs no AVR headers. */
#ifndef JARMO_FLASH_H
#define JARMO_FLASH_H

#include <stdint.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define FLASH_TABLE PROGMEM
#define flash_byte(addr) pgm_read_byte(addr)
#define flash_word(addr) pgm_read_word(addr)
#define flash_dword(addr) pgm_read_dword(addr)
#else
#define FLASH_TABLE
#define flash_byte(addr) (*(const uint8_t *)(addr))
#define flash_word(addr) (*(const uint16_t *)(addr))
#define flash_dword(addr) (*(const uint32_t *)(addr))
#endif

#endif
