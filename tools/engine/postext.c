#include "postext.h"

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
        p->chain[side] = RULES_CHAIN_NONE;
        return true;
    }
    if (strlen(tok) != 6 || tok[4] != ':' || tok[5] < '1' || tok[5] > '4')
        return false;
    const uint8_t f = rules_point_from_text(tok), t = rules_point_from_text(tok + 2);
    if (f == RULES_NO_POINT || t == RULES_NO_POINT)
        return false;
    const uint8_t slot = rules_link_slot(f, t);
    if (slot == RULES_NO_POINT)
        return false;
    p->chain[side] = (uint8_t)(f | (slot << 5));
    p->hand[side] = (uint8_t)((p->hand[side] & 0x3Fu) | ((tok[5] - '1') << 6));
    return true;
}

bool postext_parse(const char *text, rules_pos_t *out, const char **err)
{
    char board[40], side[4], set[16], hw[8], hb[8], cw[8], cb[8], extra[2];
    int n = sscanf(text, "%39s %3s %15s %7s %7s %7s %7s %1s", board, side, set, hw, hb, cw, cb, extra);
    if (n != 7)
        return fail(err, "expected 7 fields: BOARD SIDE SET WHITEHAND BLACKHAND WHITECHAIN BLACKCHAIN");
    rules_pos_t p = {{0, 0}, 0, {0, 0}, {RULES_CHAIN_NONE, RULES_CHAIN_NONE}};
    const char *c = board;
    for (int row = 4; row >= 0; row--) {
        for (int file = 0; file < 5; file++, c++) {
            const uint32_t bit = RULES_BIT(row * 5 + file);
            switch (*c) {
            case '.': break;
            case 'W': p.marked |= bit; /* fall through */
            case 'w': p.men[0] |= bit; break;
            case 'B': p.marked |= bit; /* fall through */
            case 'b': p.men[1] |= bit; break;
            default: return fail(err, "board: each row is 5 of . w W b B");
            }
        }
        if (*c != (row ? '/' : '\0'))
            return fail(err, "board: 5 rows separated by /");
        c++;
    }
    const int8_t s = rules_set_by_name(set);
    if (s < 0)
        return fail(err, "unknown rule set");
    if (strcmp(side, "w") != 0 && strcmp(side, "b") != 0)
        return fail(err, "side must be w or b");
    p.marked |= ((uint32_t)s << 29) | (side[0] == 'b' ? (1uL << 31) : 0u);
    const char *hands[2] = {hw, hb};
    for (uint8_t i = 0; i < 2; i++) {
        unsigned cap, ready;
        char tail;
        if (sscanf(hands[i], "%u,%u%c", &cap, &ready, &tail) != 2 || cap > 5 || ready > 5)
            return fail(err, "hand must be CAPTURED,READY with counts 0..5");
        if (rules_popcount(p.men[i]) + cap + ready != 5)
            return fail(err, "each side has 5 pieces: board + captured + ready");
        p.hand[i] = (uint8_t)(cap | (ready << 3));
    }
    if (!parse_chain(cw, &p, 0) || !parse_chain(cb, &p, 1))
        return fail(err, "chain must be - or FROMTO:LENGTH along a link, e.g. b1d2:2");
    *out = p;
    return true;
}

char postext_piece_char(const rules_pos_t *p, uint8_t point)
{
    const uint32_t bit = RULES_BIT(point);
    const bool mk = (p->marked & bit) != 0;
    return (p->men[0] & bit) ? (mk ? 'W' : 'w') : (p->men[1] & bit) ? (mk ? 'B' : 'b') : '.';
}

void postext_format(const rules_pos_t *p, char out[POSTEXT_MAX])
{
    char *o = out, name[RULES_SET_NAME_MAX];
    for (int row = 4; row >= 0; row--) {
        for (int file = 0; file < 5; file++)
            *o++ = postext_piece_char(p, (uint8_t)(row * 5 + file));
        *o++ = row ? '/' : ' ';
    }
    rules_set_name(rules_set_of(p), name);
    o += sprintf(o, "%c %s %u,%u %u,%u", rules_side_to_move(p) ? 'b' : 'w', name, rules_captured(p, 0),
                 rules_ready(p, 0), rules_captured(p, 1), rules_ready(p, 1));
    for (uint8_t s = 0; s < 2; s++) {
        if (p->chain[s] == RULES_CHAIN_NONE) {
            o += sprintf(o, " -");
        } else {
            bool extra;
            const uint8_t f = p->chain[s] & 0x1Fu;
            const uint8_t t = rules_neighbour(f, p->chain[s] >> 5, &extra);
            o += sprintf(o, " %c%c%c%c:%u", 'a' + f % 5, '1' + f / 5, 'a' + t % 5, '1' + t / 5,
                         ((p->hand[s] >> 6) & 3u) + 1u);
        }
    }
}
