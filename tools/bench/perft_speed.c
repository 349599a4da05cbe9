/* Host perft speed per rule set, as "key: value" lines for make bench.
 * Wall-clock based, so noisy: compare orders of magnitude, not digits. */
#include <stdio.h>
#include <time.h>

#include "rules/rules.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
    printf("rules_position_bytes: %u\n", (unsigned)sizeof(rules_pos_t));
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        char name[RULES_SET_NAME_MAX];
        rules_pos_t p;
        rules_set_name(set, name);
        rules_init(&p, set, RULES_WHITE);
        const double t0 = now();
        const uint32_t nodes = rules_perft(&p, 7);
        const double dt = now() - t0;
        printf("host_perft7_%s_nodes: %lu\n", name, (unsigned long)nodes);
        printf("host_perft_%s_nodes_per_second: %.0f\n", name, (double)nodes / dt);
    }
    return 0;
}
