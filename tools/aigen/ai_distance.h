/* Moves a lone piece needs to reach the enemy camp, per rule set, side
 * and point, over the rule set's links and directions: the measure the
 * AI's piece-square values are made of. Host only: shared by the table
 * generator (gen_ai_tables.c) and the weight fitter (tools/tune/texel.c),
 * so both read a position the same way. */
#ifndef JARMO_AI_DISTANCE_H
#define JARMO_AI_DISTANCE_H

#include <stdint.h>

#include "ai/ai_board.h"
#include "rules/rules.h"

#define AI_DISTANCE_NEVER 99 /* the piece can never arrive */

/* The points a piece of `side` may step to from p under the rule set,
 * AI_LINK_END-terminated. */
void ai_link_list(uint8_t set, uint8_t side, uint8_t p, uint8_t out[AI_LINK_SLOTS]);
/* Each point's distance (0 in the camp, AI_DISTANCE_NEVER: never). */
void ai_distances(uint8_t set, uint8_t side, uint8_t dist[RULES_POINTS]);
/* The longest finite distance of ai_distances. */
uint8_t ai_distance_max(const uint8_t dist[RULES_POINTS]);

#endif
