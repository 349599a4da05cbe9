/* Timer0 at 1 kHz: the millisecond clock, button sampling and debouncing,
 * timing jitter for the random seed, and the tone's millisecond count. */
#include <avr/interrupt.h>
#include <util/atomic.h>

#include "button_changes.h"
#include "debounce.h"
#include "hal.h"
#include "hal_avr.h"
#include "pins.h"

#define BUTTON_MASK                                                                              \
    ((1 << BOARD_BTN_UP_BIT) | (1 << BOARD_BTN_DOWN_BIT) | (1 << BOARD_BTN_LEFT_BIT) |           \
     (1 << BOARD_BTN_RIGHT_BIT) | (1 << BOARD_BTN_A_BIT) | (1 << BOARD_BTN_B_BIT))

static volatile uint32_t millis;
static volatile uint8_t buttons;
static button_changes_t changes; /* ISR adds; read with interrupts off */
static volatile uint32_t jitter;
static debounce_t debouncer;

/* Pins to the HAL's button order (UP, DOWN, LEFT, RIGHT, A, B); active low. */
static inline uint8_t read_buttons(void)
{
    const uint8_t pins = (uint8_t)~PIN_OF(BOARD_BUTTON_PORT);
    uint8_t b = 0;
    if (pins & (1 << BOARD_BTN_UP_BIT)) b |= HAL_BTN_UP;
    if (pins & (1 << BOARD_BTN_DOWN_BIT)) b |= HAL_BTN_DOWN;
    if (pins & (1 << BOARD_BTN_LEFT_BIT)) b |= HAL_BTN_LEFT;
    if (pins & (1 << BOARD_BTN_RIGHT_BIT)) b |= HAL_BTN_RIGHT;
    if (pins & (1 << BOARD_BTN_A_BIT)) b |= HAL_BTN_A;
    if (pins & (1 << BOARD_BTN_B_BIT)) b |= HAL_BTN_B;
    return b;
}

ISR(TIMER0_COMPA_vect)
{
    millis++;
    const uint8_t before = buttons;
    buttons = debounce_step(&debouncer, read_buttons());
    if (buttons != before) {
        button_changes_add(&changes, buttons);
        /* a human's timing is the entropy */
        jitter = (jitter << 5) ^ (jitter >> 27) ^ TCNT2 ^ (uint32_t)millis;
    }
    hal_tone_ms_elapsed();
}

void hal_tick_init(void)
{
    DDR_OF(BOARD_BUTTON_PORT) &= (uint8_t)~BUTTON_MASK;
    PORT_OF(BOARD_BUTTON_PORT) |= BUTTON_MASK; /* pull-ups */
    TCCR0A = (1 << WGM01);                     /* CTC */
    TCCR0B = (1 << CS01) | (1 << CS00);        /* /64: 250 kHz */
    OCR0A = 249;                               /* 1 kHz */
    TIMSK0 = (1 << OCIE0A);
}

uint32_t hal_millis(void)
{
    uint32_t m;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { m = millis; }
    return m;
}

uint8_t hal_buttons(void) { return buttons; }

uint8_t hal_button_changes(uint8_t states[HAL_BUTTON_CHANGES])
{
    uint8_t n;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { n = button_changes_take(&changes, states); }
    return n;
}

uint32_t hal_tick_jitter(void)
{
    uint32_t j;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { j = jitter; }
    return j;
}

/* Pin-change wake from power-down. */
static volatile bool woken;
ISR(PCINT_VECT_OF(BOARD_BUTTON_PCINT_GROUP)) { woken = true; }

bool hal_tick_woken(void) { return woken; }

void hal_tick_wake_on_buttons(bool on)
{
    if (on) {
        woken = false;
        PCMSK_OF(BOARD_BUTTON_PCINT_GROUP) = BUTTON_MASK;
        PCIFR = (1 << PCIF_OF(BOARD_BUTTON_PCINT_GROUP));
        PCICR |= (1 << PCIE_OF(BOARD_BUTTON_PCINT_GROUP));
    } else {
        PCICR &= (uint8_t) ~(1 << PCIE_OF(BOARD_BUTTON_PCINT_GROUP));
    }
}
