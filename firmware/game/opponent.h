/* The console's search: its move when it is its turn (thought, shown
 * blinking, then handed to the dispatcher to play) and the player's hint.
 * Writes ui->opponent only. */
#ifndef JARMO_OPPONENT_H
#define JARMO_OPPONENT_H

#include "ui_state.h"

#define UI_HINT_MS 3000u        /* a hint blinks this long (or until a button) */
#define UI_SHOW_MOVE_MS 900u    /* the console's move blinks this long, then it is played */

/* The display and buttons kept alive while the search runs. */
typedef void (*ui_think_poll_fn)(void);

/* boot_count (storage/boot_count.h) varies the console's play across starts. */
void opponent_init(ui_t *ui, uint32_t boot_count);
/* A new game: nothing shown, nothing searched, and the play varied. */
void opponent_new_game(ui_t *ui);
/* The player goes on, or takes back: the hint and a move being shown go. */
void opponent_hint_off(ui_t *ui);
void opponent_forget_shown(ui_t *ui);
/* Hint was chosen: the search runs at the next step. */
void opponent_want_hint(ui_t *ui);
/* Hint was chosen: clears the wish, true if there was one. */
bool opponent_take_hint_wish(ui_t *ui);
/* The hint: a search, shown for UI_HINT_MS. */
void opponent_hint(ui_t *ui, ui_think_poll_fn poll);
/* The hint's time is up: true when it just went. */
bool opponent_hint_step(ui_t *ui, uint32_t now);
/* The console's turn: thinks (up to ~1 s), then shows its move from now. */
void opponent_think(ui_t *ui, ui_think_poll_fn poll);
/* The move shown (ui->opponent.shown_since) has blinked UI_SHOW_MOVE_MS:
 * true with *move, to be played. */
bool opponent_move_shown(ui_t *ui, uint32_t now, rules_move_t *move);

#endif
