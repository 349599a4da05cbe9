/* Drawing every screen onto the 8x8 canvas (docs/display.md). */
#ifndef JARMO_SCREENS_H
#define JARMO_SCREENS_H

#include "hal.h"
#include "ui_state.h"

void screens_draw(const ui_t *ui, hal_canvas_t c, uint32_t now);

#endif
