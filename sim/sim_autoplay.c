/* autoplay: the simulator plays the human side of a game against the
 * console, through the buttons. It follows the game from the debug console
 * ("start ...", "move ...") with the host rules core, chooses the human's
 * moves with the host AI, and at the end checks the console's "over" line
 * against the host's own reckoning of the final position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "part_uart.h"
#include "rules/rules.h"
#include "sim_autoplay.h"

/* The line after `from` that starts with `prefix`, or NULL. */
static const char *find_line(const sim_t *s, size_t from, const char *prefix)
{
    const char *p = s->uart.text ? s->uart.text + from : NULL;
    const size_t n = strlen(prefix);
    for (; p && *p; p++)
        if ((p == s->uart.text || p[-1] == '\n') && strncmp(p, prefix, n) == 0 && strchr(p, '\n'))
            return p;
    return NULL;
}

int sim_autoplay(sim_t *s, sim_autoplay_io_t *io, unsigned human_level, double limit_ms, double look_ms)
{
    const double until = sim_now_ms(s) + limit_ms;
    const char *start = sim_uart_last_line(s, "start "); /* the latest game */
    char set_name[16], first[8], human[8];
    unsigned level;
    if (!start || sscanf(start, "start %15s first %7s console %u human %7s", set_name, first, &level, human) != 4 ||
        rules_set_by_name(set_name) < 0) {
        io->fail(io->ctx, "autoplay needs a game against the console (a \"start ... console ... human ...\" line)");
        return 1;
    }
    rules_pos_t pos;
    rules_init(&pos, (uint8_t)rules_set_by_name(set_name), strcmp(first, "black") == 0);
    const uint8_t human_side = strcmp(human, "black") == 0;
    size_t seen = (size_t)(start - s->uart.text) + 1;
    unsigned plies = 0;
    while (sim_now_ms(s) < until) {
        /* catch up with every move the console reported */
        const char *line;
        while ((line = find_line(s, seen, "move ")) != NULL && !find_line(s, seen, "start ")) {
            char text[RULES_MOVE_TEXT_MAX + 4];
            rules_move_t m;
            rules_undo_t u;
            sscanf(line + 5, "%15s", text);
            if (!rules_move_from_text(&pos, text, &m)) {
                io->fail(io->ctx, "the console reported a move that is not legal here");
                return 1;
            }
            rules_make(&pos, m, &u);
            plies++;
            seen = (size_t)(strchr(line, '\n') - s->uart.text) + 1;
        }
        if (rules_game_over(&pos)) {
            const char *over = NULL;
            for (int t = 0; t < 500 && !(over = find_line(s, seen, "over ")); t++)
                sim_run_until_ms(s, sim_now_ms(s) + 1);
            uint8_t score[2], side;
            char want[48], name[RULES_RESULT_NAME_MAX], why[RULES_END_NAME_MAX];
            rules_score(&pos, score);
            rules_result_name(rules_winner(&pos), name);
            rules_end_name(rules_end_reason(&pos, &side), why);
            snprintf(want, sizeof want, "over %u %u %s %s\n", score[0], score[1], name, why);
            if (!over || strncmp(over, want, strlen(want)) != 0) {
                io->fail(io->ctx, "the console's result differs from the host's");
                return 1;
            }
            printf("autoplay: %u plies, console says %s", plies, want);
            io->uart_consumed(io->ctx, (size_t)(strchr(over, '\n') - s->uart.text) + 1);
            return 0;
        }
        if (rules_side_to_move(&pos) == human_side) {
            if (look_ms > 0 && !sim_run_until_ms(s, sim_now_ms(s) + look_ms))
                return 1;
            ai_stats_t st;
            char text[RULES_MOVE_TEXT_MAX];
            const rules_move_t m = ai_choose(&pos, (uint8_t)human_level, (uint16_t)plies, NULL, NULL, &st);
            rules_move_to_text(m, text);
            rules_move_t all[RULES_MAX_MOVES];
            const uint8_t n = rules_legal_moves(&pos, all);
            /* the console asks for a return point only when the arrival
             * has more than one (firmware/game/play.c: press_a); with one, A
             * on the arrival completes the move, and taps meant for the
             * return point would land in the console's turn */
            char keys[RULES_MOVE_TEXT_MAX];
            uint8_t variants = 0;
            for (uint8_t i = 0; i < n; i++)
                variants += RULES_MOVE_FROM(all[i]) == RULES_MOVE_FROM(m) && RULES_MOVE_TO(all[i]) == RULES_MOVE_TO(m);
            memcpy(keys, text, sizeof keys);
            if (variants == 1u && !RULES_MOVE_IS_PLACEMENT(m))
                keys[strcspn(keys, "@")] = '\0';
            if (!io->enter_move(io->ctx, keys, rules_move_is_hold(all, n, m)))
                return 1;
            /* the console must report exactly this move */
            char want[24];
            snprintf(want, sizeof want, "move %s\n", text);
            const char *got = NULL;
            for (int t = 0; t < 1000 && !(got = find_line(s, seen, "move ")); t++)
                sim_run_until_ms(s, sim_now_ms(s) + 1);
            if (!got || strncmp(got, want, strlen(want)) != 0) {
                char why[96];
                snprintf(why, sizeof why, "the console did not play the move entered with the buttons (%s; it said %.*s)",
                         text, got ? (int)strcspn(got, "\n") : 7, got ? got : "nothing");
                io->fail(io->ctx, why);
                return 1;
            }
        } else if (!sim_run_until_ms(s, sim_now_ms(s) + 10)) {
            return 1;
        }
    }
    io->fail(io->ctx, "the game did not end in time");
    return 1;
}

#define GAME_LIMIT_MS 900000.0 /* a whole game, the console's thinking included */
#define SCREEN_MS 400.0        /* a look at each end screen before A */

int sim_autoplay_games(sim_t *s, sim_autoplay_io_t *io, unsigned games, unsigned human_level, double look_ms)
{
    for (unsigned g = 0; g < games; g++) {
        /* the game's start: its words scroll for several seconds; B skips them */
        const unsigned starts = sim_uart_count_lines(s, "start ");
        if (starts == 0) {
            io->fail(io->ctx, "autoplay-games needs a game that has started (a \"start ...\" line)");
            return 1;
        }
        if (!io->tap(io->ctx, SIM_BTN_B))
            return 1;
        /* a new game: the cursor in the middle of the human's home row */
        const char *start = sim_uart_last_line(s, "start ");
        const char *human = strstr(start, " human black");
        const bool black = human && human < strchr(start, '\n');
        io->cursor_is(io->ctx, rules_point(RULES_FILES / 2u, black ? RULES_ROWS - 1u : 0u));
        if (sim_autoplay(s, io, human_level, GAME_LIMIT_MS, look_ms) != 0)
            return 1;
        /* the end screens: A until the next game starts (the final
         * position, the result, and after the last game the match's) */
        for (int taps = 0; sim_uart_count_lines(s, "start ") == starts; taps++) {
            if (taps == 4) {
                io->fail(io->ctx, "autoplay-games: A did not lead from the end of the game to the next one");
                return 1;
            }
            if (!sim_run_until_ms(s, sim_now_ms(s) + (look_ms > SCREEN_MS ? look_ms : SCREEN_MS)) || !io->tap(io->ctx, SIM_BTN_A))
                return 1;
        }
        printf("autoplay-games: game %u of %u done\n", g + 1u, games);
    }
    return 0;
}
