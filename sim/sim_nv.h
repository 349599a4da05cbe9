/* The HAL's non-volatile storage (hal_nv_read, hal_nv_write) on the
 * simulated EEPROM (sim_nv.c): the firmware's storage code built for the
 * host (settings.c, game_save.c) reads and writes the simulator's chip. */
#ifndef SIM_NV_H
#define SIM_NV_H

#include "sim.h"

/* That storage code reaches this simulator's EEPROM from now on. */
void sim_nv_attach(sim_t *s);

#endif
