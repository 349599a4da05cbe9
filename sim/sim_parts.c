/* The parts of the board being simulated, chosen from its board definition
 * (board-defs/): a new kind of display is one new part file and one line
 * here. The order is the order of attachment, and of the report's lines
 * (sim_report: the measurements, the EEPROM's wear, then the display's, and
 * last the energy probe's, which reads the display's use). */
#include "sim_parts.h"
#include BOARD_HEADER

extern const sim_part_t sim_part_buttons, sim_part_buzzer, sim_part_uart, sim_part_eeprom, sim_part_measure,
    sim_part_battery, sim_part_energy;
#if BOARD_DISPLAY_DRIVER_BICOLOR_595
extern const sim_part_t sim_part_display_595;
#define DISPLAY_PART &sim_part_display_595
#elif BOARD_DISPLAY_DRIVER_WS2812
extern const sim_part_t sim_part_display_ws2812;
#define DISPLAY_PART &sim_part_display_ws2812
#else
#error "board-defs: no simulator part for this board's display driver"
#endif

const sim_part_t *const sim_board_parts[] = {
    &sim_part_measure, &sim_part_eeprom, DISPLAY_PART, &sim_part_buttons, &sim_part_buzzer, &sim_part_uart,
    &sim_part_battery, &sim_part_energy, NULL,
};
