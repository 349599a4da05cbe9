/* Piezo buzzer on OC1A: Timer1 in CTC mode toggles the pin; the tick ISR
 * counts the duration down (hal_tone_ms_elapsed) and stops it. */
#include <avr/io.h>
#include <util/atomic.h>

#include "hal.h"
#include "hal_avr.h"
#include "pins.h"

static volatile uint16_t tone_left_ms;

static void tone_stop(void)
{
    TCCR1B = 0;
    TCCR1A = 0;
    PORT_OF(BOARD_BUZZER_PORT) &= (uint8_t) ~(1 << BOARD_BUZZER_BIT);
}

void hal_tone(uint16_t freq_hz, uint16_t duration_ms)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        tone_left_ms = 0;
        tone_stop();
    }
    if (freq_hz < 31u || duration_ms == 0u)
        return;
    DDR_OF(BOARD_BUZZER_PORT) |= (1 << BOARD_BUZZER_BIT);
    /* F_CPU/8 = 2 MHz timer clock, two toggles per period */
    OCR1A = (uint16_t)(2000000uL / (2uL * freq_hz) - 1u);
    TCNT1 = 0;
    TCCR1A = (1 << COM1A0);              /* toggle OC1A on compare */
    TCCR1B = (1 << WGM12) | (1 << CS11); /* CTC, /8 */
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { tone_left_ms = duration_ms; }
}

void hal_tone_ms_elapsed(void)
{
    if (tone_left_ms && --tone_left_ms == 0)
        tone_stop();
}
