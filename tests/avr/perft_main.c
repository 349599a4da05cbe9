/* Test firmware: perft of every rule set computed by the AVR build of the
 * rules core, printed on the UART ("perft SET DEPTH COUNT"). Run in simavr
 * by make test, which compares the counts with the host build's. The
 * GPIOR0 marks let the simulator time each run in cycles. */
#include <avr/io.h>
#include <stdlib.h>

#include "rules.h"

#ifndef PERFT_DEPTH
#define PERFT_DEPTH 5
#endif

static void uart_put(char c)
{
    while (!(UCSR0A & (1 << UDRE0)))
        ;
    UDR0 = (uint8_t)c;
}

static void uart_puts(const char *s)
{
    while (*s)
        uart_put(*s++);
}

int main(void)
{
    char buf[12], name[RULES_SET_NAME_MAX];
    UBRR0 = 25; /* 38400 baud at 16 MHz */
    UCSR0B = (1 << TXEN0);
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        rules_pos_t p;
        rules_init(&p, set, RULES_WHITE);
        GPIOR0 = 2; /* begin of a timed span */
        const uint32_t n = rules_perft(&p, PERFT_DEPTH);
        GPIOR0 = 3; /* end */
        rules_set_name(set, name);
        uart_puts("perft ");
        uart_puts(name);
        uart_puts(" " );
        uart_put((char)('0' + PERFT_DEPTH));
        uart_put(' ');
        uart_puts(ultoa(n, buf, 10));
        uart_put('\n');
    }
    uart_puts("perft done\n");
    for (;;)
        ;
}
