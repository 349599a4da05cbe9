/* Puzzles for the web page, found by the console's own AI in self-play and
 * proven by a deeper search (docs/records.md, puzzles):
 *
 *   gen_puzzles [PER_SET] > puzzles.json
 *
 * Each rule set's games are played by the AI against itself (level 3, a
 * seed a game, so that the games differ). At every position from the sixth
 * ply on, every legal move of the side to move is scored by searching the
 * position after it (level 4: the screen); a position where one move is
 * better than every other by at least SCREEN_MARGIN is searched again at
 * level 6, the console's top level (the proof), when the side to move has at
 * least MIN_CHOICES moves. It becomes a puzzle when
 * the same move is best there by at least PROOF_MARGIN, or is the only
 * move that wins. The solution is that move, the opponent's best reply
 * and the mover's next best move (level 6); every other move is listed
 * with its score and the reply that answers it, which the page shows to a
 * player who chooses it. Deterministic: the same build writes the same
 * file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "rules/rules.h"

#define SCREEN_MARGIN 250 /* centi-pieces */
#define PROOF_MARGIN 200
#define DECIDED 8000 /* the AI's won or lost scores are above this (ai_search.h: AI_DECIDED) */
#define MAX_PLIES 120
#define MIN_CHOICES 4 /* legal moves at least: a choice worth the name */
#define MAX_GAMES 400

typedef struct {
    rules_move_t move;
    int score;          /* for the mover */
    rules_move_t reply; /* the opponent's best answer (0: the game ends) */
} judged_t;

/* Every legal move of the side to move, scored at `level` by a search of
 * the position after it; returns the count, best first. */
static int judge(const rules_pos_t *p, uint8_t level, judged_t *out)
{
    rules_move_t moves[RULES_MAX_MOVES];
    const int n = rules_legal_moves(p, moves);
    for (int i = 0; i < n; i++) {
        rules_pos_t q = *p;
        rules_undo_t u;
        rules_make(&q, moves[i], &u);
        out[i].move = moves[i];
        out[i].reply = 0;
        if (rules_game_over(&q)) {
            const uint8_t w = rules_winner(&q);
            out[i].score = w == RULES_DRAW ? 0 : w == rules_side_to_move(p) ? 9000 : -9000;
        } else {
            ai_stats_t st;
            out[i].reply = ai_choose(&q, level, 0, NULL, NULL, &st);
            out[i].score = -st.score;
        }
    }
    /* best first (insertion sort: a few dozen moves) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j].score > out[j - 1].score; j--) {
            const judged_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

static bool clear_best(const judged_t *j, int n, int margin)
{
    if (n < MIN_CHOICES)
        return false;
    if (j[0].score >= DECIDED && j[1].score < DECIDED)
        return true; /* the only move that wins */
    return j[0].score - j[1].score >= margin && j[0].score > 100;
}

static void put_move(rules_move_t m)
{
    char t[RULES_MOVE_TEXT_MAX];
    rules_move_to_text(m, t);
    printf("\"%s\"", t);
}

int main(int argc, char **argv)
{
    const int per_set = argc > 1 ? atoi(argv[1]) : 10;
    if (per_set < 1 || per_set > 100) {
        fprintf(stderr, "usage: gen_puzzles [PER_SET 1..100] > puzzles.json\n");
        return 2;
    }
    int found_all = 0;
    printf("[\n");
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        char name[RULES_SET_NAME_MAX];
        rules_set_name(set, name);
        int found = 0, screened = 0, proven = 0;
        for (int game = 0; game < MAX_GAMES && found < per_set; game++) {
            rules_pos_t p;
            rules_init(&p, set, RULES_WHITE);
            rules_move_t line[MAX_PLIES];
            int plies = 0;
            int last_puzzle_at = -100;
            while (!rules_game_over(&p) && plies < MAX_PLIES && found < per_set) {
                judged_t j[RULES_MAX_MOVES], deep[RULES_MAX_MOVES];
                if (plies >= 6 && plies - last_puzzle_at > 8) { /* one puzzle a stretch of a game */
                    const int n = judge(&p, 4, j);
                    if (clear_best(j, n, SCREEN_MARGIN)) {
                        screened++;
                        const int dn = judge(&p, 6, deep);
                        if (clear_best(deep, dn, PROOF_MARGIN) && deep[0].move == j[0].move) {
                            proven++;
                            /* the solution: the move, the reply, the mover's next move */
                            rules_pos_t q = p;
                            rules_undo_t u;
                            rules_move_t sol[3] = {deep[0].move, 0, 0};
                            int sn = 1;
                            rules_make(&q, deep[0].move, &u);
                            for (; sn < 3 && !rules_game_over(&q); sn++) {
                                ai_stats_t st;
                                sol[sn] = ai_choose(&q, 6, 0, NULL, NULL, &st);
                                rules_make(&q, sol[sn], &u);
                            }
                            printf("%s  {\"id\": \"%s-%d\", \"rules\": \"%s\", \"moves\": [", found_all ? ",\n" : "", name,
                                   found + 1, name);
                            for (int i = 0; i < plies; i++) {
                                if (i)
                                    printf(", ");
                                put_move(line[i]);
                            }
                            printf("],\n   \"solution\": [");
                            for (int i = 0; i < sn; i++) {
                                if (i)
                                    printf(", ");
                                put_move(sol[i]);
                            }
                            const bool wins = deep[0].score >= DECIDED;
                            printf("], \"goal\": \"%s\", \"value\": %d,\n   \"wrong\": {",
                                   wins ? (rules_side_to_move(&p) == RULES_WHITE ? "Green to move: find the move that wins the game"
                                                                                 : "Red to move: find the move that wins the game")
                                        : (rules_side_to_move(&p) == RULES_WHITE
                                               ? "Green to move: find the move that keeps a clear advantage"
                                               : "Red to move: find the move that keeps a clear advantage"),
                                   deep[0].score);
                            for (int i = 1; i < dn; i++) {
                                printf("%s", i > 1 ? ", " : "");
                                char t[RULES_MOVE_TEXT_MAX];
                                rules_move_to_text(deep[i].move, t);
                                printf("\"%s\": {\"value\": %d, \"reply\": ", t, deep[i].score);
                                if (deep[i].reply)
                                    put_move(deep[i].reply);
                                else
                                    printf("null");
                                printf("}");
                            }
                            printf("}}");
                            found++;
                            found_all++;
                            last_puzzle_at = plies;
                        }
                    }
                }
                /* the game goes on with the AI's own move (level 3, the game's seed) */
                ai_stats_t st;
                const rules_move_t m = ai_choose(&p, 3, (uint16_t)(game * 7919u + plies), NULL, NULL, &st);
                rules_undo_t u;
                rules_make(&p, m, &u);
                line[plies++] = m;
            }
        }
        fprintf(stderr, "gen_puzzles: %s: %d puzzles (%d positions screened, %d proven)\n", name, found, screened, proven);
    }
    printf("\n]\n");
    return found_all >= 30 ? 0 : 1;
}
