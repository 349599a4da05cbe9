/* Interactive mode (sim_term.c): the console in the terminal, played with
 * the keyboard (make play). */
#ifndef SIM_TERM_H
#define SIM_TERM_H

#include <stdbool.h>

#include "sim.h"

int sim_interactive(sim_t *s, bool color);

#endif
