/* Writes the simulator script that checks the AVR build of the AI against
 * the host build: for every level and suite position (tests/ai_suite.txt on
 * stdin), the AVR benchmark firmware must print the same move, node count
 * and depth as the host computes here. */
#include <stdio.h>
#include <string.h>

#include "ai/ai.h"
#include "rules/rules_text.h"

int main(int argc, char **argv)
{
    static rules_pos_t suite[256];
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, stdin) && n < 256) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        if (strspn(line, " \t\r\n") != strlen(line) && rules_pos_from_text(line, &suite[n], NULL))
            n++;
    }
    printf("# elf: %s\n", argc > 1 ? argv[1] : "build/avr/ai_bench.elf");
    printf("# The AVR build must choose what the host build chooses (tools/aigen/suite_expect.c).\n");
    for (uint8_t level = 1; level <= AI_LEVELS; level++)
        for (int i = 0; i < n; i++) {
            ai_stats_t st;
            char text[RULES_MOVE_TEXT_MAX];
            rules_move_to_text(ai_choose(&suite[i], level, 0, NULL, NULL, &st), text);
            printf("wait-uart 30000 ai %u %d %s %lu %u\n", level, i, text, (unsigned long)st.nodes, st.depth);
        }
    printf("wait-uart 100 ai done\n");
    /* the time budgets at 16 MHz: the two lowest levels <= 0.2 s, level 5
     * <= 2.0 s worst and <= 0.5 s on average; level 6 within 2.0 s worst
     * and 0.8 s on average in a game, where the handheld's display and
     * polls take 11.6% of the time (make bench): 1.77 s and 0.7 s here */
    _Static_assert(AI_LEVELS == 6u, "a time budget for each level");
    printf("expect-spans 0-%d max<=200\nexpect-spans %d-%d max<=200\n", n, n, n);
    printf("expect-spans %d-%d max<=2000\nexpect-spans %d-%d mean<=500\n", 4 * n, n, 4 * n, n);
    printf("expect-spans %d-%d max<=1770\nexpect-spans %d-%d mean<=700\n", 5 * n, n, 5 * n, n);
    return 0;
}
