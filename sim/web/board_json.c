/* Prints a board definition as JSON for the browser's model of the board
 * (sim/web): the same pins and polarities the simulator reads, from the
 * one header, never retyped. Build with -DBOARD_HEADER='"board-defs/X.h"'. */
#include <stdio.h>

#include BOARD_HEADER

#define STR_(x) #x
#define STR(x) STR_(x)
#define PIN(name, port, bit) printf("  \"%s\": {\"port\": \"%s\", \"bit\": %d},\n", name, STR(port), bit)

int main(void)
{
    printf("{\n  \"name\": \"%s\",\n  \"f_cpu\": %lu,\n  \"debug_baud\": %lu,\n", BOARD_NAME,
           (unsigned long)BOARD_F_CPU, (unsigned long)BOARD_DEBUG_BAUD);
#if BOARD_DISPLAY_DRIVER_BICOLOR_595
    printf("  \"display\": \"bicolor-595\",\n");
    PIN("latch", BOARD_LATCH_PORT, BOARD_LATCH_BIT);
#ifdef BOARD_BLANK_PORT
    PIN("blank", BOARD_BLANK_PORT, BOARD_BLANK_BIT);
#endif
    printf("  \"row_first\": %d,\n  \"row_active_low\": %d,\n  \"col_active_low\": %d,\n",
           BOARD_SHIFT_ROW_FIRST, BOARD_ROW_ACTIVE_LOW, BOARD_COL_ACTIVE_LOW);
#elif BOARD_DISPLAY_DRIVER_WS2812
    printf("  \"display\": \"ws2812\",\n");
    PIN("ws2812", BOARD_WS2812_PORT, BOARD_WS2812_BIT);
    printf("  \"serpentine\": %d,\n", BOARD_WS2812_SERPENTINE);
#else
#error "board_json: unknown display driver"
#endif
    PIN("buzzer", BOARD_BUZZER_PORT, BOARD_BUZZER_BIT);
    printf("  \"buttons\": {\"port\": \"%s\", \"up\": %d, \"down\": %d, \"left\": %d, \"right\": %d, "
           "\"a\": %d, \"b\": %d}\n}\n",
           STR(BOARD_BUTTON_PORT), BOARD_BTN_UP_BIT, BOARD_BTN_DOWN_BIT, BOARD_BTN_LEFT_BIT,
           BOARD_BTN_RIGHT_BIT, BOARD_BTN_A_BIT, BOARD_BTN_B_BIT);
    return 0;
}
