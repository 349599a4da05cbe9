/* The console's state as a player meets it: one struct of parts, each
 * part written by one file only (the owner named beside it; checked by
 * tests/game_writers.sh). Types and names only: no code. Every file of
 * game/ reads what it needs from here; none reaches a part it does not own
 * to change it, but through that part's file. */
#ifndef JARMO_UI_STATE_H
#define JARMO_UI_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/rules.h"
#include "storage/game_save.h"
#include "storage/settings.h"

/* The screens. UI_OVER: the final position; UI_SCORE: the game's result
 * in words, why it ended, and after a match's last game the match's
 * result too. */
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

/* ---- board.c: the game on the board ---------------------------------------- */
/* Undo: the last plies of the game, enough to take them back exactly. */
#define UI_UNDO_PLIES 16u
typedef struct {
    rules_move_t move;
    rules_undo_t undo;
    uint8_t last_from;          /* the marker before the move */
} ui_ply_t;

typedef struct {
    rules_pos_t pos;
    uint8_t last_from;          /* where the last move came from */
    uint8_t history_head, history_len;
    ui_ply_t history[UI_UNDO_PLIES]; /* a ring: the newest UI_UNDO_PLIES plies */
} ui_board_t;

/* ---- match.c: the finished game's result ----------------------------------- */
typedef struct {
    uint8_t score[2], winner;   /* by colour */
    uint8_t end_reason, end_side; /* why it ended (RULES_END_*) and the side that names */
} ui_result_t;

/* ---- play.c: the player's cursor and selection ----------------------------- */
typedef struct {
    uint8_t cursor, selected;
    uint8_t side_cursor[2];     /* two players: each side's cursor, kept for its turn */
    uint32_t targets;
    uint32_t refused;           /* the selected piece's targets the rules refuse */
    bool choosing_return;
    uint8_t arrival;            /* destination while a return point is chosen */
    bool b_down;                /* B went down in the game: its release cancels */
} ui_play_t;

/* ---- menu.c ------------------------------------------------------------------ */
typedef struct {
    uint8_t item;
    uint8_t back_screen;        /* where the menu returns to */
} ui_menu_t;

/* ---- ticker.c: the scrolling words ------------------------------------------ */
#define UI_TICKER_STEP_MS 70u   /* one column this often */
typedef struct {
    uint8_t say;                /* the one-shot message (UI_SAY_*) */
    int8_t x0;                  /* where the text started (0: its first letter at the left edge) */
    uint16_t say_steps;         /* the message's length: it ends after this many steps */
    uint32_t since;             /* when the ticker (or an end screen) started */
} ui_ticker_t;

/* ---- opponent.c: the console's search: its moves and the player's hint ----- */
typedef struct {
    rules_move_t shown;         /* the console's move, shown before it is played */
    uint32_t shown_since;       /* when the showing began (0: nothing shown) */
    bool hint_wanted;           /* Hint was chosen: the search runs in ui_step */
    rules_move_t hint;
    uint32_t hint_since;        /* 0: no hint shown */
    uint16_t games;             /* games started: varies the console's play */
    uint32_t seed_salt;         /* from the boot count: varies it across power-ons */
} ui_opponent_t;

/* ---- battery.c ---------------------------------------------------------------- */
typedef struct {
    uint32_t checked;           /* when the cells were last looked at */
    uint8_t lows;               /* looks in a row that found them low */
} ui_battery_t;

typedef struct {
    settings_t settings;        /* menu.c: as set in the menu (the next match's) */
    game_match_t match;         /* match.c: the match being played */
    ui_result_t result;         /* match.c */
    ui_play_t play;             /* play.c */
    ui_menu_t menu;             /* menu.c */
    ui_ticker_t ticker;         /* ticker.c */
    ui_opponent_t opponent;     /* opponent.c */
    ui_battery_t battery;       /* battery.c */
    uint8_t screen;             /* ui.c, and the three below: */
    uint32_t last_input;        /* for the power-down timeout */
    uint32_t last_draw;
    bool dirty;
    ui_board_t board;           /* board.c; last: its undo ring is long, and the
                                 * AVR reaches a struct's first 64 bytes in one
                                 * instruction */
} ui_t;

#endif
