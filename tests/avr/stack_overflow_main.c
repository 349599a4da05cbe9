/* Test firmware for the simulator's stack guard: recursion without a bound
 * (the one place in the project that has it, on purpose) until the stack
 * runs into the static data. jarmo-sim must stop it with "stack overflow". */
#include <avr/io.h>
#include <stdint.h>

#include "test_uart.h"

static volatile uint8_t sink[64]; /* static data the stack runs into */

static uint8_t deeper(uint8_t n)
{
    volatile uint8_t frame[16];
    frame[0] = n;
    sink[n & 63u] = frame[0];
    return (uint8_t)(deeper((uint8_t)(n + 1u)) + frame[0]);
}

int main(void)
{
    test_uart_init();
    test_uart_puts("stack overflow test\n");
    return deeper(0);
}
