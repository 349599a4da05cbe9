/* The saved game in words (status_text.h). */
#include "status_text.h"

#include <string.h>

#include "rules/rules.h"
#include "storage/game_save.h"
#include "storage/settings.h"
#include "text_out.h"

static const char *colour_name(uint8_t side) { return side == RULES_WHITE ? "green (White)" : "red (Black)"; }

/* "over W B WINNER REASON": the numbers and words after "over " */
typedef struct {
    unsigned score[2];
    char winner[8], reason[12];
    char side[8]; /* the side the reason names, when the caller replayed the game ("" if not) */
} over_line_t;

static const char *word_of(const char *p, char *out, size_t cap)
{
    size_t n = 0;
    while (*p == ' ')
        p++;
    while (*p && *p != ' ' && *p != '\n') {
        if (n + 1 < cap)
            out[n++] = *p;
        p++;
    }
    out[n] = '\0';
    return p;
}

static bool parse_over(const char *line, over_line_t *o)
{
    char w[12];
    const char *p = line + 5; /* past "over " */
    for (int i = 0; i < 2; i++) {
        p = word_of(p, w, sizeof w);
        o->score[i] = 0;
        if (!w[0])
            return false;
        for (const char *d = w; *d; d++) {
            if (*d < '0' || *d > '9')
                return false;
            o->score[i] = o->score[i] * 10u + (unsigned)(*d - '0');
        }
    }
    p = word_of(p, o->winner, sizeof o->winner);
    p = word_of(p, o->reason, sizeof o->reason);
    word_of(p, o->side, sizeof o->side);
    return o->winner[0] != '\0';
}

/* The over line's reason (rules_end_name's word) in words; with the side
 * it names (a caller that replayed the game gives it: "white", "black"),
 * that side as the players know it, as the console's own words do
 * ("CONSOLE WINS 6-4 - YOU ACROSS FIRST"). */
static void reason_text(text_out_t *t, const char *reason, const char *side, bool vs, uint8_t human)
{
    static const char *const words[] = {"", " (no moves left)", " (all across)", " (no pieces left)",
                                        " (back and forth twice each)"};
    _Static_assert(sizeof words / sizeof words[0] == RULES_END_SHUTTLE + 1u, "a phrase per RULES_END_*");
    uint8_t r = RULES_END_NO_MOVES;
    for (; r <= RULES_END_SHUTTLE; r++) {
        char name[RULES_END_NAME_MAX];
        rules_end_name(r, name);
        if (strcmp(name, reason) == 0)
            break;
    }
    if (r > RULES_END_SHUTTLE)
        return;
    const bool white = strcmp(side, "white") == 0, black = strcmp(side, "black") == 0;
    if (r == RULES_END_SHUTTLE || (!white && !black)) {
        text_s(t, words[r]);
        return;
    }
    const uint8_t named = white ? RULES_WHITE : RULES_BLACK;
    const bool you = vs && named == human;
    text_s(t, " (");
    text_s(t, you ? "you" : vs ? "the console" : named == RULES_WHITE ? "green" : "red");
    if (r == RULES_END_NO_MOVES)
        text_s(t, " cannot move)");
    else if (r == RULES_END_ACROSS)
        text_s(t, " got all across first)");
    else
        text_s(t, you ? " lost all your pieces)" : " lost all its pieces)");
}

/* "the console wins 8-4", "you win 8-4", "green wins 8-4", "a draw 4-4" */
static void result_words(text_out_t *t, bool vs, uint8_t human, uint8_t winner, unsigned win, unsigned lose)
{
    if (winner == RULES_DRAW)
        text_s(t, "a draw");
    else if (vs)
        text_s(t, winner == human ? "you win" : "the console wins");
    else
        text_s(t, winner == RULES_WHITE ? "green wins" : "red wins");
    text_s(t, " ");
    text_u(t, win);
    text_s(t, "-");
    text_u(t, lose);
}

/* The menu, open over the game or its end (its items scroll as words). */
#define MENU_OPEN " The menu is open: up and down choose, A does it, B goes back."

/* Between the games: the console waits for A on its end screens. Writes
 * the match's totals (for line 1), a newline, then the game's end. */
static void status_over(text_out_t *t, const game_save_t *g, const over_line_t *o, bool vs, bool menu)
{
    const game_match_t *m = &g->match;
    /* any game's end but the last saves the next game at its start; the
     * last is saved as it ended; for a moment after the over line the save
     * is still under way (the saved game is the one that ended, its points
     * not yet in the totals) */
    rules_pos_t start;
    rules_init(&start, rules_set_of(&g->pos), m->first);
    const bool over_saved = rules_game_over(&g->pos);
    const bool next_saved = m->number > 1u && !over_saved && memcmp(&start, &g->pos, sizeof start) == 0;
    const unsigned ended = next_saved ? (unsigned)m->number - 1u : m->number;
    const uint8_t human = (uint8_t)(m->human_side ^ ((ended - 1u) & 1u));
    const uint8_t p1_colour = (ended & 1u) ? RULES_WHITE : RULES_BLACK; /* P1 had White in game 1 */
    unsigned total[2] = {m->total[0], m->total[1]};
    if (!over_saved && !next_saved) {
        total[0] += o->score[p1_colour];
        total[1] += o->score[p1_colour ^ 1u];
    }
    const unsigned you = m->human_side == RULES_WHITE ? 0u : 1u;
    text_s(t, "; match: ");
    text_s(t, vs ? "you " : "P1 ");
    text_u(t, vs ? total[you] : total[0]);
    text_s(t, vs ? ", console " : ", P2 ");
    text_u(t, vs ? total[you ^ 1u] : total[1]);
    text_s(t, "\n");
    uint8_t winner = RULES_DRAW; /* read by rules_result_name's words */
    for (uint8_t r = RULES_WHITE; r < RULES_DRAW; r++) {
        char name[RULES_RESULT_NAME_MAX];
        rules_result_name(r, name);
        if (strcmp(name, o->winner) == 0)
            winner = r;
    }
    const unsigned hi = o->score[0] > o->score[1] ? o->score[0] : o->score[1];
    const unsigned lo = o->score[0] > o->score[1] ? o->score[1] : o->score[0];
    text_s(t, "Game ");
    text_u(t, ended);
    text_s(t, " of ");
    text_u(t, m->games);
    text_s(t, " over: ");
    result_words(t, vs, human, winner, hi, lo);
    reason_text(t, o->reason, o->side, vs, human);
    text_s(t, ".");
    if (menu) {
        text_s(t, MENU_OPEN);
        return;
    }
    if (ended < m->games) {
        text_s(t, " Press A for game ");
        text_u(t, ended + 1u);
        text_s(t, ".");
        return;
    }
    if (m->games > 1u) {
        const unsigned p1 = total[0], p2 = total[1];
        const bool you_p1 = m->human_side == RULES_WHITE; /* P1 had White in game 1 */
        text_s(t, " Match over: ");
        if (p1 == p2)
            text_s(t, "drawn");
        else if (vs)
            text_s(t, (p1 > p2) == you_p1 ? "you win" : "the console wins");
        else
            text_s(t, p1 > p2 ? "P1 wins" : "P2 wins");
        text_s(t, " ");
        text_u(t, p1 > p2 ? p1 : p2);
        text_s(t, "-");
        text_u(t, p1 > p2 ? p2 : p1);
        text_s(t, ".");
    }
    text_s(t, " Press A for a new match.");
}

bool status_text(char *out, size_t len, const char *latest)
{
    text_out_t t = text_out(out, len);
    /* the menu open over the game or its end: "menu" before the line */
    const bool menu = latest && strncmp(latest, "menu", 4) == 0 && (latest[4] == '\0' || latest[4] == ' ');
    if (menu)
        latest = latest[4] ? latest + 5 : NULL;
    game_save_t g;
    over_line_t over;
    const bool is_over = latest && latest[0] == 'o' && latest[1] == 'v' && parse_over(latest, &over);
    /* a game that is over stays saved as it ended after a match's last
     * game, until A starts a new match: its words stay with the result */
    const uint8_t saved = is_over ? (game_save_load_ended(&g) ? GAME_SAVE_RESUMED : GAME_SAVE_NONE) : game_save_load(&g);
    if (saved != GAME_SAVE_RESUMED) {
        text_s(&t, saved == GAME_SAVE_UNREADABLE ? "no game in progress (the saved game could not be read)"
                                                 : "no game in progress");
        return false;
    }
    const game_match_t *m = &g.match;
    char set[RULES_SET_NAME_MAX];
    rules_set_name(rules_set_of(&g.pos), set);
    const bool vs = m->mode == SETTINGS_MODE_VS_CONSOLE;
    const bool choosing = latest && latest[0] == 'r' && latest[1] == 'e' && latest[2] == 't';
    /* the menu's hint, in words as well as the blinking points, until the next move */
    const char *hint = latest && strncmp(latest, "hint ", 5) == 0 ? latest + 5 : NULL;
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
    if (is_over) {
        status_over(&t, &g, &over, vs, menu);
        return true;
    }
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
        text_s(&t, menu              ? "." MENU_OPEN " "
                   : to_move != human ? ". The console's turn. "
                   : choosing         ? ". Your turn: choose where the returning piece goes (a lit point), then A. "
                                      : ". Your turn. ");
        if (hint && to_move == human && !menu) {
            text_s(&t, "The hint: ");
            text_s(&t, hint);
            text_s(&t, " (its points blink). ");
        }
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
        text_s(&t, menu       ? " to move." MENU_OPEN
                   : choosing ? " to move: choose where the returning piece goes (a lit point), then A."
                              : " to move.");
        text_s(&t, " Score if it ended now: green ");
        text_u(&t, now[RULES_WHITE]);
        text_s(&t, ", red ");
        text_u(&t, now[RULES_BLACK]);
    }
    text_s(&t, ".");
    return true;
}
