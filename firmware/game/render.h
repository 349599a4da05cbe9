/* Drawing the game onto the 8x8 canvas (layout: docs/display.md).
 * Pure functions of their inputs: host-tested, no hardware. */
#ifndef JARMO_RENDER_H
#define JARMO_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"
#include "rules/rules.h"

/* Colours (red level, green level) */
#define COLOUR_WHITE_PIECE HAL_PIXEL(0, 1)
#define COLOUR_WHITE_MARKED HAL_PIXEL(0, 3)
#define COLOUR_BLACK_PIECE HAL_PIXEL(1, 0)
#define COLOUR_BLACK_MARKED HAL_PIXEL(3, 0)
#define COLOUR_CURSOR HAL_PIXEL(3, 3)
#define COLOUR_SELECTED HAL_PIXEL(3, 3)
#define COLOUR_TARGET HAL_PIXEL(1, 1)
#define COLOUR_LAST_MOVE HAL_PIXEL(1, 1)

typedef struct {
    const rules_pos_t *pos;
    uint8_t cursor;        /* point under the cursor */
    bool cursor_on;        /* blink phase of the cursor */
    bool blink_on;         /* slow blink phase (capture targets, thinking) */
    uint8_t selected;      /* selected piece, RULES_NO_POINT if none */
    uint32_t targets;      /* points to highlight */
    uint8_t last_from;     /* where the last move came from; RULES_NO_POINT if none */
    bool choosing_return;  /* the turn bar blinks while a return point is chosen */
    bool thinking;         /* the console's turn: the turn bar sweeps */
    uint8_t sweep;         /* position of the thinking sweep */
    uint32_t refused;      /* points the selected piece may not go to: they flicker */
    bool flicker_on;       /* fast blink phase (refused points) */
    bool red_off;          /* the red-blink aid: Black's pieces dark in this phase */
} render_view_t;

/* A side in its bright colour; a result (a side, or RULES_DRAW: yellow). */
static inline uint8_t render_side_colour(uint8_t side)
{
    return side == RULES_WHITE ? COLOUR_WHITE_MARKED : COLOUR_BLACK_MARKED;
}
/* A side in its dim colour (a plain piece; the turn bar) */
static inline uint8_t render_side_dim_colour(uint8_t side)
{
    return side == RULES_WHITE ? COLOUR_WHITE_PIECE : COLOUR_BLACK_PIECE;
}
static inline uint8_t render_result_colour(uint8_t result)
{
    return result == RULES_DRAW ? COLOUR_CURSOR : render_side_colour(result);
}

/* Matrix position of a board point: file -> x, row 5 at the top. */
static inline uint8_t render_point_x(uint8_t p) { return rules_file(p); }
static inline uint8_t render_point_y(uint8_t p) { return (uint8_t)(RULES_ROWS - 1u - rules_row(p)); }

void render_clear(hal_canvas_t c);
void render_game(hal_canvas_t c, const render_view_t *v);
/* The final position of a game, no cursor, and the bottom row in the
 * winner's colour (yellow for a draw). */
void render_final(hal_canvas_t c, const rules_pos_t *pos, uint8_t last_from, uint8_t winner);
/* The whole bottom row in one colour (a winner, the match totals). */
void render_bar(hal_canvas_t c, uint8_t colour);
/* A 3x5 glyph ('A'..'Z', '0'..'9', '-', '?') at x, y in a colour; x may
 * lie off either side (scrolling text): what falls outside the canvas is
 * not drawn. */
void render_glyph(hal_canvas_t c, char ch, int16_t x, uint8_t y, uint8_t colour);
/* Text in the 3x5 font: a column between letters, two for a space. */
uint16_t render_text_width(const char *text);
void render_text(hal_canvas_t c, const char *text, int16_t x, uint8_t y, uint8_t colour);
/* Scrolling text on rows 1..5, `step` columns after it started with its
 * first column at x0 (0: the left edge): it leaves on the left and comes
 * back in from the right. */
#define RENDER_TICKER_Y 1u
int16_t render_ticker_x(uint16_t width, int8_t x0, uint32_t step);

#endif
