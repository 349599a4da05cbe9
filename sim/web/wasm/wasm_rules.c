#include "wasm_rules.h"

#include <string.h>

bool wasm_rules_start(const char *text, rules_pos_t *p, char *why)
{
    char name[RULES_SET_NAME_MAX + 1];
    uint8_t i = 0;
    for (; text[i] && text[i] != ' ' && i < RULES_SET_NAME_MAX; i++)
        name[i] = text[i];
    name[i] = '\0';
    const int8_t set = rules_set_by_name(name);
    const char *first = text[i] == ' ' ? text + i + 1 : "";
    if (set < 0 || (strcmp(first, "white") != 0 && strcmp(first, "black") != 0)) {
        strcpy(why, "not a rule set and a first mover (classic white)");
        return false;
    }
    rules_init(p, (uint8_t)set, first[0] == 'w' ? RULES_WHITE : RULES_BLACK);
    return true;
}

bool wasm_rules_move(rules_pos_t *p, const char *text, char *why)
{
    rules_move_t m;
    if (rules_game_over(p)) {
        strcpy(why, "the game is already over");
        return false;
    }
    if (!rules_move_from_text(p, text, &m)) {
        strcpy(why, "not a legal move in this position");
        return false;
    }
    rules_undo_t u;
    rules_make(p, m, &u);
    return true;
}
