/* The four rule sets as rows of data (docs/rules.md, the rule sets).
 * The rules core's table interface: the rows' flags and rules, for the rules
 * core and for the code that compiles a rule set into tables and search
 * decisions of its own: the AI (firmware/ai: its board, its budgets) and the
 * host generators and tuners (tools/aigen, tools/tune, tools/arena's frozen
 * reference player), and the tests of those. The game, storage, HAL and the
 * host programs use only set numbers and names (rules.h; ai.h passes this
 * header on for the AI's budgets); tests/layers.sh checks who includes it. */
#ifndef JARMO_RULES_SETS_H
#define JARMO_RULES_SETS_H

#include <stdint.h>
#include "rules.h"

/* flags */
#define RS_EXTRA_LINK 0x01u        /* b3-c3 exists */
#define RS_FORWARD_ONLY 0x02u      /* never to a row nearer the own camp */
#define RS_HOME_PROTECT 0x04u      /* own-first-row pieces capturable only as a last resort */
#define RS_MARK_OUTSIDE_CAMP 0x08u /* a capture marks only outside the victim's camp */
#define RS_RESERVE_IF_MARKED 0x10u /* a captured marked piece goes to the ready reserve, a plain one dies */
#define RS_RETURN_ON_ARRIVAL 0x20u /* a marked piece arriving in the enemy camp recovers one */
#define RS_RETURN_MAY_HOLD 0x40u   /* ...and may hold it instead of placing it now */
#define RS_CHAIN_ENDS_GAME 0x80u   /* both sides shuttling a full chain ends the game */

/* end rule: when has a side "finished"? */
#define RS_END_ON_BOARD 0u   /* all on-board pieces in the enemy camp (none counts) */
#define RS_END_NONEMPTY 1u   /* >= 1 piece, all in camp; or none on board and none ready */
#define RS_END_LIVING 2u     /* all living (board + ready) pieces in camp */

/* winner rule */
#define RS_WIN_SCORE 0u        /* higher score; equal is a draw */
#define RS_WIN_SCORE_CAMP 1u   /* higher score, then more pieces in the enemy camp */
#define RS_WIN_FINISHER 2u     /* the side that finished takes all (jasir) */

typedef struct {
    char name[RULES_SET_NAME_MAX];
    uint8_t flags;
    uint8_t chain_limit; /* a chain move making the chain this long is illegal; 0: none */
    uint8_t end_rule;
    uint8_t win_rule;
} rules_set_t;

uint8_t rules_set_flags(uint8_t set);
uint8_t rules_set_chain_limit(uint8_t set);
uint8_t rules_set_end_rule(uint8_t set);
uint8_t rules_set_win_rule(uint8_t set);

#endif
