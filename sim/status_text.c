/* The saved game in words (status_text.h). */
#include "status_text.h"

#include "rules/rules.h"
#include "storage/game_save.h"
#include "storage/settings.h"
#include "text_out.h"

static const char *colour_name(uint8_t side) { return side == RULES_WHITE ? "green (White)" : "red (Black)"; }

bool status_text(char *out, size_t len)
{
    text_out_t t = text_out(out, len);
    game_save_t g;
    if (!game_save_load(&g)) {
        text_s(&t, "no game in progress");
        return false;
    }
    const game_match_t *m = &g.match;
    char set[RULES_SET_NAME_MAX];
    rules_set_name(rules_set_of(&g.pos), set);
    const bool vs = m->mode == SETTINGS_MODE_VS_CONSOLE;
    /* sides swap after every game */
    const uint8_t human = (uint8_t)(m->human_side ^ ((m->number - 1u) & 1u));
    const uint8_t to_move = rules_side_to_move(&g.pos);
    uint8_t now[2];
    rules_score(&g.pos, now);
    const unsigned you = m->human_side == RULES_WHITE ? 0u : 1u; /* P1 had White in game 1 */
    if (vs) {
        text_s(&t, "You against the console (level ");
        text_u(&t, m->level);
        text_s(&t, "), ");
    } else {
        text_s(&t, "Two players, ");
    }
    text_s(&t, set);
    text_s(&t, ", game ");
    text_u(&t, m->number);
    text_s(&t, " of ");
    text_u(&t, m->games);
    if (vs) {
        text_s(&t, "; match: you ");
        text_u(&t, m->total[you]);
        text_s(&t, ", console ");
        text_u(&t, m->total[you ^ 1u]);
        text_s(&t, "\nYou are ");
        text_s(&t, colour_name(human));
        text_s(&t, to_move == human ? ". Your turn. " : ". The console's turn. ");
        text_s(&t, "Score if it ended now: you ");
        text_u(&t, now[human]);
        text_s(&t, ", console ");
        text_u(&t, now[human ^ 1u]);
    } else {
        text_s(&t, "; match: P1 ");
        text_u(&t, m->total[0]);
        text_s(&t, ", P2 ");
        text_u(&t, m->total[1]);
        text_s(&t, " (P1 is ");
        text_s(&t, colour_name((m->number & 1u) ? RULES_WHITE : RULES_BLACK));
        text_s(&t, " in this game)\n");
        text_s(&t, to_move == RULES_WHITE ? "Green (White)" : "Red (Black)");
        text_s(&t, " to move. Score if it ended now: green ");
        text_u(&t, now[RULES_WHITE]);
        text_s(&t, ", red ");
        text_u(&t, now[RULES_BLACK]);
    }
    text_s(&t, ".");
    return true;
}
