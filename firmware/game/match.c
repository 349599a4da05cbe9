/* The match: its games, who plays which side, the scores, and the flow of
 * the end screens (final position -> result in words -> next game, or
 * after the last game -> the match's result -> a new match). */
#include <string.h>

#include "storage/game_save.h"
#include "ui_parts.h"

uint8_t match_p1_colour(const game_match_t *m) { return (m->number & 1u) ? RULES_WHITE : RULES_BLACK; }

uint8_t match_human_side(const game_match_t *m) { return (uint8_t)(m->human_side ^ ((m->number - 1u) & 1u)); }

bool match_consoles_turn(const ui_t *ui)
{
    return ui->match.mode == SETTINGS_MODE_VS_CONSOLE && rules_side_to_move(&ui->pos) != match_human_side(&ui->match);
}

bool match_console_to_move(const ui_t *ui) { return ui->screen == UI_GAME && match_consoles_turn(ui); }

bool match_is_over(const game_match_t *m) { return m->number >= m->games; }

static void store(const rules_pos_t *pos, uint8_t last_from, const game_match_t *m)
{
    game_save_t g;
    g.pos = *pos;
    g.last_from = last_from;
    g.match = *m;
    game_save_store(&g);
}

void match_save(const ui_t *ui) { store(&ui->pos, ui->last_from, &ui->match); }

void match_start_game(ui_t *ui)
{
    const game_match_t *m = &ui->match;
    rules_init(&ui->pos, rules_set_of(&ui->pos), m->first);
    ui->games++;
    ui->shown_since = 0;
    ui->screen = UI_GAME;
    ui->last_from = RULES_NO_POINT;
    play_clear_selection(ui);
    play_reset_cursors(ui, m->mode == SETTINGS_MODE_VS_CONSOLE ? match_human_side(m) : m->first);
    ui->thinking = false;
    ui->history_len = 0;
    ui->hint_since = 0;
    ui->hint_wanted = false;
    say_game(ui, "start ");
    ui_say(ui, UI_SAY_START); /* the rule set, your colour, who starts */
    match_save(ui);
}

void match_new(ui_t *ui)
{
    const settings_t *s = &ui->settings;
    settings_save(s);
    ui->match = (game_match_t){s->mode, s->level, s->human_side, s->first, s->match_games, 1, {0, 0}};
    rules_init(&ui->pos, s->rules, s->first); /* match_start_game takes the rule set from here */
    match_start_game(ui);
}

/* The score into the match, the lines on the debug console, and the next
 * game saved already, so that switching off between two games resumes the
 * match; after the last game, the finished game is saved, so that
 * switching off then starts a new match (not the last move again). */
void match_game_over(ui_t *ui)
{
    game_match_t *m = &ui->match;
    rules_score(&ui->pos, ui->score);
    ui->winner = rules_winner(&ui->pos);
    ui->end_reason = rules_end_reason(&ui->pos, &ui->end_side);
    const uint8_t p1 = match_p1_colour(m);
    m->total[0] = (uint8_t)(m->total[0] + ui->score[p1]);
    m->total[1] = (uint8_t)(m->total[1] + ui->score[p1 ^ 1u]);
    say_over(ui);
    if (match_is_over(m)) {
        match_save(ui); /* the game as it ended: switched on again, a new match */
    } else {
        game_match_t next = *m;
        rules_pos_t start;
        next.number++;
        rules_init(&start, rules_set_of(&ui->pos), m->first);
        store(&start, RULES_NO_POINT, &next);
    }
    ui->screen = UI_OVER;
    ui->say = UI_SAY_NOTHING;
    ui->ticker_since = ui_moment();
    ui_sound(ui, UI_SOUND_OVER);
}

/* The final position shows for UI_OVER_MS, then the result in words. */
void match_step(ui_t *ui, uint32_t now)
{
    if (ui->screen == UI_OVER && ui_expired(&ui->ticker_since, now, UI_OVER_MS)) {
        ui->screen = UI_SCORE;
        ui_ticker_restart(ui, 0);
    }
}

void match_end_event(ui_t *ui, const input_event_t *ev, uint32_t now)
{
    (void)now;
    if (ev->kind != INPUT_PRESS || ev->button != HAL_BTN_A)
        return;
    if (ui->screen == UI_OVER) {
        ui->screen = UI_SCORE;
        ui_ticker_restart(ui, 0);
    } else if (!match_is_over(&ui->match)) {
        ui->match.number++;
        match_start_game(ui);
    } else { /* the last game's words said the match's result too */
        match_new(ui);
    }
}
