/* The console's screens: menu, game (cursor, selection, returns), game over.
 * Driven by input events; draws through render.c; speaks through the HAL. */
#ifndef JARMO_UI_H
#define JARMO_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"
#include "input.h"
#include "rules/rules.h"
#include "storage/settings.h"

enum { UI_MENU, UI_GAME, UI_OVER };
enum { UI_ITEM_MODE, UI_ITEM_RULES, UI_ITEM_FIRST, UI_ITEM_LEVEL, UI_ITEM_SIDE, UI_ITEM_COUNT };

typedef struct {
    settings_t settings;
    uint8_t screen;
    uint8_t menu_item;
    rules_pos_t pos;
    uint8_t cursor, selected;
    uint32_t targets;
    bool choosing_return;
    uint8_t arrival;            /* destination while a return point is chosen */
    uint8_t last_from;          /* where the last move came from */
    uint8_t score[2], winner;
    bool thinking;              /* the console is searching */
    rules_move_t shown;         /* the console's move, shown before it is played */
    uint32_t shown_since;       /* when the showing began (0: nothing shown) */
    uint16_t games;             /* games started: varies the console's play */
    uint32_t seed_salt;         /* from the boot count: varies it across power-ons */
    uint32_t last_input;        /* for the power-down timeout */
    uint32_t last_draw;
    bool dirty;
} ui_t;

/* boot_count (storage/boot_count.h) varies the console's play across starts. */
void ui_init(ui_t *ui, uint32_t boot_count);
/* A button was seen (also while the console thinks): restarts the idle time. */
void ui_note_activity(ui_t *ui, uint32_t now);
/* Milliseconds since the last button activity. */
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now);
void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now);
/* Lets the console move when it is its turn: thinks (for up to ~1 s, the
 * poll callback keeping the console alive), then shows its move blinking
 * for UI_SHOW_MOVE_MS before playing it. */
#define UI_SHOW_MOVE_MS 900u
typedef void (*ui_think_poll_fn)(void);
void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll);
/* Draws when something changed or a blink phase turned; true if drawn. */
bool ui_draw(ui_t *ui, hal_canvas_t c, uint32_t now);

#endif
