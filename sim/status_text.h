/* The game in words, from the saved game (storage/game_save.c over
 * hal_nv_read): who plays, the rule set, the match, whose turn and the
 * score if the game ended now. `make play`'s status lines and the web
 * page's status line; no stdio, the web page runs it as WebAssembly. */
#ifndef SIM_STATUS_TEXT_H
#define SIM_STATUS_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Two lines (joined by '\n', no final newline): the match, then the game
 * now. False, with "no game in progress", when there is no saved game. */
bool status_text(char *out, size_t len);

#endif
