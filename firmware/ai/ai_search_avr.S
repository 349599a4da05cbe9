/* int16_t ai_quiesce_moves(uint8_t ply, int16_t alpha, int16_t beta,
 * uint8_t qleft) on the AVR, in assembler: quiescence's move loop, the
 * search's most called frame. Its twin is the C function of the same name
 * in ai_search.c (the host's); the AVR build must choose the same moves
 * with the same node counts as the host on every suite position at every
 * level (build/sim-scripts/avr-ai-same-as-host), so a step of this loop
 * that differs shows there.
 *
 * Why assembler: the compiled function saved 18 registers and set up a
 * frame at every call, and half its calls find no capture or arrival at
 * all; here the generator runs before the undo record's frame is made,
 * and saves no register of its own.
 *
 * The tactical moves go on the move stack (S.moves from S.used); each is
 * made, counted (ai_node_stop at the next poll or the budget), and its
 * child scored: outside jasir, and while the game goes on, by the child's
 * stand-pat score here (ai_evaluate_unblocked: the board's value for the
 * side to move, the tempo and the pieces off the board), and only when
 * that does not settle it by the child's own loop; in jasir (whose
 * blocked pieces may count), once the budget is spent, or when the game
 * has ended, by ai_quiesce. Then it is unmade, and alpha rises, up to a
 * cut-off at beta.
 *
 * Kept across calls: r8:r9 alpha, r4:r5 beta, r11 ply, r10 qleft (in
 * registers the tactical generator leaves alone, as it runs before the
 * rest is set: it saves none of its own, ai_tactical_moves_unsaved, since
 * this function saves them anyway), r13 the number of moves, r12 the moves
 * left, r16:r17 the move, r6:r7 the child's score v, Y the stack pointer
 * below the undo record (u = Y + 1).
 * avr-gcc ABI: arguments in r24, r23:r22, r21:r20, r18; result in r25:r24. */
#include <avr/io.h>

#include "ai_board_offsets.h"
#include "ai_search_offsets.h"
#include "ai_weights.h"

#define BOARD ai_board
#define SS ai_search_state

/* r7:r6 = -(r25:r24) */
.macro v_negated
    clr r6
    clr r7
    sub r6, r24
    sbc r7, r25
.endm

/* dst (a pair) = -src (a pair) */
.macro negated dst_lo, dst_hi, src_lo, src_hi
    clr \dst_lo
    clr \dst_hi
    sub \dst_lo, \src_lo
    sbc \dst_hi, \src_hi
.endm

/* r25:r24 = the move, r23:r22 = u */
.macro move_and_undo
    movw r30, r16
    ld r24, Z+
    ld r25, Z
    movw r22, r28
    subi r22, lo8(-1)
    sbci r23, hi8(-1)
.endm

    .section .text.ai_quiesce_moves,"ax",@progbits
    .global ai_quiesce_moves
    .type ai_quiesce_moves, @function
ai_quiesce_moves:
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    push r11
    push r12
    push r13
    push r14
    push r15
    push r16
    push r17
    push r28
    push r29
    mov r11, r24                    /* ply */
    movw r8, r22                    /* alpha */
    movw r4, r20                    /* beta */
    mov r10, r18                    /* qleft */
    lds r24, SS + AI_S_OFF_USED
    ldi r22, AI_ASM_STACK_MOVES
    sub r22, r24                    /* the room left on the move stack */
    ldi r30, lo8(SS + AI_S_OFF_MOVES)
    ldi r31, hi8(SS + AI_S_OFF_MOVES)
    add r30, r24
    adc r31, r1
    add r30, r24
    adc r31, r1
    movw r24, r30                   /* &S.moves[S.used] */
    call ai_tactical_moves_unsaved  /* saved above, with what this needs */
    subi r24, 1                     /* none (0) or no room (RULES_OVERFLOW): */
    cpi r24, AI_ASM_OVERFLOW - 1
    brlo 1f
    rjmp .Lq_stand_pat              /* ... the node stands pat */
1:  subi r24, -1
    mov r13, r24                    /* n */
    mov r12, r24                    /* the moves left */
    lds r25, SS + AI_S_OFF_USED
    ldi r16, lo8(SS + AI_S_OFF_MOVES)
    ldi r17, hi8(SS + AI_S_OFF_MOVES)
    add r16, r25
    adc r17, r1
    add r16, r25
    adc r17, r1                     /* the first move: &S.moves[S.used] */
    add r25, r24
    sts SS + AI_S_OFF_USED, r25
    rcall .                         /* the undo record: 7 bytes on the stack */
    rcall .
    rcall .
    push r1
    in r28, _SFR_IO_ADDR(SPL)
    in r29, _SFR_IO_ADDR(SPH)       /* u = Y + 1 */
    rjmp .Lq_move
/* v = -ai_quiesce(ply + 1, -beta, -alpha, qleft - 1) */
.Lq_quiesce:
    mov r24, r11
    subi r24, -1
    negated r22, r23, r4, r5
    negated r20, r21, r8, r9
    mov r18, r10
    dec r18
    call ai_quiesce
    rjmp .Lq_v
.Lq_move:
    move_and_undo
    call ai_make
    /* count_node(): one more node */
    lds r24, SS + AI_S_OFF_LEFT
    lds r25, SS + AI_S_OFF_LEFT + 1
    sbiw r24, 1
    sts SS + AI_S_OFF_LEFT + 1, r25
    sts SS + AI_S_OFF_LEFT, r24
    brne 1f
    call ai_node_stop               /* a poll, or the budget spent */
1:  lds r20, BOARD + AI_OFF_FLAGS
    sbrc r20, AI_ASM_RESERVE_IF_MARKED_BIT
    rjmp .Lq_quiesce                /* jasir: the child's own quiesce() */
    lds r24, SS + AI_S_OFF_ABORT
    tst r24
    brne .Lq_quiesce                /* spent: ai_quiesce returns at once */
    /* the game ended? ai_ended_by_condition's common answer inline */
    lds r24, BOARD + AI_OFF_COUNT
    lds r25, BOARD + AI_OFF_IN_CAMP
    cp r24, r25
    breq .Lq_ended
    lds r24, BOARD + AI_OFF_COUNT + 1
    lds r25, BOARD + AI_OFF_IN_CAMP + 1
    cp r24, r25
    breq .Lq_ended
    sbrs r20, AI_ASM_CHAIN_ENDS_GAME_BIT
    rjmp .Lq_stand
    lds r24, BOARD + AI_OFF_HAND
    lds r25, BOARD + AI_OFF_HAND + 1
    and r24, r25
    andi r24, 0xC0
    cpi r24, 0xC0                   /* both chains full */
    brne .Lq_stand
.Lq_ended:
    call ai_ended_slow
    tst r24
    breq .Lq_stand
    rjmp .Lq_quiesce                /* ended: ai_quiesce scores it */
.Lq_stand:
    /* the child's stand-pat score: ai_evaluate_unblocked() */
    clr r6
    clr r7
    lds r24, BOARD + AI_OFF_HAND
    lds r25, BOARD + AI_OFF_HAND + 1
    or r24, r25
    andi r24, 0x3F
    breq 2f                         /* nothing off the board */
    call ai_off_board_diff
    movw r6, r24
2:  lds r24, BOARD + AI_OFF_VALUE
    lds r25, BOARD + AI_OFF_VALUE + 1   /* White's lead ... */
    lds r18, BOARD + AI_OFF_STM
    tst r18
    breq 3f
    com r25                         /* ... or Black's */
    neg r24
    sbci r25, 0xFF
3:  adiw r24, AI_W_TEMPO
    add r24, r6
    adc r25, r7                     /* stand */
    negated r18, r19, r8, r9      /* -alpha */
    cp r24, r18
    cpc r25, r19
    brge .Lq_v                      /* the child stands pat: v = -stand */
    negated r18, r19, r4, r5      /* -beta */
    cp r24, r18
    cpc r25, r19
    brge 4f
    movw r24, r18                   /* the child's alpha: max(stand, -beta) */
4:  mov r18, r10
    cpi r18, 1
    breq .Lq_v                      /* the last quiescence ply */
    mov r18, r11
    subi r18, -1
    cpi r18, AI_ASM_MAX_PLY
    brsh .Lq_v                      /* the deepest ply */
    /* v = -ai_quiesce_moves(ply + 1, child's alpha, -alpha, qleft - 1) */
    movw r22, r24
    negated r20, r21, r8, r9
    mov r24, r18
    mov r18, r10
    dec r18
    rcall ai_quiesce_moves
.Lq_v:
    v_negated
.Lq_unmake:
    move_and_undo
    call ai_unmake
    /* v > alpha: alpha = v, and a cut-off at beta */
    cp r8, r6
    cpc r9, r7
    brge 5f
    movw r8, r6
    cp r8, r4
    cpc r9, r5
    brge .Lq_done
5:  subi r16, lo8(-2)
    sbci r17, hi8(-2)               /* the next move */
    dec r12
    breq .Lq_done
    lds r24, SS + AI_S_OFF_ABORT
    tst r24
    brne .Lq_done
    rjmp .Lq_move
.Lq_done:
    lds r24, SS + AI_S_OFF_USED
    sub r24, r13
    sts SS + AI_S_OFF_USED, r24
    pop r0                          /* the undo record */
    pop r0
    pop r0
    pop r0
    pop r0
    pop r0
    pop r0
.Lq_stand_pat:
    movw r24, r8                    /* alpha */
    pop r29
    pop r28
    pop r17
    pop r16
    pop r15
    pop r14
    pop r13
    pop r12
    pop r11
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    ret
    .size ai_quiesce_moves, . - ai_quiesce_moves
