/* Board "jarmo-devboard": an Arduino Uno (ATmega328P @ 16 MHz) with a
 * breadboard matrix: the same display chain as the handheld but with a
 * source-driver row stage (UDN2981: 1 = row on) and 74HC595 + ULN2803
 * column sinks wired inverted (0 = LED on), the latch on D8 and the six
 * buttons on D2..D7. It exists to show that a board is one header:
 * `make BOARD=jarmo-devboard` builds it, and make test runs simulator
 * tests against it. */
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
