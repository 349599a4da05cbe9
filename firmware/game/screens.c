/* Drawing every screen onto the 8x8 canvas (docs/display.md): the game,
 * the ticker's words (messages, the menu, the end screens) and the final
 * position. Reads the UI's state, never changes it. */
#include <stddef.h>

#include "screens.h"

#include "match_query.h"
#include "render.h"
#include "words.h"

#define BLINK_CURSOR_MS 250u
#define BLINK_SLOW_MS 400u
#define FLICKER_MS 100u
#define RED_BLINK_MS 1000u    /* the red-blink aid: Black's pieces dark ... */
#define RED_DARK_MS 200u      /* ... this long in every RED_BLINK_MS */

static void draw_game(const ui_t *ui, hal_canvas_t c, uint32_t now)
{
    /* every phase from one count of 50 ms (16 bits: a phase slips once in
     * 55 minutes, where the count wraps) */
    const uint16_t t = (uint16_t)(now / 50u);
    render_view_t v;
    v.pos = &ui->board.pos;
    v.cursor = ui->play.cursor;
    v.cursor_on = (t / (BLINK_CURSOR_MS / 50u)) % 2u == 0u;
    v.blink_on = (t / (BLINK_SLOW_MS / 50u)) % 2u == 0u;
    v.flicker_on = (t / (FLICKER_MS / 50u)) % 2u == 0u;
    v.selected = ui->play.selected;
    v.targets = ui->play.targets;
    v.refused = ui->play.refused;
    v.last_from = ui->board.last_from;
    v.choosing_return = ui->play.choosing_return;
    /* the console's turn: the bar sweeps (thinking, then its move blinking);
     * your turn: the bar steady in your colour */
    v.thinking = match_consoles_turn(ui);
    v.sweep = (uint8_t)(t / 2u);
    v.red_off = ui->settings.blink && t % (RED_BLINK_MS / 50u) < RED_DARK_MS / 50u;
    if (ui->opponent.shown_since || ui->opponent.hint_since) { /* the console's move, or a hint: its points blink */
        const rules_move_t m = ui->opponent.shown_since ? ui->opponent.shown : ui->opponent.hint;
        v.selected = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
        v.targets = RULES_BIT(RULES_MOVE_TO(m));
        if (RULES_MOVE_RET(m) != RULES_NO_POINT)
            v.targets |= RULES_BIT(RULES_MOVE_RET(m));
        v.refused = 0;
        v.cursor_on = false;
        v.last_from = RULES_NO_POINT; /* one move blinking at a time, not the last one's origin too */
        /* lit at once, then 150 ms off and on: the phase counts from when
         * the move appeared, however long the console thought */
        const uint32_t since = ui->opponent.shown_since ? ui->opponent.shown_since : ui->opponent.hint_since;
        if (((uint16_t)(now - since) / 150u) % 2u)
            v.targets = 0, v.selected = RULES_NO_POINT;
    }
    render_game(c, &v);
}

/* The ticker's colour: a game's start in the colour you play (against the
 * console), a result in the winner's colour, everything else yellow. */
static uint8_t ticker_colour(const ui_t *ui)
{
    if (ui->ticker.say == UI_SAY_START && ui->match.mode == SETTINGS_MODE_VS_CONSOLE)
        return render_side_colour(match_human_side(&ui->match));
    if (ui->ticker.say == UI_SAY_NOTHING && ui->screen == UI_SCORE)
        return render_result_colour(ui->result.winner);
    return COLOUR_CURSOR;
}

/* The words of the moment, scrolling. Out of line: its text buffer is
 * never on the stack of the console's search (which draws the game). */
__attribute__((noinline)) static void draw_ticker(const ui_t *ui, hal_canvas_t c, uint32_t now)
{
    char text[WORDS_MAX];
    words_now(ui, text, NULL);
    const uint32_t step = (now - ui->ticker.since) / UI_TICKER_STEP_MS;
    render_clear(c);
    render_text(c, text, render_ticker_x(render_text_width(text), ui->ticker.x0, step), RENDER_TICKER_Y,
                ticker_colour(ui));
    if (ui->ticker.say != UI_SAY_NOTHING)
        return;
    if (ui->screen == UI_MENU) { /* where in the menu: a dot per item on the bottom row(s) */
        for (uint8_t i = 0; i < UI_ITEM_COUNT; i++)
            c[6u + i / 8u][i % 8u] = i == ui->menu.item ? COLOUR_CURSOR : COLOUR_TARGET;
    } else if (ui->screen == UI_SCORE) {
        render_bar(c, render_result_colour(ui->result.winner));
    }
}

void screens_draw(const ui_t *ui, hal_canvas_t c, uint32_t now)
{
    if (ui->ticker.say != UI_SAY_NOTHING || (ui->screen != UI_GAME && ui->screen != UI_OVER))
        draw_ticker(ui, c, now);
    else if (ui->screen == UI_OVER)
        render_final(c, &ui->board.pos, ui->board.last_from, ui->result.winner);
    else
        draw_game(ui, c, now);
}
