/* Prints the board's links from the rules core's link table, one per line:
 * "a1 b2 0" (third field 1 = the extra b3-c3 link that exists only in
 * jasir). Built as build/host/board_links (hardware/hardware.mk); its
 * output is read by hardware/tools/faceplate.py, the case
 * (hardware/tools/gen_case.py) and the web page's board diagram
 * (sim/web/site.mjs). */
#include <stdbool.h>
#include <stdio.h>

#include "rules/rules.h"

int main(void)
{
    for (uint8_t p = 0; p < RULES_POINTS; p++) {
        for (uint8_t slot = 0; slot < RULES_MAX_DEGREE; slot++) {
            bool extra = false;
            const uint8_t q = rules_neighbour(p, slot, &extra);
            if (q == RULES_NO_POINT)
                break;
            if (q > p) /* each link once */
                printf("%c%d %c%d %d\n", 'a' + rules_file(p), 1 + rules_row(p),
                       'a' + rules_file(q), 1 + rules_row(q), extra ? 1 : 0);
        }
    }
    return 0;
}
