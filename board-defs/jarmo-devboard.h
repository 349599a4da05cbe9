/* Board "jarmo-devboard": an Arduino Uno (ATmega328P @ 16 MHz) with a
 * breadboard matrix: the same display chain as the handheld (U1 rows,
 * U2 red, U3 green; bytes shifted GREEN, RED, ROW) but with 1 = row on,
 * through a TBD62783APG source driver (the successor of the discontinued
 * UDN2981) on U1's outputs, and 0 = LED on, the red and green cathodes
 * sunk directly by the 74HC595 outputs of U2/U3 through 470 R (within the
 * 74HC595's 35 mA per pin / 70 mA per package); the latch on D8 and the six
 * buttons on D2..D7. Wiring table: hardware/jarmo-devboard/README.md. It
 * exists to show that a board is one header: `make BOARD=jarmo-devboard`
 * builds it, and make test runs simulator tests against it. */
#ifndef BOARD_JARMO_DEVBOARD_H
#define BOARD_JARMO_DEVBOARD_H

#define BOARD_NAME "jarmo-devboard"
#define BOARD_F_CPU 16000000UL

#define BOARD_DISPLAY_DRIVER_BICOLOR_595 1
#define BOARD_SPI_PORT B
#define BOARD_SPI_MOSI_BIT 3 /* D11 */
#define BOARD_SPI_SCK_BIT 5  /* D13 */
#define BOARD_SPI_SS_BIT 2   /* D10: kept an output for SPI master mode */
#define BOARD_LATCH_PORT B
#define BOARD_LATCH_BIT 0    /* D8 */
#define BOARD_ROW_ACTIVE_LOW 0
#define BOARD_COL_ACTIVE_LOW 1
#define BOARD_SHIFT_ROW_FIRST 0 /* rows nearest the MCU: GREEN, RED, ROW */

#define BOARD_BUTTON_PORT D /* PCINT18..23, pin-change group 2 */
#define BOARD_BTN_UP_BIT 2
#define BOARD_BTN_DOWN_BIT 3
#define BOARD_BTN_LEFT_BIT 4
#define BOARD_BTN_RIGHT_BIT 5
#define BOARD_BTN_A_BIT 6
#define BOARD_BTN_B_BIT 7
#define BOARD_BUTTON_PCINT_GROUP 2

#define BOARD_BUZZER_PORT B
#define BOARD_BUZZER_BIT 1 /* D9, OC1A */

#define BOARD_DEBUG_BAUD 38400UL

#endif
