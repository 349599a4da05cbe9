/* Timer0 at 1 kHz: the millisecond clock, button sampling and debouncing,
 * timing jitter for the random seed, and the tone's millisecond count. */
#include <avr/interrupt.h>
#include <stdbool.h>
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

static volatile uint8_t owed; /* ticks that fell due while interrupts were off */

/* One millisecond of work. */
static inline __attribute__((always_inline)) void tick(void)
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

ISR(TIMER0_COMPA_vect)
{
    uint8_t n = owed; /* usually 0: one tick */
    owed = 0;
    do
        tick();
    while (n-- != 0u);
}

/* Timer0 counts 0..249 at 250 kHz and sets OCF0A at 249. Below SAFE_COUNT
 * the next compare is at least 10 counts (640 cycles, less the prescaler's
 * phase) away: time to read the count and the flag without a race. */
#define TICK_COUNTS 250u
#define SAFE_COUNT 240u

uint16_t hal_tick_hold(void)
{
    cli();
    while (TCNT0 >= SAFE_COUNT) /* at most 10 counts (40 us): let the compare pass */
        ;
    const uint8_t start = TCNT0;
    const bool waiting = TIFR0 & (1 << OCF0A); /* a tick due before the stretch */
    return (uint16_t)(start | (waiting ? 0x100u : 0u));
}

void hal_tick_release(uint16_t held, uint16_t counts)
{
    if (!(TCCR0B & 7u)) /* the timer is not running yet (start-up) */
        return;
    while (TCNT0 >= SAFE_COUNT)
        ;
    const uint8_t now = TCNT0;
    /* start + elapsed = now + TICK_COUNTS * passed, and elapsed is `counts`
     * plus the little run here and in hal_tick_hold (under 30 counts):
     * rounding gives the compares that passed */
    const int16_t d = (int16_t)((int16_t)(held & 0xFFu) + (int16_t)counts - (int16_t)now);
    uint8_t due = d > 0 ? (uint8_t)(((uint16_t)d + TICK_COUNTS / 2u) / TICK_COUNTS) : 0u;
    if (held & 0x100u)
        due++;
    /* OCF0A is set when any is due: the interrupt runs them all as soon as
     * the caller allows it */
    if (due)
        owed = (uint8_t)(owed + due - 1u);
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

/* the low byte alone (the AVR is little-endian): a volatile uint32_t read
 * would load all four */
uint8_t hal_tick_ms_low(void) { return *(volatile const uint8_t *)&millis; }

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
