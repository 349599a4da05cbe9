/* The player's settings written into the simulated EEPROM (sim_settings.c). */
#ifndef SIM_SETTINGS_H
#define SIM_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "script_command.h"
#include "sim.h"

/* "NAME=VALUE" into the settings record (the saved game is dropped);
 * false with the reason in `why` when the name or the value is not one. */
bool sim_settings_set(sim_t *s, const char *assignment, char *why, size_t why_len);
/* Every name and its values, one line each. */
void sim_settings_usage(FILE *to);
/* The script's `set NAME=VALUE`, ended by a NULL name. */
extern const script_command_t sim_settings_commands[];

#endif
