/* Position text (rules_text.h): parsed and written through the rules
 * core's accessors, never its bit layout. */
#include "rules_text.h"

#include <stdio.h>
#include <string.h>

static bool fail(const char **err, const char *why)
{
    if (err)
        *err = why;
    return false;
}

static bool parse_chain(const char *tok, rules_pos_t *p, uint8_t side)
{
    if (strcmp(tok, "-") == 0) {
        rules_clear_chain(p, side);
        return true;
    }
    if (strlen(tok) != 6 || tok[4] != ':' || tok[5] < '1' || tok[5] > '4')
        return false;
    const uint8_t f = rules_point_from_text(tok), t = rules_point_from_text(tok + 2);
    if (f == RULES_NO_POINT || t == RULES_NO_POINT)
        return false;
    return rules_set_chain(p, side, f, t, (uint8_t)(tok[5] - '0'));
}

bool rules_pos_from_text(const char *text, rules_pos_t *out, const char **err)
{
    char board[40], side[4], set[16], hw[8], hb[8], cw[8], cb[8], extra[2];
    int n = sscanf(text, "%39s %3s %15s %7s %7s %7s %7s %1s", board, side, set, hw, hb, cw, cb, extra);
    if (n != 7)
        return fail(err, "expected 7 fields: BOARD SIDE SET WHITEHAND BLACKHAND WHITECHAIN BLACKCHAIN");
    const int8_t s = rules_set_by_name(set);
    if (s < 0)
        return fail(err, "unknown rule set");
    if (strcmp(side, "w") != 0 && strcmp(side, "b") != 0)
        return fail(err, "side must be w or b");
    rules_pos_t p;
    rules_pos_empty(&p, (uint8_t)s, side[0] == 'b' ? RULES_BLACK : RULES_WHITE);
    const char *c = board;
    for (uint8_t row = RULES_ROWS; row-- > 0;) {
        for (uint8_t file = 0; file < RULES_FILES; file++, c++) {
            const uint8_t point = rules_point(file, row);
            switch (*c) {
            case '.': break;
            case 'w': case 'W': rules_put(&p, RULES_WHITE, point, *c == 'W'); break;
            case 'b': case 'B': rules_put(&p, RULES_BLACK, point, *c == 'B'); break;
            default: return fail(err, "board: each row is 5 of . w W b B");
            }
        }
        if (*c != (row ? '/' : '\0'))
            return fail(err, "board: 5 rows separated by /");
        c++;
    }
    const char *hands[2] = {hw, hb};
    for (uint8_t i = 0; i < 2; i++) {
        unsigned cap, ready;
        char tail;
        if (sscanf(hands[i], "%u,%u%c", &cap, &ready, &tail) != 2 || cap > 5 || ready > 5)
            return fail(err, "hand must be CAPTURED,READY with counts 0..5");
        if (rules_popcount(p.men[i]) + cap + ready != 5)
            return fail(err, "each side has 5 pieces: board + captured + ready");
        rules_set_hand(&p, i, (uint8_t)cap, (uint8_t)ready);
    }
    if (!parse_chain(cw, &p, RULES_WHITE) || !parse_chain(cb, &p, RULES_BLACK))
        return fail(err, "chain must be - or FROMTO:LENGTH along a link, e.g. b1d2:2");
    *out = p;
    return true;
}

char rules_piece_char(const rules_pos_t *p, uint8_t point)
{
    bool marked;
    const uint8_t side = rules_piece_at(p, point, &marked);
    if (side == RULES_NO_SIDE)
        return '.';
    return (char)((side == RULES_WHITE ? 'w' : 'b') - (marked ? 'a' - 'A' : 0));
}

void rules_pos_to_text(const rules_pos_t *p, char out[RULES_POS_TEXT_MAX])
{
    char *o = out, name[RULES_SET_NAME_MAX];
    for (uint8_t row = RULES_ROWS; row-- > 0;) {
        for (uint8_t file = 0; file < RULES_FILES; file++)
            *o++ = rules_piece_char(p, rules_point(file, row));
        *o++ = row ? '/' : ' ';
    }
    rules_set_name(rules_set_of(p), name);
    o += sprintf(o, "%c %s %u,%u %u,%u", rules_side_to_move(p) ? 'b' : 'w', name, rules_captured(p, 0),
                 rules_ready(p, 0), rules_captured(p, 1), rules_ready(p, 1));
    for (uint8_t s = 0; s < 2; s++) {
        uint8_t f, t, len;
        if (!rules_chain_of(p, s, &f, &t, &len)) {
            o += sprintf(o, " -");
            continue;
        }
        *o++ = ' ';
        o = rules_point_to_text(f, o);
        o = rules_point_to_text(t, o);
        o += sprintf(o, ":%u", len);
    }
}
