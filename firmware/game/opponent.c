/* The console's search (opponent.h). */
#include "opponent.h"

#include <stddef.h>

#include "ai/ai.h"
#include "debug_lines.h"
#include "hal.h"
#include "moments.h"

/* A hint is level 5's move: a quarter of a second on average, where level
 * 6 would keep the player waiting up to 2 s for it. */
#define UI_HINT_LEVEL 5u
_Static_assert(SETTINGS_LEVELS == AI_LEVELS, "the menu offers every AI level");

void opponent_init(ui_t *ui, uint32_t boot_count)
{
    ui->opponent.seed_salt = boot_count * 2654435761uL; /* Knuth's multiplicative hash */
}

void opponent_new_game(ui_t *ui)
{
    ui->opponent.games++;
    ui->opponent.shown_since = 0;
    ui->opponent.hint_since = 0;
    ui->opponent.hint_wanted = false;
}

void opponent_hint_off(ui_t *ui) { ui->opponent.hint_since = 0; }
void opponent_forget_shown(ui_t *ui) { ui->opponent.shown_since = 0; }
void opponent_want_hint(ui_t *ui) { ui->opponent.hint_wanted = true; }

bool opponent_take_hint_wish(ui_t *ui)
{
    const bool wanted = ui->opponent.hint_wanted;
    ui->opponent.hint_wanted = false;
    return wanted;
}

static ui_think_poll_fn think_poll;
static void poll_adapter(void *ctx)
{
    (void)ctx;
    hal_mark(HAL_MARK_POLL_BEGIN);
    think_poll();
    hal_mark(HAL_MARK_POLL_END);
}

/* The search, with the display and buttons kept alive by `poll`. */
static rules_move_t think(ui_t *ui, uint8_t level, ui_think_poll_fn poll)
{
    ai_stats_t stats;
    think_poll = poll;
    /* the board as the search starts from it (the player's move) on the
     * display now, not at the search's first poll */
    poll();
    hal_mark(HAL_MARK_THINK_BEGIN);
    const rules_move_t m = ai_choose(&ui->board.pos, level,
                                     (uint16_t)(hal_seed() ^ ui->opponent.seed_salt ^ ui->opponent.games),
                                     poll_adapter, NULL, &stats);
    hal_mark(HAL_MARK_THINK_END);
    return m;
}

void opponent_hint(ui_t *ui, ui_think_poll_fn poll)
{
    ui->opponent.hint = think(ui, UI_HINT_LEVEL, poll);
    debug_move("hint", ui->opponent.hint);
    ui->opponent.hint_since = moment_now();
}

bool opponent_hint_step(ui_t *ui, uint32_t now) { return moment_passed(&ui->opponent.hint_since, now, UI_HINT_MS); }

bool opponent_move_shown(ui_t *ui, uint32_t now, rules_move_t *move)
{
    uint32_t shown = ui->opponent.shown_since;
    if (!moment_passed(&shown, now, UI_SHOW_MOVE_MS))
        return false;
    ui->opponent.shown_since = 0;
    *move = ui->opponent.shown;
    return true;
}

void opponent_think(ui_t *ui, ui_think_poll_fn poll)
{
    ui->opponent.shown = think(ui, ui->match.level, poll);
    ui->opponent.shown_since = moment_now();
}
