/* Headless mode: the script runner (sim_script.c, docs/sim.md). */
#ifndef SIM_SCRIPT_H
#define SIM_SCRIPT_H

#include <stdbool.h>

#include "sim.h"

/* Runs the script at path; 0 when every expectation held, 1 when one
 * failed or the MCU stopped, 2 when the script cannot be read. */
int sim_script_run(sim_t *s, const char *path, bool verbose);

#endif
