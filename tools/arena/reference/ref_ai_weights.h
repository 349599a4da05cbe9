/* Evaluation weights, in centi-pieces. Shared by the AI (firmware/ref_ai_eval.c)
 * and the table generator (tools/aigen), which turns the per-point ones into
 * flash tables. Tuned on the host with build/host/jarmo-arena: tools/tune.sh
 * builds variants (each weight can be overridden with -D) and plays them
 * against a fixed opponent; the results are in docs/strength.md. */
#ifndef JARMO_REF_AI_WEIGHTS_H
#define JARMO_REF_AI_WEIGHTS_H

#ifndef REF_AI_W_PIECE
#define REF_AI_W_PIECE 100    /* a piece on the board (it scores 1) */
#endif
#ifndef REF_AI_W_CAMP
#define REF_AI_W_CAMP 100     /* more for a piece in the enemy camp (it scores 2) */
#endif
#ifndef REF_AI_W_STEP
#define REF_AI_W_STEP 14      /* per link step nearer to the enemy camp */
#endif
#ifndef REF_AI_W_STUCK
#define REF_AI_W_STUCK -20    /* a piece that can never reach the camp (jasir) */
#endif
#ifndef REF_AI_W_READY
#define REF_AI_W_READY 70     /* an owed / held / reserve piece: it can be placed */
#endif
#ifndef REF_AI_W_CAPTURED
#define REF_AI_W_CAPTURED 12  /* a captured piece a marked piece may bring back */
#endif
#ifndef REF_AI_W_MARK
#define REF_AI_W_MARK 18      /* a marked piece while a captured piece waits */
#endif
#ifndef REF_AI_W_PROMOTED
#define REF_AI_W_PROMOTED 15  /* jasir: a promoted piece lives on if captured */
#endif
#ifndef REF_AI_W_TEMPO
#define REF_AI_W_TEMPO 8      /* the side to move */
#endif

/* jasir is a race: the first side with every living piece in the enemy
 * camp takes all. A piece is worth the steps it still has to make (fewer
 * pieces left to bring home is good, so capturing can help the enemy). */
#ifndef REF_AI_W_RACE_PIECE
#define REF_AI_W_RACE_PIECE 10   /* a living piece (the winner scores 1 for each) */
#endif
#ifndef REF_AI_W_RACE_STEP
#define REF_AI_W_RACE_STEP 30    /* per step still to go */
#endif
#ifndef REF_AI_W_RACE_STUCK
#define REF_AI_W_RACE_STUCK -150 /* a piece that can never arrive */
#endif
#define REF_AI_W_RACE_READY (REF_AI_W_RACE_PIECE - 4 * REF_AI_W_RACE_STEP) /* placed, then 3 steps */

#endif
