/* The AI's flash tables (generated into build/gen/ai_tables.c). */
#ifndef JARMO_AI_TABLES_H
#define JARMO_AI_TABLES_H

#include <stdint.h>

#include "flash.h"
#include "ai_board.h"
#include "rules/rules.h"

/* Value of one piece of `side` standing on a point, per rule set. */
extern const int16_t ai_point_value[RULES_SET_COUNT][2][RULES_POINTS];

/* Link lists (ai_board.h): the distinct ones, and which one each rule set
 * and side uses. */
#define AI_LINK_VARIANTS 3u
extern const uint8_t ai_links[AI_LINK_VARIANTS][RULES_POINTS * AI_LINK_SLOTS];
extern const uint8_t ai_link_variant[RULES_SET_COUNT][2];

#endif
