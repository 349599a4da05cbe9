/* The cells' voltage the simulated board runs from (part_battery.c). */
#ifndef PART_BATTERY_H
#define PART_BATTERY_H

#include <stdbool.h>

#define SIM_BATTERY_MAX_MV 6000u
/* True when the board senses its cells (BOARD_BATT_COMPARATOR_AIN1). */
bool sim_battery_sensed(void);
/* The pack's voltage in mV (three fresh AA cells: 4500). */
void sim_battery_set_mv(unsigned mv);
unsigned sim_battery_mv(void);

#endif
