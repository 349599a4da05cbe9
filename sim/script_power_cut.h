/* The power-cut sweep, a script command (script_power_cut.c). */
#ifndef SCRIPT_POWER_CUT_H
#define SCRIPT_POWER_CUT_H

#include "script_command.h"

/* power-cut-sweep, ended by a NULL name. */
extern const script_command_t script_power_cut_commands[];

#endif
