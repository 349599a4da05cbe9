/* Writes the AI's piece-square tables as C (flash data): for every rule set,
 * side and point, the value of a piece standing there, from its distance in
 * moves to the enemy camp over the board's links (breadth-first search with
 * the rule set's links and directions). Run by the build; not committed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai_board.h"
#include "ai/ai_tables.h"

#include "ai/ai_weights.h"
#include "ai_distance.h"
#include "rules/rules.h"
#include "rules/rules_sets.h"

/* The link tables, one per distinct (rule set, side) list: each is RULES_POINTS
 * offsets (from the table's start) followed by every point's list, ending
 * in AI_LINK_END; tables are packed one after another in ai_links, and
 * ai_link_table says where each rule set's and side's starts. */
static void print_links(void)
{
    uint8_t packed[RULES_SET_COUNT * 2][RULES_POINTS * (AI_LINK_SLOTS + 1u)];
    unsigned size[RULES_SET_COUNT * 2], start[RULES_SET_COUNT * 2], count = 0, total = 0;
    unsigned table[RULES_SET_COUNT][2];
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (uint8_t side = 0; side < 2; side++) {
            uint8_t mine[RULES_POINTS * (AI_LINK_SLOTS + 1u)];
            unsigned n = RULES_POINTS;
            for (uint8_t p = 0; p < RULES_POINTS; p++) {
                uint8_t list[AI_LINK_SLOTS];
                ai_link_list(set, side, p, list);
                mine[p] = (uint8_t)n;
                for (uint8_t i = 0; i < AI_LINK_SLOTS && list[i] != AI_LINK_END; i++)
                    mine[n++] = list[i];
                mine[n++] = AI_LINK_END;
            }
            if (n > 255u) {
                fprintf(stderr, "gen_ai_tables: a link table of %u bytes: offsets are one byte\n", n);
                exit(1);
            }
            unsigned v = 0;
            while (v < count && !(size[v] == n && memcmp(packed[v], mine, n) == 0))
                v++;
            if (v == count) {
                memcpy(packed[count], mine, n);
                size[count] = n;
                start[count++] = total;
                total += n;
            }
            table[set][side] = start[v];
        }
    printf("\nconst uint8_t ai_links[] FLASH_TABLE = {\n");
    for (unsigned v = 0; v < count; v++) {
        printf("    /* table at %u: offsets, then each point's list */\n   ", start[v]);
        for (unsigned i = 0; i < size[v]; i++)
            printf(" %u,%s", packed[v][i], (i + 1u) % 16u == 0u && i + 1u < size[v] ? "\n   " : "");
        printf("\n");
    }
    printf("};\n\nconst uint16_t ai_link_table[RULES_SET_COUNT][2] FLASH_TABLE = {\n");
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        printf("    {%u, %u},\n", table[set][0], table[set][1]);
    printf("};\n");
}

/* A piece's value on each point for one rule set and side, as it counts
 * in White's lead: Black's row negated (the AI board keeps one running
 * value, White's pieces' sum less Black's: ai_board.h). */
static void point_values(uint8_t set, uint8_t side, int16_t row[RULES_POINTS])
{
    uint8_t dist[RULES_POINTS];
    ai_distances(set, side, dist);
    const uint8_t maxd = ai_distance_max(dist);
    const bool race = rules_set_win_rule(set) == RS_WIN_FINISHER;
    for (uint8_t p = 0; p < RULES_POINTS; p++) {
        int v;
        if (race)
            v = AI_W_RACE_PIECE + (dist[p] == AI_DISTANCE_NEVER ? AI_W_RACE_STUCK : -AI_W_RACE_STEP * dist[p]);
        else if (dist[p] == 0)
            v = AI_W_PIECE + AI_W_CAMP;
        else if (dist[p] == AI_DISTANCE_NEVER)
            v = AI_W_PIECE + AI_W_STUCK;
        else
            v = AI_W_PIECE + AI_W_STEP * (maxd - dist[p]);
        row[p] = (int16_t)(side == RULES_BLACK ? -v : v);
    }
}

/* The piece-square rows, each distinct one once (the rule sets that share
 * a board and a way of winning share them), and which row each rule set's
 * side reads. */
static void print_point_values(void)
{
    int16_t rows[RULES_SET_COUNT * 2][RULES_POINTS];
    char names[RULES_SET_COUNT * 2][64];
    unsigned count = 0, which[RULES_SET_COUNT][2];
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (uint8_t side = 0; side < 2; side++) {
            int16_t row[RULES_POINTS];
            char name[RULES_SET_NAME_MAX];
            point_values(set, side, row);
            rules_set_name(set, name);
            unsigned v = 0;
            while (v < count && memcmp(rows[v], row, sizeof row) != 0)
                v++;
            if (v == count) {
                memcpy(rows[count], row, sizeof row);
                snprintf(names[count++], sizeof names[0], "%s, %s", name, side == RULES_WHITE ? "white" : "black");
            }
            which[set][side] = v;
        }
    printf("const int16_t ai_point_values[][RULES_POINTS] FLASH_TABLE = {\n");
    for (unsigned v = 0; v < count; v++) {
        printf("    /* %u: %s */ {", v, names[v]);
        for (uint8_t p = 0; p < RULES_POINTS; p++)
            printf("%d%s", rows[v][p], p + 1u < RULES_POINTS ? ", " : "");
        printf("},\n");
    }
    printf("};\n\nconst uint8_t ai_point_value_row[RULES_SET_COUNT][2] FLASH_TABLE = {\n");
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        printf("    {%u, %u},\n", which[set][0], which[set][1]);
    printf("};\n");
}

int main(void)
{
    printf("/* Generated by tools/aigen/gen_ai_tables.c from the board and ai_weights.h. */\n");
    printf("#include \"ai/ai_tables.h\"\n\n");
    print_point_values();
    print_links();
    return 0;
}
