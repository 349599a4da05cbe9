/* The console's main loop: input events -> screens -> display, then sleep
 * until the next interrupt. The refresh itself runs in the display ISR. */
#include "hal.h"
#include "input.h"
#include "storage/boot_count.h"
#include "ui.h"

#define POWER_DOWN_AFTER_MS 120000uL /* idle this long: deep sleep */
#define WAKE_SETTLE_MS 15u /* longer than the debounce time (hal/debounce.h) */
#define RELEASE_WAIT_MS 2000u /* before power-down: a held button let go */

static ui_t ui;
static input_t input;
static hal_canvas_t canvas;

/* Every change of the buttons since the last look, in order, then the
 * timers (repeat, hold); the events go to the UI unless `act` is false. */
static void take_input(uint32_t now, bool act)
{
    uint8_t states[HAL_BUTTON_CHANGES];
    const uint8_t changes = hal_button_changes(states);
    uint8_t i = 0;
    do {
        input_event_t events[INPUT_MAX_EVENTS];
        const uint8_t n = input_update(&input, changes ? states[i] : input.down, now, events);
        for (uint8_t e = 0; act && e < n; e++)
            ui_event(&ui, &events[e], now);
    } while (++i < changes);
}

/* While the console thinks: keep the watchdog fed, keep the input state
 * machine in step (presses are dropped: nothing happens until it has
 * moved) and let the thinking sweep move. The refresh itself never stops:
 * it runs in the display interrupt. */
static void while_thinking(void)
{
    const uint32_t now = hal_millis();
    hal_watchdog_kick();
    take_input(now, false);
    ui_note_activity(&ui, now);
    if (ui_draw(&ui, canvas, now))
        hal_display_present(canvas);
}

int main(void)
{
    hal_init();
    hal_debug_line("jarmo " JARMO_BOARD " ready");
    ui_init(&ui, boot_count_next());
    input_init(&input);
    for (;;) {
        hal_mark(HAL_MARK_LOOP);
        hal_watchdog_kick();
        const uint32_t now = hal_millis();
        take_input(now, true);
        ui_step(&ui, now, while_thinking);
        if (ui_draw(&ui, canvas, now))
            hal_display_present(canvas);
        /* a fresh reading: ui_step may have thought for a while since `now`;
         * empty cells power down too, before the supply sags into brown-out */
        if (ui_idle_ms(&ui, hal_millis()) > POWER_DOWN_AFTER_MS || ui_battery_empty(&ui)) {
            /* a button still held (the press that skipped the battery's
             * words) would wake it at once with its release: let go first */
            const uint32_t held = hal_millis();
            while (hal_buttons() && hal_millis() - held < RELEASE_WAIT_MS)
                hal_watchdog_kick();
            hal_debug_line("sleep");
            hal_power_down();
            /* the waking press is not an action: let the debouncer see it
             * (DEBOUNCE_MS), then take it as already held */
            const uint32_t woke = hal_millis();
            while (hal_millis() - woke < WAKE_SETTLE_MS)
                hal_watchdog_kick();
            ui_woke(&ui, hal_millis());
            uint8_t dropped[HAL_BUTTON_CHANGES];
            hal_button_changes(dropped);
            input_init_held(&input, hal_buttons());
            hal_debug_line("wake");
        }
        hal_idle();
    }
}
