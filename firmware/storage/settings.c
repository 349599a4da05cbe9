#include "settings.h"

#include "eeprom_map.h"
#include "nv_record.h"
#include "rules/rules.h"

void settings_defaults(settings_t *s)
{
    s->rules = RULES_CLASSIC;
    s->first = RULES_WHITE;
    s->mode = SETTINGS_MODE_VS_CONSOLE; /* one player against the console */
    s->level = 2;                       /* a level a beginner can sometimes beat */
    s->human_side = RULES_WHITE;
    s->match_games = 2;
    s->sound = 1;
    s->brightness = SETTINGS_BRIGHTNESS_STEPS - 1u;
    s->blink = 0;
}

static const uint8_t match_lengths[] = {1, 2, 4, 6};
#define MATCH_LENGTHS ((uint8_t)sizeof match_lengths)

/* The index of a length in match_lengths; MATCH_LENGTHS when it is none. */
static uint8_t match_length_index(uint8_t games)
{
    uint8_t i = 0;
    while (i < MATCH_LENGTHS && match_lengths[i] != games)
        i++;
    return i;
}

bool settings_match_games_valid(uint8_t games) { return match_length_index(games) < MATCH_LENGTHS; }

uint8_t settings_match_games_step(uint8_t games, bool up)
{
    uint8_t i = match_length_index(games);
    if (i == MATCH_LENGTHS)
        i = 0;
    return match_lengths[(uint8_t)(i + (up ? 1u : MATCH_LENGTHS - 1u)) % MATCH_LENGTHS];
}

static bool valid(const settings_t *s)
{
    return s->rules < RULES_SET_COUNT && s->first <= 1u && s->mode < SETTINGS_MODE_COUNT && s->level >= 1u &&
           s->level <= SETTINGS_LEVELS && s->human_side <= 1u && settings_match_games_valid(s->match_games) &&
           s->sound <= 1u && s->brightness < SETTINGS_BRIGHTNESS_STEPS && s->blink <= 1u;
}

/* The record's bytes, in this order (docs: eeprom_map.h). */
bool settings_load(settings_t *s)
{
    uint8_t b[EE_SETTINGS_BYTES] = {0}; /* as game_save_load */
    settings_defaults(s);
    if (!nv_record_load(EE_SETTINGS_ADDR, EE_SETTINGS_MAGIC, b, sizeof b))
        return false;
    const settings_t stored = {.rules = b[0],
                               .first = b[1],
                               .mode = b[2],
                               .level = b[3],
                               .human_side = b[4],
                               .match_games = b[5],
                               .sound = b[6],
                               .brightness = b[7],
                               .blink = b[8]};
    if (!valid(&stored))
        return false;
    *s = stored;
    return true;
}

void settings_save(const settings_t *s)
{
    const uint8_t b[EE_SETTINGS_BYTES] = {s->rules,       s->first,       s->mode,  s->level,
                                          s->human_side, s->match_games, s->sound, s->brightness, s->blink};
    nv_record_save(EE_SETTINGS_ADDR, EE_SETTINGS_MAGIC, b, sizeof b);
}
