/* What the parts of the UI (ui.h lists them) call in each other. Only the
 * UI's own files include this; the rest of the console sees ui.h. */
#ifndef JARMO_UI_PARTS_H
#define JARMO_UI_PARTS_H

#include "ui.h"

/* ---- ui.c: time, sound, the ticker ---------------------------------------- */
/* A moment for the "since" fields: never 0, which means "not now". */
uint32_t ui_moment(void);
/* True (and *since cleared) once ms have passed since *since. Signed:
 * `since` may be a moment taken after `now` was read. */
bool ui_expired(uint32_t *since, uint32_t now, uint32_t ms);
enum { UI_SOUND_MOVE, UI_SOUND_CAPTURE, UI_SOUND_ERROR, UI_SOUND_OVER, UI_SOUND_REFUSED, UI_SOUND_UNDO };
void ui_sound(const ui_t *ui, uint8_t sound);
/* Starts a one-shot message (UI_SAY_*) on the ticker: any button skips it. */
void ui_say(ui_t *ui, uint8_t say);
/* Restarts the ticker of the screen with its text at x0 (0: the first
 * letter at the left edge; negative: further in). */
void ui_ticker_restart(ui_t *ui, int8_t x0);

/* ---- match.c ----------------------------------------------------------------- */
/* P1 is the player who had White in game 1: White in the odd games. */
uint8_t match_p1_colour(const game_match_t *m);
/* The human's side in this game against the console (sides swap every game). */
uint8_t match_human_side(const game_match_t *m);
/* Against the console and the console's side to move (on any screen). */
bool match_consoles_turn(const ui_t *ui);
/* ... and the game on the screen: the console is about to move. */
bool match_console_to_move(const ui_t *ui);
bool match_is_over(const game_match_t *m);
void match_save(const ui_t *ui);
void match_new(ui_t *ui);
/* Game ui->match.number: the start position, saved at once. */
void match_start_game(ui_t *ui);
/* The game on the board has ended: scores, lines, the end screens. */
void match_game_over(ui_t *ui);
void match_end_event(ui_t *ui, const input_event_t *ev, uint32_t now);
void match_step(ui_t *ui, uint32_t now);

/* ---- play.c ------------------------------------------------------------------ */
void play_event(ui_t *ui, const input_event_t *ev);
void play_move(ui_t *ui, rules_move_t m);
/* Two players: the last move; against the console: back to your turn.
 * False (and nothing changed) when there is nothing to take back. */
bool play_undo(ui_t *ui);
bool play_hint_allowed(const ui_t *ui);
void play_clear_selection(ui_t *ui);
/* The cursor for the side about to move, at the start of a game. */
void play_reset_cursors(ui_t *ui, uint8_t side);

/* ---- menu.c ------------------------------------------------------------------ */
void menu_open(ui_t *ui);
void menu_event(ui_t *ui, const input_event_t *ev);
void menu_confirm_event(ui_t *ui, const input_event_t *ev);
/* True when a setting of the menu item differs from the match in play
 * (it takes effect with the next match). */
bool menu_item_waits(const ui_t *ui, uint8_t item);

/* ---- words.c ----------------------------------------------------------------- */
/* The text on the ticker now (a one-shot message, else the screen's own),
 * NUL-terminated and upper case; *value_at (if not NULL) gets where a menu
 * item's value starts. Returns its length. */
/* The k-th NUL-separated string of a list in flash (words.c's lists, say.c's). */
const char *words_nth(const char *list, uint8_t k);
#define WORDS_MAX 84u /* the longest: "CONSOLE WINS 13-12 - CONSOLE CANNOT MOVE - MATCH YOU 55 CONSOLE 60 - A NEXT GAME" */
uint8_t words_now(const ui_t *ui, char out[WORDS_MAX], uint8_t *value_at);

/* ---- say.c: the debug console ------------------------------------------------- */
/* "move b1-d2", "undo b1-d2", "hint b1-d2" */
void say_move(const char *word, rules_move_t m);
/* "start|resume RULES first SIDE [console LEVEL human SIDE] match G/N" */
void say_game(const ui_t *ui, const char *word);
/* "return d5": the move arrives at d5 and the player picks its return point */
void say_choose_return(uint8_t arrival);
/* "over W B RESULT REASON", "match G/N P1 P2" and, at the end, "match over P1 P2 WHO" */
void say_over(const ui_t *ui);

/* ---- screens.c --------------------------------------------------------------- */
void screens_draw(const ui_t *ui, hal_canvas_t c, uint32_t now);

#endif
