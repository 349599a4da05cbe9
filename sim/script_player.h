/* The player at the buttons, for scripts (script_player.c): its commands
 * and the state the runner keeps for them. */
#ifndef SCRIPT_PLAYER_H
#define SCRIPT_PLAYER_H

#include <stddef.h>

#include "script_command.h"

typedef struct {
    int cursor;         /* tracked game cursor, -1 = unknown (a reset forgets it) */
    int side_cursor[2]; /* two players: each side's cursor (firmware/game/play.c) */
    size_t start_seen;  /* where the game whose cursors these are started in the log, (size_t)-1: none */
} script_player_t;

/* cursor-at, cursor-to, move, autoplay, autoplay-games, ended by a NULL
 * name; each call's owner is the runner's script_player_t. */
extern const script_command_t script_player_commands[];

#endif
