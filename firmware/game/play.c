/* Play and selection (play.h). */
#include "play.h"

#include "debug_lines.h"
#include "hal.h"
#include "match_query.h"
#include "sound.h"
#include "ticker.h"

void play_clear_selection(ui_t *ui)
{
    ui->play.selected = RULES_NO_POINT;
    ui->play.targets = 0;
    ui->play.refused = 0;
    ui->play.choosing_return = false;
}

/* The cursor starts in the middle of the first row of a side. */
static uint8_t home_cursor(uint8_t side)
{
    return rules_point(RULES_FILES / 2u, side == RULES_WHITE ? 0u : RULES_ROWS - 1u);
}

void play_reset(ui_t *ui, uint8_t side)
{
    play_clear_selection(ui);
    ui->play.side_cursor[RULES_WHITE] = home_cursor(RULES_WHITE);
    ui->play.side_cursor[RULES_BLACK] = home_cursor(RULES_BLACK);
    ui->play.cursor = ui->play.side_cursor[side];
}

/* Destinations of the piece on `from` (one bit per point). */
static uint32_t targets_of(const rules_move_t *moves, uint8_t n, uint8_t from)
{
    uint32_t t = 0;
    for (uint8_t i = 0; i < n; i++)
        if (RULES_MOVE_FROM(moves[i]) == from)
            t |= RULES_BIT(RULES_MOVE_TO(moves[i]));
    return t;
}

/* The points the piece on `from` could reach but the rules refuse. */
static uint32_t refused_of(const rules_pos_t *pos, uint8_t from)
{
    uint32_t r = 0;
    for (uint8_t p = 0; p < RULES_POINTS; p++)
        if (rules_refusal(pos, from, p) != RULES_REFUSED_NONE)
            r |= RULES_BIT(p);
    return r;
}

static void select_piece(ui_t *ui, uint8_t p, uint32_t targets)
{
    ui->play.selected = p;
    ui->play.targets = targets;
    ui->play.refused = refused_of(&ui->board.pos, p) & ~targets;
}

void play_moved(ui_t *ui, uint8_t mover)
{
    play_clear_selection(ui);
    if (ui->match.mode == SETTINGS_MODE_TWO_PLAYERS) {
        /* two players: each finds the cursor where they left it */
        ui->play.side_cursor[mover] = ui->play.cursor;
        ui->play.cursor = ui->play.side_cursor[mover ^ 1u];
    }
}

void play_taken_back(ui_t *ui)
{
    if (ui->match.mode == SETTINGS_MODE_TWO_PLAYERS) { /* the mover's cursor back */
        const uint8_t mover = rules_side_to_move(&ui->board.pos);
        ui->play.side_cursor[mover ^ 1u] = ui->play.cursor;
        ui->play.cursor = ui->play.side_cursor[mover];
    }
}

void play_b_forgotten(ui_t *ui) { ui->play.b_down = false; }

/* A on a point with no move for the selection, or on a piece with no move
 * at all: why, in words. With nothing selected, an own piece whose moves
 * the rules all refuse says the first refusal (every reason
 * rules_refusal gives has its words: test_ui.c). */
static void refuse(ui_t *ui, uint8_t c)
{
    bool marked;
    const uint8_t piece = rules_piece_at(&ui->board.pos, c, &marked), mover = rules_side_to_move(&ui->board.pos);
    uint8_t why = RULES_REFUSED_NONE;
    if (ui->play.selected != RULES_NO_POINT)
        why = rules_refusal(&ui->board.pos, ui->play.selected, c);
    else if (piece == mover)
        for (uint8_t p = 0; p < RULES_POINTS && why == RULES_REFUSED_NONE; p++)
            why = rules_refusal(&ui->board.pos, c, p);
    if (why != RULES_REFUSED_NONE) {
        sound_play(&ui->settings, SOUND_REFUSED);
        ticker_say(ui, why == RULES_REFUSED_CHAIN ? UI_SAY_CHAIN : UI_SAY_SHIELDED);
        return;
    }
    sound_play(&ui->settings, SOUND_ERROR);
    if (ui->play.selected == RULES_NO_POINT && piece != RULES_NO_SIDE)
        ticker_say(ui, piece != mover ? UI_SAY_NOT_YOURS /* the other side's piece */ : UI_SAY_NO_MOVE);
}

/* What A does at the cursor. Returns true with *out set when it completes a
 * move; the move is played by the caller once the move list is gone. */
static bool press_a(ui_t *ui, rules_move_t *out)
{
    rules_move_t moves[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(&ui->board.pos, moves);
    const uint8_t c = ui->play.cursor;
    if (ui->play.choosing_return) {
        /* return points, or (ludos) the arrival point itself to hold */
        for (uint8_t i = 0; i < n; i++) {
            const rules_move_t m = moves[i];
            if (RULES_MOVE_FROM(m) != ui->play.selected || RULES_MOVE_TO(m) != ui->play.arrival)
                continue;
            const uint8_t ret = RULES_MOVE_RET(m);
            if (ret == c || (ret == RULES_NO_POINT && c == ui->play.arrival)) {
                *out = m;
                return true;
            }
        }
        sound_play(&ui->settings, SOUND_ERROR);
        return false;
    }
    if (ui->play.selected != RULES_NO_POINT && (ui->play.targets & RULES_BIT(c))) {
        uint8_t variants = 0;
        uint32_t returns = 0;
        for (uint8_t i = 0; i < n; i++) {
            const rules_move_t m = moves[i];
            if (RULES_MOVE_FROM(m) != ui->play.selected || RULES_MOVE_TO(m) != c)
                continue;
            variants++;
            *out = m;
            returns |= RULES_MOVE_RET(m) == RULES_NO_POINT ? RULES_BIT(c) : RULES_BIT(RULES_MOVE_RET(m));
        }
        if (variants == 1u)
            return true;
        ui->play.choosing_return = true; /* the player picks the return point next */
        ui->play.arrival = c;
        debug_return(c);
        ui->play.targets = returns;
        ui->play.refused = 0;
        return false;
    }
    const uint32_t own = targets_of(moves, n, c);
    if (own) {
        select_piece(ui, c, own);
        return false;
    }
    for (uint8_t i = 0; i < n; i++)
        if (RULES_MOVE_IS_PLACEMENT(moves[i]) && RULES_MOVE_TO(moves[i]) == c) {
            *out = moves[i];
            return true;
        }
    refuse(ui, c);
    return false;
}

static void move_cursor(ui_t *ui, uint8_t button)
{
    uint8_t file = rules_file(ui->play.cursor), row = rules_row(ui->play.cursor);
    /* the cursor stops at the edges of the board */
    if (button == HAL_BTN_LEFT && file > 0u)
        file--;
    else if (button == HAL_BTN_RIGHT && file < RULES_FILES - 1u)
        file++;
    else if (button == HAL_BTN_UP && row < RULES_ROWS - 1u)
        row++;
    else if (button == HAL_BTN_DOWN && row > 0u)
        row--;
    ui->play.cursor = rules_point(file, row);
}

/* B: back one step; with nothing to cancel, the score if the game ended now. */
static void cancel(ui_t *ui)
{
    if (ui->play.choosing_return) {
        rules_move_t moves[RULES_MAX_MOVES];
        const uint8_t n = rules_legal_moves(&ui->board.pos, moves);
        ui->play.choosing_return = false;
        select_piece(ui, ui->play.selected, targets_of(moves, n, ui->play.selected));
    } else if (ui->play.selected != RULES_NO_POINT) {
        play_clear_selection(ui);
    } else {
        ticker_say(ui, UI_SAY_SCORE);
    }
}

uint8_t play_event(ui_t *ui, const input_event_t *ev, rules_move_t *move)
{
    /* B cancels when it is let go, so that a long B (the menu) leaves the
     * selection as it was */
    if (ev->button == HAL_BTN_B) {
        if (ev->kind == INPUT_PRESS)
            ui->play.b_down = true;
        else if (ev->kind == INPUT_RELEASE && ui->play.b_down && !match_console_to_move(ui))
            cancel(ui);
        if (ev->kind == INPUT_RELEASE)
            ui->play.b_down = false;
        return PLAY_NOTHING;
    }
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return PLAY_NOTHING;
    if (match_console_to_move(ui))
        return PLAY_NOTHING; /* the console's turn: buttons wait (long B still opens the menu) */
    if (ev->button != HAL_BTN_A)
        move_cursor(ui, ev->button);
    else if (ev->kind == INPUT_PRESS && press_a(ui, move))
        return PLAY_MOVE;
    return PLAY_NOTHING;
}
