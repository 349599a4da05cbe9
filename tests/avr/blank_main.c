/* Test firmware for the display's blanking pin (BOARD_BLANK_*): like a
 * programmer or a half-started MCU, it clocks junk into the shift registers
 * and pulses the latch while leaving the blanking pin an input; the board's
 * pull-up must keep every LED dark. Then it drives the pin low and latches
 * one known row (row 0 red), which must light. tests/sim/display-blank.script
 * checks both. */
#include <avr/io.h>
#include <stdint.h>
#include <util/delay.h>

#include "pins.h"
#include "test_uart.h"

static void shift(uint8_t b)
{
    SPDR = b;
    while (!(SPSR & (1 << SPIF)))
        ;
}

static void latch_bytes(uint8_t green, uint8_t red, uint8_t rows)
{
    if (BOARD_SHIFT_ROW_FIRST)
        shift(rows);
    shift(green);
    shift(red);
    if (!BOARD_SHIFT_ROW_FIRST)
        shift(rows);
    PORT_OF(BOARD_LATCH_PORT) |= (1 << BOARD_LATCH_BIT);
    PORT_OF(BOARD_LATCH_PORT) &= (uint8_t)~(1 << BOARD_LATCH_BIT);
}

int main(void)
{
    test_uart_init();
    DDR_OF(BOARD_SPI_PORT) |= (1 << BOARD_SPI_MOSI_BIT) | (1 << BOARD_SPI_SCK_BIT) | (1 << BOARD_SPI_SS_BIT);
    DDR_OF(BOARD_LATCH_PORT) |= (1 << BOARD_LATCH_BIT);
    SPCR = (1 << SPE) | (1 << MSTR);
    uint8_t junk = 0x5A;
    for (uint16_t i = 0; i < 2000; i++) { /* about 100 ms of junk */
        junk = (uint8_t)(junk * 13u + 7u);
        latch_bytes(junk, (uint8_t)~junk, (uint8_t)(junk ^ 0x3Cu));
        _delay_us(40);
    }
    test_uart_puts("junk latched\n");
    const uint8_t row0 = BOARD_ROW_ACTIVE_LOW ? 0xFEu : 0x01u;
    const uint8_t on = BOARD_COL_ACTIVE_LOW ? 0x00u : 0xFFu;
    latch_bytes((uint8_t)~on, on, row0); /* row 0: red on, green off */
    PORT_OF(BOARD_BLANK_PORT) &= (uint8_t)~(1 << BOARD_BLANK_BIT);
    DDR_OF(BOARD_BLANK_PORT) |= (1 << BOARD_BLANK_BIT);
    test_uart_puts("enabled\n");
    for (;;)
        ;
}
