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
/* Pin-change interrupt group n: its mask register, enable bit, flag, vector. */
#define PCMSK_OF(n) HAL_CAT(PCMSK, n)
#define PCIE_OF(n) HAL_CAT(PCIE, n)
#define PCIF_OF(n) HAL_CAT(PCIF, n)
#define HAL_CAT3_(a, b, c) a##b##c /* in one paste: PCINTn alone is a macro */
#define HAL_CAT3(a, b, c) HAL_CAT3_(a, b, c)
#define PCINT_VECT_OF(n) HAL_CAT3(PCINT, n, _vect)

#endif
