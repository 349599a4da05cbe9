#include "settings.h"

#include "nv_record.h"
#include "rules/rules.h"

#define MAGIC 0x4Au /* 'J' */

void settings_defaults(settings_t *s)
{
    s->rules = RULES_CLASSIC;
    s->first = RULES_WHITE;
    s->mode = SETTINGS_MODE_TWO_PLAYERS;
    s->level = 3;
    s->human_side = RULES_WHITE;
}

static bool valid(const settings_t *s)
{
    return s->rules < RULES_SET_COUNT && s->first <= 1u && s->mode < SETTINGS_MODE_COUNT && s->level >= 1u &&
           s->level <= SETTINGS_LEVELS && s->human_side <= 1u;
}

bool settings_load(settings_t *s)
{
    settings_t stored;
    settings_defaults(s);
    if (!nv_record_load(SETTINGS_NV_ADDR, MAGIC, &stored, sizeof stored) || !valid(&stored))
        return false;
    *s = stored;
    return true;
}

void settings_save(const settings_t *s) { nv_record_save(SETTINGS_NV_ADDR, MAGIC, s, sizeof *s); }
