/* The AI's flash tables (generated into build/gen/ref_ai_tables.c). */
#ifndef JARMO_REF_AI_TABLES_H
#define JARMO_REF_AI_TABLES_H

#include <stdint.h>

#include "flash.h"
#include "rules/rules.h"

/* Value of one piece of `side` standing on a point, per rule set. */
extern const int16_t ref_ai_point_value[RULES_SET_COUNT][2][RULES_POINTS];

#endif
