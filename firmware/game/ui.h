/* The console's screens: the game (cursor, selection, returns), the menu
 * (a place you can leave: B returns to the game as it was), and the end of
 * a game and of a match, all of it explained in words by a scrolling
 * ticker. Matches of 1, 2, 4 or 6 games with sides swapped after each game
 * (docs/display.md). This is the one entry the main loop uses; the state
 * is ui_state.h, and game/README.md draws the files below. */
#ifndef JARMO_UI_H
#define JARMO_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"
#include "input.h"
#include "opponent.h"
#include "ui_state.h"

#define UI_OVER_MS 2000u        /* the final position, then the result in words */

/* boot_count (storage/boot_count.h) varies the console's play across starts. */
void ui_init(ui_t *ui, uint32_t boot_count);
void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now);
/* Plays m, chosen by the player or the console (or a test): the line,
 * the sound, the save, and at the end of the game the end screens. */
void ui_play(ui_t *ui, rules_move_t m);
/* A button was seen (also while the console thinks): restarts the idle time. */
void ui_note_activity(ui_t *ui, uint32_t now);
/* Milliseconds since the last button activity. */
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now);
/* Time passes: the ticker, the cells, the end screens, the hint; and when
 * it is the console's turn it thinks (for up to ~1 s, the poll callback
 * keeping the console alive), then shows its move blinking for
 * UI_SHOW_MOVE_MS before playing it. */
void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll);
/* The cells are empty and the warning has been shown: the main loop powers
 * down (the game is saved after every move). */
bool ui_battery_empty(const ui_t *ui);
/* Back from power-down: the idle time and the battery's looks start again. */
void ui_woke(ui_t *ui, uint32_t now);
/* Draws when something changed or a blink phase turned; true if drawn. */
bool ui_draw(ui_t *ui, hal_canvas_t c, uint32_t now);

#endif
