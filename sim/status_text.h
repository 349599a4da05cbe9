/* The game in words, from the saved game (storage/game_save.c over
 * hal_nv_read): who plays, the rule set, the match, whose turn and the
 * score if the game ended now. `make play`'s status lines and the web
 * page's status line; no stdio, the web page runs it as WebAssembly. */
#ifndef SIM_STATUS_TEXT_H
#define SIM_STATUS_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Two lines (joined by '\n', no final newline): the match, then the game
 * now. False, with "no game in progress", when there is no saved game.
 * `latest` is the console's newest debug line of the game (start, resume,
 * move, undo, over, return; NULL if none): after "over ..." the game is
 * over and the console waits for A on its end screens ("Game 1 of 2 over:
 * the console wins 8-4 (no moves left). Press A for game 2."); a caller
 * that replayed the game adds the side its end names ("over 4 6 black
 * across black": "(the console got all across first)"); after "return d5"
 * the player is choosing where a returning piece goes. While the console's
 * menu is open (its "menu" line, until "menu closed" or a start), the
 * caller puts "menu" before the line, or gives "menu" alone: the status
 * says the menu is open instead of whose turn it is ("... You are green
 * (White). The menu is open: up and down choose, A does it, B goes back."). */
#define STATUS_LATEST_PREFIXES {"start ", "resume ", "move ", "undo ", "over ", "return ", "hint "}
bool status_text(char *out, size_t len, const char *latest);

#endif
