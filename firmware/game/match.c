/* The match (match.h). */
#include "match.h"

#include "debug_lines.h"
#include "match_query.h"

static void store(const rules_pos_t *pos, uint8_t last_from, const game_match_t *m)
{
    game_save_t g;
    g.pos = *pos;
    g.last_from = last_from;
    g.match = *m;
    game_save_store(&g);
}

void match_save(const ui_t *ui) { store(&ui->board.pos, ui->board.last_from, &ui->match); }

void match_new(ui_t *ui)
{
    const settings_t *s = &ui->settings;
    settings_save(s);
    ui->match = (game_match_t){s->mode, s->level, s->human_side, s->first, s->match_games, 1, {0, 0}};
}

void match_resume(ui_t *ui, const game_match_t *m) { ui->match = *m; }

void match_next_game(ui_t *ui) { ui->match.number++; }

/* The score into the match, the lines on the debug console, and the next
 * game saved already, so that switching off between two games resumes the
 * match; after the last game, the finished game is saved, so that
 * switching off then starts a new match (not the last move again). */
void match_game_over(ui_t *ui)
{
    game_match_t *m = &ui->match;
    ui_result_t *r = &ui->result;
    rules_score(&ui->board.pos, r->score);
    r->winner = rules_winner(&ui->board.pos);
    r->end_reason = rules_end_reason(&ui->board.pos, &r->end_side);
    const uint8_t p1 = match_p1_colour(m);
    m->total[0] = (uint8_t)(m->total[0] + r->score[p1]);
    m->total[1] = (uint8_t)(m->total[1] + r->score[p1 ^ 1u]);
    debug_over(ui);
    if (match_is_over(m)) {
        match_save(ui); /* the game as it ended: switched on again, a new match */
    } else {
        game_match_t next = *m;
        rules_pos_t start;
        next.number++;
        rules_init(&start, rules_set_of(&ui->board.pos), m->first);
        store(&start, RULES_NO_POINT, &next);
    }
}
