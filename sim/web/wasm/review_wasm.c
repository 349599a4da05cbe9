/* The page's game review, as WebAssembly: the console's own AI (the C of
 * firmware/ai, the same as the firmware's) over its rules core, run in a
 * Web Worker (sim/web/src/review_worker.js). Built with a deeper top level
 * than the console can afford (AI_TOP_BUDGET in sim/web/web.mk).
 *   review_text_in  "RULES FIRST" for review_start, a move for review_move
 *   review_text_out the answer */
#include <stdint.h>
#include <string.h>

#include "ai/ai.h"
#include "rules/rules.h"
#include "wasm_rules.h"

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
int review_start(void) { return wasm_rules_start(review_text_in, &pos, review_text_out); }

/* The move in review_text_in made, if it is legal here. */
int review_move(void) { return wasm_rules_move(&pos, review_text_in, review_text_out); }

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

/* Every legal move here, judged at `level` as tools/puzzles/gen_puzzles.c
 * judges a puzzle's moves (the proof of the page's "your mistakes"
 * puzzles): a search of the position after each move, the score for the
 * side to move here; a move that ends the game 9000 won, -9000 lost, 0
 * drawn. Returns the count; review_judged(i) then writes the i-th as
 * "MOVE SCORE REPLY" (REPLY "-" when the move ends the game). */
static rules_move_t judged_move[RULES_MAX_MOVES], judged_reply[RULES_MAX_MOVES];
static int32_t judged_score[RULES_MAX_MOVES];
static int judged_count;

int review_judge(int level)
{
    judged_count = rules_game_over(&pos) ? 0 : rules_legal_moves(&pos, judged_move);
    for (int i = 0; i < judged_count; i++) {
        rules_pos_t q = pos;
        rules_undo_t u;
        rules_make(&q, judged_move[i], &u);
        judged_reply[i] = 0;
        if (rules_game_over(&q)) {
            const uint8_t w = rules_winner(&q);
            judged_score[i] = w == RULES_DRAW ? 0 : w == rules_side_to_move(&pos) ? 9000 : -9000;
        } else {
            ai_stats_t st;
            judged_reply[i] = ai_choose(&q, (uint8_t)level, 0, 0, 0, &st);
            judged_score[i] = -st.score;
        }
    }
    return judged_count;
}

/* Every legal move here, not judged (a game played on from a record on the
 * page): the count; review_judged(i) writes the i-th as "MOVE 0 -". */
int review_legal(void)
{
    judged_count = rules_game_over(&pos) ? 0 : rules_legal_moves(&pos, judged_move);
    for (int i = 0; i < judged_count; i++) {
        judged_reply[i] = 0;
        judged_score[i] = 0;
    }
    return judged_count;
}

void review_judged(int i)
{
    char *o = review_text_out;
    if (i < 0 || i >= judged_count) {
        *o = '\0';
        return;
    }
    o += rules_move_to_text(judged_move[i], o);
    *o++ = ' ';
    o = put_int(o, judged_score[i]);
    *o++ = ' ';
    if (judged_reply[i])
        o += rules_move_to_text(judged_reply[i], o);
    else
        *o++ = '-';
    *o = '\0';
}
