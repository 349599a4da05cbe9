/* The page's game review, as WebAssembly: the console's own AI (the C of
 * firmware/ai, the same as the firmware's) over its rules core, run in a
 * Web Worker (sim/web/src/review_worker.js). Built with a deeper top level
 * than the console can afford (AI_TOP_BUDGET in tools/mk/web.mk).
 *   review_text_in  "RULES FIRST" for review_start, a move for review_move
 *   review_text_out the answer */
#include <stdint.h>
#include <string.h>

#include "ai/ai.h"
#include "rules/rules.h"

char review_text_in[64];
char review_text_out[96];
static rules_pos_t pos;

static char *put_int(char *o, int32_t v)
{
    char digits[12];
    uint8_t n = 0;
    uint32_t u = v < 0 ? (uint32_t)-v : (uint32_t)v;
    if (v < 0)
        *o++ = '-';
    do {
        digits[n++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    while (n)
        *o++ = digits[--n];
    return o;
}

/* A new game: "jasir black". 0 with the reason when it is not one. */
int review_start(void)
{
    char name[RULES_SET_NAME_MAX + 1];
    uint8_t i = 0;
    for (; review_text_in[i] && review_text_in[i] != ' ' && i < RULES_SET_NAME_MAX; i++)
        name[i] = review_text_in[i];
    name[i] = '\0';
    const int8_t set = rules_set_by_name(name);
    const char *first = review_text_in[i] == ' ' ? review_text_in + i + 1 : "";
    if (set < 0 || (strcmp(first, "white") != 0 && strcmp(first, "black") != 0)) {
        strcpy(review_text_out, "not a rule set and a first mover (classic white)");
        return 0;
    }
    rules_init(&pos, (uint8_t)set, first[0] == 'w' ? RULES_WHITE : RULES_BLACK);
    return 1;
}

/* The move in review_text_in made, if it is legal here. */
int review_move(void)
{
    rules_move_t m;
    if (rules_game_over(&pos) || !rules_move_from_text(&pos, review_text_in, &m)) {
        strcpy(review_text_out, "not a legal move in this position");
        return 0;
    }
    rules_undo_t u;
    rules_make(&pos, m, &u);
    return 1;
}

/* The AI's move here at `level` and its score for the side to move:
 * "MOVE SCORE DEPTH NODES" (the score in centi-pieces), or "over W B
 * WINNER" when the game has ended. */
void review_think(int level)
{
    char *o = review_text_out;
    if (rules_game_over(&pos)) {
        uint8_t score[2];
        char w[RULES_RESULT_NAME_MAX];
        rules_score(&pos, score);
        rules_result_name(rules_winner(&pos), w);
        o = strcpy(o, "over ") + 5;
        o = put_int(o, score[0]);
        *o++ = ' ';
        o = put_int(o, score[1]);
        *o++ = ' ';
        strcpy(o, w);
        return;
    }
    ai_stats_t st;
    const rules_move_t m = ai_choose(&pos, (uint8_t)level, 0, 0, 0, &st);
    o += rules_move_to_text(m, o);
    *o++ = ' ';
    o = put_int(o, st.score);
    *o++ = ' ';
    o = put_int(o, st.depth);
    *o++ = ' ';
    o = put_int(o, (int32_t)st.nodes);
    *o = '\0';
}

/* The side to move: 0 White, 1 Black. */
int review_side_to_move(void) { return rules_side_to_move(&pos); }
