/* The AI benchmark positions (tests/ai_suite.txt), for the AVR bench. */
#ifndef JARMO_AI_SUITE_H
#define JARMO_AI_SUITE_H

#include <stdint.h>

#include "flash.h"
#include "rules/rules.h"

/* Each position in the rules core's byte encoding (rules_pos_pack). */
extern const uint8_t ai_suite[][RULES_POS_BYTES];
extern const uint8_t ai_suite_size;

#endif
