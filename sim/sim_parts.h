/* The parts of the board being simulated (sim_parts.c), for sim_open. */
#ifndef SIM_PARTS_H
#define SIM_PARTS_H

#include "sim.h"

extern const sim_part_t *const sim_board_parts[];

#endif
