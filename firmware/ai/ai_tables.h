/* The AI's flash tables (generated into build/gen/ai_tables.c). */
#ifndef JARMO_AI_TABLES_H
#define JARMO_AI_TABLES_H

#include <stdint.h>

#include "flash.h"
#include "ai_board.h"
#include "rules/rules.h"

/* Value of one piece standing on a point: a row per distinct (rule set,
 * side), and the row each rule set's side reads. */
extern const int16_t ai_point_values[][RULES_POINTS];
extern const uint8_t ai_point_value_row[RULES_SET_COUNT][2];

/* Link lists (ai_board.h), packed: a table per distinct (rule set, side)
 * list, RULES_POINTS offsets from the table's start followed by the lists;
 * ai_link_table gives each rule set's and side's table (an index into
 * ai_links). */
extern const uint8_t ai_links[];
extern const uint16_t ai_link_table[RULES_SET_COUNT][2];

#endif
