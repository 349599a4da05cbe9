/* The pure questions about the match (match_query.h). */
#include "match_query.h"

uint8_t match_p1_colour(const game_match_t *m) { return (m->number & 1u) ? RULES_WHITE : RULES_BLACK; }

uint8_t match_human_side(const game_match_t *m) { return (uint8_t)(m->human_side ^ ((m->number - 1u) & 1u)); }

bool match_is_over(const game_match_t *m) { return m->number >= m->games; }

bool match_consoles_turn(const ui_t *ui)
{
    return ui->match.mode == SETTINGS_MODE_VS_CONSOLE &&
           rules_side_to_move(&ui->board.pos) != match_human_side(&ui->match);
}

bool match_console_to_move(const ui_t *ui) { return ui->screen == UI_GAME && match_consoles_turn(ui); }

bool match_setting_waits(const ui_t *ui, uint8_t item)
{
    const settings_t *s = &ui->settings;
    const game_match_t *m = &ui->match;
    const bool vs = s->mode == SETTINGS_MODE_VS_CONSOLE;
    switch (item) {
    case UI_ITEM_MODE: return s->mode != m->mode;
    case UI_ITEM_RULES: return s->rules != rules_set_of(&ui->board.pos);
    case UI_ITEM_FIRST: return s->first != m->first;
    case UI_ITEM_LEVEL: return vs && s->level != m->level;
    case UI_ITEM_SIDE: return vs && s->human_side != m->human_side;
    case UI_ITEM_GAMES: return s->match_games != m->games;
    default: return false;
    }
}

uint8_t match_undo_plies(const ui_t *ui)
{
    if (ui->menu.back_screen != UI_GAME)
        return 0;
    uint8_t plies = 1;
    if (ui->match.mode == SETTINGS_MODE_VS_CONSOLE && rules_side_to_move(&ui->board.pos) == match_human_side(&ui->match))
        plies = 2; /* its reply and your move */
    return ui->board.history_len < plies ? 0 : plies;
}

bool match_hint_allowed(const ui_t *ui)
{
    return ui->menu.back_screen == UI_GAME && !match_consoles_turn(ui) && !rules_game_over(&ui->board.pos);
}
