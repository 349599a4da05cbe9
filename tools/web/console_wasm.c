/* The web page's view into the console's EEPROM, as WebAssembly: the very
 * C that `jarmo-sim --set` and `make play`'s status use (settings_text.c,
 * status_text.c), over the firmware's own storage code (settings.c,
 * nv_record.c, game_save.c, journal.c) and rules core. The page copies the
 * emulated chip's 1024 bytes into `console_eeprom`, calls, and copies them
 * back after a change (sim/web/src/console_text.js). */
#include <stdint.h>
#include <string.h>

#include "hal.h"
#include "settings_text.h"
#include "status_text.h"
#include "storage/eeprom_map.h"

uint8_t console_eeprom[EE_SIZE];
char console_text_in[64];
char console_text_out[256];

void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, console_eeprom + addr, len); }
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len) { memcpy(console_eeprom + addr, buf, len); }
void hal_watchdog_kick(void) {}

/* The saved game in words into console_text_out; 1 when there is one.
 * console_text_in: the console's newest debug line of the game, or "". */
int console_status(void) { return status_text(console_text_out, sizeof console_text_out, console_text_in[0] ? console_text_in : NULL); }

/* console_text_in ("level=5") into the settings record; 0 with the
 * reason in console_text_out when it is not a setting. */
int console_set(void) { return settings_text_set(console_text_in, console_text_out, sizeof console_text_out); }

/* Every setting as NAME=VALUE joined by '&' (a link's query) into
 * console_text_out. */
void console_settings(void)
{
    char *o = console_text_out, *end = console_text_out + sizeof console_text_out - 1;
    for (unsigned i = 0; i < settings_text_count(); i++) {
        const char *name = settings_text_name(i);
        char value[16];
        settings_text_get(i, value, sizeof value);
        if (o + strlen(name) + strlen(value) + 2 > end)
            break;
        if (i)
            *o++ = '&';
        o = strcpy(o, name) + strlen(name);
        *o++ = '=';
        o = strcpy(o, value) + strlen(value);
    }
    *o = '\0';
}

/* No saved game: the console starts a new match with the settings. */
void console_drop_game(void) { settings_text_drop_game(); }

/* ---- the C library's few functions (no libc in this build) ---- */
void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}
void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d < s)
        return memcpy(dst, src, n);
    while (n--)
        d[n] = s[n];
    return dst;
}
void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}
int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *x = a, *y = b;
    for (; n--; x++, y++)
        if (*x != *y)
            return *x - *y;
    return 0;
}
size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}
int strncmp(const char *a, const char *b, size_t n)
{
    for (; n--; a++, b++)
        if (*a != *b || !*a)
            return (uint8_t)*a - (uint8_t)*b;
    return 0;
}
int strcmp(const char *a, const char *b) { return strncmp(a, b, (size_t)-1); }
char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}
size_t strcspn(const char *s, const char *reject)
{
    size_t n = 0;
    while (s[n] && !strchr(reject, s[n]))
        n++;
    return n;
}
char *strcpy(char *dst, const char *src) { return memcpy(dst, src, strlen(src) + 1); }
char *strcat(char *dst, const char *src)
{
    strcpy(dst + strlen(dst), src);
    return dst;
}
