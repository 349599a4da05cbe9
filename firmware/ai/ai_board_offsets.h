/* Where ai_board_avr.S finds the AI board's fields: byte offsets of
 * ai_board_t (ai_board.h) and ai_undo_t on the AVR, and the bits it tests.
 * ai_board.c checks every number against the C layout at compile time, so
 * a change to the structs that forgets this file does not build. Plain
 * #defines: the assembler reads this file too. */
#ifndef JARMO_AI_BOARD_OFFSETS_H
#define JARMO_AI_BOARD_OFFSETS_H

#define AI_OFF_CELL 0         /* cell[RULES_POINTS] */
#define AI_OFF_PIECE 25       /* piece[2][AI_SIDE_PIECES] */
#define AI_OFF_COUNT 35       /* count[2] */
#define AI_OFF_IN_CAMP 37     /* in_camp[2] */
#define AI_OFF_MARKS 39       /* marks[2] */
#define AI_OFF_HAND 41        /* hand[2] */
#define AI_OFF_CHAIN_FROM 43  /* chain_from[2] */
#define AI_OFF_CHAIN_TO 45    /* chain_to[2] */
#define AI_OFF_STM 47         /* stm */
#define AI_OFF_VALUE 48       /* value, int16_t */
#define AI_OFF_FLAGS 51       /* flags */
#define AI_OFF_CHAIN_LIMIT 52 /* chain_limit */
#define AI_OFF_WIN_RULE 54    /* win_rule */
#define AI_OFF_LINKS 55       /* links[2], flash pointers */
#define AI_OFF_VALUES 59      /* values[2], flash pointers */

#define AI_UNDO_OFF_HAND 0
#define AI_UNDO_OFF_CHAIN_FROM 2
#define AI_UNDO_OFF_CHAIN_TO 3
#define AI_UNDO_OFF_FLAGS 4
#define AI_UNDO_OFF_VALUE 5   /* int16_t */
#define AI_ASM_UNDO_MOVER_MARKED_BIT 0  /* AI_UNDO_MOVER_MARKED */
#define AI_ASM_UNDO_VICTIM_MARKED_BIT 1 /* AI_UNDO_VICTIM_MARKED */
#define AI_ASM_UNDO_MARKED_AFTER 0x04   /* AI_UNDO_MARKED_AFTER */
#define AI_ASM_UNDO_MARKED_AFTER_BIT 2

#define AI_ASM_SIDE_PIECES 5        /* AI_SIDE_PIECES */
#define AI_ASM_CELL_MARK_BIT 2      /* AI_CELL_MARK */
#define AI_ASM_CELL_SLOT 0x70       /* AI_CELL_SLOT, shift 4 */
#define AI_ASM_RETURN_ON_ARRIVAL_BIT 5 /* RS_RETURN_ON_ARRIVAL */
#define AI_ASM_RESERVE_IF_MARKED_BIT 4 /* RS_RESERVE_IF_MARKED */
#define AI_ASM_MARK_OUTSIDE_CAMP_BIT 3 /* RS_MARK_OUTSIDE_CAMP */
#define AI_ASM_RETURN_MAY_HOLD_BIT 6   /* RS_RETURN_MAY_HOLD */
#define AI_ASM_HOME_PROTECT_BIT 2      /* RS_HOME_PROTECT */
#define AI_ASM_HAND_READY_ONE 0x08  /* the hand byte's ready count, one */
#define AI_ASM_HAND_POINT 25        /* RULES_HAND_POINT */
#define AI_ASM_NO_POINT 31          /* RULES_NO_POINT */
#define AI_ASM_HAND_CAPTURED 0x07   /* the hand byte's captured count */
#define AI_ASM_PLAIN_HIGH 0x7C      /* high byte of a plain step: no capture, return point RULES_NO_POINT */
#define AI_ASM_CAPTURE_HIGH 0xFC    /* ... of a capture without a return point */
#define AI_ASM_CAMP_WHITE 20        /* White's enemy camp: points 20-24 */
#define AI_ASM_CAMP_BLACK_END 5     /* Black's: points 0-4 (RULES_FILES points a camp) */
#define AI_ASM_LINK_END 0xFF        /* AI_LINK_END */
#define AI_ASM_WIN_FINISHER 2       /* RS_WIN_FINISHER */
#define AI_ASM_OVERFLOW 0xFF       /* RULES_OVERFLOW */
/* the generator's G (ai_board.c): the banned step's to-point */
#define AI_ASM_G_BANNED_TO 1
#define AI_ASM_LIST_OFF_N 2         /* rules_move_list_t: buf, then n, then cap */

#endif
