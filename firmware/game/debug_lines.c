/* The debug console's lines (debug_lines.h). */
#include "debug_lines.h"

#include <string.h>

#include "flash.h"
#include "hal.h"
#include "match_query.h"
#include "words.h"

void debug_move(const char *word, rules_move_t m)
{
    char line[8 + RULES_MOVE_TEXT_MAX];
    const uint8_t n = (uint8_t)strlen(word);
    memcpy(line, word, n);
    line[n] = ' ';
    rules_move_to_text(m, line + n + 1);
    hal_debug_line(line);
}

static char *put_number(char *o, uint8_t n)
{
    if (n >= 10u)
        *o++ = (char)('0' + n / 10u);
    *o++ = (char)('0' + n % 10u);
    return o;
}

/* " A B" */
static char *put_pair(char *o, uint8_t a, uint8_t b)
{
    *o++ = ' ';
    o = put_number(o, a);
    *o++ = ' ';
    return put_number(o, b);
}

/* " G/N" */
static char *put_game_of(char *o, const game_match_t *m)
{
    *o++ = ' ';
    o = put_number(o, m->number);
    *o++ = '/';
    return put_number(o, m->games);
}

/* The lines' fixed words, in flash: string literals would take RAM on the
 * AVR (the Nano has none to spare). NUL-separated, in the order of the enum. */
enum { S_RETURN, S_FIRST_WHITE, S_FIRST_BLACK, S_CONSOLE, S_HUMAN_WHITE, S_HUMAN_BLACK, S_MATCH, S_OVER, S_MATCH_OVER,
       S_P1, S_P2, S_DRAW, S_MENU_CLOSED };
static const char fixed[] FLASH_TABLE = "return \0 first white\0 first black\0 console \0 human white\0 human black\0"
                                        " match\0over\0match over\0 p1\0 p2\0 draw\0menu closed";

/* Writes fixed word k at o (no NUL); returns the end. */
static char *put_fixed(char *o, uint8_t k)
{
    const char *f = words_nth(fixed, k);
    char ch;
    while ((ch = (char)flash_byte(f++)) != '\0')
        *o++ = ch;
    return o;
}

void debug_return(uint8_t arrival)
{
    char line[10];
    rules_point_to_text(arrival, put_fixed(line, S_RETURN));
    line[9] = '\0';
    hal_debug_line(line);
}

void debug_menu(bool open)
{
    char line[12];
    *put_fixed(line, S_MENU_CLOSED) = '\0';
    if (open)
        line[4] = '\0'; /* "menu" */
    hal_debug_line(line);
}

void debug_game(const ui_t *ui, const char *word)
{
    char line[64];
    const game_match_t *m = &ui->match;
    strcpy(line, word);
    rules_set_name(rules_set_of(&ui->board.pos), line + strlen(line));
    char *o = put_fixed(line + strlen(line), m->first == RULES_WHITE ? S_FIRST_WHITE : S_FIRST_BLACK);
    if (m->mode == SETTINGS_MODE_VS_CONSOLE) {
        o = put_fixed(o, S_CONSOLE);
        *o++ = (char)('0' + m->level);
        o = put_fixed(o, match_human_side(m) == RULES_WHITE ? S_HUMAN_WHITE : S_HUMAN_BLACK);
    }
    o = put_game_of(put_fixed(o, S_MATCH), m);
    *o = '\0';
    hal_debug_line(line);
}

void debug_over(const ui_t *ui)
{
    const game_match_t *m = &ui->match;
    char line[40], *o;
    o = put_pair(put_fixed(line, S_OVER), ui->result.score[RULES_WHITE], ui->result.score[RULES_BLACK]);
    *o++ = ' ';
    rules_result_name(ui->result.winner, o);
    o += strlen(o);
    *o++ = ' ';
    rules_end_name(ui->result.end_reason, o);
    hal_debug_line(line);
    o = put_pair(put_game_of(put_fixed(line, S_MATCH), m), m->total[0], m->total[1]);
    *o = '\0';
    hal_debug_line(line + 1); /* "match G/N P1 P2": S_MATCH without its leading space */
    if (match_is_over(m)) {
        o = put_pair(put_fixed(line, S_MATCH_OVER), m->total[0], m->total[1]);
        o = put_fixed(o, m->total[0] > m->total[1] ? S_P1 : m->total[1] > m->total[0] ? S_P2 : S_DRAW);
        *o = '\0';
        hal_debug_line(line);
    }
}
