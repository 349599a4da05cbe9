/* Writes the AI benchmark suite (tests/ai_suite.txt): positions from seeded
 * level-2 self-play games, 15 per rule set, and two hand-made positions with owed returns: openings, middlegames with
 * captures, and endgames with owed, held or reserve pieces. One position
 * text per line (docs/protocol.md) and a comment naming its kind. */
#include <stdio.h>

#include "ai/ai.h"
#include "rules/rules_text.h"
#include "rules/rules.h"

enum { OPENING, MIDDLE, ENDGAME, KINDS };
static const char *const kind_name[KINDS] = {"opening", "middlegame", "endgame"};
static const int wanted[KINDS] = {4, 6, 5};

static int kind_of(const rules_pos_t *p, int ply)
{
    const unsigned off = rules_captured(p, 0) + rules_captured(p, 1), ready = rules_ready(p, 0) + rules_ready(p, 1);
    if (ply <= 6)
        return OPENING;
    const unsigned on_board = rules_popcount(p->men[0]) + rules_popcount(p->men[1]);
    if (ready > 0 || (ply >= 20 && on_board <= 7))
        return ENDGAME;
    if (off > 0)
        return MIDDLE;
    return -1;
}

int main(void)
{
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        int have[KINDS] = {0, 0, 0};
        for (uint16_t game = 1; game < 400 && (have[0] < wanted[0] || have[1] < wanted[1] || have[2] < wanted[2]);
             game++) {
            rules_pos_t p;
            rules_init(&p, set, RULES_WHITE);
            int taken_this_game = 0;
            for (int ply = 0; ply < 120 && !rules_game_over(&p); ply++) {
                const int k = kind_of(&p, ply);
                /* at most two positions a game, a few plies apart */
                if (k >= 0 && have[k] < wanted[k] && taken_this_game < 2 && (ply + game) % 5 == 0) {
                    char text[RULES_POS_TEXT_MAX];
                    rules_pos_to_text(&p, text);
                    printf("%s # %s\n", text, kind_name[k]);
                    have[k]++;
                    taken_this_game++;
                }
                ai_stats_t st;
                rules_undo_t u;
                rules_make(&p, ai_choose(&p, 2, (uint16_t)(game * 131u + (unsigned)ply), NULL, NULL, &st), &u);
            }
        }
    }
    /* owed returns (classic, brainking): the home row is full, so a
     * recovering arrival owes its return; never seen in self-play */
    printf("b..../...W./...../...../bbbbw w classic 3,0 0,0 - - # endgame owed\n");
    printf("bw.../...../...../..w../bbbb. w brainking 2,1 0,0 - - # endgame owed\n");
    return 0;
}
