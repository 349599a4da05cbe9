/* The cells: looked at every UI_BATTERY_CHECK_MS; once they have stayed
 * low for UI_BATTERY_LOW_LOOKS looks, the line "battery low", the
 * settings kept (the game is kept after every move) and the warning in
 * words; then battery_empty() says power down. Writes ui->battery only. */
#ifndef JARMO_BATTERY_H
#define JARMO_BATTERY_H

#include "ui_state.h"

#define UI_BATTERY_CHECK_MS 500u /* the cells are looked at this often ... */
#define UI_BATTERY_LOW_LOOKS 6u  /* ... and must be low this many times in a row
                                  * (3 s: a row's current step is no warning) */

/* True when the cells were just found low (the warning is on the ticker). */
bool battery_step(ui_t *ui, uint32_t now);
/* The cells are empty and the warning has been read. */
bool battery_empty(const ui_t *ui);
/* New cells, or the old ones again: look anew from now. */
void battery_woke(ui_t *ui, uint32_t now);

#endif
