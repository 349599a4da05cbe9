/* Play and selection: the cursor, choosing a piece and its target, the
 * return point, refused moves and why, undo and hint. */
#include "ui_parts.h"

void play_clear_selection(ui_t *ui)
{
    ui->selected = RULES_NO_POINT;
    ui->targets = 0;
    ui->refused = 0;
    ui->choosing_return = false;
}

/* The cursor starts in the middle of the first row of a side. */
static uint8_t home_cursor(uint8_t side)
{
    return rules_point(RULES_FILES / 2u, side == RULES_WHITE ? 0u : RULES_ROWS - 1u);
}

void play_reset_cursors(ui_t *ui, uint8_t side)
{
    ui->side_cursor[RULES_WHITE] = home_cursor(RULES_WHITE);
    ui->side_cursor[RULES_BLACK] = home_cursor(RULES_BLACK);
    ui->cursor = ui->side_cursor[side];
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
    ui->selected = p;
    ui->targets = targets;
    ui->refused = refused_of(&ui->pos, p) & ~targets;
}

void play_move(ui_t *ui, rules_move_t m)
{
    ui_ply_t *ply = &ui->history[(ui->history_head + ui->history_len) % UI_UNDO_PLIES];
    if (ui->history_len < UI_UNDO_PLIES)
        ui->history_len++;
    else /* full: the oldest ply falls off */
        ui->history_head = (uint8_t)((ui->history_head + 1u) % UI_UNDO_PLIES);
    ply->move = m;
    ply->last_from = ui->last_from;
    const uint8_t mover = rules_side_to_move(&ui->pos);
    rules_make(&ui->pos, m, &ply->undo);
    say_move("move", m);
    ui_sound(ui, RULES_MOVE_IS_CAPTURE(m) ? UI_SOUND_CAPTURE : UI_SOUND_MOVE);
    ui->last_from = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
    play_clear_selection(ui);
    if (ui->match.mode == SETTINGS_MODE_TWO_PLAYERS) {
        /* two players: each finds the cursor where they left it */
        ui->side_cursor[mover] = ui->cursor;
        ui->cursor = ui->side_cursor[mover ^ 1u];
    }
    if (rules_game_over(&ui->pos))
        match_game_over(ui);
    else
        match_save(ui); /* every move: switching off loses nothing */
}

/* A on a point with no move for the selection, or on a piece with no move
 * at all: why, in words. With nothing selected, an own piece whose moves
 * the rules all refuse says the first refusal (every reason
 * rules_refusal gives has its words: test_ui.c). */
static void refuse(ui_t *ui, uint8_t c)
{
    bool marked;
    const uint8_t piece = rules_piece_at(&ui->pos, c, &marked), mover = rules_side_to_move(&ui->pos);
    uint8_t why = RULES_REFUSED_NONE;
    if (ui->selected != RULES_NO_POINT)
        why = rules_refusal(&ui->pos, ui->selected, c);
    else if (piece == mover)
        for (uint8_t p = 0; p < RULES_POINTS && why == RULES_REFUSED_NONE; p++)
            why = rules_refusal(&ui->pos, c, p);
    if (why != RULES_REFUSED_NONE) {
        ui_sound(ui, UI_SOUND_REFUSED);
        ui_say(ui, why == RULES_REFUSED_CHAIN ? UI_SAY_CHAIN : UI_SAY_SHIELDED);
        return;
    }
    ui_sound(ui, UI_SOUND_ERROR);
    if (ui->selected == RULES_NO_POINT && piece != RULES_NO_SIDE)
        ui_say(ui, piece != mover ? UI_SAY_NOT_YOURS /* the other side's piece */ : UI_SAY_NO_MOVE);
}

/* What A does at the cursor. Returns true with *out set when it completes a
 * move; the move is played by the caller once the move list is gone. */
static bool press_a(ui_t *ui, rules_move_t *out)
{
    rules_move_t moves[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(&ui->pos, moves);
    const uint8_t c = ui->cursor;
    if (ui->choosing_return) {
        /* return points, or (ludos) the arrival point itself to hold */
        for (uint8_t i = 0; i < n; i++) {
            const rules_move_t m = moves[i];
            if (RULES_MOVE_FROM(m) != ui->selected || RULES_MOVE_TO(m) != ui->arrival)
                continue;
            const uint8_t ret = RULES_MOVE_RET(m);
            if (ret == c || (ret == RULES_NO_POINT && c == ui->arrival)) {
                *out = m;
                return true;
            }
        }
        ui_sound(ui, UI_SOUND_ERROR);
        return false;
    }
    if (ui->selected != RULES_NO_POINT && (ui->targets & RULES_BIT(c))) {
        uint8_t variants = 0;
        uint32_t returns = 0;
        for (uint8_t i = 0; i < n; i++) {
            const rules_move_t m = moves[i];
            if (RULES_MOVE_FROM(m) != ui->selected || RULES_MOVE_TO(m) != c)
                continue;
            variants++;
            *out = m;
            returns |= RULES_MOVE_RET(m) == RULES_NO_POINT ? RULES_BIT(c) : RULES_BIT(RULES_MOVE_RET(m));
        }
        if (variants == 1u)
            return true;
        ui->choosing_return = true; /* the player picks the return point next */
        ui->arrival = c;
        say_choose_return(c);
        ui->targets = returns;
        ui->refused = 0;
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
    uint8_t file = rules_file(ui->cursor), row = rules_row(ui->cursor);
    /* the cursor stops at the edges of the board */
    if (button == HAL_BTN_LEFT && file > 0u)
        file--;
    else if (button == HAL_BTN_RIGHT && file < RULES_FILES - 1u)
        file++;
    else if (button == HAL_BTN_UP && row < RULES_ROWS - 1u)
        row++;
    else if (button == HAL_BTN_DOWN && row > 0u)
        row--;
    ui->cursor = rules_point(file, row);
}

/* B: back one step; with nothing to cancel, the score if the game ended now. */
static void cancel(ui_t *ui)
{
    if (ui->choosing_return) {
        rules_move_t moves[RULES_MAX_MOVES];
        const uint8_t n = rules_legal_moves(&ui->pos, moves);
        ui->choosing_return = false;
        select_piece(ui, ui->selected, targets_of(moves, n, ui->selected));
    } else if (ui->selected != RULES_NO_POINT) {
        play_clear_selection(ui);
    } else {
        ui_say(ui, UI_SAY_SCORE);
    }
}

/* Takes back the newest ply exactly (returns, chains, marks). */
static void take_back(ui_t *ui)
{
    ui->history_len--;
    const ui_ply_t *ply = &ui->history[(ui->history_head + ui->history_len) % UI_UNDO_PLIES];
    rules_unmake(&ui->pos, ply->move, &ply->undo);
    ui->last_from = ply->last_from;
    if (ui->match.mode == SETTINGS_MODE_TWO_PLAYERS) { /* the mover's cursor back */
        const uint8_t mover = rules_side_to_move(&ui->pos);
        ui->side_cursor[mover ^ 1u] = ui->cursor;
        ui->cursor = ui->side_cursor[mover];
    }
    say_move("undo", ply->move);
}

bool play_undo(ui_t *ui)
{
    if (ui->back_screen != UI_GAME)
        return false;
    uint8_t plies = 1;
    if (ui->match.mode == SETTINGS_MODE_VS_CONSOLE && rules_side_to_move(&ui->pos) == match_human_side(&ui->match))
        plies = 2; /* its reply and your move */
    if (ui->history_len < plies)
        return false; /* nothing changes: a console move being shown stays */
    ui->shown_since = 0; /* a console move still being shown goes with your move */
    while (plies--)
        take_back(ui);
    play_clear_selection(ui);
    ui->hint_since = 0;
    match_save(ui);
    return true;
}

bool play_hint_allowed(const ui_t *ui)
{
    return ui->back_screen == UI_GAME && !match_consoles_turn(ui) && !rules_game_over(&ui->pos);
}

void play_event(ui_t *ui, const input_event_t *ev)
{
    /* B cancels when it is let go, so that a long B (the menu) leaves the
     * selection as it was */
    if (ev->button == HAL_BTN_B) {
        if (ev->kind == INPUT_PRESS)
            ui->b_down_in_game = true;
        else if (ev->kind == INPUT_RELEASE && ui->b_down_in_game && !match_console_to_move(ui))
            cancel(ui);
        if (ev->kind == INPUT_RELEASE)
            ui->b_down_in_game = false;
        return;
    }
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return;
    if (match_console_to_move(ui))
        return; /* the console's turn: buttons wait (long B still opens the menu) */
    if (ev->button == HAL_BTN_A) {
        rules_move_t m;
        if (ev->kind == INPUT_PRESS && press_a(ui, &m))
            play_move(ui, m);
    } else {
        move_cursor(ui, ev->button);
    }
}
