/* The ticker (ticker.h). */
#include "ticker.h"

#include <string.h>

#include "hal.h"
#include "moments.h"
#include "render.h"
#include "words.h"

/* The words from their start; a one-shot message's length (in ticker
 * steps) is reckoned here. They go to the debug console as "words TEXT"
 * for a terminal or a page that cannot read the matrix. Out of line: the
 * text buffer is never on the stack of the console's search. */
__attribute__((noinline)) void ticker_restart(ui_t *ui, int8_t x0)
{
    char line[6u + WORDS_MAX];
    ui->ticker.x0 = x0;
    ui->ticker.since = moment_now();
    memcpy(line, "words ", 6u);
    if (words_now(ui, line + 6, NULL)) {
        ui->ticker.say_steps = render_text_width(line + 6);
        hal_debug_line(line);
    }
}

void ticker_say(ui_t *ui, uint8_t say)
{
    ui->ticker.say = say;
    ticker_restart(ui, 0);
}

void ticker_hold(ui_t *ui)
{
    ui->ticker.say = UI_SAY_NOTHING;
    ui->ticker.since = moment_now();
}

bool ticker_elapsed(ui_t *ui, uint32_t now, uint32_t ms) { return moment_passed(&ui->ticker.since, now, ms); }

bool ticker_step(ui_t *ui, uint32_t now)
{
    if (ui->ticker.say != UI_SAY_NOTHING &&
        (int32_t)(now - ui->ticker.since) >= (int32_t)((uint32_t)ui->ticker.say_steps * UI_TICKER_STEP_MS)) {
        ui->ticker.say = UI_SAY_NOTHING;
        return true;
    }
    return false;
}
