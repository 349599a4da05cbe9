/* Serial mode (sim_serial.c): the board as a programmer sees it. */
#ifndef SIM_SERIAL_H
#define SIM_SERIAL_H

#include "sim.h"

/* USART0 on a pseudo-terminal (linked as `link`), paced to the wall clock;
 * opening it resets the MCU (DTR). With a bootloader hex the application
 * flash starts erased. Runs until `until` appears on the UART after the
 * terminal closed (0) or after_close_ms passed (1; 0 with no `until`).
 * script: a script run (unpaced) once the terminal is opened, whose debug
 * console the terminal receives as it is written (a game for a follower:
 * sim/web/follow.mjs); NULL for a board paced to the wall clock. */
int sim_serial(sim_t *s, const char *link, const char *bootloader, const char *until, double after_close_ms,
               const char *script);

#endif
