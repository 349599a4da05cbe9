/* Battery sense: the cells through the board's divider on AIN1, against
 * the internal bandgap with the analog comparator (no ADC, no conversion
 * time). ACO is 1 while the bandgap (the positive input) is above the
 * divider: the cells are below BOARD_BATT_LOW_MV. Boards without battery
 * sense (a Nano on USB) never report a low battery. */
#include <avr/io.h>

#include "hal.h"
#include "hal_avr.h"
#include "pins.h"

#ifdef BOARD_BATT_COMPARATOR_AIN1
_Static_assert(BOARD_BATT_BIT == 7 && HAL_CAT(0x, BOARD_BATT_PORT) == 0xD, "AIN1 is PD7 on the ATmega328P");

void hal_battery_init(void)
{
    DIDR1 = (1 << AIN1D); /* an analog pin: its digital input buffer off */
    ACSR = (1 << ACBG);   /* bandgap on the positive input, no interrupt */
}

bool hal_battery_low(void) { return (ACSR & (1 << ACO)) != 0u; }

void hal_battery_sleep(bool sleeping)
{
    /* the comparator and the bandgap draw current in power-down: off */
    ACSR = sleeping ? (1 << ACD) : (1 << ACBG);
}
#else
void hal_battery_init(void) {}
bool hal_battery_low(void) { return false; }
void hal_battery_sleep(bool sleeping) { (void)sleeping; }
#endif
