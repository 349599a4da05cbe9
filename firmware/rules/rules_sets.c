/* The rule set rows. Adding a rule set means adding a row here. */
#include <stddef.h>
#include <string.h>
#include "rules_sets.h"
#include "flash.h"

static const rules_set_t sets[RULES_SET_COUNT] FLASH_TABLE = {
    [RULES_CLASSIC] = {"classic", RS_RETURN_ON_ARRIVAL, 4, RS_END_ON_BOARD, RS_WIN_SCORE},
    [RULES_BRAINKING] = {"brainking", RS_RETURN_ON_ARRIVAL, 5, RS_END_ON_BOARD, RS_WIN_SCORE},
    [RULES_LUDOS] = {"ludos",
                     RS_MARK_OUTSIDE_CAMP | RS_RETURN_ON_ARRIVAL | RS_RETURN_MAY_HOLD | RS_CHAIN_ENDS_GAME,
                     0, RS_END_NONEMPTY, RS_WIN_SCORE_CAMP},
    [RULES_JASIR] = {"jasir", RS_EXTRA_LINK | RS_FORWARD_ONLY | RS_HOME_PROTECT | RS_RESERVE_IF_MARKED, 0,
                     RS_END_LIVING, RS_WIN_FINISHER},
};

uint8_t rules_set_flags(uint8_t set) { return flash_byte(&sets[set].flags); }
uint8_t rules_set_chain_limit(uint8_t set) { return flash_byte(&sets[set].chain_limit); }
/* (a set without a limit refuses no shuttle, so never asks) */
uint8_t rules_set_shuttles_max(uint8_t set) { return (uint8_t)(rules_set_chain_limit(set) - 1u); }
uint8_t rules_set_end_rule(uint8_t set) { return flash_byte(&sets[set].end_rule); }
uint8_t rules_set_win_rule(uint8_t set) { return flash_byte(&sets[set].win_rule); }

void rules_set_name(uint8_t set, char out[RULES_SET_NAME_MAX])
{
    for (uint8_t i = 0; i < RULES_SET_NAME_MAX; i++)
        out[i] = (char)flash_byte(&sets[set].name[i]);
    out[RULES_SET_NAME_MAX - 1] = '\0';
}

int8_t rules_set_by_name(const char *name)
{
    char buf[RULES_SET_NAME_MAX];
    for (uint8_t s = 0; s < RULES_SET_COUNT; s++) {
        rules_set_name(s, buf);
        if (strcmp(buf, name) == 0)
            return (int8_t)s;
    }
    return -1;
}
