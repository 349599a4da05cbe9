/* Positions as one line of text, for tests, the protocol and the AI suite:
 *   ROW5/ROW4/ROW3/ROW2/ROW1 SIDE SET WHITEHAND BLACKHAND WHITECHAIN BLACKCHAIN
 * rows list files a..e: '.' empty, 'w'/'b' plain, 'W'/'B' marked;
 * SIDE is w or b; SET a rule set name; a hand is CAPTURED,READY;
 * a chain is '-' or FROMTO:LENGTH (e.g. b1d2:2).
 * Example: bbbbb/...../...../...../wwwww w classic 0,0 0,0 - -
 * Host only (it uses stdio); built from the rules core's accessors. */
#ifndef JARMO_RULES_TEXT_H
#define JARMO_RULES_TEXT_H

#include <stdbool.h>

#include "rules.h"

#define RULES_POS_TEXT_MAX 96
/* Parses text into *p; on failure returns false, *p unchanged, and err
 * (if not NULL) points at a static description of the problem. */
bool rules_pos_from_text(const char *text, rules_pos_t *p, const char **err);
/* The character of the piece on a point: '.', 'w', 'W', 'b' or 'B'. */
char rules_piece_char(const rules_pos_t *p, uint8_t point);
void rules_pos_to_text(const rules_pos_t *p, char out[RULES_POS_TEXT_MAX]);

#endif
