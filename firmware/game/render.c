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
    const uint8_t bright = render_side_colour(side);
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
        const uint8_t piece = piece_colour(pos, p);
        uint8_t colour = piece;
        const uint32_t bit = RULES_BIT(p);
        if (v->targets & bit) {
            /* a capture target blinks between the victim and the highlight */
            if (!colour || v->blink_on)
                colour = COLOUR_TARGET;
        } else if (v->selected == RULES_NO_POINT && !v->targets && p == v->last_from && !colour) {
            colour = COLOUR_LAST_MOVE;
        } else if ((v->refused & bit) && v->flicker_on) {
            colour = COLOUR_TARGET; /* the rules refuse it: it flickers */
        }
        if (v->red_off && (pos->men[RULES_BLACK] & bit) && colour == piece)
            colour = 0; /* the red-blink aid */
        if (p == v->selected)
            colour = COLOUR_SELECTED;
        if (p == v->cursor && v->cursor_on)
            colour = COLOUR_CURSOR;
        c[render_point_y(p)][render_point_x(p)] = colour;
    }
    draw_hand(c, pos, RULES_WHITE);
    draw_hand(c, pos, RULES_BLACK);
    /* turn bar on the bottom row in the colour of the side to move */
    const uint8_t turn = render_side_colour(rules_side_to_move(pos));
    for (uint8_t x = 0; x < RULES_FILES; x++) {
        bool lit = !v->choosing_return || v->blink_on;
        if (v->thinking)
            lit = x == v->sweep % RULES_FILES;
        if (lit)
            c[7][x] = turn;
    }
}

void render_final(hal_canvas_t c, const rules_pos_t *pos, uint8_t last_from, uint8_t winner)
{
    render_view_t v = {.pos = pos, .cursor = RULES_NO_POINT, .cursor_on = false, .blink_on = true,
                       .selected = RULES_NO_POINT, .targets = 0, .last_from = last_from,
                       .choosing_return = false, .thinking = false, .sweep = 0,
                       .refused = 0, .flicker_on = false, .red_off = false};
    render_game(c, &v);
    render_bar(c, render_result_colour(winner));
}

void render_bar(hal_canvas_t c, uint8_t colour)
{
    for (uint8_t x = 0; x < HAL_DISPLAY_W; x++)
        c[HAL_DISPLAY_H - 1u][x] = colour;
}

/* A pixel, unless it falls outside the canvas. */
static void plot(hal_canvas_t c, int16_t x, uint8_t y, uint8_t colour)
{
    if (x >= 0 && x < (int16_t)HAL_DISPLAY_W && y < HAL_DISPLAY_H)
        c[y][x] = colour;
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
/* '?', '-' */
static const uint8_t font_symbols[2][5] FLASH_TABLE = {{6, 1, 2, 0, 2}, {0, 0, 7, 0, 0}};
static const uint8_t font_digits[10][5] FLASH_TABLE = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {6, 1, 2, 4, 7}, {6, 1, 2, 1, 6}, {5, 5, 7, 1, 1},
    {7, 4, 6, 1, 6}, {3, 4, 7, 5, 7}, {7, 1, 2, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 6},
};

void render_glyph(hal_canvas_t c, char ch, int16_t x, uint8_t y, uint8_t colour)
{
    const uint8_t *rows;
    if (ch >= 'A' && ch <= 'Z')
        rows = font_letters[ch - 'A'];
    else if (ch >= '0' && ch <= '9')
        rows = font_digits[ch - '0'];
    else if (ch == '?')
        rows = font_symbols[0];
    else if (ch == '-')
        rows = font_symbols[1];
    else
        return;
    for (uint8_t r = 0; r < 5u; r++) {
        const uint8_t bits = flash_byte(&rows[r]);
        for (uint8_t col = 0; col < 3u; col++)
            if (bits & (4u >> col))
                plot(c, (int16_t)(x + col), (uint8_t)(y + r), colour);
    }
}

/* a letter is 3 columns and 1 between; a space 2 */
static uint8_t advance(char ch) { return ch == ' ' ? 2u : 4u; }

uint16_t render_text_width(const char *text)
{
    uint16_t w = 0;
    while (*text)
        w = (uint16_t)(w + advance(*text++));
    return w ? (uint16_t)(w - 1u) : 0u;
}

void render_text(hal_canvas_t c, const char *text, int16_t x, uint8_t y, uint8_t colour)
{
    for (; *text && x < (int16_t)HAL_DISPLAY_W; text++) {
        if (x > -4)
            render_glyph(c, *text, x, y, colour);
        x = (int16_t)(x + advance(*text));
    }
}

int16_t render_ticker_x(uint16_t width, int8_t x0, uint32_t step)
{
    const uint32_t pass = (uint32_t)width + HAL_DISPLAY_W;
    return (int16_t)((int32_t)HAL_DISPLAY_W - (int32_t)((step + HAL_DISPLAY_W - x0) % pass));
}
