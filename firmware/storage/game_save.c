#include "game_save.h"

#include "nv_record.h"

#define MAGIC 0x47u /* 'G' */

void game_save_store(const game_save_t *g) { nv_record_save(GAME_SAVE_NV_ADDR, MAGIC, g, sizeof *g); }

bool game_save_load(game_save_t *g)
{
    game_save_t stored;
    if (!nv_record_load(GAME_SAVE_NV_ADDR, MAGIC, &stored, sizeof stored) || !rules_validate(&stored.pos) ||
        (stored.last_from >= RULES_POINTS && stored.last_from != RULES_NO_POINT) || rules_game_over(&stored.pos))
        return false;
    *g = stored;
    return true;
}
