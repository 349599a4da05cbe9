/* The host tools' reading of a count on their command lines. */
#ifndef JARMO_PARSE_COUNT_H
#define JARMO_PARSE_COUNT_H

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

/* A whole decimal number lo..hi, nothing else (no sign, no suffix); *out
 * is written only when it is one. */
static inline bool parse_count(const char *s, unsigned long lo, unsigned long hi, unsigned long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return false;
    errno = 0;
    const unsigned long v = strtoul(s, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

#endif
