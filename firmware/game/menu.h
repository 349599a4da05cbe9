/* The menu: Resume, Undo, Hint, New match, then the settings, each shown
 * in words on the ticker. Says what the player chose; the dispatcher
 * (ui.c) changes the screen and acts. Writes ui->menu and ui->settings. */
#ifndef JARMO_MENU_H
#define JARMO_MENU_H

#include "input.h"
#include "ui_state.h"

/* The settings as they were kept (the display's brightness set from them). */
void menu_load_settings(ui_t *ui);
/* The menu opens over `from` (a long B), at its first item. */
void menu_open(ui_t *ui, uint8_t from);
/* Leaving: the settings kept (only what changed is written); the screen
 * the menu was opened over. */
uint8_t menu_close(ui_t *ui);

/* What a button did in the menu or its question. */
enum {
    MENU_STAY,      /* nothing for the dispatcher (the menu changed itself) */
    MENU_LEAVE,     /* back to where the menu was opened */
    MENU_UNDO,      /* A on Undo: take back, or say why not */
    MENU_HINT,      /* A on Hint: search, or say why not */
    MENU_ASK,       /* New match with a game in progress: ask first */
    MENU_NEW_MATCH, /* a new match, now */
    MENU_BACK,      /* the question answered no: back to the menu */
};
uint8_t menu_event(ui_t *ui, const input_event_t *ev);
uint8_t menu_confirm_event(const input_event_t *ev);

#endif
