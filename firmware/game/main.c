/* The console's main loop: input events -> screens -> display, then sleep
 * until the next interrupt. The refresh itself runs in the display ISR. */
#include "hal.h"
#include "input.h"
#include "storage/boot_count.h"
#include "ui.h"

#define POWER_DOWN_AFTER_MS 120000uL /* idle this long: deep sleep */
#define WAKE_SETTLE_MS 15u /* longer than the debounce time (hal/debounce.h) */

static ui_t ui;
static input_t input;
static hal_canvas_t canvas;

/* While the console thinks: keep the watchdog fed, keep the input state
 * machine in step (presses are dropped: nothing happens until it has
 * moved) and let the thinking sweep move. The refresh itself never stops:
 * it runs in the display interrupt. */
static void while_thinking(void)
{
    input_event_t events[INPUT_MAX_EVENTS];
    const uint32_t now = hal_millis();
    hal_watchdog_kick();
    input_update(&input, hal_buttons(), hal_buttons_pressed(), now, events);
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
        input_event_t events[INPUT_MAX_EVENTS];
        hal_mark(HAL_MARK_LOOP);
        hal_watchdog_kick();
        const uint32_t now = hal_millis();
        const uint8_t n = input_update(&input, hal_buttons(), hal_buttons_pressed(), now, events);
        for (uint8_t i = 0; i < n; i++)
            ui_event(&ui, &events[i], now);
        ui_step(&ui, now, while_thinking);
        if (ui_draw(&ui, canvas, now))
            hal_display_present(canvas);
        /* a fresh reading: ui_step may have thought for a while since `now` */
        if (ui_idle_ms(&ui, hal_millis()) > POWER_DOWN_AFTER_MS) {
            hal_debug_line("sleep");
            hal_power_down();
            /* the waking press is not an action: let the debouncer see it
             * (DEBOUNCE_MS), then take it as already held */
            const uint32_t woke = hal_millis();
            while (hal_millis() - woke < WAKE_SETTLE_MS)
                hal_watchdog_kick();
            ui_note_activity(&ui, hal_millis());
            input_init_held(&input, hal_buttons());
            hal_buttons_pressed();
            hal_debug_line("wake");
        }
        hal_idle();
    }
}
