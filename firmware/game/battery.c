/* The cells (battery.h). */
#include "battery.h"

#include "hal.h"
#include "ticker.h"

bool battery_step(ui_t *ui, uint32_t now)
{
    if ((int32_t)(now - ui->battery.checked) < (int32_t)UI_BATTERY_CHECK_MS)
        return false;
    ui->battery.checked = now;
    if (!hal_battery_low()) {
        ui->battery.lows = 0;
        return false;
    }
    if (ui->battery.lows < UI_BATTERY_LOW_LOOKS && ++ui->battery.lows == UI_BATTERY_LOW_LOOKS) {
        hal_debug_line("battery low");
        settings_save(&ui->settings);
        ticker_say(ui, UI_SAY_BATTERY);
        return true;
    }
    return false;
}

bool battery_empty(const ui_t *ui)
{
    return ui->battery.lows >= UI_BATTERY_LOW_LOOKS && ui->ticker.say != UI_SAY_BATTERY;
}

void battery_woke(ui_t *ui, uint32_t now)
{
    ui->battery.lows = 0;
    ui->battery.checked = now;
}
