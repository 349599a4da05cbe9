/* The console's screens: the game (cursor, selection, returns), the menu
 * (a place you can leave: B returns to the game as it was), and the end of
 * a game and of a match, all of it explained in words by a scrolling
 * ticker. Matches of 1, 2, 4 or 6 games with sides swapped after each game
 * (docs/display.md). Driven by input events; draws through render.c;
 * speaks through the HAL.
 *
 * The UI is split by job; this header is its one entry and its state:
 *   ui.c       entry points, time, sound, the ticker's life
 *   match.c    the match: games, sides, scores, the end screens' flow
 *   play.c     play and selection: cursor, moves, returns, undo, hint
 *   menu.c     the menu and its settings
 *   screens.c  drawing every screen onto the canvas
 *   words.c    the words the ticker shows (the only place with text)
 *   say.c      the debug console's lines (start, move, over, match) */
#ifndef JARMO_UI_H
#define JARMO_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"
#include "input.h"
#include "rules/rules.h"
#include "storage/game_save.h"
#include "storage/settings.h"

/* UI_OVER: the final position; UI_SCORE: the game's result in words, why
 * it ended, and after a match's last game the match's result too. */
enum { UI_GAME, UI_MENU, UI_CONFIRM, UI_OVER, UI_SCORE };
/* The menu: actions first, then the settings (the match's take effect
 * with the next match and say so; sound, light and blink at once). */
enum {
    UI_ITEM_RESUME,
    UI_ITEM_UNDO,
    UI_ITEM_HINT,
    UI_ITEM_NEW_MATCH,
    UI_ITEM_MODE,
    UI_ITEM_LEVEL,
    UI_ITEM_SIDE,
    UI_ITEM_RULES,
    UI_ITEM_FIRST,
    UI_ITEM_GAMES,
    UI_ITEM_SOUND,
    UI_ITEM_BRIGHTNESS,
    UI_ITEM_BLINK,
    UI_ITEM_COUNT
};

/* One-shot messages of the ticker (words.c has their text). */
enum {
    UI_SAY_NOTHING,
    UI_SAY_START,       /* a game begins: rule set, your colour, who starts */
    UI_SAY_SCORE,       /* B with nothing selected: the score if it ended now */
    UI_SAY_CHAIN,       /* refused: the back-and-forth limit */
    UI_SAY_SHIELDED,    /* refused: jasir's home-row protection */
    UI_SAY_NOT_YOURS,   /* A on the other side's piece */
    UI_SAY_NO_MOVE,     /* A on an own piece that has no move at all */
    UI_SAY_NO_UNDO,
    UI_SAY_NO_HINT,
    UI_SAY_BATTERY,     /* the cells are low: the console saves and switches itself off */
    UI_SAY_SAVE_LOST,   /* at power-on: the saved game could not be read, a new match began */
};

/* Undo: the last plies of the game, enough to take them back exactly. */
#define UI_UNDO_PLIES 16u
typedef struct {
    rules_move_t move;
    rules_undo_t undo;
    uint8_t last_from;          /* the marker before the move */
} ui_ply_t;

#define UI_HINT_MS 3000u        /* a hint blinks this long (or until a button) */
#define UI_OVER_MS 2000u        /* the final position, then the result in words */
#define UI_TICKER_STEP_MS 70u   /* scrolling text: one column this often */
#define UI_BATTERY_CHECK_MS 500u /* the cells are looked at this often ... */
#define UI_BATTERY_LOW_LOOKS 6u  /* ... and must be low this many times in a row
                                  * (3 s: a row's current step is no warning) */

typedef struct {
    settings_t settings;        /* as set in the menu: the next match's */
    game_match_t match;         /* the match being played */
    uint8_t screen;
    uint8_t back_screen;        /* where the menu returns to */
    uint8_t menu_item;
    rules_pos_t pos;
    uint8_t cursor, selected;
    uint8_t side_cursor[2];     /* two players: each side's cursor, kept for its turn */
    uint32_t targets;
    uint32_t refused;           /* the selected piece's targets the rules refuse */
    bool choosing_return;
    uint8_t arrival;            /* destination while a return point is chosen */
    uint8_t last_from;          /* where the last move came from */
    uint8_t score[2], winner;   /* the finished game's score by colour */
    uint8_t end_reason, end_side; /* why it ended (RULES_END_*) and the side that names */
    bool thinking;              /* the console is searching */
    rules_move_t shown;         /* the console's move, shown before it is played */
    uint32_t shown_since;       /* when the showing began (0: nothing shown) */
    uint16_t games;             /* games started: varies the console's play */
    uint32_t seed_salt;         /* from the boot count: varies it across power-ons */
    uint32_t last_input;        /* for the power-down timeout */
    uint32_t last_draw;
    uint8_t say;                /* the one-shot message on the ticker (UI_SAY_*) */
    int8_t ticker_x0;           /* where the text started (0: its first letter at the left edge) */
    uint16_t say_steps;         /* the message's length: it ends after this many steps */
    uint32_t ticker_since;      /* when the ticker (or an end screen) started */
    bool b_down_in_game;        /* B went down in the game: its release cancels */
    ui_ply_t history[UI_UNDO_PLIES]; /* a ring: the newest UI_UNDO_PLIES plies */
    uint8_t history_head, history_len;
    bool hint_wanted;           /* Hint was chosen: the search runs in ui_step */
    rules_move_t hint;
    uint32_t hint_since;        /* 0: no hint shown */
    uint32_t battery_checked;   /* when the cells were last looked at */
    uint8_t battery_lows;       /* looks in a row that found them low */
    bool dirty;
} ui_t;

/* boot_count (storage/boot_count.h) varies the console's play across starts. */
void ui_init(ui_t *ui, uint32_t boot_count);
void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now);
/* A button was seen (also while the console thinks): restarts the idle time. */
void ui_note_activity(ui_t *ui, uint32_t now);
/* Milliseconds since the last button activity. */
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now);
/* Lets the console move when it is its turn: thinks (for up to ~1 s, the
 * poll callback keeping the console alive), then shows its move blinking
 * for UI_SHOW_MOVE_MS before playing it. */
#define UI_SHOW_MOVE_MS 900u
typedef void (*ui_think_poll_fn)(void);
void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll);
/* The cells are empty and the warning has been shown: the main loop powers
 * down (the game is saved after every move). */
bool ui_battery_empty(const ui_t *ui);
/* Back from power-down: the idle time and the battery's looks start again. */
void ui_woke(ui_t *ui, uint32_t now);
/* Draws when something changed or a blink phase turned; true if drawn. */
bool ui_draw(ui_t *ui, hal_canvas_t c, uint32_t now);

#endif
