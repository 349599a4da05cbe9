/* The debug console's lines (docs/protocol.md, the console's log): what
 * the simulator, the web page and the tests follow a game by. */
#ifndef JARMO_DEBUG_LINES_H
#define JARMO_DEBUG_LINES_H

#include "ui_state.h"

/* "move b1-d2", "undo b1-d2", "hint b1-d2" */
void debug_move(const char *word, rules_move_t m);
/* "start|resume RULES first SIDE [console LEVEL human SIDE] match G/N" */
void debug_game(const ui_t *ui, const char *word);
/* "return d5": the move arrives at d5 and the player picks its return point */
void debug_return(uint8_t arrival);
/* "menu" (it opens) or "menu closed" (back to the game or its end) */
void debug_menu(bool open);
/* "over W B RESULT REASON", "match G/N P1 P2" and, at the end, "match over P1 P2 WHO" */
void debug_over(const ui_t *ui);

#endif
