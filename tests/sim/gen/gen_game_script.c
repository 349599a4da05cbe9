/* Writes a simulator script (docs/sim.md) that plays one whole game on the
 * console through its buttons: a seeded game chosen by the host rules core,
 * entered move by move, then the expected result on the UART and the
 * expected end-of-game screens (the final position, then the result in
 * words above a bar in the winner's colour), and the start of the match's
 * second game, between two players. Used by make test for every rule set.
 *   gen_game_script RULES SEED          one game, then the second game's start
 *   gen_game_script RULES SEED match    a whole two-game match, totals and result
 *   gen_game_script RULES SEED resets   the same, switched off between the two
 *                                       games and in the middle of game 2
 *   gen_game_script RULES SEED undo     one game; its first capture with a return
 *                                       is taken back (menu, Undo) and played again */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame_letter.h" /* sim/frame_letter.h: tests/ objects get -Isim */
#include "game/render.h"
#include "game/ui.h"
#include "hal.h"
#include "rules/rules.h"
#include "xorshift32.h"

#define MAX_PLIES 160

static uint32_t rng = 1;
static uint32_t next_random(void) { return xorshift32(&rng); }

/* A racing player with some randomness: games end in reasonable time and
 * pass through captures, returns and placements. */
static int move_value(const rules_pos_t *p, rules_move_t m, bool hold)
{
    const uint8_t side = rules_side_to_move(p);
    int v = (int)(next_random() % 6u);
    if (RULES_MOVE_IS_CAPTURE(m))
        v += 6;
    if (RULES_MOVE_RET(m) != RULES_NO_POINT || RULES_MOVE_IS_PLACEMENT(m) || hold)
        v += 8 + (hold ? 1 : 0);
    if (!RULES_MOVE_IS_PLACEMENT(m)) {
        const int from_row = rules_row(RULES_MOVE_FROM(m)), to_row = rules_row(RULES_MOVE_TO(m));
        v += 3 * (side == RULES_WHITE ? to_row - from_row : from_row - to_row);
    }
    return v;
}

/* A canvas level (0..3) as the simulator would see it: 3 is full on. */
static int seen(uint8_t level) { return level == 3u ? FRAME_FULL : level ? FRAME_LIT : FRAME_OFF; }
static char pixel_char(uint8_t px) { return frame_letter(seen(HAL_PIXEL_RED(px)), seen(HAL_PIXEL_GREEN(px))); }

/* The canvas as expect-frame lines; `any` (a point, or RULES_NO_POINT)
 * is written '?': the cursor blinks there. */
static void print_canvas_but(hal_canvas_t c, uint8_t any)
{
    for (uint8_t y = 0; y < 8u; y++) {
        for (uint8_t x = 0; x < 8u; x++) {
            const bool blinks = any != RULES_NO_POINT && x == render_point_x(any) && y == render_point_y(any);
            putchar(blinks ? '?' : pixel_char(c[y][x]));
        }
        putchar('\n');
    }
}

static void print_canvas(hal_canvas_t c) { print_canvas_but(c, RULES_NO_POINT); }

/* One game from the start: its moves as script lines, the final position
 * and where its last move came from. Seeds are tried from `seed` on until
 * the game ends in time and shows a return or placement. */
typedef struct {
    char lines[MAX_PLIES][32];
    int plies;
    rules_pos_t end;
    uint8_t last_from;
    uint8_t score[2], winner;
    int undo_at;            /* the first capture with a return (-1: none) */
    rules_pos_t before_undo; /* the position before it */
    uint8_t last_from_before, return_point;
} game_t;

static void generate(uint8_t set, uint32_t seed, game_t *g)
{
    for (;; seed++) {
        int specials = 0;
        rng = seed * 2654435761u + 1u;
        rules_init(&g->end, set, RULES_WHITE);
        g->plies = 0;
        g->last_from = RULES_NO_POINT;
        g->undo_at = -1;
        while (g->plies < MAX_PLIES) {
            rules_move_t moves[RULES_MAX_MOVES];
            rules_undo_t u;
            const uint8_t n = rules_legal_moves(&g->end, moves);
            if (n == 0)
                break;
            uint8_t best = 0;
            int best_v = -1000;
            for (uint8_t i = 0; i < n; i++) {
                const int v = move_value(&g->end, moves[i], rules_move_is_hold(moves, n, moves[i]));
                if (v > best_v) {
                    best_v = v;
                    best = i;
                }
            }
            const rules_move_t m = moves[best];
            char text[RULES_MOVE_TEXT_MAX];
            rules_move_to_text(m, text);
            const bool hold = rules_move_is_hold(moves, n, m);
            snprintf(g->lines[g->plies++], sizeof g->lines[0], "move %s%s", text, hold ? " hold" : "");
            if (hold || RULES_MOVE_RET(m) != RULES_NO_POINT || RULES_MOVE_IS_PLACEMENT(m))
                specials++;
            if (g->undo_at < 0 && RULES_MOVE_IS_CAPTURE(m) && RULES_MOVE_RET(m) != RULES_NO_POINT) {
                g->undo_at = g->plies - 1;
                g->before_undo = g->end;
                g->last_from_before = g->last_from;
                g->return_point = RULES_MOVE_RET(m);
            }
            rules_make(&g->end, m, &u);
            g->last_from = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
        }
        if (rules_game_over(&g->end) && (specials > 0 || set == RULES_BRAINKING))
            break;
    }
    rules_score(&g->end, g->score);
    g->winner = rules_winner(&g->end);
}

/* Plays game `number` of 2 through the buttons and checks its end: the
 * debug console's lines, the final position, the score screen. */
static void print_game(const game_t *g, int number, const uint8_t totals[2], const char *rules, int reset_after,
                       bool undo)
{
    char name[RULES_RESULT_NAME_MAX], why[RULES_END_NAME_MAX];
    hal_canvas_t c;
    const uint8_t score[2] = {g->score[0], g->score[1]};
    uint8_t side;
    rules_result_name(g->winner, name);
    rules_end_name(rules_end_reason(&g->end, &side), why);
    printf("cursor-at c1\n");
    for (int i = 0; i < g->plies; i++) {
        printf("%s\nexpect-uart move %.*s\n", g->lines[i], (int)strcspn(g->lines[i] + 5, " "), g->lines[i] + 5);
        if (undo && i == g->undo_at) { /* take it back: exactly the position before */
            hal_canvas_t c;
            render_view_t v = {.pos = &g->before_undo, .cursor = RULES_NO_POINT, .cursor_on = false,
                               .blink_on = true, .selected = RULES_NO_POINT, .targets = 0,
                               .last_from = g->last_from_before, .choosing_return = false, .thinking = false,
                               .sweep = 0};
            render_game(c, &v);
            printf("# a capture with a return, taken back: menu, down to Undo, A\nwait 200\nhold b 1000\nwait 100\n");
            for (int k = UI_ITEM_RESUME; k < UI_ITEM_UNDO; k++)
                printf("tap down\n");
            printf("tap a\nexpect-uart undo %.*s\nwait 200\nexpect-frame\n", (int)strcspn(g->lines[i] + 5, " "),
                   g->lines[i] + 5);
            print_canvas_but(c, g->return_point); /* the mover's cursor, on the return point, blinks */
            printf("cursor-at ");
            char at[3] = {0};
            rules_point_to_text(g->return_point, at);
            printf("%s\n", at);
            printf("# and played again: the game goes on as before\n%s\nexpect-uart move %.*s\n", g->lines[i],
                   (int)strcspn(g->lines[i] + 5, " "), g->lines[i] + 5);
        }
        if (i + 1 == reset_after) { /* switched off mid-game: the same game of the same match comes back */
            printf("# switched off in the middle of game %d\nwait 200\nreset\nwait 300\n", number);
            printf("expect-uart resume %s first white match %d/2\ncursor-at unknown\n", rules, number);
            printf("# who plays which side, in words: B skips them\ntap b\n");
        }
    }
    printf("wait 200\nexpect-uart over %u %u %s %s\nexpect-uart match %d/2 %u %u\n", score[0], score[1], name, why,
           number, totals[0], totals[1]);
    printf("# the final position stays, the bottom row in the winner's colour\nexpect-frame\n");
    render_final(c, &g->end, g->last_from, g->winner);
    print_canvas(c);
    const char bar = g->winner == RULES_WHITE ? 'G' : g->winner == RULES_BLACK ? 'R' : 'Y';
    printf("# A: the result in words, above a bar in the winner's colour\ntap a\nwait 100\nexpect-frame\n");
    for (int y = 0; y < 7; y++)
        printf("????????\n");
    printf("%c%c%c%c%c%c%c%c\n", bar, bar, bar, bar, bar, bar, bar, bar);
}

int main(int argc, char **argv)
{
    const bool resets = argc == 4 && strcmp(argv[3], "resets") == 0;
    const bool undo = argc == 4 && strcmp(argv[3], "undo") == 0;
    const bool match = resets || (argc == 4 && strcmp(argv[3], "match") == 0);
    if ((argc != 3 && !match && !undo) || rules_set_by_name(argv[1]) < 0) {
        fprintf(stderr, "usage: gen_game_script RULES SEED [match|resets|undo]\n");
        return 2;
    }
    const uint8_t set = (uint8_t)rules_set_by_name(argv[1]);
    const uint32_t seed = (uint32_t)strtoul(argv[2], NULL, 10);
    static game_t g1, g2;
    generate(set, seed, &g1);
    printf("# Generated by tests/sim/gen: %s %s game through the buttons (%d plies).\n",
           resets ? "a two-game match with power cuts, the first" : match ? "a two-game match, the first" : "a whole",
           argv[1], g1.plies);
    printf("# two players, the rule set (tests/sim/menu.script goes through the menu)\n");
    printf("set mode=two\nset rules=%s\nwait 300\nexpect-uart start %s first white match 1/2\n", argv[1], argv[1]);
    printf("# the start in words: B skips them\ntap b\n");
    /* P1 had White in game 1, Black in game 2 */
    uint8_t totals[2] = {g1.score[RULES_WHITE], g1.score[RULES_BLACK]};
    print_game(&g1, 1, totals, argv[1], 0, undo);
    if (undo && g1.undo_at < 0) {
        fprintf(stderr, "gen_game_script: this game has no capture with a return to take back: another seed\n");
        return 1;
    }
    if (resets) /* switched off between the games: the next game of the match */
        printf("# switched off between the games\nwait 200\nreset\nwait 300\nexpect-uart resume %s first white match 2/2\n"
               "tap b\n", argv[1]);
    else
        printf("# A: the second game of the match, sides swapped\ntap a\nexpect-uart start %s first white match 2/2\n"
               "tap b\n", argv[1]);
    if (match) {
        generate(set, seed + 1000u, &g2);
        printf("# game 2 (%d plies)\n", g2.plies);
        totals[0] = (uint8_t)(totals[0] + g2.score[RULES_BLACK]);
        totals[1] = (uint8_t)(totals[1] + g2.score[RULES_WHITE]);
        print_game(&g2, 2, totals, argv[1], resets ? 3 : 0, false);
        printf("expect-uart match over %u %u %s\n", totals[0], totals[1],
               totals[0] > totals[1] ? "p1" : totals[1] > totals[0] ? "p2" : "draw");
        /* the last game's words carried the match's result: A starts a new match */
        printf("expect-uart words \n");
        printf("# A: a new match\ntap a\nexpect-uart start %s first white match 1/2\n", argv[1]);
    }
    printf("# budgets: static RAM + the peak stack of a whole game, and flash\n");
    printf("expect-ram-max 1536\nexpect-flash-max 31744\n");
    return 0;
}
