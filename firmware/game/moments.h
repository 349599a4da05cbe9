/* Moments for the "since" fields of the UI's parts: when something began,
 * and whether a span has passed since. */
#ifndef JARMO_MOMENTS_H
#define JARMO_MOMENTS_H

#include <stdbool.h>
#include <stdint.h>

/* Now, as a "since" value: never 0, which means "not now". */
uint32_t moment_now(void);
/* True (and *since cleared) once ms have passed since *since. Signed:
 * `since` may be a moment taken after `now` was read. */
bool moment_passed(uint32_t *since, uint32_t now, uint32_t ms);

#endif
