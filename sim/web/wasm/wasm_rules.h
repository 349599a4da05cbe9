/* A game played by text for the page's WebAssembly builds (console.wasm's
 * replay, review.wasm): one reading of "RULES FIRST" and of a move. */
#ifndef JARMO_WASM_RULES_H
#define JARMO_WASM_RULES_H

#include <stdbool.h>

#include "rules/rules.h"

/* "jasir black": the start position into p; false with the reason in why. */
bool wasm_rules_start(const char *text, rules_pos_t *p, char *why);
/* The move written as text made if legal here; false with the reason in why. */
bool wasm_rules_move(rules_pos_t *p, const char *text, char *why);

#endif
