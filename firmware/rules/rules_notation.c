/* Moves and points as text (docs/rules.md, notation): "b1-d2", "b1xd2",
 * "c4xd5@b1", "@b1"; and the names of the results. */
#include "rules.h"

#include "flash.h"

uint8_t rules_point_from_text(const char *text)
{
    if (text[0] < 'a' || text[0] >= (char)('a' + RULES_FILES) || text[1] < '1' ||
        text[1] >= (char)('1' + RULES_ROWS))
        return RULES_NO_POINT;
    return rules_point((uint8_t)(text[0] - 'a'), (uint8_t)(text[1] - '1'));
}

char *rules_point_to_text(uint8_t p, char *out)
{
    *out++ = (char)('a' + rules_file(p));
    *out++ = (char)('1' + rules_row(p));
    return out;
}

static const char result_names[3][RULES_RESULT_NAME_MAX] FLASH_TABLE = {"white", "black", "draw"};
static const char end_names[5][RULES_END_NAME_MAX] FLASH_TABLE = {"none", "no-moves", "across", "no-pieces", "shuttle"};

/* Name i of a table of names `width` bytes apart, NUL included. */
static void name_of(const char *table, uint8_t width, uint8_t i, char *out)
{
    const char *name = table + (uint16_t)i * width;
    for (uint8_t k = 0; k < width; k++)
        out[k] = (char)flash_byte(&name[k]);
}

void rules_end_name(uint8_t reason, char out[RULES_END_NAME_MAX])
{
    name_of(end_names[0], RULES_END_NAME_MAX, reason < 5u ? reason : RULES_END_NONE, out);
}

void rules_result_name(uint8_t result, char out[RULES_RESULT_NAME_MAX])
{
    name_of(result_names[0], RULES_RESULT_NAME_MAX, result < 3u ? result : RULES_DRAW, out);
}

uint8_t rules_move_to_text(rules_move_t m, char *out)
{
    char *o = out;
    if (!RULES_MOVE_IS_PLACEMENT(m)) {
        o = rules_point_to_text(RULES_MOVE_FROM(m), o);
        *o++ = RULES_MOVE_IS_CAPTURE(m) ? 'x' : '-';
    }
    if (RULES_MOVE_IS_PLACEMENT(m)) {
        *o++ = '@';
        o = rules_point_to_text(RULES_MOVE_TO(m), o);
    } else {
        o = rules_point_to_text(RULES_MOVE_TO(m), o);
        if (RULES_MOVE_RET(m) != RULES_NO_POINT) {
            *o++ = '@';
            o = rules_point_to_text(RULES_MOVE_RET(m), o);
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
