/* Where ai_search_avr.S finds the search's state: byte offsets of
 * ai_search.c's state struct on the AVR and the numbers the quiescence
 * loop needs. ai_search.c checks each against the C layout at compile
 * time. Plain #defines: the assembler reads this file too. */
#ifndef JARMO_AI_SEARCH_OFFSETS_H
#define JARMO_AI_SEARCH_OFFSETS_H

#define AI_S_OFF_LEFT 8    /* left: uint16_t, nodes until the next stop */
#define AI_S_OFF_ABORT 10  /* abort: bool */
#define AI_S_OFF_QDEPTH 11 /* qdepth: uint8_t, the level's quiescence plies */
#define AI_S_OFF_USED 12   /* used: uint8_t, entries of moves[] in use */
#define AI_S_OFF_REPLY_FLOOR 13 /* reply_floor: int16_t, the horizon node's */
#define AI_S_OFF_MOVES 15  /* moves[AI_STACK_MOVES] */
#define AI_S_OFF_KILLER 159 /* killer[AI_MAX_PLY] */

#define AI_ASM_STACK_MOVES 72          /* AI_STACK_MOVES */
#define AI_ASM_MAX_PLY 9               /* AI_MAX_PLY */
#define AI_ASM_CHAIN_ENDS_GAME_BIT 7   /* RS_CHAIN_ENDS_GAME */
#define AI_ASM_INF 30000               /* AI_INF: -AI_INF is "no move searched yet" */

#endif
