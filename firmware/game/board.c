/* The game on the board (board.h). */
#include "board.h"

void board_start(ui_t *ui, uint8_t set, uint8_t first)
{
    rules_init(&ui->board.pos, set, first);
    ui->board.last_from = RULES_NO_POINT;
    ui->board.history_len = 0;
}

void board_resume(ui_t *ui, const rules_pos_t *pos, uint8_t last_from)
{
    ui->board.pos = *pos;
    ui->board.last_from = last_from;
}

void board_play(ui_t *ui, rules_move_t m)
{
    ui_board_t *b = &ui->board;
    ui_ply_t *ply = &b->history[(b->history_head + b->history_len) % UI_UNDO_PLIES];
    if (b->history_len < UI_UNDO_PLIES)
        b->history_len++;
    else /* full: the oldest ply falls off */
        b->history_head = (uint8_t)((b->history_head + 1u) % UI_UNDO_PLIES);
    ply->move = m;
    ply->last_from = b->last_from;
    rules_make(&b->pos, m, &ply->undo);
    b->last_from = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
}

rules_move_t board_take_back(ui_t *ui)
{
    ui_board_t *b = &ui->board;
    b->history_len--;
    const ui_ply_t *ply = &b->history[(b->history_head + b->history_len) % UI_UNDO_PLIES];
    rules_unmake(&b->pos, ply->move, &ply->undo);
    b->last_from = ply->last_from;
    return ply->move;
}
