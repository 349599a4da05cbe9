/* Player settings kept in EEPROM (an nv_record at EE_SETTINGS_ADDR: a
 * reset in the middle of a save leaves the previous settings intact, a
 * corrupt EEPROM gives the defaults). */
#ifndef JARMO_SETTINGS_H
#define JARMO_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint8_t rules;       /* RULES_CLASSIC.. */
    uint8_t first;       /* side that moves first */
    uint8_t mode;        /* SETTINGS_MODE_* */
    uint8_t level;       /* AI level 1..SETTINGS_LEVELS */
    uint8_t human_side;  /* side the human plays against the console in game 1 */
    uint8_t match_games; /* 1, 2, 4 or 6 games a match */
    uint8_t sound;       /* 1: on */
    uint8_t brightness;  /* 0..SETTINGS_BRIGHTNESS_STEPS-1, the last full */
    uint8_t blink;       /* 1: Black's (red) pieces blink, for players who cannot tell red from green */
} settings_t;

enum { SETTINGS_MODE_TWO_PLAYERS = 0, SETTINGS_MODE_VS_CONSOLE = 1, SETTINGS_MODE_COUNT };
#define SETTINGS_LEVELS 6u
#define SETTINGS_BRIGHTNESS_STEPS 3u
/* A match is 1, 2, 4 or 6 games (the rule sources: two; ludos 2, 4 or 6). */
bool settings_match_games_valid(uint8_t games);
/* The next length up or down, round the four. */
uint8_t settings_match_games_step(uint8_t games, bool up);

void settings_defaults(settings_t *s);
/* Loads the newest valid slot; false (and defaults) when there is none. */
bool settings_load(settings_t *s);
void settings_save(const settings_t *s);

#endif
