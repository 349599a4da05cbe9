#include "game_save.h"

#include "eeprom_map.h"
#include "nv_record.h"

/* The record: the position in the rules core's bytes, then last_from. */
void game_save_store(const game_save_t *g)
{
    uint8_t b[EE_GAME_BYTES];
    rules_pos_pack(&g->pos, b);
    b[RULES_POS_BYTES] = g->last_from;
    nv_record_save(EE_GAME_ADDR, EE_GAME_MAGIC, b, sizeof b);
}

bool game_save_load(game_save_t *g)
{
    uint8_t b[EE_GAME_BYTES];
    game_save_t stored;
    if (!nv_record_load(EE_GAME_ADDR, EE_GAME_MAGIC, b, sizeof b))
        return false;
    rules_pos_unpack(b, &stored.pos);
    stored.last_from = b[RULES_POS_BYTES];
    if (!rules_validate(&stored.pos) || (stored.last_from >= RULES_POINTS && stored.last_from != RULES_NO_POINT) ||
        rules_game_over(&stored.pos))
        return false;
    *g = stored;
    return true;
}
