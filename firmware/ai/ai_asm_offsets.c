/* The numbers ai_board_avr.S uses, generated from the C layout (the Linux
 * kernel's asm-offsets pattern): compiled for the AVR with -S only, each
 * OFFSET/VALUE leaves a line "->NAME value" in the assembly, which
 * firmware/firmware.mk turns into #defines in build/gen/ai_asm_offsets.h. A
 * change to the structs or the bits changes the header; nothing is kept
 * by hand. Never linked. */
#include <stddef.h>

#include "ai_board.h"

#define VALUE(name, value) __asm__ volatile("\n->" #name " %0" ::"i"((int)(value)))
#define OFFSET(name, type, field) VALUE(name, offsetof(type, field))
#define BIT(name, mask) VALUE(name, __builtin_ctz(mask))

/* the move as the assembler decodes it: 16 bits in r25:r24, from in bits
 * 0-4, to in 5-9, the return point in 10-14, the capture flag in 15 (not
 * a number it reads, but a layout its shifts assume) */
_Static_assert(sizeof(rules_move_t) == 2u && RULES_MOVE(31u, 0u, 0u, 0) == 0x001Fu &&
                   RULES_MOVE(0u, 31u, 0u, 0) == 0x03E0u && RULES_MOVE(0u, 0u, 1u, 0) == 0x0400u &&
                   RULES_MOVE(0u, 0u, 0u, 1) == 0x8000u,
               "ai_board_avr.S decodes moves in this layout");
/* it multiplies a side by AI_SIDE_PIECES as (s << 2) + s, and writes a
 * side's cell bits as side + 1, camps as points 20-24 and 0-4 */
_Static_assert(AI_SIDE_PIECES == 5u && AI_CELL_WHITE == RULES_WHITE + 1u && AI_CELL_BLACK == RULES_BLACK + 1u &&
                   RULES_WHITE == 0 && AI_CELL_SLOT_SHIFT == 4u && (AI_UNDO_MARKED_AFTER & AI_CELL_SLOT) == 0u &&
                   sizeof(ai_board.links[0]) == 2u && sizeof(*ai_board.values[0]) == 2u &&
                   (AI_PLAIN_STEP_BITS >> 8) == 0xFCu,
               "ai_board_avr.S assumes these");

void ai_asm_offsets(void);
void ai_asm_offsets(void)
{
    OFFSET(AI_OFF_CELL, ai_board_t, cell);
    OFFSET(AI_OFF_PIECE, ai_board_t, piece);
    OFFSET(AI_OFF_COUNT, ai_board_t, count);
    OFFSET(AI_OFF_IN_CAMP, ai_board_t, in_camp);
    OFFSET(AI_OFF_MARKS, ai_board_t, marks);
    OFFSET(AI_OFF_HAND, ai_board_t, hand);
    OFFSET(AI_OFF_CHAIN_FROM, ai_board_t, chain_from);
    OFFSET(AI_OFF_CHAIN_TO, ai_board_t, chain_to);
    OFFSET(AI_OFF_STM, ai_board_t, stm);
    OFFSET(AI_OFF_VALUE, ai_board_t, value);
    OFFSET(AI_OFF_FLAGS, ai_board_t, flags);
    OFFSET(AI_OFF_CHAIN_LIMIT, ai_board_t, chain_limit);
    OFFSET(AI_OFF_LINKS, ai_board_t, links);
    OFFSET(AI_OFF_VALUES, ai_board_t, values);
    OFFSET(AI_UNDO_OFF_HAND, ai_undo_t, hand);
    OFFSET(AI_UNDO_OFF_CHAIN_FROM, ai_undo_t, chain_from);
    OFFSET(AI_UNDO_OFF_CHAIN_TO, ai_undo_t, chain_to);
    OFFSET(AI_UNDO_OFF_FLAGS, ai_undo_t, flags);
    OFFSET(AI_UNDO_OFF_VALUE, ai_undo_t, value);
    OFFSET(AI_ASM_G_BANNED_TO, ai_gen_rules_t, banned_to);
    OFFSET(AI_ASM_LIST_OFF_N, rules_move_list_t, n);
    BIT(AI_ASM_UNDO_MOVER_MARKED_BIT, AI_UNDO_MOVER_MARKED);
    BIT(AI_ASM_UNDO_VICTIM_MARKED_BIT, AI_UNDO_VICTIM_MARKED);
    VALUE(AI_ASM_UNDO_MARKED_AFTER, AI_UNDO_MARKED_AFTER);
    BIT(AI_ASM_UNDO_MARKED_AFTER_BIT, AI_UNDO_MARKED_AFTER);
    VALUE(AI_ASM_SIDE_PIECES, AI_SIDE_PIECES);
    BIT(AI_ASM_CELL_MARK_BIT, AI_CELL_MARK);
    VALUE(AI_ASM_CELL_SLOT, AI_CELL_SLOT);
    BIT(AI_ASM_RETURN_ON_ARRIVAL_BIT, RS_RETURN_ON_ARRIVAL);
    BIT(AI_ASM_RESERVE_IF_MARKED_BIT, RS_RESERVE_IF_MARKED);
    BIT(AI_ASM_MARK_OUTSIDE_CAMP_BIT, RS_MARK_OUTSIDE_CAMP);
    BIT(AI_ASM_RETURN_MAY_HOLD_BIT, RS_RETURN_MAY_HOLD);
    BIT(AI_ASM_HOME_PROTECT_BIT, RS_HOME_PROTECT);
    VALUE(AI_ASM_HAND_READY_ONE, AI_HAND_READY_ONE);
    VALUE(AI_ASM_HAND_CAPTURED, AI_HAND_CAPTURED);
    VALUE(AI_ASM_HAND_POINT, RULES_HAND_POINT);
    VALUE(AI_ASM_NO_POINT, RULES_NO_POINT);
    VALUE(AI_ASM_PLAIN_HIGH, AI_PLAIN_STEP >> 8);
    VALUE(AI_ASM_CAPTURE_HIGH, RULES_MOVE(0u, 0u, RULES_NO_POINT, 1) >> 8);
    VALUE(AI_ASM_CAMP_WHITE, RULES_POINTS - RULES_FILES);
    VALUE(AI_ASM_CAMP_BLACK_END, RULES_FILES);
    VALUE(AI_ASM_LINK_END, AI_LINK_END);
    VALUE(AI_ASM_OVERFLOW, RULES_OVERFLOW);
}
