/* Test firmware: perft (depth 6) of every rule set computed by the AVR build of the
 * rules core, printed on the UART ("perft SET DEPTH COUNT"). Run in simavr
 * by make test, which compares the counts with the host build's. The
 * GPIOR0 marks let the simulator time each run in cycles. */
#include <avr/io.h>

#include "rules/rules.h"
#include "test_uart.h"

#ifndef PERFT_DEPTH
#define PERFT_DEPTH 6
#endif

int main(void)
{
    char name[RULES_SET_NAME_MAX];
    test_uart_init();
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        rules_pos_t p;
        rules_init(&p, set, RULES_WHITE);
        GPIOR0 = 2; /* begin of a timed span */
        const uint32_t n = rules_perft(&p, PERFT_DEPTH);
        GPIOR0 = 3; /* end */
        rules_set_name(set, name);
        test_uart_puts("perft ");
        test_uart_puts(name);
        test_uart_puts(" " );
        test_uart_put((char)('0' + PERFT_DEPTH));
        test_uart_put(' ');
        test_uart_number(n);
        test_uart_put('\n');
    }
    test_uart_puts("perft done\n");
    for (;;)
        ;
}
