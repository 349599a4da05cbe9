/* Script arguments as text (docs/sim.md): numbers, counts and times,
 * each read whole. Knows no simulation and no script: a false return is
 * the caller's to report, so a malformed argument is never a silent
 * default. */
#ifndef SCRIPT_PARSE_H
#define SCRIPT_PARSE_H

#include <stdbool.h>

#define SCRIPT_MAX_MS 1e9 /* no script waits longer than this */

/* A plain non-negative decimal number up to max (a time, a frequency). */
bool script_parse_number(const char *text, double max, double *out);
/* A whole number 0..max, decimal or 0x hex. */
bool script_parse_uint(const char *text, unsigned long max, unsigned long *out);
/* A time in ms as the command line and scripts take it: a plain
 * non-negative decimal number up to SCRIPT_MAX_MS. */
bool script_parse_ms(const char *text, double *out);

#endif
