/* Test firmware: the AI on every suite position at every level, on the AVR.
 * Prints "ai LEVEL INDEX MOVE NODES DEPTH" per search; GPIOR0 marks around
 * each search let the simulator time it in cycles and watch the stack. */
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "ai_suite.h"

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

static void put_number(uint32_t n)
{
    char buf[12];
    uart_puts(ultoa(n, buf, 10));
}

int main(void)
{
    UBRR0 = 25; /* 38400 baud at 16 MHz */
    UCSR0B = (1 << TXEN0);
    for (uint8_t level = 1; level <= AI_LEVELS; level++)
        for (uint8_t i = 0; i < ai_suite_size; i++) {
            rules_pos_t p;
            ai_stats_t st;
            char text[RULES_MOVE_TEXT_MAX];
            memcpy_P(&p, &ai_suite[i], sizeof p);
            GPIOR0 = 2;
            const rules_move_t m = ai_choose(&p, level, 0, NULL, NULL, &st);
            GPIOR0 = 3;
            rules_move_to_text(m, text);
            uart_puts("ai ");
            put_number(level);
            uart_put(' ');
            put_number(i);
            uart_put(' ');
            uart_puts(text);
            uart_put(' ');
            put_number(st.nodes);
            uart_put(' ');
            put_number(st.depth);
            uart_put('\n');
        }
    uart_puts("ai done\n");
    for (;;)
        ;
}
