/* Turns the board definition's port letters into AVR registers. */
#ifndef HAL_AVR_PINS_H
#define HAL_AVR_PINS_H

#include <avr/io.h>
#include BOARD_HEADER

#define HAL_CAT_(a, b) a##b
#define HAL_CAT(a, b) HAL_CAT_(a, b)
#define PORT_OF(letter) HAL_CAT(PORT, letter)
#define DDR_OF(letter) HAL_CAT(DDR, letter)
#define PIN_OF(letter) HAL_CAT(PIN, letter)

#endif
