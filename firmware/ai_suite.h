/* The AI benchmark positions (tests/ai_suite.txt), for the AVR bench. */
#ifndef JARMO_AI_SUITE_H
#define JARMO_AI_SUITE_H

#include <stdint.h>

#include "flash.h"
#include "rules.h"

extern const rules_pos_t ai_suite[];
extern const uint8_t ai_suite_size;

#endif
