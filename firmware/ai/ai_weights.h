/* Evaluation weights, in centi-pieces. Shared by the AI (firmware/ai/ai_eval.*)
 * and the table generator (tools/aigen), which turns the per-point ones into
 * flash tables. CAMP, STEP, CAPTURED and TEMPO are fitted to 40,000 games
 * of level 6 against itself (build/host/jarmo-texel, docs/ai.md "Tuned by
 * data"); the others were tuned by play: tools/tune.sh builds variants
 * (each weight can be overridden with -D) and plays them against a fixed
 * opponent, the AI of another commit among them; docs/strength.md. */
#ifndef JARMO_AI_WEIGHTS_H
#define JARMO_AI_WEIGHTS_H

#ifndef AI_W_PIECE
#define AI_W_PIECE 100    /* a piece on the board (it scores 1) */
#endif
#ifndef AI_W_CAMP
#define AI_W_CAMP 29      /* a piece in the enemy camp: 100 + 29, less than one a step
                           * away (100 + 2 x 26): the fit found that piece worth more,
                           * as it can still arrive and meanwhile fights; the game's
                           * end and the returns make arriving pay (fitted; by hand
                           * 100, when arriving added 72) */
#endif
#ifndef AI_W_STEP
#define AI_W_STEP 26      /* per link step nearer to the enemy camp (fitted; 14 by hand) */
#endif
#ifndef AI_W_STUCK
#define AI_W_STUCK -20    /* a piece that can never reach the camp (jasir) */
#endif
#ifndef AI_W_READY
#define AI_W_READY 90     /* an owed / held / reserve piece: it can be placed */
#endif
#ifndef AI_W_CAPTURED
#define AI_W_CAPTURED -100 /* a captured piece a marked piece may bring back: it is
                             * still a piece lost (fitted; +12 by hand) */
#endif
#ifndef AI_W_MARK
#define AI_W_MARK 40      /* a marked piece while a captured piece waits */
#endif
#ifndef AI_W_PROMOTED
#define AI_W_PROMOTED 15  /* jasir: a promoted piece lives on if captured */
#endif
#ifndef AI_W_TEMPO
#define AI_W_TEMPO 7      /* the side to move (fitted; 8 by hand) */
#endif

/* jasir is a race: the first side with every living piece in the enemy
 * camp takes all. A piece is worth the steps it still has to make (fewer
 * pieces left to bring home is good, so capturing can help the enemy). */
#ifndef AI_W_RACE_PIECE
#define AI_W_RACE_PIECE 10   /* a living piece (the winner scores 1 for each) */
#endif
#ifndef AI_W_RACE_STEP
#define AI_W_RACE_STEP 60    /* per step still to go */
#endif
#ifndef AI_W_RACE_STUCK
#define AI_W_RACE_STUCK -150 /* a piece that can never arrive */
#endif
#ifndef AI_W_RACE_BLOCKED
#define AI_W_RACE_BLOCKED 35 /* less for a piece with no empty point to step to (issue 11: docs/strength.md) */
#endif
/* the search's bound on a quiet step's reply (ai_search.c, quiet_reply_floor)
 * counts the blocked pieces as a loss of at most this much a piece */
_Static_assert(AI_W_RACE_BLOCKED >= 0, "quiet_reply_floor assumes blocked pieces never count for their side");
#define AI_W_RACE_READY (AI_W_RACE_PIECE - 4 * AI_W_RACE_STEP) /* placed, then 3 steps */

#endif
