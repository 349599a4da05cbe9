/* The debug console's lines (docs/protocol.md, the console's log): what
 * the simulator, the web page and the tests follow a game by. */
#include <string.h>

#include "ui_parts.h"

void say_move(const char *word, rules_move_t m)
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

void say_game(const ui_t *ui, const char *word)
{
    char line[64];
    const game_match_t *m = &ui->match;
    strcpy(line, word);
    rules_set_name(rules_set_of(&ui->pos), line + strlen(line));
    strcat(line, m->first == RULES_WHITE ? " first white" : " first black");
    char *o = line + strlen(line);
    if (m->mode == SETTINGS_MODE_VS_CONSOLE) {
        strcpy(o, " console ");
        o += 9;
        *o++ = (char)('0' + m->level);
        strcpy(o, match_human_side(m) == RULES_WHITE ? " human white" : " human black");
        o += strlen(o);
    }
    strcpy(o, " match");
    o = put_game_of(o + 6, m);
    *o = '\0';
    hal_debug_line(line);
}

void say_over(const ui_t *ui)
{
    const game_match_t *m = &ui->match;
    char line[40], *o;
    strcpy(line, "over");
    o = put_pair(line + 4, ui->score[RULES_WHITE], ui->score[RULES_BLACK]);
    *o++ = ' ';
    rules_result_name(ui->winner, o);
    hal_debug_line(line);
    strcpy(line, "match");
    o = put_pair(put_game_of(line + 5, m), m->total[0], m->total[1]);
    *o = '\0';
    hal_debug_line(line);
    if (match_is_over(m)) {
        strcpy(line, "match over");
        o = put_pair(line + 10, m->total[0], m->total[1]);
        strcpy(o, m->total[0] > m->total[1] ? " p1" : m->total[1] > m->total[0] ? " p2" : " draw");
        hal_debug_line(line);
    }
}
