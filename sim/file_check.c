/* The files jarmo-sim is given, checked before simavr reads them: simavr's
 * ELF and Intel HEX readers trust their input (a changed byte in an ELF's
 * headers made them crash, a checksum error was only a warning). Pure
 * functions over bytes in memory, so that the fuzzer (tests/fuzz_files.c)
 * runs them as jarmo-sim does. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <simavr/avr/avr_mcu_section.h>

#include "file_check.h"

#define EHDR_SIZE 52u
#define SHDR_SIZE 40u
#define PHDR_SIZE 32u
#define SYM_SIZE 16u
#define EM_AVR_MACHINE 83u
#define SHT_PROGBITS_TYPE 1u
#define SHT_NOBITS_TYPE 8u
#define SHT_SYMTAB_TYPE 2u
#define SHT_STRTAB_TYPE 3u
#define SHN_UNDEF_INDEX 0u
#define SHF_COMPRESSED_FLAG 0x800u /* libelf would inflate it: a crash on junk */
#define MMCU_NAME_MAX 64u /* simavr's elf_firmware_t.mmcu */

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static bool fail(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return false;
}

/* [off, off + size) lies inside n bytes */
static bool inside(uint32_t off, uint32_t size, size_t n) { return off <= n && size <= n - off; }

typedef struct {
    uint32_t name, type, flags, offset, size, link, entsize;
} shdr_t;

static shdr_t section(const uint8_t *b, uint32_t shoff, uint32_t i)
{
    const uint8_t *h = b + shoff + i * SHDR_SIZE;
    return (shdr_t){rd32(h), rd32(h + 4), rd32(h + 8), rd32(h + 16), rd32(h + 20), rd32(h + 24), rd32(h + 36)};
}

/* A string table whose strings all end inside it. */
static bool strtab_ok(const uint8_t *b, const shdr_t *s)
{
    return s->type == SHT_STRTAB_TYPE && s->size > 0 && b[s->offset + s->size - 1u] == '\0';
}

/* simavr 1.6 walks .mmcu as tag, length, value records, reads up to 4
 * bytes of each value and copies names with strcpy: every record inside
 * the section and at least 4 bytes long, every name ended inside it. */
static bool mmcu_ok(const uint8_t *p, uint32_t size)
{
    while (size) {
        if (size < 2u || (uint32_t)p[1] + 2u > size || p[1] < 4u)
            return false;
        const uint8_t tag = p[0], ts = p[1];
        const bool numeric = tag == AVR_MMCU_TAG_FREQUENCY || tag == AVR_MMCU_TAG_VCC || tag == AVR_MMCU_TAG_AVCC ||
                             tag == AVR_MMCU_TAG_AREF || tag == AVR_MMCU_TAG_LFUSE || tag == AVR_MMCU_TAG_HFUSE ||
                             tag == AVR_MMCU_TAG_EFUSE || tag == AVR_MMCU_TAG_SIGNATURE ||
                             tag == AVR_MMCU_TAG_VCD_PERIOD || tag == AVR_MMCU_TAG_PORT_EXTERNAL_PULL;
        if (!numeric && (memchr(p + 2, '\0', ts) == NULL || ts > MMCU_NAME_MAX))
            return false;
        p += 2u + ts;
        size -= 2u + ts;
    }
    return true;
}

bool file_check_elf(const uint8_t *b, size_t n, const file_check_limits_t *lim, uint32_t *heap_start, char *why,
                    size_t why_len)
{
    *heap_start = 0;
    if (n < EHDR_SIZE || memcmp(b, "\177ELF", 4) != 0)
        return fail(why, why_len, "is not an ELF file");
    if (b[4] != 1u || b[5] != 1u || rd16(b + 18) != EM_AVR_MACHINE)
        return fail(why, why_len, "is not an AVR ELF (build it with avr-gcc: make firmware)");
    if (rd16(b + 16) != 2u)
        return fail(why, why_len, "is not an AVR executable (an object file?)");
    const uint32_t phoff = rd32(b + 28), shoff = rd32(b + 32);
    const uint16_t phentsize = rd16(b + 42), phnum = rd16(b + 44), shentsize = rd16(b + 46), shnum = rd16(b + 48),
                   shstrndx = rd16(b + 50);
    if (phnum && (phentsize != PHDR_SIZE || !inside(phoff, (uint32_t)phnum * PHDR_SIZE, n)))
        return fail(why, why_len, "is damaged: its program headers lie outside the file");
    if (shnum == 0 || shentsize != SHDR_SIZE || !inside(shoff, (uint32_t)shnum * SHDR_SIZE, n))
        return fail(why, why_len, "is damaged: its section headers lie outside the file");
    if (shstrndx == SHN_UNDEF_INDEX || shstrndx >= shnum)
        return fail(why, why_len, "is damaged: no table of section names (e_shstrndx %u of %u sections)", shstrndx,
                    shnum);
    for (uint32_t i = 0; i < phnum; i++) {
        const uint8_t *ph = b + phoff + i * PHDR_SIZE;
        if (!inside(rd32(ph + 4), rd32(ph + 16), n))
            return fail(why, why_len, "is damaged: program header %u lies outside the file", (unsigned)i);
    }
    for (uint32_t i = 1; i < shnum; i++) {
        const shdr_t s = section(b, shoff, i);
        if (s.type != SHT_NOBITS_TYPE && !inside(s.offset, s.size, n))
            return fail(why, why_len, "is damaged: section %u lies outside the file", (unsigned)i);
        if (s.flags & SHF_COMPRESSED_FLAG)
            return fail(why, why_len, "is damaged: section %u is marked compressed (avr-gcc never writes that)", (unsigned)i);
    }
    const shdr_t names = section(b, shoff, shstrndx);
    if (names.type == SHT_NOBITS_TYPE || !strtab_ok(b, &names))
        return fail(why, why_len, "is damaged: its table of section names is not a string table");
    uint32_t text = 0, data = 0, eeprom = 0, fuse = 0;
    bool has_fuse = false, has_lock = false;
    for (uint32_t i = 1; i < shnum; i++) {
        const shdr_t s = section(b, shoff, i);
        if (s.name >= names.size)
            return fail(why, why_len, "is damaged: section %u's name lies outside the table of names", (unsigned)i);
        const char *name = (const char *)b + names.offset + s.name;
        const uint32_t bytes = s.type == SHT_NOBITS_TYPE ? 0u : s.size;
        /* simavr reads these by name, through libelf, and trusts what it
         * gets: each must be of the type avr-gcc writes (libelf gives no
         * data for a table type of the wrong size, and simavr reads it) */
        static const char *const loaded[] = {".text", ".data", ".eeprom", ".fuse", ".lock", ".mmcu", ".bss"};
        for (size_t k = 0; k < sizeof loaded / sizeof loaded[0]; k++)
            if (strcmp(name, loaded[k]) == 0 &&
                s.type != (strcmp(name, ".bss") == 0 ? SHT_NOBITS_TYPE : SHT_PROGBITS_TYPE))
                return fail(why, why_len, "is damaged: its %s section is not of the type avr-gcc writes", name);
        if (strcmp(name, ".text") == 0)
            text += bytes;
        else if (strcmp(name, ".data") == 0)
            data += bytes;
        else if (strcmp(name, ".eeprom") == 0)
            eeprom += bytes;
        else if (strcmp(name, ".fuse") == 0)
            has_fuse = true, fuse += bytes;
        else if (strcmp(name, ".lock") == 0)
            has_lock = true;
        else if (strcmp(name, ".mmcu") == 0 && (s.type == SHT_NOBITS_TYPE || !mmcu_ok(b + s.offset, s.size)))
            return fail(why, why_len, "is damaged: its .mmcu section is not simavr's tag list");
        if (s.type != SHT_SYMTAB_TYPE)
            continue;
        if (s.entsize != SYM_SIZE || s.size % SYM_SIZE || s.link == SHN_UNDEF_INDEX || s.link >= shnum)
            return fail(why, why_len, "is damaged: its symbol table (section %u) is malformed", (unsigned)i);
        const shdr_t str = section(b, shoff, s.link);
        if (str.type == SHT_NOBITS_TYPE || !strtab_ok(b, &str))
            return fail(why, why_len, "is damaged: its symbols' names are not a string table");
        for (uint32_t k = 0; k < s.size / SYM_SIZE; k++) {
            const uint8_t *sym = b + s.offset + k * SYM_SIZE;
            if (rd32(sym) >= str.size)
                return fail(why, why_len, "is damaged: symbol %u's name lies outside its string table", (unsigned)k);
            if (strcmp((const char *)b + str.offset + rd32(sym), "__heap_start") == 0)
                *heap_start = rd32(sym + 4) & 0xFFFFu;
        }
    }
    /* simavr copies .lock through .fuse's data: without .fuse it crashes */
    if (has_lock && !has_fuse)
        return fail(why, why_len, "has a .lock section without a .fuse section (simavr cannot load that)");
    if (text == 0)
        return fail(why, why_len, "has no program (.text)");
    if ((uint64_t)text + data > lim->flash_bytes)
        return fail(why, why_len, "does not fit the MCU: %lu bytes of program (.text %lu + .data %lu), flash holds %lu",
                    (unsigned long)text + data, (unsigned long)text, (unsigned long)data,
                    (unsigned long)lim->flash_bytes);
    if (eeprom > lim->eeprom_bytes)
        return fail(why, why_len, "does not fit the MCU: %lu bytes of .eeprom, the EEPROM holds %lu",
                    (unsigned long)eeprom, (unsigned long)lim->eeprom_bytes);
    if (fuse > 3u)
        return fail(why, why_len, "has %lu fuse bytes; the ATmega328P has 3", (unsigned long)fuse);
    return true;
}

static int hex_digit(uint8_t c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

bool file_check_hex(const uint8_t *b, size_t n, uint32_t flash_bytes, char *why, size_t why_len)
{
    unsigned line = 0;
    uint32_t base = 0;
    bool seen_end = false;
    for (size_t at = 0; at < n;) {
        size_t eol = at;
        while (eol < n && b[eol] != '\n')
            eol++;
        size_t len = eol - at;
        while (len && (b[at + len - 1u] == '\r' || b[at + len - 1u] == ' ' || b[at + len - 1u] == '\t'))
            len--;
        line++;
        const uint8_t *l = b + at;
        at = eol + 1;
        if (len == 0)
            continue;
        if (seen_end)
            return fail(why, why_len, "hex line %u: a record after the end-of-file record", line);
        if (l[0] != ':' || len < 11u || len % 2u == 0u)
            return fail(why, why_len, "hex line %u: not an Intel HEX record", line);
        uint8_t rec[1 + 255 + 5];
        const size_t bytes = (len - 1u) / 2u;
        if (bytes > sizeof rec)
            return fail(why, why_len, "hex line %u: longer than any record", line);
        unsigned sum = 0;
        for (size_t i = 0; i < bytes; i++) {
            const int hi = hex_digit(l[1 + 2 * i]), lo = hex_digit(l[2 + 2 * i]);
            if (hi < 0 || lo < 0)
                return fail(why, why_len, "hex line %u: not hexadecimal", line);
            rec[i] = (uint8_t)(hi << 4 | lo);
            sum += rec[i];
        }
        const uint8_t count = rec[0], type = rec[3];
        if (bytes != count + 5u)
            return fail(why, why_len, "hex line %u: length does not match its count", line);
        if (sum & 0xFFu)
            return fail(why, why_len, "hex line %u: bad checksum", line);
        if (type == 0u) {
            const uint32_t addr = base + (uint32_t)(rec[1] << 8 | rec[2]);
            if (addr + count > flash_bytes)
                return fail(why, why_len, "hex line %u: past the end of flash (0x%05lx)", line,
                            (unsigned long)(addr + count));
        } else if (type == 1u) {
            seen_end = true;
        } else if (type == 2u || type == 4u) {
            if (count != 2u)
                return fail(why, why_len, "hex line %u: an address record of %u bytes", line, count);
            base = type == 2u ? (uint32_t)(rec[4] << 8 | rec[5]) << 4 : (uint32_t)(rec[4] << 8 | rec[5]) << 16;
        } else if (type != 3u && type != 5u) {
            return fail(why, why_len, "hex line %u: unknown record type %u", line, type);
        }
    }
    if (!seen_end)
        return fail(why, why_len, "hex: no end-of-file record (cut short?)");
    return true;
}
