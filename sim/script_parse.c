/* Script arguments as text (script_parse.h). */
#include "script_parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool script_parse_number(const char *text, double max, double *out)
{
    char *end;
    /* decimal digits and one point: not 0x10 (strtod reads hex), 1e3, inf */
    if (!*text || strspn(text, "0123456789.") != strlen(text) || strchr(text, '.') != strrchr(text, '.'))
        return false;
    errno = 0;
    const double v = strtod(text, &end);
    if (*end || errno || !isfinite(v) || v < 0 || v > max)
        return false;
    *out = v;
    return true;
}

bool script_parse_uint(const char *text, unsigned long max, unsigned long *out)
{
    char *end;
    if (!isdigit((unsigned char)text[0]))
        return false;
    errno = 0;
    const unsigned long v = strtoul(text, &end, 0);
    if (*end || errno || v > max)
        return false;
    *out = v;
    return true;
}

bool script_parse_ms(const char *text, double *out) { return script_parse_number(text, SCRIPT_MAX_MS, out); }
