/* The console's sounds (docs/display.md), unless the player turned the
 * sound off. */
#ifndef JARMO_SOUND_H
#define JARMO_SOUND_H

#include <stdint.h>

#include "storage/settings.h"

enum { SOUND_MOVE, SOUND_CAPTURE, SOUND_ERROR, SOUND_OVER, SOUND_REFUSED, SOUND_UNDO };
void sound_play(const settings_t *s, uint8_t sound);

#endif
