/* The debug console's log (part_uart.c), read by the player, autoplay,
 * the board view and the terminal. */
#ifndef PART_UART_H
#define PART_UART_H

#include <stddef.h>

#include "sim.h"

/* The latest whole line that starts with `prefix` (NULL: none), and how
 * many there are. */
const char *sim_uart_last_line(const sim_t *s, const char *prefix);
/* The newest whole line that starts with any of `count` prefixes, or NULL
 * (read from the end: cheap every frame, however long the log). */
const char *sim_uart_newest_line(const sim_t *s, const char *const *prefixes, size_t count);
unsigned sim_uart_count_lines(const sim_t *s, const char *prefix);
/* The log up to `upto` has been checked (autoplay read it): expect-uart
 * and wait-uart look after it. */
void sim_uart_checked_to(sim_t *s, size_t upto);

#endif
