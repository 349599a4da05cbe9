/* Start-up, sleep, watchdog, seed, debug UART and simulator marks. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <util/atomic.h>

#include "hal.h"
#include "hal_avr.h"
#include "pins.h"

static void uart_init(void)
{
    const uint16_t ubrr = (uint16_t)(BOARD_F_CPU / (16uL * BOARD_DEBUG_BAUD) - 1u);
    UBRR0H = (uint8_t)(ubrr >> 8);
    UBRR0L = (uint8_t)ubrr;
    UCSR0B = (1 << TXEN0);
    UCSR0C = (1 << UCSZ01) | (1 << UCSZ00);
}

void hal_init(void)
{
#ifdef BOARD_PULLUPS_PORTD
    PORTD |= BOARD_PULLUPS_PORTD; /* pins the board leaves unconnected */
#endif
    /* the clocks of the modules the console never uses stopped: the TWI and
     * the ADC (the comparator reads AIN1 against the bandgap, not through
     * the ADC's multiplexer). make bench: at most 0.99 mA less (the
     * datasheet's table of each module's clock; for modules never enabled
     * the saving may be smaller). */
    PRR = (1 << PRTWI) | (1 << PRADC);
    uart_init();
    hal_display_init();
    hal_tick_init();
    hal_battery_init();
    wdt_enable(WDTO_500MS);
    sei();
}

void hal_idle(void)
{
    hal_mark(HAL_MARK_IDLE);
    /* the loop has work only when a millisecond has come (the buttons and
     * every timer run on it): the display's interrupts between ticks (four
     * of five wakes) go back to sleep at once. make bench: the MCU awake
     * 32 % -> 17 % of the time, about 1.2 mA less (the simulator's energy
     * model: that time x the datasheet's active and idle currents). */
    const uint8_t ms = hal_tick_ms_low();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sleep_enable();
    do
        sleep_cpu();
    while (hal_tick_ms_low() == ms);
    sleep_disable();
}

void hal_power_down(void)
{
    hal_display_enable(false);
    hal_tone(0, 0);
    /* let the refresh latch a blank row, then stop both timers: in
     * power-down only a button's pin change may wake the MCU */
    const uint32_t t = hal_millis();
    while (hal_millis() - t < 5u)
        ;
    const uint8_t timsk0 = TIMSK0, timsk2 = TIMSK2;
    TIMSK0 = 0;
    TIMSK2 = 0;
    wdt_disable();
    hal_battery_sleep(true);
    set_sleep_mode(SLEEP_MODE_PWR_DOWN);
    hal_tick_wake_on_buttons(true);
    while (!hal_tick_woken()) {
        cli();
        if (hal_tick_woken()) {
            sei();
            break;
        }
        sleep_enable();
        /* the brown-out detector off while asleep (it has nothing to guard
         * with the clock stopped; it is back before the MCU runs): about
         * 20 uA at 5 V, of the 67 uA the console drew asleep with it on
         * (make bench: battery_standby_days) */
        sleep_bod_disable();
        sei(); /* the instruction after sei runs before any interrupt: no lost wake */
        sleep_cpu();
        sleep_disable();
    }
    hal_tick_wake_on_buttons(false);
    hal_battery_sleep(false);
    TIMSK0 = timsk0;
    TIMSK2 = timsk2;
    wdt_enable(WDTO_500MS);
    hal_display_enable(true);
}

void hal_watchdog_kick(void) { wdt_reset(); }

uint32_t hal_seed(void) { return hal_tick_jitter(); }

void hal_debug_line(const char *text)
{
    for (const char *c = text;; c++) {
        const char ch = *c ? *c : '\n';
        while (!(UCSR0A & (1 << UDRE0)))
            ;
        UDR0 = (uint8_t)ch;
        if (!*c)
            break;
    }
}

void hal_mark(uint8_t what) { GPIOR0 = what; }
