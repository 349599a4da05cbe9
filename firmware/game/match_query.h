/* The pure questions about the match and the game on the board: who plays
 * which side, whose turn it is, whether the match is over, what the menu
 * may do now. Reads the state, changes nothing, calls nothing of game/. */
#ifndef JARMO_MATCH_QUERY_H
#define JARMO_MATCH_QUERY_H

#include "ui_state.h"

/* P1 is the player who had White in game 1: White in the odd games. */
uint8_t match_p1_colour(const game_match_t *m);
/* The human's side in this game against the console (sides swap every game). */
uint8_t match_human_side(const game_match_t *m);
bool match_is_over(const game_match_t *m);
/* Against the console and the console's side to move (on any screen). */
bool match_consoles_turn(const ui_t *ui);
/* ... and the game on the screen: the console is about to move. */
bool match_console_to_move(const ui_t *ui);
/* True when a setting of the menu item differs from the match in play
 * (it takes effect with the next match). */
bool match_setting_waits(const ui_t *ui, uint8_t item);
/* The plies Undo takes back from the menu (two players: the last move;
 * against the console: back to your turn), 0 when there are not enough. */
uint8_t match_undo_plies(const ui_t *ui);
/* The menu's Hint may search now. */
bool match_hint_allowed(const ui_t *ui);

#endif
