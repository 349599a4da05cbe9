/* The words on the ticker: every text a player reads on the matrix, built
 * from pieces kept in flash. Sides are named by the colour a player sees
 * (White is green, Black is red); against the console the players are
 * YOU and CONSOLE, between two people P1 (green in game 1) and P2. */
#include <stddef.h>

#include "flash.h"
#include "ui_parts.h"

/* The text being built: where the next letter goes and where it must stop
 * (one text at a time: file-wide, so that no call passes them). */
static char *o;
static const char *end;

#define W(name, text) static const char name[] FLASH_TABLE = text
W(w_dash, " - ");
W(w_space, " ");
W(w_green, "GREEN");
W(w_red, "RED");
W(w_you, "YOU");
W(w_console, "CONSOLE");
W(w_p1, "P1");
W(w_p2, "P2");
W(w_game, "GAME ");
W(w_of, " OF ");
W(w_you_are, "YOU ARE ");
W(w_you_start, "YOU START");
W(w_starts, " STARTS");
W(w_now, "NOW ");
W(w_match, "MATCH ");
W(w_win, " WIN ");
W(w_wins, " WINS ");
W(w_draw, "DRAW ");
W(w_drawn, "MATCH DRAWN ");
W(w_next_game, " - A NEXT GAME");
W(w_new_match_a, " - A NEW MATCH");
W(w_confirm, "NEW MATCH - A YES - B NO");
W(w_chain, "ONLY 3 TIMES BACK AND FORTH");
W(w_shielded, "HOME ROW PIECE - TAKE IT LAST");
W(w_to_move, " TO MOVE");
W(w_no_undo, "NOTHING TO UNDO");
W(w_no_hint, "NO HINT NOW");
W(w_waits, " - NEXT MATCH");
W(w_battery, "BATTERY LOW - GAME SAVED - SWITCHING OFF");
/* the menu, item by item (ui.h order); a value follows where the item has one */
W(m_resume, "RESUME");
W(m_undo, "UNDO");
W(m_hint, "HINT");
W(m_new, "NEW MATCH");
W(m_vs, "VS CONSOLE");
W(m_two, "2 PLAYERS");
W(m_level, "LEVEL ");
W(m_side, "YOU PLAY ");
W(m_rules, "RULES ");
W(m_games, "MATCH OF ");
W(m_game_one, " GAME");
W(m_game_many, " GAMES");
W(m_sound, "SOUND ");
W(m_on, "ON");
W(m_off, "OFF");
W(m_light, "LIGHT ");
W(m_blink, "RED PIECES ");
W(m_blinking, "BLINK");
W(m_steady, "STEADY");

__attribute__((noinline)) static void put(const char *w)
{
    char ch;
    while ((ch = (char)flash_byte(w)) != '\0' && o < end)
        *o++ = ch, w++;
}

__attribute__((noinline)) static void put_number(uint8_t n)
{
    if (n >= 10u && o < end)
        *o++ = (char)('0' + n / 10u);
    if (o < end)
        *o++ = (char)('0' + n % 10u);
}

__attribute__((noinline)) static void put_colour(uint8_t side) { put(side == RULES_WHITE ? w_green : w_red); }

static void put_rules(uint8_t set)
{
    char name[RULES_SET_NAME_MAX];
    rules_set_name(set, name);
    for (const char *c = name; *c && o < end; c++)
        *o++ = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
}

static bool vs_console(const ui_t *ui) { return ui->match.mode == SETTINGS_MODE_VS_CONSOLE; }

/* "GAME 2 OF 4 - " in a match of more than one game */
static void put_game_of(const game_match_t *m)
{
    if (m->games < 2u)
        return;
    put(w_game);
    put_number(m->number);
    put(w_of);
    put_number(m->games);
    put(w_dash);
}

/* "CLASSIC - YOU ARE GREEN - CONSOLE STARTS" / "- P1 RED - GREEN STARTS" */
static void put_start(const ui_t *ui)
{
    const game_match_t *m = &ui->match;
    put_game_of(m);
    put_rules(rules_set_of(&ui->pos));
    put(w_dash);
    if (vs_console(ui)) {
        const uint8_t you = match_human_side(m);
        put(w_you_are);
        put_colour(you);
        put(w_dash);
        if (m->first == you) {
            put(w_you_start);
            return;
        }
        put(w_console);
    } else {
        put(w_p1);
        put(w_space);
        put_colour(match_p1_colour(m));
        put(w_dash);
        put_colour(m->first);
    }
    put(w_starts);
}

/* The two players' names and numbers: "YOU 3 CONSOLE 5", "GREEN 3 RED 5" */
__attribute__((noinline)) static void put_two(const char *a, uint8_t na, const char *b, uint8_t nb)
{
    put(a);
    put(w_space);
    put_number(na);
    put(w_space);
    put(b);
    put(w_space);
    put_number(nb);
}

/* The points of a side (by colour) as "YOU 3 CONSOLE 5" or "GREEN 3 RED 5". */
static void put_by_colour(const ui_t *ui, const uint8_t score[2])
{
    if (vs_console(ui)) {
        const uint8_t you = match_human_side(&ui->match);
        put_two(w_you, score[you], w_console, score[you ^ 1u]);
    } else {
        put_two(w_green, score[RULES_WHITE], w_red, score[RULES_BLACK]);
    }
}

/* " - MATCH YOU 10 CONSOLE 7" (P1 P2 between two people), in longer matches */
static void put_totals(const ui_t *ui)
{
    const game_match_t *m = &ui->match;
    if (m->games < 2u)
        return;
    put(w_dash);
    put(w_match);
    if (vs_console(ui)) {
        const uint8_t you_p1 = m->human_side == RULES_WHITE; /* P1 had White in game 1 */
        put_two(w_you, m->total[you_p1 ? 0 : 1], w_console, m->total[you_p1 ? 1 : 0]);
    } else {
        put_two(w_p1, m->total[0], w_p2, m->total[1]);
    }
}

/* "YOU WIN 6-2", "CONSOLE WINS 12-5", "GREEN WINS 6-2", "DRAW 4-4": the
 * winner's points first. `who` names the winner (its "WIN"/"WINS" after). */
static void put_result(const char *who, bool you, uint8_t won, uint8_t lost)
{
    put(who);
    put(you ? w_win : w_wins);
    put_number(won);
    *o++ = '-';
    put_number(lost);
}

static void put_game_result(const ui_t *ui)
{
    const uint8_t w = ui->winner;
    if (w == RULES_DRAW) {
        put(w_draw);
        put_number(ui->score[RULES_WHITE]);
        *o++ = '-';
        put_number(ui->score[RULES_BLACK]);
    } else if (vs_console(ui)) {
        const bool you = w == match_human_side(&ui->match);
        put_result(you ? w_you : w_console, you, ui->score[w], ui->score[w ^ 1u]);
    } else {
        put_result(w == RULES_WHITE ? w_green : w_red, false, ui->score[w], ui->score[w ^ 1u]);
    }
    put_totals(ui);
    put(match_is_over(&ui->match) ? w_new_match_a : w_next_game);
}

static void put_match_result(const ui_t *ui)
{
    const game_match_t *m = &ui->match;
    const uint8_t a = m->total[0], b = m->total[1];
    if (a == b) {
        put(w_drawn);
        put_number(a);
        *o++ = '-';
        put_number(b);
    } else {
        const bool p1 = a > b;
        put(w_match);
        put(w_dash + 1); /* "- " */
        if (vs_console(ui)) {
            const bool you = p1 == (m->human_side == RULES_WHITE);
            put_result(you ? w_you : w_console, you, p1 ? a : b, p1 ? b : a);
        } else {
            put_result(p1 ? w_p1 : w_p2, false, p1 ? a : b, p1 ? b : a);
        }
    }
    put(w_new_match_a);
}

static void put_menu_item(const ui_t *ui, uint8_t *value_at, const char *start)
{
    const settings_t *s = &ui->settings;
    const uint8_t item = ui->menu_item;
    const char *label = item == UI_ITEM_RESUME      ? m_resume
                        : item == UI_ITEM_UNDO      ? m_undo
                        : item == UI_ITEM_HINT      ? m_hint
                        : item == UI_ITEM_NEW_MATCH ? m_new
                        : item == UI_ITEM_LEVEL     ? m_level
                        : item == UI_ITEM_SIDE      ? m_side
                        : item == UI_ITEM_RULES     ? m_rules
                        : item == UI_ITEM_GAMES     ? m_games
                        : item == UI_ITEM_SOUND     ? m_sound
                        : item == UI_ITEM_BRIGHTNESS ? m_light
                        : item == UI_ITEM_BLINK     ? m_blink
                                                    : NULL;
    if (label)
        put(label);
    *value_at = (uint8_t)(o - start);
    switch (item) {
    case UI_ITEM_MODE: put(s->mode == SETTINGS_MODE_VS_CONSOLE ? m_vs : m_two); break;
    case UI_ITEM_LEVEL: put_number(s->level); break;
    case UI_ITEM_SIDE: put_colour(s->human_side); break;
    case UI_ITEM_RULES: put_rules(s->rules); break;
    case UI_ITEM_FIRST: put_colour(s->first), put(w_starts); break;
    case UI_ITEM_GAMES:
        put_number(s->match_games);
        put(s->match_games == 1u ? m_game_one : m_game_many);
        break;
    case UI_ITEM_SOUND: put(s->sound ? m_on : m_off); break;
    case UI_ITEM_BRIGHTNESS: put_number((uint8_t)(s->brightness + 1u)); break;
    case UI_ITEM_BLINK: put(s->blink ? m_blinking : m_steady); break;
    default: break;
    }
    if (menu_item_waits(ui, item))
        put(w_waits);
}

uint8_t words_now(const ui_t *ui, char out[WORDS_MAX], uint8_t *value_at)
{
    o = out;
    end = out + WORDS_MAX - 2u; /* room for a '-' and the NUL */
    uint8_t at = 0;
    switch (ui->say) {
    case UI_SAY_START: put_start(ui); break;
    case UI_SAY_SCORE: {
        uint8_t now[2];
        rules_score(&ui->pos, now);
        put(w_now);
        put_by_colour(ui, now);
        put_totals(ui);
        put(w_dash);
        put_rules(rules_set_of(&ui->pos));
        break;
    }
    case UI_SAY_CHAIN: put(w_chain); break;
    case UI_SAY_SHIELDED: put(w_shielded); break;
    case UI_SAY_NOT_YOURS:
        if (vs_console(ui)) {
            put(w_you_are);
            put_colour(match_human_side(&ui->match));
        } else {
            put_colour(rules_side_to_move(&ui->pos));
            put(w_to_move);
        }
        break;
    case UI_SAY_NO_UNDO: put(w_no_undo); break;
    case UI_SAY_NO_HINT: put(w_no_hint); break;
    case UI_SAY_BATTERY: put(w_battery); break;
    default:
        switch (ui->screen) {
        case UI_MENU: put_menu_item(ui, &at, out); break;
        case UI_CONFIRM: put(w_confirm); break;
        case UI_SCORE: put_game_result(ui); break;
        case UI_RESULT: put_match_result(ui); break;
        default: break;
        }
    }
    *o = '\0';
    if (value_at)
        *value_at = at;
    return (uint8_t)(o - out);
}
