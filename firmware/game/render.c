#include "render.h"

#include <string.h>

#include "flash.h"

void render_clear(hal_canvas_t c) { memset(c, 0, sizeof(hal_canvas_t)); }

static uint8_t piece_colour(const rules_pos_t *pos, uint8_t p)
{
    const uint32_t bit = RULES_BIT(p);
    const bool marked = (pos->marked & bit) != 0u;
    if (pos->men[RULES_WHITE] & bit)
        return marked ? COLOUR_WHITE_MARKED : COLOUR_WHITE_PIECE;
    if (pos->men[RULES_BLACK] & bit)
        return marked ? COLOUR_BLACK_MARKED : COLOUR_BLACK_PIECE;
    return 0;
}

/* Off-board pieces of a side, in its column: ready (placeable) pieces
 * bright at the top, then captured ones dim. */
static void draw_hand(hal_canvas_t c, const rules_pos_t *pos, uint8_t side)
{
    const uint8_t x = side == RULES_WHITE ? 6u : 7u;
    const uint8_t bright = side == RULES_WHITE ? COLOUR_WHITE_MARKED : COLOUR_BLACK_MARKED;
    const uint8_t dim = side == RULES_WHITE ? COLOUR_WHITE_PIECE : COLOUR_BLACK_PIECE;
    uint8_t y = 0;
    for (uint8_t i = 0; i < rules_ready(pos, side); i++)
        c[y++][x] = bright;
    for (uint8_t i = 0; i < rules_captured(pos, side); i++)
        c[y++][x] = dim;
}

void render_game(hal_canvas_t c, const render_view_t *v)
{
    const rules_pos_t *pos = v->pos;
    render_clear(c);
    for (uint8_t p = 0; p < RULES_POINTS; p++) {
        uint8_t colour = piece_colour(pos, p);
        const uint32_t bit = RULES_BIT(p);
        if (v->targets & bit) {
            /* a capture target blinks between the victim and the highlight */
            if (!colour || v->blink_on)
                colour = COLOUR_TARGET;
        } else if (v->selected == RULES_NO_POINT && !v->targets && p == v->last_from && !colour) {
            colour = COLOUR_LAST_MOVE;
        }
        if (p == v->selected)
            colour = COLOUR_SELECTED;
        if (p == v->cursor && v->cursor_on)
            colour = COLOUR_CURSOR;
        c[render_point_y(p)][render_point_x(p)] = colour;
    }
    draw_hand(c, pos, RULES_WHITE);
    draw_hand(c, pos, RULES_BLACK);
    /* turn bar on the bottom row in the colour of the side to move */
    const uint8_t turn = rules_side_to_move(pos) == RULES_WHITE ? COLOUR_WHITE_MARKED : COLOUR_BLACK_MARKED;
    for (uint8_t x = 0; x < RULES_FILES; x++) {
        bool lit = !v->choosing_return || v->blink_on;
        if (v->thinking)
            lit = x == v->sweep % RULES_FILES;
        if (lit)
            c[7][x] = turn;
    }
}

void render_over(hal_canvas_t c, const uint8_t score[2], uint8_t winner)
{
    render_clear(c);
    for (uint8_t side = 0; side < 2u; side++) {
        const bool bright = winner == side || winner == RULES_DRAW;
        const uint8_t colour = side == RULES_WHITE ? (bright ? COLOUR_WHITE_MARKED : COLOUR_WHITE_PIECE)
                                                   : (bright ? COLOUR_BLACK_MARKED : COLOUR_BLACK_PIECE);
        const uint8_t x0 = side == RULES_WHITE ? 0u : 4u;
        for (uint8_t i = 0; i < score[side] && i < 28u; i++)
            c[7u - i / 4u][x0 + i % 4u] = colour;
    }
    const uint8_t top = winner == RULES_WHITE ? COLOUR_WHITE_MARKED
                        : winner == RULES_BLACK ? COLOUR_BLACK_MARKED
                                                : COLOUR_CURSOR;
    for (uint8_t x = 0; x < HAL_DISPLAY_W; x++)
        c[0][x] = top;
}

/* 3x5 glyphs, one byte per row, bit 2 = left column. */
static const uint8_t font_letters[26][5] FLASH_TABLE = {
    {2, 5, 7, 5, 5}, {6, 5, 6, 5, 6}, {3, 4, 4, 4, 3}, {6, 5, 5, 5, 6}, {7, 4, 6, 4, 7}, /* A-E */
    {7, 4, 6, 4, 4}, {3, 4, 5, 5, 3}, {5, 5, 7, 5, 5}, {7, 2, 2, 2, 7}, {1, 1, 1, 5, 2}, /* F-J */
    {5, 5, 6, 5, 5}, {4, 4, 4, 4, 7}, {5, 7, 7, 5, 5}, {6, 5, 5, 5, 5}, {2, 5, 5, 5, 2}, /* K-O */
    {6, 5, 6, 4, 4}, {2, 5, 5, 6, 3}, {6, 5, 6, 5, 5}, {3, 4, 2, 1, 6}, {7, 2, 2, 2, 2}, /* P-T */
    {5, 5, 5, 5, 7}, {5, 5, 5, 5, 2}, {5, 5, 7, 7, 5}, {5, 5, 2, 5, 5}, {5, 5, 2, 2, 2}, /* U-Y */
    {7, 1, 2, 4, 7},                                                                     /* Z */
};
static const uint8_t font_digits[10][5] FLASH_TABLE = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {6, 1, 2, 4, 7}, {6, 1, 2, 1, 6}, {5, 5, 7, 1, 1},
    {7, 4, 6, 1, 6}, {3, 4, 7, 5, 7}, {7, 1, 2, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 6},
};

void render_glyph(hal_canvas_t c, char ch, uint8_t x, uint8_t y, uint8_t colour)
{
    const uint8_t *rows;
    if (ch >= 'A' && ch <= 'Z')
        rows = font_letters[ch - 'A'];
    else if (ch >= '0' && ch <= '9')
        rows = font_digits[ch - '0'];
    else
        return;
    for (uint8_t r = 0; r < 5u; r++) {
        const uint8_t bits = flash_byte(&rows[r]);
        for (uint8_t col = 0; col < 3u; col++)
            if ((bits & (4u >> col)) && y + r < HAL_DISPLAY_H && x + col < HAL_DISPLAY_W)
                c[y + r][x + col] = colour;
    }
}
