/* Blocking UART output for the AVR test firmwares (38400 baud at 16 MHz). */
#ifndef TEST_UART_H
#define TEST_UART_H

#include <avr/io.h>
#include <stdint.h>
#include <stdlib.h>

static inline void test_uart_init(void)
{
    UBRR0 = 25;
    UCSR0B = (1 << TXEN0);
}

static inline void test_uart_put(char c)
{
    while (!(UCSR0A & (1 << UDRE0)))
        ;
    UDR0 = (uint8_t)c;
}

static inline void test_uart_puts(const char *s)
{
    while (*s)
        test_uart_put(*s++);
}

static inline void test_uart_number(uint32_t n)
{
    char buf[12];
    test_uart_puts(ultoa(n, buf, 10));
}

#endif
