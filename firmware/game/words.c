/* The words on the ticker: every text a player reads on the matrix. Each
 * text is a template in flash, letters and spaces as they are and a few
 * control bytes for what changes (a colour, a number, a name), filled in
 * by one small interpreter. Against the console the sides are YOU and
 * CONSOLE (a colour only when it says which one you play); between two
 * people a side is named by the colour a player sees (White is green,
 * Black is red) and the match's players P1 (green in game 1) and P2. A
 * game's score follows the side it names: the winner's points first. */
#include <stddef.h>

#include "flash.h"
#include "match_query.h"
#include "words.h"

/* The fill-ins (control bytes 1..31 in a template). */
enum {
    F_GAME_OF = 1, /* "GAME 2 OF 4 - " in a match of more than one game */
    F_RULES,       /* the rule set in play */
    F_YOU,         /* your colour in this game (against the console) */
    F_FIRST,       /* the colour that moves first */
    F_P1,          /* P1's colour in this game */
    F_TO_MOVE,     /* the colour to move */
    F_NOW,         /* the score if the game ended now: "YOU 5 CONSOLE 4", "GREEN 5 RED 4" */
    F_TOTALS,      /* " - MATCH YOU 6 CONSOLE 2" / " - MATCH P1 6 P2 2" in a longer match */
    F_WINNER,      /* the game's winner: YOU, CONSOLE, GREEN, RED */
    F_SCORE,       /* the game's score, the winner's first: "6-2" */
    F_NEXT,        /* what A does: " - A NEXT GAME" or " - A NEW MATCH" */
    F_MATCH_WINNER, /* (free: the match's result is part of F_TOTALS) */
    F_MATCH_SCORE, /* (free) */
    F_WIN,         /* " WIN " after YOU, " WINS " after the others */
    F_MODE,        /* the menu's values: VS CONSOLE / 2 PLAYERS */
    F_LEVEL,
    F_SIDE,
    F_SET_RULES,
    F_SET_FIRST,
    F_GAMES,       /* "2 GAMES", "1 GAME" */
    F_SOUND,
    F_LIGHT,
    F_BLINK,
    F_VALUE = 031, /* a menu item's value starts here */
    F_WAITS,       /* " - NEXT MATCH" when the item waits for the next match */
    F_REASON,      /* why the game ended, the side named as the players know it:
                    * " - CONSOLE CANNOT MOVE", " - RED LOST ALL",
                    * " - YOU ACROSS FIRST" (the game ends there; the
                    * points decide who wins) */
    F_SHUTTLES,    /* the back-and-forth moves the rule set in play allows */
};

/* Every template: its name and its text, one list, so that the names and
 * the NUL-separated texts in flash cannot fall out of step. The menu's
 * items close it, in ui.h's order (checked below). */
/* a word of the list in a template: 0x80 + its number */
#define D "\226" /* W_DASH */
#define CONSOLE "\203" /* W_CONSOLE */
#define YOU_ARE "\234" /* W_YOU_ARE */
#define STARTS "\235" /* W_STARTS */
#define GAME "\206" /* W_GAME */
#define TEMPLATES(X)                                                \
    X(T_START_YOU, "\001\002" D YOU_ARE "\003" D "YOU START")          \
    X(T_START_CONSOLE, "\001\002" D YOU_ARE "\003" D CONSOLE STARTS) \
    X(T_START_TWO, "\001\002" D "P1 \005" D "\004" STARTS)             \
    X(T_SCORE, "NOW \007\010" D "\002")                              \
    X(T_CHAIN, "ONLY \034 TIMES BACK AND FORTH")                   \
    X(T_SHIELDED, "HOME ROW PIECE" D "TAKE IT LAST")                 \
    X(T_NOT_YOURS_VS, YOU_ARE "\003")                              \
    X(T_NOT_YOURS_TWO, "\006 TO MOVE")                             \
    X(T_NO_MOVE, "THIS PIECE HAS NO MOVE")                         \
    X(T_NO_UNDO, "NOTHING TO UNDO")                                \
    X(T_NO_HINT, "NO HINT NOW")                                    \
    X(T_BATTERY, "BATTERY LOW" D "GAME SAVED" D "SWITCH OFF")          \
    X(T_SAVE_LOST, "SAVED " GAME "LOST")                           \
    X(T_CONFIRM, "NEW MATCH" D "A YES" D "B NO")                       \
    X(T_GAME_WIN, "\011\016\012\033\010\013")                        \
    X(T_GAME_DRAW, "DRAW \012\033\010\013")                          \
    X(T_MENU, "RESUME")                                            \
    X(T_MENU_UNDO, "UNDO")                                         \
    X(T_MENU_HINT, "HINT")                                         \
    X(T_MENU_NEW_MATCH, "NEW MATCH")                               \
    X(T_MENU_MODE, "\031\017\032")                                  \
    X(T_MENU_LEVEL, "LEVEL \031\020\032")                           \
    X(T_MENU_SIDE, "YOU PLAY \031\021\032")                         \
    X(T_MENU_RULES, "RULES \031\022\032")                           \
    X(T_MENU_FIRST, "\031\023" STARTS "\032")                          \
    X(T_MENU_GAMES, "MATCH OF \031\024\032")                        \
    X(T_MENU_SOUND, "SOUND \031\025")                               \
    X(T_MENU_LIGHT, "LIGHT \031\026")                               \
    X(T_MENU_BLINK, "RED PIECES \031\027")
#define AS_NAME(name, text) name,
#define AS_TEXT(name, text) text "\0"
enum { TEMPLATES(AS_NAME) T_COUNT };
static const char templates[] FLASH_TABLE = TEMPLATES(AS_TEXT);
_Static_assert(T_COUNT - T_MENU == UI_ITEM_COUNT, "one menu template per item of ui.h");
_Static_assert(F_GAME_OF == 001 && F_RULES == 002 && F_YOU == 003 && F_FIRST == 004 && F_P1 == 005 &&
                   F_TO_MOVE == 006 && F_NOW == 007 && F_TOTALS == 010 && F_WINNER == 011 && F_SCORE == 012 &&
                   F_NEXT == 013 && F_MATCH_WINNER == 014 && F_MATCH_SCORE == 015 && F_WIN == 016 &&
                   F_MODE == 017 && F_LEVEL == 020 && F_SIDE == 021 && F_SET_RULES == 022 && F_SET_FIRST == 023 &&
                   F_GAMES == 024 && F_SOUND == 025 && F_LIGHT == 026 && F_BLINK == 027 &&
                   F_WAITS == 032 && F_REASON == 033 && F_SHUTTLES == 034,
               "the templates' control bytes");

/* Words the fill-ins use: names and texts in one list, as the templates. */
#define WORDS(X)                                                                                   \
    X(W_GREEN, "GREEN") X(W_RED, "RED") X(W_YOU, "YOU") X(W_CONSOLE, "CONSOLE") X(W_P1, "P1")      \
    X(W_P2, "P2") X(W_GAME, "GAME ") X(W_OF, " OF ") X(W_MATCH, " - MATCH ") X(W_WIN, " WIN ")    \
    X(W_WINS, " WINS ") X(W_NEXT_GAME, " - A NEXT GAME") X(W_NEW_MATCH, " - A NEW MATCH")          \
    X(W_WAITS, " - NEXT MATCH") X(W_VS, "VS CONSOLE") X(W_TWO, "2 PLAYERS") X(W_ONE_GAME, " GAME") \
    X(W_GAMES, " GAMES") X(W_ON, "ON") X(W_OFF, "OFF") X(W_BLINKS, "BLINK") X(W_STEADY, "STEADY")  \
    X(W_DASH, " - ") X(W_DRAWN, "DRAWN ")                                                          \
    /* why a game ended, after a side: in the order of RULES_END_* */                              \
    X(W_CANNOT_MOVE, " CANNOT MOVE") X(W_ACROSS, " ACROSS FIRST") X(W_NONE_LEFT, " LOST ALL")   \
    X(W_SHUTTLE, "BOTH BACK AND FORTH")                                                         \
    /* only in the templates (below) */                                                           \
    X(W_YOU_ARE, "YOU ARE ") X(W_STARTS, " STARTS")
enum { WORDS(AS_NAME) W_COUNT };
_Static_assert(W_ACROSS - W_CANNOT_MOVE == RULES_END_ACROSS - RULES_END_NO_MOVES &&
                   W_NONE_LEFT - W_CANNOT_MOVE == RULES_END_NO_PIECES - RULES_END_NO_MOVES &&
                   W_SHUTTLE - W_CANNOT_MOVE == RULES_END_SHUTTLE - RULES_END_NO_MOVES,
               "the reasons' words in the order of RULES_END_*");
static const char word_list[] FLASH_TABLE = WORDS(AS_TEXT);
_Static_assert(W_DASH == 026 && W_CONSOLE == 03 && W_YOU_ARE == 034 && W_STARTS == 035,
               "the words the templates name by number");

/* The text being built: where the next letter goes and where it must stop
 * (one text at a time: file-wide, so that no call passes them), and
 * whether the last winner named was YOU (YOU WIN, CONSOLE WINS). */
static char *o;
static const char *end;
static bool said_you;

const char *words_nth(const char *list, uint8_t k)
{
    while (k--)
        while (flash_byte(list++) != '\0')
            ;
    return list;
}

static void put_char(char ch)
{
    if (o < end)
        *o++ = ch;
}

static void put_word(uint8_t w)
{
    const char *p = words_nth(word_list, w);
    char ch;
    while ((ch = (char)flash_byte(p++)) != '\0')
        put_char(ch);
}

static void put_number(uint8_t n)
{
    if (n >= 10u)
        put_char((char)('0' + n / 10u));
    put_char((char)('0' + n % 10u));
}

static void put_colour(uint8_t side) { put_word(side == RULES_WHITE ? W_GREEN : W_RED); }

static void put_rules(uint8_t set)
{
    char name[RULES_SET_NAME_MAX];
    rules_set_name(set, name);
    for (const char *c = name; *c; c++)
        put_char((char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c));
}

/* "YOU 3 CONSOLE 5", "P1 3 P2 5": two names, each with its number */
static void put_two(uint8_t a, uint8_t na, uint8_t b, uint8_t nb)
{
    put_word(a);
    put_char(' ');
    put_number(na);
    put_char(' ');
    put_word(b);
    put_char(' ');
    put_number(nb);
}

/* "6-2" */
static void put_pair(uint8_t a, uint8_t b)
{
    put_number(a);
    put_char('-');
    put_number(b);
}

static bool vs_console(const ui_t *ui) { return ui->match.mode == SETTINGS_MODE_VS_CONSOLE; }

/* P1's (index 0) and P2's totals, P1 being you against the console when you had White in game 1 */
static bool you_are_p1(const game_match_t *m) { return m->human_side == RULES_WHITE; }

/* The match's winner: 0 P1, 1 P2 (only when the totals differ). */
static uint8_t match_leader(const game_match_t *m) { return m->total[1] > m->total[0]; }

/* A side as the players know it: YOU or CONSOLE against the console
 * (said_you: YOU was named), its colour between two people. */
static void put_side(const ui_t *ui, uint8_t side)
{
    said_you = vs_console(ui) && side == match_human_side(&ui->match);
    put_word(vs_console(ui) ? (said_you ? W_YOU : W_CONSOLE) : side == RULES_WHITE ? W_GREEN : W_RED);
}

/* The fill-in `f`, for this state of the UI. */
static void fill(const ui_t *ui, uint8_t f)
{
    const game_match_t *m = &ui->match;
    const settings_t *s = &ui->settings;
    const uint8_t you = match_human_side(m), w = ui->result.winner, lead = match_leader(m);
    uint8_t side;
    switch (f) {
    case F_GAME_OF:
        if (m->games > 1u) {
            put_word(W_GAME);
            put_number(m->number);
            put_word(W_OF);
            put_number(m->games);
            put_word(W_DASH);
        }
        return;
    case F_RULES: put_rules(rules_set_of(&ui->board.pos)); return;
    /* the colours: one call for them all */
    case F_YOU: side = you; break;
    case F_FIRST: side = m->first; break;
    case F_P1: side = match_p1_colour(m); break;
    case F_TO_MOVE: side = rules_side_to_move(&ui->board.pos); break;
    case F_SIDE: side = s->human_side; break;
    case F_SET_FIRST: side = s->first; break;
    case F_NOW: {
        uint8_t now[2];
        rules_score(&ui->board.pos, now);
        if (vs_console(ui))
            put_two(W_YOU, now[you], W_CONSOLE, now[you ^ 1u]);
        else
            put_two(W_GREEN, now[RULES_WHITE], W_RED, now[RULES_BLACK]);
        return;
    }
    case F_TOTALS:
        if (m->games > 1u) {
            put_word(W_MATCH);
            if (match_is_over(m)) { /* the last game: the match's result */
                if (m->total[0] == m->total[1]) {
                    put_word(W_DRAWN);
                } else {
                    said_you = vs_console(ui) && (lead == 0u) == you_are_p1(m);
                    put_char('-');
                    put_char(' ');
                    put_word(vs_console(ui) ? (said_you ? W_YOU : W_CONSOLE) : lead ? W_P2 : W_P1);
                    put_word(said_you ? W_WIN : W_WINS);
                }
                put_pair(m->total[lead], m->total[lead ^ 1u]);
            } else if (vs_console(ui))
                put_two(W_YOU, m->total[!you_are_p1(m)], W_CONSOLE, m->total[you_are_p1(m)]);
            else
                put_two(W_P1, m->total[0], W_P2, m->total[1]);
        }
        return;
    case F_WINNER: put_side(ui, w); return;
    case F_SCORE:
        if (w == RULES_DRAW)
            put_pair(ui->result.score[RULES_WHITE], ui->result.score[RULES_BLACK]);
        else
            put_pair(ui->result.score[w], ui->result.score[w ^ 1u]);
        return;
    case F_NEXT: put_word(match_is_over(m) ? W_NEW_MATCH : W_NEXT_GAME); return;
    case F_REASON:
        if (ui->result.end_reason == RULES_END_NONE)
            return;
        put_word(W_DASH);
        if (ui->result.end_side != RULES_DRAW) /* both shuttled: no side named */
            put_side(ui, ui->result.end_side);
        put_word((uint8_t)(W_CANNOT_MOVE - RULES_END_NO_MOVES + ui->result.end_reason));
        return;
    case F_WIN: put_word(said_you ? W_WIN : W_WINS); return;
    case F_SHUTTLES: put_number(rules_set_shuttles_max(rules_set_of(&ui->board.pos))); return;
    case F_MODE: put_word(s->mode == SETTINGS_MODE_VS_CONSOLE ? W_VS : W_TWO); return;
    case F_LEVEL: put_number(s->level); return;
    case F_SET_RULES: put_rules(s->rules); return;
    case F_GAMES:
        put_number(s->match_games);
        put_word(s->match_games == 1u ? W_ONE_GAME : W_GAMES);
        return;
    case F_SOUND: put_word(s->sound ? W_ON : W_OFF); return;
    case F_LIGHT: put_number((uint8_t)(s->brightness + 1u)); return;
    case F_BLINK: put_word(s->blink ? W_BLINKS : W_STEADY); return;
    case F_WAITS:
        if (match_setting_waits(ui, ui->menu.item))
            put_word(W_WAITS);
        return;
    default: return;
    }
    put_colour(side);
}

/* Which template the UI's state reads from. */
static uint8_t template_now(const ui_t *ui)
{
    const bool vs = vs_console(ui);
    switch (ui->ticker.say) {
    case UI_SAY_START:
        return !vs ? T_START_TWO : ui->match.first == match_human_side(&ui->match) ? T_START_YOU : T_START_CONSOLE;
    case UI_SAY_SCORE: return T_SCORE;
    case UI_SAY_CHAIN: return T_CHAIN;
    case UI_SAY_SHIELDED: return T_SHIELDED;
    case UI_SAY_NOT_YOURS: return vs ? T_NOT_YOURS_VS : T_NOT_YOURS_TWO;
    case UI_SAY_NO_MOVE: return T_NO_MOVE;
    case UI_SAY_NO_UNDO: return T_NO_UNDO;
    case UI_SAY_NO_HINT: return T_NO_HINT;
    case UI_SAY_BATTERY: return T_BATTERY;
    case UI_SAY_SAVE_LOST: return T_SAVE_LOST;
    default: break;
    }
    switch (ui->screen) {
    case UI_MENU: return (uint8_t)(T_MENU + ui->menu.item);
    case UI_CONFIRM: return T_CONFIRM;
    default: return ui->result.winner == RULES_DRAW ? T_GAME_DRAW : T_GAME_WIN; /* the end screens */
    }
}

uint8_t words_now(const ui_t *ui, char out[WORDS_MAX], uint8_t *value_at)
{
    o = out;
    end = out + WORDS_MAX - 1u; /* room for the NUL */
    uint8_t at = 0;
    if (ui->ticker.say != UI_SAY_NOTHING || ui->screen != UI_GAME) {
        const char *t = words_nth(templates, template_now(ui));
        char ch;
        while ((ch = (char)flash_byte(t++)) != '\0') {
            if (ch == F_VALUE)
                at = (uint8_t)(o - out);
            else if ((uint8_t)ch < ' ')
                fill(ui, (uint8_t)ch);
            else if ((uint8_t)ch >= 0x80u)
                put_word((uint8_t)(ch & 0x7F));
            else
                put_char(ch);
        }
    }
    *o = '\0';
    if (value_at)
        *value_at = at;
    return (uint8_t)(o - out);
}
