/* Test firmware: the AI on every suite position at every level, on the AVR.
 * Prints "ai LEVEL INDEX MOVE NODES DEPTH" per search; GPIOR0 marks around
 * each search let the simulator time it in cycles and watch the stack. */
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/ai_suite.h"
#include "test_uart.h"

int main(void)
{
    test_uart_init();
    for (uint8_t level = 1; level <= AI_LEVELS; level++)
        for (uint8_t i = 0; i < ai_suite_size; i++) {
            rules_pos_t p;
            ai_stats_t st;
            char text[RULES_MOVE_TEXT_MAX];
            uint8_t bytes[RULES_POS_BYTES];
            memcpy_P(bytes, ai_suite[i], sizeof bytes);
            rules_pos_unpack(bytes, &p);
            GPIOR0 = 2;
            const rules_move_t m = ai_choose(&p, level, 0, NULL, NULL, &st);
            GPIOR0 = 3;
            rules_move_to_text(m, text);
            test_uart_puts("ai ");
            test_uart_number(level);
            test_uart_put(' ');
            test_uart_number(i);
            test_uart_put(' ');
            test_uart_puts(text);
            test_uart_put(' ');
            test_uart_number(st.nodes);
            test_uart_put(' ');
            test_uart_number(st.depth);
            test_uart_put('\n');
        }
    test_uart_puts("ai done\n");
    for (;;)
        ;
}
