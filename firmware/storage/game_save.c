#include "game_save.h"

#include "eeprom_map.h"
#include "nv_record.h"
#include "settings.h"

/* The record: the position in the rules core's bytes, last_from, then the
 * match field by field (eeprom_map.h). */
void game_save_store(const game_save_t *g)
{
    uint8_t b[EE_GAME_BYTES];
    const game_match_t *m = &g->match;
    rules_pos_pack(&g->pos, b);
    uint8_t *o = b + RULES_POS_BYTES;
    *o++ = g->last_from;
    *o++ = m->mode;
    *o++ = m->level;
    *o++ = m->human_side;
    *o++ = m->first;
    *o++ = m->games;
    *o++ = m->number;
    *o++ = m->total[0];
    *o = m->total[1];
    nv_record_save(EE_GAME_ADDR, EE_GAME_MAGIC, b, sizeof b);
}

static bool match_valid(const game_match_t *m)
{
    const uint16_t most = (uint16_t)(m->games * 10u); /* a game scores at most 10: 5 pieces in the camp */
    return m->mode < SETTINGS_MODE_COUNT && m->level >= 1u && m->level <= SETTINGS_LEVELS && m->human_side <= 1u &&
           m->first <= 1u && settings_match_games_valid(m->games) && m->number >= 1u && m->number <= m->games &&
           m->total[0] <= most && m->total[1] <= most;
}

bool game_save_load(game_save_t *g)
{
    uint8_t b[EE_GAME_BYTES] = {0}; /* filled when the load succeeds; zeroed so LTO sees it set */
    game_save_t stored;
    if (!nv_record_load(EE_GAME_ADDR, EE_GAME_MAGIC, b, sizeof b))
        return false;
    rules_pos_unpack(b, &stored.pos);
    const uint8_t *in = b + RULES_POS_BYTES;
    stored.last_from = in[0];
    stored.match.mode = in[1];
    stored.match.level = in[2];
    stored.match.human_side = in[3];
    stored.match.first = in[4];
    stored.match.games = in[5];
    stored.match.number = in[6];
    stored.match.total[0] = in[7];
    stored.match.total[1] = in[8];
    if (!rules_validate(&stored.pos) || (stored.last_from >= RULES_POINTS && stored.last_from != RULES_NO_POINT) ||
        !match_valid(&stored.match) || rules_game_over(&stored.pos))
        return false;
    *g = stored;
    return true;
}
