/* The words on the ticker: every text a player reads on the matrix (the
 * only file with them), built from the UI's state. */
#ifndef JARMO_WORDS_H
#define JARMO_WORDS_H

#include "ui_state.h"

/* The k-th NUL-separated string of a list in flash (words.c's lists, debug_lines.c's). */
const char *words_nth(const char *list, uint8_t k);
#define WORDS_MAX 84u /* the longest: "CONSOLE WINS 13-12 - CONSOLE CANNOT MOVE - MATCH YOU 55 CONSOLE 60 - A NEXT GAME" */
/* The text on the ticker now (a one-shot message, else the screen's own),
 * NUL-terminated and upper case; *value_at (if not NULL) gets where a menu
 * item's value starts. Returns its length. */
uint8_t words_now(const ui_t *ui, char out[WORDS_MAX], uint8_t *value_at);

#endif
