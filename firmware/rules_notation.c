/* Moves as text (RULES.md section 5): "b1-d2", "b1xd2", "c4xd5@b1", "@b1". */
#include "rules.h"

uint8_t rules_point_from_text(const char *text)
{
    if (text[0] < 'a' || text[0] > 'e' || text[1] < '1' || text[1] > '5')
        return RULES_NO_POINT;
    return (uint8_t)((text[1] - '1') * 5 + (text[0] - 'a'));
}

static char *put_point(char *out, uint8_t p)
{
    *out++ = (char)('a' + p % 5u);
    *out++ = (char)('1' + p / 5u);
    return out;
}

uint8_t rules_move_to_text(rules_move_t m, char *out)
{
    char *o = out;
    if (!RULES_MOVE_IS_PLACEMENT(m)) {
        o = put_point(o, RULES_MOVE_FROM(m));
        *o++ = RULES_MOVE_IS_CAPTURE(m) ? 'x' : '-';
    }
    if (RULES_MOVE_IS_PLACEMENT(m)) {
        *o++ = '@';
        o = put_point(o, RULES_MOVE_TO(m));
    } else {
        o = put_point(o, RULES_MOVE_TO(m));
        if (RULES_MOVE_RET(m) != RULES_NO_POINT) {
            *o++ = '@';
            o = put_point(o, RULES_MOVE_RET(m));
        }
    }
    *o = '\0';
    return (uint8_t)(o - out);
}

static bool same_text(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

bool rules_move_from_text(const rules_pos_t *p, const char *text, rules_move_t *out)
{
    rules_move_t buf[RULES_MAX_MOVES];
    char t[RULES_MOVE_TEXT_MAX];
    const uint8_t n = rules_legal_moves(p, buf);
    for (uint8_t i = 0; i < n; i++) {
        rules_move_to_text(buf[i], t);
        if (same_text(t, text)) {
            *out = buf[i];
            return true;
        }
    }
    return false;
}

bool rules_move_is_hold(const rules_move_t *moves, uint8_t n, rules_move_t m)
{
    if (RULES_MOVE_RET(m) != RULES_NO_POINT || RULES_MOVE_IS_PLACEMENT(m))
        return false;
    for (uint8_t i = 0; i < n; i++)
        if (moves[i] != m && RULES_MOVE_FROM(moves[i]) == RULES_MOVE_FROM(m) &&
            RULES_MOVE_TO(moves[i]) == RULES_MOVE_TO(m))
            return true;
    return false;
}
