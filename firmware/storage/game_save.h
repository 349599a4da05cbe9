/* The game in progress, kept in EEPROM after every move (an nv_record at
 * EE_GAME_ADDR), so that switching the console off and on again resumes it. */
#ifndef JARMO_GAME_SAVE_H
#define JARMO_GAME_SAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/rules.h"

typedef struct {
    rules_pos_t pos;
    uint8_t last_from; /* for the last-move marker */
} game_save_t;

void game_save_store(const game_save_t *g);
/* The saved game, if there is a valid one that is not over. */
bool game_save_load(game_save_t *g);

#endif
