/* The sounds (sound.h) as tones through the HAL. */
#include "sound.h"

#include "flash.h"
#include "hal.h"

void sound_play(const settings_t *s, uint8_t sound)
{
    /* a move: a short high blip, a capture lower and longer; an error a low
     * beep; a refused move a longer, higher buzz than the error */
    static const uint16_t hz[] FLASH_TABLE = {880u, 440u, 150u, 660u, 220u, 1320u};
    static const uint16_t ms[] FLASH_TABLE = {30u, 80u, 100u, 300u, 250u, 40u};
    if (s->sound)
        hal_tone(flash_word(&hz[sound]), flash_word(&ms[sound]));
}
