/* The game in progress, kept in EEPROM after every move (the journal at
 * EE_GAME_ADDR: a snapshot, then 2 bytes a move; journal.h), so that
 * switching the console off and on again resumes it. */
#ifndef JARMO_GAME_SAVE_H
#define JARMO_GAME_SAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/rules.h"

/* The match the game belongs to: its players and its score so far. P1 is
 * the player who had White in game 1, P2 the other. */
typedef struct {
    uint8_t mode;       /* SETTINGS_MODE_*: two players or against the console */
    uint8_t level;      /* the console's level */
    uint8_t human_side; /* the human's side in game 1 (against the console) */
    uint8_t first;      /* the side that moves first, every game */
    uint8_t games;      /* games in the match: 1, 2, 4 or 6 */
    uint8_t number;     /* this game: 1..games */
    uint8_t total[2];   /* points so far of P1 and P2 */
} game_match_t;

typedef struct {
    rules_pos_t pos;
    uint8_t last_from; /* for the last-move marker */
    game_match_t match;
} game_save_t;

void game_save_store(const game_save_t *g);
/* What game_save_load found. */
#define GAME_SAVE_NONE 0u       /* an erased EEPROM, or a finished game */
#define GAME_SAVE_RESUMED 1u    /* a game in progress: g */
#define GAME_SAVE_UNREADABLE 2u /* a save that cannot be read: the newest snapshot pair
                                 * damaged, a journal that cannot be replayed, or bytes
                                 * that are no journal (the saves of firmware before
                                 * f7fc6b1, docs: firmware/storage/README.md) */
/* The saved game, if there is a valid one that is not over. */
uint8_t game_save_load(game_save_t *g);
/* The saved game, also when it is over (the last game of a match stays
 * saved as it ended until a new match starts): the simulator's and the
 * web page's status words keep the match's result. The firmware never
 * calls it (it starts a new match instead), so it takes no flash there. */
bool game_save_load_ended(game_save_t *g);

#endif
