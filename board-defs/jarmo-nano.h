/* Board "jarmo-nano": the console anyone can build in half an hour. An
 * Arduino Nano (ATmega328P @ 16 MHz, USB serial on PD0/PD1 through its
 * bootloader) on a breadboard with an off-the-shelf 8x8 WS2812B RGB panel,
 * six tactile buttons and a passive piezo. Wiring: hardware/jarmo-nano/. */
#ifndef BOARD_JARMO_NANO_H
#define BOARD_JARMO_NANO_H

#define BOARD_NAME "jarmo-nano"
#define BOARD_F_CPU 16000000UL

/* ---- flash: what a Nano as it is sold leaves the program -------------------
 * Its fuses reserve a 2 KiB boot section (hfuse 0xDA) with both the old
 * bootloader and optiboot, and the lock bits keep a bootloader from writing
 * there: 30,720 B (Arduino's boards.txt, nano upload.maximum_size). To fit,
 * the AI is its C reference compiled for size (firmware/boards.mk): the same
 * moves as every other build, found more slowly (make bench). */
#define BOARD_FLASH_BUDGET 30720u
#define BOARD_AI_FOR_SIZE 1

/* ---- display: 64 WS2812B LEDs on one data line -------------------------- */
#define BOARD_DISPLAY_DRIVER_WS2812 1
#define BOARD_WS2812_PORT D
#define BOARD_WS2812_BIT 6 /* D6, through 330 R to the panel's DIN */
/* The panel's chain: LED 0 is the top-left corner seen from the front and
 * rows run left to right; with SERPENTINE every other row runs back right
 * to left (most 8x8 panels are wired so). */
#define BOARD_WS2812_SERPENTINE 1

/* ---- buttons: active low, internal pull-ups, pin-change wake ---------- */
#define BOARD_BUTTON_PORT C /* A0..A5 = PCINT8..13, pin-change group 1 */
#define BOARD_BTN_UP_BIT 0
#define BOARD_BTN_DOWN_BIT 1
#define BOARD_BTN_LEFT_BIT 2
#define BOARD_BTN_RIGHT_BIT 3
#define BOARD_BTN_A_BIT 4
#define BOARD_BTN_B_BIT 5
#define BOARD_BUTTON_PCINT_GROUP 1

/* ---- buzzer: passive piezo on OC1A (D9), Timer1 in CTC toggle mode ------ */
#define BOARD_BUZZER_PORT B
#define BOARD_BUZZER_BIT 1

/* ---- serial: the Nano's USB (PD0/PD1) --------------------------------- */
#define BOARD_DEBUG_BAUD 38400UL

#endif
