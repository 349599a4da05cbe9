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
    const uint8_t dim = render_side_dim_colour(side);
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
    /* turn bar on the bottom row in the colour of the side to move, dim: it
     * only tells whose turn, and bright it drew about 9 of the LEDs' 20 mA
     * in a game (make bench: battery_play_hours) */
    const uint8_t turn = render_side_dim_colour(rules_side_to_move(pos));
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

/* 3x5 glyphs, 15 bits each: one octal digit per row, top row first, and in
 * a row bit 2 is the left column (025755 is 'A': .#. #.# ### #.# #.#).
 * Order: A-Z, 0-9, '?', '-'. */
static const uint16_t font[38] FLASH_TABLE = {
    025755, 065656, 034443, 065556, 074647, 074644, 034553, 055755, /* ABCDEFGH */
    072227, 011152, 055655, 044447, 057755, 065555, 025552, 065644, /* IJKLMNOP */
    025563, 065655, 034216, 072222, 055557, 055552, 055775, 055255, /* QRSTUVWX */
    055222, 071247, 075557, 026227, 061247, 061216, 055711, 074616, /* YZ012345 */
    034757, 071222, 075757, 075716, 061202, 000700,                 /* 6789?- */
};

void render_glyph(hal_canvas_t c, char ch, int16_t x, uint8_t y, uint8_t colour)
{
    uint8_t i;
    if (ch >= 'A' && ch <= 'Z')
        i = (uint8_t)(ch - 'A');
    else if (ch >= '0' && ch <= '9')
        i = (uint8_t)(ch - '0' + 26);
    else if (ch == '?')
        i = 36u;
    else if (ch == '-')
        i = 37u;
    else
        return;
    uint16_t g = flash_word(&font[i]);
    for (uint8_t r = 0; r < 5u; r++, g = (uint16_t)(g << 3)) {
        const uint8_t bits = (uint8_t)(g >> 12) & 7u;
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
