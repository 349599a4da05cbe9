/* Reference board "jarmo-handheld": ATmega328P @ 16 MHz (crystal).
 * Every pin of the console is named here and nowhere else. Port names are
 * letters so that both the AVR HAL and the simulator (which models the
 * board's wiring) can use this file. See hardware/ for the schematic. */
#ifndef BOARD_JARMO_HANDHELD_H
#define BOARD_JARMO_HANDHELD_H

#define BOARD_NAME "jarmo-handheld"
#define BOARD_F_CPU 16000000UL

/* ---- flash: 32 KiB less optiboot's 512-byte boot section (make bootloader)
 * and a 512-byte reserve (tests/size.sh checks it) ------------------------ */
#define BOARD_FLASH_BUDGET 31744u

/* ---- display: 8x8 bicolor matrix, row-multiplexed -------------------- */
/* Three chained shift registers on hardware SPI (MOSI PB3, SCK PB5) with a
 * common latch: MOSI -> U2 74HC595 (red columns) -> U3 74HC595 (green
 * columns) -> U1 74HC595 (row select); each column register drives a
 * TBD62083A sink array (U6 red, U7 green). Rev C had TPIC6B595s in U2/U3
 * and this order let the 74HC595 follow them; rev D keeps it, so the
 * firmware is one for both. Bytes are shifted in the order ROW, GREEN, RED.
 * Bit n of the row byte is matrix row n (top row 0); bit n of a column byte
 * is matrix column n (left column 0). */
#define BOARD_DISPLAY_DRIVER_BICOLOR_595 1
#define BOARD_SPI_PORT B
#define BOARD_SPI_MOSI_BIT 3
#define BOARD_SPI_SCK_BIT 5
#define BOARD_SPI_SS_BIT 2 /* must be an output for SPI master mode */
/* 4 MHz, not 8: on rev C which SRCK edge moves a TPIC6B595's SER OUT is
 * not confirmed (hardware/README.md, R4). Rev D's chain is 74HC595 to
 * 74HC595 (QH' moves on the rising edge the next one samples on, after its
 * hold), so 8 MHz would do there; kept at 4 MHz until a rev D is measured. */
#define BOARD_SPI_HALF_SPEED 1
#define BOARD_LATCH_PORT B
#define BOARD_LATCH_BIT 2  /* the SS pin doubles as the latch (RCLK) */
/* U1 74HC595 drives P-MOSFET high-side row switches: 0 = row on. */
#define BOARD_ROW_ACTIVE_LOW 1
/* U2/U3 (through U6/U7's sinks on rev D) sink the columns: 1 = LED on. */
#define BOARD_COL_ACTIVE_LOW 0
/* The row register is last in the chain: its byte is shifted first. */
#define BOARD_SHIFT_ROW_FIRST 1
/* Blanking: PB0 drives the three registers' /OE (high = every output off;
 * rev D's sink arrays pull their inputs down, so every column is dark). A 10 k pull-up keeps the display dark from power-on, through
 * reset and ISP programming, until the firmware drives the pin; the driver
 * raises it while it latches a new row, so no row shows the next row's
 * columns (no ghosting). */
#define BOARD_BLANK_PORT B
#define BOARD_BLANK_BIT 0

/* ---- buttons: active low, internal pull-ups, pin-change wake ---------- */
#define BOARD_BUTTON_PORT C /* PCINT8..13, pin-change group 1 */
#define BOARD_BTN_UP_BIT 0
#define BOARD_BTN_DOWN_BIT 1
#define BOARD_BTN_LEFT_BIT 2
#define BOARD_BTN_RIGHT_BIT 3
#define BOARD_BTN_A_BIT 4
#define BOARD_BTN_B_BIT 5
#define BOARD_BUTTON_PCINT_GROUP 1

/* ---- buzzer: piezo on OC1A (PB1), driven by Timer1 in CTC toggle mode -- */
#define BOARD_BUZZER_PORT B
#define BOARD_BUZZER_BIT 1

/* ---- battery sense: boost input (3 x AA) through R53 180k / R54 100k --- */
/* The divider hangs on the boost's EN, which SW1 ties to the cells (through
 * Q9) while the console is on: it draws nothing when switched off. PD7 is
 * AIN1, the analog comparator's negative input; with ACBG set the positive
 * input is the internal bandgap (1.1 V typ, 1.0-1.2 V [Microchip
 * DS40002061]): ACO = 1 while the cells are below the threshold
 * 1.1 V x (180k + 100k) / 100k = 3080 mV (2800-3360 mV over the bandgap's
 * range), 1.03 V per cell. C16 100 nF filters the row-current ripple
 * (64 k x 100 nF = 6.4 ms). See hardware/README.md "Battery sense".
 * The brown-out detector (4.3 V) watches the boosted VCC, not the cells:
 * this comparator is the cells' only guard. Calibrate the bandgap against
 * AVCC with the ADC, require ACO for seconds (bright frames sag the cells),
 * and tell the player to switch off: after the firmware's power-down the
 * boost stays enabled by SW1 and still draws roughly 0.1-0.5 mA from the
 * cells (estimate, review R10; set BODS before sleeping to save ~20 uA). */
#define BOARD_BATT_PORT D
#define BOARD_BATT_BIT 7
#define BOARD_BATT_COMPARATOR_AIN1 1
#define BOARD_BATT_DIV_TOP_OHMS 180000UL
#define BOARD_BATT_DIV_BOTTOM_OHMS 100000UL
#define BOARD_BATT_LOW_MV 3080

/* ---- unused pins: PD2..PD6 are not connected on this board; pulled up
 * (internal) so that they do not float (hardware/README.md) ------------- */
#define BOARD_PULLUPS_PORTD 0x7Cu

/* ---- serial: PD0/PD1 stay free for the debug console and a bootloader -- */
#define BOARD_DEBUG_BAUD 38400UL

#endif
