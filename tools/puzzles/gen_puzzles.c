/* Puzzles for the web page, found by the console's own AI in self-play and
 * proven by a deeper search (docs/records.md, puzzles):
 *
 *   gen_puzzles [PER_SET] > puzzles.json
 *
 * Each rule set's games are played by the AI against itself from varied
 * openings: a game's first 2 to 6 plies are random legal moves (a seeded
 * generator, the game's number the seed), then the AI plays on (level 3).
 * Jasir's games from the start position never passed the screen; from
 * these openings about one game in ten has a puzzle. At every position from the sixth ply
 * on, every legal move of the side to move is scored by searching the
 * position after it (level 4: the screen); a position where one move is
 * better than every other by at least SCREEN_MARGIN is searched again at
 * level 6, the console's top level (the proof). It becomes a puzzle when
 * the side to move has at least MIN_CHOICES moves and the answer is the
 * only move that keeps the win or the advantage there:
 *   - a win: the answer wins, no other move does;
 *   - an advantage: the answer keeps at least ADVANTAGE (a piece), every
 *     other move less than that, and the answer beats every other by at
 *     least PROOF_MARGIN.
 * A position counts once: the same position and side to move is never a
 * second puzzle, in its own rule set or another (the key leaves the rule
 * set out, so positions the rule sets share count once).
 *
 * The solution is that move, the opponent's best reply and the mover's
 * next best move (level 6); every other move is listed with its score and
 * the reply that answers it, which the page shows to a player who chooses
 * it. When the next move is again the only one (the same proof), the
 * puzzle asks it too: "then" holds its score and its wrong moves, and the
 * page plays the reply and asks for the second move. The difficulty: how many of the AI's tries (levels 1 to 6, four
 * seeds each) miss the answer and how many moves there are to choose
 * from, as a rating on the Elo scale of the page's puzzle rating
 * (docs/records.md); "level": the lowest level that finds it (7: only the
 * proof's own per-move search did). Deterministic:
 * the same build writes the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "rules/rules.h"

#define SCREEN_MARGIN 150 /* centi-pieces */
#define PROOF_MARGIN 200
#define ADVANTAGE 100     /* a piece: the advantage an answer keeps and no other move does */
#define DECIDED 8000      /* the AI's won or lost scores are above this (ai_search.h: AI_DECIDED) */
#define MAX_PLIES 120
#define MIN_CHOICES 4     /* legal moves at least: a choice worth the name */
#define MAX_GAMES 2000
#define MAX_KEYS 4096
#define MIN_TOTAL 60      /* fewer in all: the build fails */
#define MIN_PER_SET 8     /* fewer in a rule set: the build fails */

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

/* The screen: one move better than every other by `margin`. */
static bool clear_best(const judged_t *j, int n, int margin)
{
    if (n < MIN_CHOICES)
        return false;
    if (j[0].score >= DECIDED && j[1].score < DECIDED)
        return true;
    return j[0].score - j[1].score >= margin && j[0].score >= ADVANTAGE;
}

/* The proof: the answer is the only move that keeps the win, or the only
 * one that keeps the advantage (and by PROOF_MARGIN over the next). */
static bool only_move(const judged_t *j, int n)
{
    if (n < MIN_CHOICES)
        return false;
    if (j[0].score >= DECIDED)
        return j[1].score < DECIDED;
    return j[0].score >= ADVANTAGE && j[1].score < ADVANTAGE && j[0].score - j[1].score >= PROOF_MARGIN;
}

/* The position and side to move without the rule set: positions the rule
 * sets share count once. */
typedef struct {
    uint32_t men[2], marked;
    uint8_t hand[2], chain[2];
} pos_key_t;
static pos_key_t keys[MAX_KEYS];
static int key_count;

static bool seen_before(const rules_pos_t *p)
{
    pos_key_t k;
    memset(&k, 0, sizeof k);
    k.men[0] = p->men[0];
    k.men[1] = p->men[1];
    k.marked = p->marked & ~(3u << 29);
    memcpy(k.hand, p->hand, sizeof k.hand);
    memcpy(k.chain, p->chain, sizeof k.chain);
    for (int i = 0; i < key_count; i++)
        if (memcmp(&keys[i], &k, sizeof k) == 0)
            return true;
    if (key_count < MAX_KEYS)
        keys[key_count++] = k;
    return false;
}

/* How hard the answer is to find: the AI's levels 1 to 6, each with
 * SEEDS seeds (a seed breaks ties and sets the low levels' mistakes), try
 * the position; *lowest: the lowest level that plays the answer (7: none);
 * returns the tries that miss it (0 .. 6 * SEEDS). */
#define SEEDS 4
static int misses_of(const rules_pos_t *p, rules_move_t answer, int *lowest)
{
    int misses = 0;
    *lowest = 7;
    for (uint8_t level = 1; level <= 6; level++)
        for (uint16_t seed = 0; seed < SEEDS; seed++) {
            ai_stats_t st;
            if (ai_choose(p, level, (uint16_t)(seed * 101u), NULL, NULL, &st) == answer) {
                if (level < *lowest)
                    *lowest = level;
            } else {
                misses++;
            }
        }
    return misses;
}

/* The puzzle's rating on the Elo scale of the page's puzzle rating: 800,
 * 45 a try of the AI that misses the answer, 8 a move to choose from (up
 * to 30): from about 850 (every level finds it among few moves) to 2120. */
static int rating_of(int misses, int choices) { return 800 + 45 * misses + 8 * (choices > 30 ? 30 : choices); }

static void put_move(rules_move_t m)
{
    char t[RULES_MOVE_TEXT_MAX];
    rules_move_to_text(m, t);
    printf("\"%s\"", t);
}

/* The wrong moves of a judged position as a JSON object's members: each
 * move with its score and the reply that answers it. */
static void put_wrong(const judged_t *deep, int dn)
{
    for (int i = 1; i < dn; i++) {
        printf("%s", i > 1 ? ", " : "");
        put_move(deep[i].move);
        printf(": {\"value\": %d, \"reply\": ", deep[i].score);
        if (deep[i].reply)
            put_move(deep[i].reply);
        else
            printf("null");
        printf("}");
    }
}

/* One puzzle as a JSON object (after a comma unless it is the first). */
static void emit(const char *name, int number, bool comma, const rules_move_t *line, int plies, const rules_pos_t *p,
                 const judged_t *deep, int dn)
{
    /* the solution: the move, the reply, the mover's next move; when that
     * next move is again the only one (the same proof at level 6), the
     * puzzle asks it too ("then") */
    rules_pos_t q = *p;
    rules_undo_t u;
    rules_move_t sol[3] = {deep[0].move, 0, 0};
    int sn = 1;
    static judged_t next[RULES_MAX_MOVES];
    int nn = 0;
    rules_make(&q, deep[0].move, &u);
    for (; sn < 3 && !rules_game_over(&q); sn++) {
        ai_stats_t st;
        sol[sn] = ai_choose(&q, 6, 0, NULL, NULL, &st);
        if (sn == 2) {
            nn = judge(&q, 6, next);
            if (only_move(next, nn))
                sol[2] = next[0].move;
            else
                nn = 0;
        }
        rules_make(&q, sol[sn], &u);
    }
    int level;
    const int misses = misses_of(p, deep[0].move, &level);
    printf("%s  {\"id\": \"%s-%d\", \"rules\": \"%s\", \"moves\": [", comma ? ",\n" : "", name, number, name);
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
    const char *side = rules_side_to_move(p) == RULES_WHITE ? "Green" : "Red";
    printf("], \"goal\": \"%s to move: %s\", \"value\": %d, \"level\": %d, \"rating\": %d,\n   \"wrong\": {", side,
           wins ? "find the only move that wins the game" : "find the only move that keeps you a piece ahead or more", deep[0].score,
           level, rating_of(misses, dn));
    put_wrong(deep, dn);
    printf("}");
    if (nn) {
        printf(",\n   \"then\": {\"value\": %d, \"wrong\": {", next[0].score);
        put_wrong(next, nn);
        printf("}}");
    }
    printf("}");
}

/* A small seeded generator for the openings' random plies. */
static uint32_t rng_state;
static uint32_t rng(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

int main(int argc, char **argv)
{
    const int per_set = argc > 1 ? atoi(argv[1]) : 16;
    if (per_set < 1 || per_set > 100) {
        fprintf(stderr, "usage: gen_puzzles [PER_SET 1..100] > puzzles.json\n");
        return 2;
    }
    int found_all = 0, fewest = 1000;
    printf("[\n");
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        char name[RULES_SET_NAME_MAX];
        rules_set_name(set, name);
        const uint8_t play_level = 3;
        int found = 0, screened = 0, proven = 0, twins = 0, games = 0;
        for (int game = 0; game < MAX_GAMES && found < per_set; game++, games++) {
            rules_pos_t p;
            rules_init(&p, set, RULES_WHITE);
            rules_move_t line[MAX_PLIES];
            int plies = 0;
            int last_puzzle_at = -100;
            rng_state = 0x9E3779B9u ^ (uint32_t)(game * 2654435761u) ^ set;
            const int random_plies = 2 + (int)(rng() % 5u);
            while (!rules_game_over(&p) && plies < MAX_PLIES && found < per_set) {
                judged_t j[RULES_MAX_MOVES], deep[RULES_MAX_MOVES];
                if (plies >= 6 && plies - last_puzzle_at > 8) { /* one puzzle a stretch of a game */
                    const int n = judge(&p, 4, j);
                    if (clear_best(j, n, SCREEN_MARGIN)) {
                        screened++;
                        const int dn = judge(&p, 6, deep);
                        if (only_move(deep, dn) && deep[0].move == j[0].move) {
                            proven++;
                            if (seen_before(&p)) {
                                twins++;
                            } else {
                                emit(name, found + 1, found_all > 0, line, plies, &p, deep, dn);
                                found++;
                                found_all++;
                                last_puzzle_at = plies;
                            }
                        }
                    }
                }
                /* the game goes on: a random ply in the opening, then the AI's own move */
                rules_move_t m;
                if (plies < random_plies) {
                    rules_move_t moves[RULES_MAX_MOVES];
                    const int n = rules_legal_moves(&p, moves);
                    m = moves[rng() % (uint32_t)n];
                } else {
                    ai_stats_t st;
                    m = ai_choose(&p, play_level, (uint16_t)(game * 7919u + plies), NULL, NULL, &st);
                }
                rules_undo_t u;
                rules_make(&p, m, &u);
                line[plies++] = m;
            }
        }
        fprintf(stderr, "gen_puzzles: %s: %d puzzles from %d games (level %u; %d positions screened, %d proven, %d of them seen before)\n",
                name, found, games, play_level, screened, proven, twins);
        if (found < fewest)
            fewest = found;
    }
    printf("\n]\n");
    fprintf(stderr, "gen_puzzles: %d puzzles, %d different positions\n", found_all, key_count);
    return found_all >= MIN_TOTAL && fewest >= MIN_PER_SET ? 0 : 1;
}
