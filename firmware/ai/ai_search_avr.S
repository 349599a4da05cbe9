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

#include "ai_asm.h"
#include "ai_board_offsets.h"
#include "ai_search_offsets.h"
#include "ai_weights.h"

#define BOARD ai_board
#define SS ai_search_state

/* the registers each function saves, and in the order they come back */
#define QUIESCE_MOVES_SAVED 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
#define QUIESCE_MOVES_SAVED_REVERSED 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4
#define NEGAMAX_SAVED 2, 3, QUIESCE_MOVES_SAVED
#define NEGAMAX_SAVED_REVERSED QUIESCE_MOVES_SAVED_REVERSED, 3, 2


/* dst (a pair) = -src (a pair) */
.macro negated dst_lo, dst_hi, src_lo, src_hi
    clr \dst_lo
    clr \dst_hi
    sub \dst_lo, \src_lo
    sbc \dst_hi, \src_hi
.endm

/* count_node(): one more node; ai_node_stop at the next poll or the
 * budget (clobbers what a C function may) */
.macro count_node
    lds r24, SS + AI_S_OFF_LEFT
    lds r25, SS + AI_S_OFF_LEFT + 1
    sbiw r24, 1
    sts SS + AI_S_OFF_LEFT + 1, r25
    sts SS + AI_S_OFF_LEFT, r24
    brne 99f
    call ai_node_stop               /* a poll, or the budget spent */
99:
.endm

/* ai_ended_by_condition(), its common answer inline: on to not_ended
 * when both sides still have pieces on the way and shuttling cannot end
 * the game (the rule set does not end it so, or a chain is not full);
 * else ai_ended_slow decides, on to slow_not_ended (r20 lost) when the
 * game goes on; falls through when it has ended. r20: the rule set's
 * flags; changes r24, r25 (and what a C function may, on the slow way). */
.macro ended_test not_ended, slow_not_ended
    lds r24, BOARD + AI_OFF_COUNT
    lds r25, BOARD + AI_OFF_IN_CAMP
    cp r24, r25
    breq 97f
    lds r24, BOARD + AI_OFF_COUNT + 1
    lds r25, BOARD + AI_OFF_IN_CAMP + 1
    cp r24, r25
    breq 97f
    sbrs r20, AI_ASM_CHAIN_ENDS_GAME_BIT
    rjmp \not_ended
    lds r24, BOARD + AI_OFF_HAND
    lds r25, BOARD + AI_OFF_HAND + 1
    and r24, r25
    andi r24, 0xC0
    cpi r24, 0xC0                   /* both chains full */
    brne \not_ended
97: call ai_ended_slow
    tst r24
    breq \slow_not_ended
.endm

/* r25:r24 = ai_evaluate_unblocked(): the board's value for the side to
 * move (White's lead, or its negation), the tempo, and the off-board part
 * in lo:hi; r18 = the side to move */
.macro stand_pat lo, hi
    lds r24, BOARD + AI_OFF_VALUE
    lds r25, BOARD + AI_OFF_VALUE + 1   /* White's lead ... */
    lds r18, BOARD + AI_OFF_STM
    tst r18
    breq 98f
    com r25                         /* ... or Black's */
    neg r24
    sbci r25, 0xFF
98: adiw r24, AI_W_TEMPO
    add r24, \lo
    adc r25, \hi                   /* stand */
.endm

/* r24 = ai_tactical_moves(&S.moves[S.used], room left): the generator
 * that saves none of r6, r7, r12-r17, r28, r29 (the callers save them) */
.macro generate_tactical
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
    call ai_tactical_moves_unsaved
.endm

/* the r24 moves just generated claimed: r17:r16 = the first of them,
 * S.used += r24 */
.macro claim_moves
    lds r25, SS + AI_S_OFF_USED
    ldi r16, lo8(SS + AI_S_OFF_MOVES)
    ldi r17, hi8(SS + AI_S_OFF_MOVES)
    add r16, r25
    adc r17, r1
    add r16, r25
    adc r17, r1                     /* &S.moves[S.used] */
    add r25, r24
    sts SS + AI_S_OFF_USED, r25
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
    .irp r, QUIESCE_MOVES_SAVED
    push r\r
    .endr
    mov r11, r24                    /* ply */
    movw r8, r22                    /* alpha */
    movw r4, r20                    /* beta */
    mov r10, r18                    /* qleft */
    generate_tactical
    subi r24, 1                     /* none (0) or no room (RULES_OVERFLOW): */
    cpi r24, AI_ASM_OVERFLOW - 1
    brlo 1f
    rjmp .Lq_stand_pat              /* ... the node stands pat */
1:  subi r24, -1
    mov r13, r24                    /* n */
    mov r12, r24                    /* the moves left */
    claim_moves
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
    count_node
    lds r20, BOARD + AI_OFF_FLAGS
    sbrc r20, AI_ASM_RESERVE_IF_MARKED_BIT
    rjmp .Lq_quiesce                /* jasir: the child's own quiesce() */
    lds r24, SS + AI_S_OFF_ABORT
    tst r24
    brne .Lq_quiesce                /* spent: ai_quiesce returns at once */
    /* the game ended? */
    ended_test .Lq_stand, .Lq_stand
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
2:  stand_pat r6, r7
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
    negated r6, r7, r24, r25        /* v */
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
    .irp r, QUIESCE_MOVES_SAVED_REVERSED
    pop r\r
    .endr
    ret
    .size ai_quiesce_moves, . - ai_quiesce_moves

/* int16_t ai_negamax(uint8_t depth, uint8_t ply, int16_t alpha, int16_t
 * beta) on the AVR, in assembler: the C function of the same name in
 * ai_search.c is its twin (the host's), step for step, and the AVR build
 * must choose the host's moves with the host's node counts on the whole
 * suite. Alpha-beta with its moves in stages: the tactical moves
 * (generated first), the ply's killer when it is legal here, then the
 * quiet moves (generated only when neither cut the node off, the killer
 * skipped among them); at the horizon (depth 1), once past the tactical
 * moves, a quiet step whose reply would stand pat at once is counted and
 * scored without being made (S.reply_floor less the step's piece-square
 * gain); after the first move searched, principal variation search
 * (a null window, searched again when a move proves better).
 *
 * Kept across calls: r2:r3 alpha, r4:r5 beta, r6:r7 best (-AI_INF: none
 * searched yet), r8:r9 v, r10 depth, r11 ply, r12 the stage (bits: 0 the
 * killer's, 1 the quiet moves', 2 at the horizon; 0 the tactical moves'),
 * r13 the moves left on the list, r14:r15 the move, r16:r17 the next
 * move on the list, Y the frame: u at Y+1 (7 bytes), n (the list's
 * length) at Y+8, the killer at Y+9 (once the quiet moves are listed). */
#define STAGE_KILLER_BIT 0
#define STAGE_QUIET_BIT 1
#define STAGE_HORIZON_BIT 2
#define NEGAMAX_FRAME 10

    .section .text.ai_negamax,"ax",@progbits
    .global ai_negamax
    .type ai_negamax, @function
ai_negamax:
    lds r25, SS + AI_S_OFF_ABORT
    tst r25
    breq 1f
    clr r24                         /* spent: the value is thrown away */
    clr r25
    ret
1:  tst r24
    brne 2f
    /* depth 0: ai_quiesce(ply, alpha, beta, S.qdepth), in its place */
    mov r24, r22
    movw r22, r20
    movw r20, r18
    lds r18, SS + AI_S_OFF_QDEPTH
    jmp ai_quiesce
2:
    .irp r, NEGAMAX_SAVED
    push r\r
    .endr
    mov r10, r24                    /* depth */
    mov r11, r22                    /* ply */
    movw r2, r20                    /* alpha */
    movw r4, r18                    /* beta */
    /* the game ended? */
    lds r20, BOARD + AI_OFF_FLAGS
    ended_test .Ln_tactical, .Ln_tactical
.Ln_terminal:
    mov r24, r11
    call ai_terminal
    rjmp .Ln_pop
.Ln_leaf:                           /* too deep, or no room: a leaf */
    call ai_evaluate_board
    rjmp .Ln_pop
.Ln_tactical:
    mov r24, r11
    cpi r24, AI_ASM_MAX_PLY
    brsh .Ln_leaf
    generate_tactical
    cpi r24, AI_ASM_OVERFLOW
    breq .Ln_leaf
    mov r13, r24                    /* the moves left: n */
    claim_moves
    in r28, _SFR_IO_ADDR(SPL)
    in r29, _SFR_IO_ADDR(SPH)
    sbiw r28, NEGAMAX_FRAME
    in r0, _SFR_IO_ADDR(SREG)
    cli
    out _SFR_IO_ADDR(SPH), r29
    out _SFR_IO_ADDR(SREG), r0
    out _SFR_IO_ADDR(SPL), r28
    std Y + 8, r24                  /* n */
    clr r12                         /* the tactical moves' stage */
    ldi r24, lo8(-AI_ASM_INF)
    mov r6, r24
    ldi r24, hi8(-AI_ASM_INF)
    mov r7, r24                     /* best: none yet */
.Ln_next:
    tst r13
    breq .Ln_listed
    dec r13
    movw r30, r16
    ld r14, Z+
    ld r15, Z+
    movw r16, r30                   /* move = m[i++] */
    sbrs r12, STAGE_QUIET_BIT
    rjmp .Ln_try
    ldd r24, Y + 9
    ldd r25, Y + 10
    cp r14, r24
    cpc r15, r25
    breq .Ln_next                   /* the killer: searched before the quiet moves */
    rjmp .Ln_try
/* the list is done: the next stage */
.Ln_listed:
    tst r12
    breq .Ln_killer
    sbrc r12, STAGE_KILLER_BIT
    rjmp .Ln_quiet
    rjmp .Ln_end                    /* the quiet moves are done */
/* after the tactical moves: the killer, when it is legal here; at the
 * horizon, where no quiet step can end the game, the replies' floor */
.Ln_killer:
    inc r12                         /* the killer's stage */
    mov r24, r10
    cpi r24, 1
    brne 3f
    /* ai_quiet_steps_cannot_end(): the other side's chain is not full and
     * shuttling, or the rule set does not end the game on it */
    lds r24, BOARD + AI_OFF_FLAGS
    sbrs r24, AI_ASM_CHAIN_ENDS_GAME_BIT
    rjmp 2f
    lds r24, BOARD + AI_OFF_STM
    ldi r30, lo8(BOARD + 1)
    ldi r31, hi8(BOARD + 1)
    sub r30, r24
    sbc r31, r1                     /* Z = the board + the other side */
    ldd r24, Z + AI_OFF_HAND
    andi r24, 0xC0
    cpi r24, 0xC0
    brne 2f
    ldd r24, Z + AI_OFF_CHAIN_FROM
    cpi r24, AI_ASM_NO_POINT
    brne 3f                         /* a quiet step may end the game */
2:  call ai_quiet_reply_floor
    sts SS + AI_S_OFF_REPLY_FLOOR, r24
    sts SS + AI_S_OFF_REPLY_FLOOR + 1, r25
    ldi r24, (1 << STAGE_KILLER_BIT) | (1 << STAGE_HORIZON_BIT)
    mov r12, r24
3:  rcall .Ln_killer_z
    ld r14, Z+
    ld r15, Z                       /* move = S.killer[ply] */
    movw r24, r14
    call ai_quiet_move_is_legal
    tst r24
    breq .Ln_next
    rjmp .Ln_try
/* after the killer: the quiet moves, on the list after the tactical ones */
.Ln_quiet:
    mov r24, r12
    andi r24, 1 << STAGE_HORIZON_BIT
    ori r24, 1 << STAGE_QUIET_BIT
    mov r12, r24
    rcall .Ln_killer_z
    ld r24, Z+
    ld r25, Z
    std Y + 9, r24
    std Y + 10, r25                 /* the killer, to skip */
    ldd r21, Y + 8
    clr r20
    tst r21
    breq 4f
    ldi r20, 1                      /* after tactical moves: n != 0 */
4:  lds r24, SS + AI_S_OFF_USED
    ldi r22, AI_ASM_STACK_MOVES
    sub r22, r24
    movw r30, r16
    movw r24, r30                   /* m + n: the next free entry */
    call ai_quiet_moves
    cpi r24, AI_ASM_OVERFLOW
    brne 5f
    /* no room on the move stack: a leaf if nothing was searched */
    ldi r24, lo8(-AI_ASM_INF)
    cp r6, r24
    ldi r24, hi8(-AI_ASM_INF)
    cpc r7, r24
    breq 6f
    rjmp .Ln_end
6:  call ai_evaluate_board
    movw r6, r24
    rjmp .Ln_end
5:  mov r13, r24                    /* the moves left: q */
    ldd r25, Y + 8
    add r25, r24
    std Y + 8, r25                  /* n += q */
    lds r25, SS + AI_S_OFF_USED
    add r25, r24
    sts SS + AI_S_OFF_USED, r25
    ldd r25, Y + 8
    tst r25
    breq 7f
    rjmp .Ln_next
7:  rcall .Ln_free                  /* no move: the game has ended */
    rjmp .Ln_terminal
/* the move r15:r14 */
.Ln_try:
    sbrc r12, STAGE_HORIZON_BIT
    rjmp .Ln_horizon
.Ln_make:
    movw r24, r14
    movw r22, r28
    subi r22, lo8(-1)
    sbci r23, hi8(-1)               /* u */
    call ai_make
    count_node
    ldi r24, lo8(-AI_ASM_INF)
    cp r6, r24
    ldi r24, hi8(-AI_ASM_INF)
    cpc r7, r24
    brne 9f
    /* the first move searched: the full window */
    negated r22, r23, r4, r5
    negated r20, r21, r2, r3
    rcall .Ln_search
    rjmp .Ln_unmake
    /* the others: a null window first, the full one when it proves better */
9:  movw r22, r2
    com r22
    com r23                         /* -alpha - 1 */
    negated r20, r21, r2, r3
    rcall .Ln_search
    cp r2, r8
    cpc r3, r9
    brge .Ln_unmake                 /* v <= alpha */
    cp r8, r4
    cpc r9, r5
    brge .Ln_unmake                 /* v >= beta */
    lds r24, SS + AI_S_OFF_ABORT
    tst r24
    brne .Ln_unmake
    negated r22, r23, r4, r5
    negated r20, r21, r2, r3
    rcall .Ln_search
.Ln_unmake:
    movw r24, r14
    movw r22, r28
    subi r22, lo8(-1)
    sbci r23, hi8(-1)
    call ai_unmake
    lds r24, SS + AI_S_OFF_ABORT
    tst r24
    brne .Ln_end
.Ln_scored:
    cp r6, r8
    cpc r7, r9
    brge 1f
    movw r6, r8                     /* best = v */
1:  cp r2, r8
    cpc r3, r9
    brlt 2f
    rjmp .Ln_next                   /* v <= alpha */
2:  movw r2, r8                     /* alpha = v */
    cp r2, r4
    cpc r3, r5
    brge 3f
    rjmp .Ln_next
    /* a cut-off: a quiet move (not a shielded capture) is the killer */
3:  tst r12
    breq .Ln_end
    sbrc r15, 7
    rjmp .Ln_end
    rcall .Ln_killer_z
    st Z+, r14
    st Z, r15
.Ln_end:
    lds r24, SS + AI_S_OFF_USED
    ldd r25, Y + 8
    sub r24, r25
    sts SS + AI_S_OFF_USED, r24     /* S.used -= n */
    rcall .Ln_free
    movw r24, r6                    /* best */
.Ln_pop:
    .irp r, NEGAMAX_SAVED_REVERSED
    pop r\r
    .endr
    ret
/* the frame freed (Y back to the stack pointer above it); keeps r24, r25 */
.Ln_free:
    pop r30                         /* this call's return address */
    pop r31
    adiw r28, NEGAMAX_FRAME
    in r0, _SFR_IO_ADDR(SREG)
    cli
    out _SFR_IO_ADDR(SPH), r29
    out _SFR_IO_ADDR(SREG), r0
    out _SFR_IO_ADDR(SPL), r28
    push r31
    push r30
    ret
/* Z = &S.killer[ply] */
.Ln_killer_z:
    ldi r30, lo8(SS + AI_S_OFF_KILLER)
    ldi r31, hi8(SS + AI_S_OFF_KILLER)
    add r30, r11
    adc r31, r1
    add r30, r11
    adc r31, r1
    ret
/* v (r9:r8) = -search(depth - 1, ply + 1, r23:r22, r21:r20): the child's
 * quiescence at the horizon, else its negamax */
.Ln_search:
    mov r24, r10
    dec r24
    brne 1f
    mov r24, r11
    subi r24, -1
    lds r18, SS + AI_S_OFF_QDEPTH
    call ai_quiesce
    rjmp 2f
1:  movw r18, r20
    movw r20, r22
    mov r22, r11
    subi r22, -1
    rcall ai_negamax
2:  negated r8, r9, r24, r25
    ret
.Ln_make_far:
    rjmp .Ln_make
/* at the horizon: the move r15:r14 made, or scored without being made */
.Ln_horizon:
    /* quiet_reply_bound(): a plain step (no capture, no return point, not
     * a placement) whose reply's bound, S.reply_floor less the step's
     * gain, reaches -alpha is scored without being made */
    mov r24, r15
    andi r24, 0xFC
    cpi r24, AI_ASM_PLAIN_HIGH
    brne .Ln_make_far
    mov r20, r14
    andi r20, 0x1F                  /* f */
    cpi r20, AI_ASM_HAND_POINT
    breq .Ln_make_far
    mov r21, r14
    swap r21
    lsr r21
    andi r21, 0x07
    mov r24, r15
    andi r24, 0x03
    lsl r24
    lsl r24
    lsl r24
    or r21, r24                     /* t */
    lds r18, BOARD + AI_OFF_STM
    ldi r26, lo8(BOARD + AI_OFF_VALUES)
    ldi r27, hi8(BOARD + AI_OFF_VALUES)
    add r26, r18
    adc r27, r1
    add r26, r18
    adc r27, r1
    ld r22, X+
    ld r23, X                       /* the side's piece-square row (flash) */
    row_step_gain                   /* d: White's gain, or Black's negated */
    lds r22, SS + AI_S_OFF_REPLY_FLOOR
    lds r23, SS + AI_S_OFF_REPLY_FLOOR + 1
    tst r18
    breq 7f
    add r22, r24                    /* Black: floor + d */
    adc r23, r25
    rjmp 8f
7:  sub r22, r24                    /* White: floor - d */
    sbc r23, r25
8:  negated r20, r21, r2, r3        /* -alpha */
    cp r22, r20
    cpc r23, r21
    brlt .Ln_make_far
    /* count_node(); v = -bound */
    count_node
    lds r24, SS + AI_S_OFF_ABORT
    tst r24
    breq 9f
    rjmp .Ln_end
9:  negated r8, r9, r22, r23
    rjmp .Ln_scored
    .size ai_negamax, . - ai_negamax

/* int16_t ai_quiesce(uint8_t ply, int16_t alpha, int16_t beta, uint8_t
 * qleft) on the AVR, in assembler: quiescence's stand-pat part, whose twin
 * is the C function of the same name in ai_search.c (the host's). The
 * game's end scored (ai_terminal), else the stand-pat score
 * (ai_evaluate_unblocked; in jasir its blocked pieces looked at only when
 * the most they can count either way leaves the window open, as the C
 * twin explains), a cut-off at beta, and, with plies left, the move loop,
 * jumped to in this function's place (its frame gone first).
 * Kept across calls: r12 ply, r13 qleft, r14:r15 alpha, r16:r17 beta. */
    .section .text.ai_quiesce,"ax",@progbits
    .global ai_quiesce
    .type ai_quiesce, @function
ai_quiesce:
    lds r25, SS + AI_S_OFF_ABORT
    tst r25
    breq 1f
    clr r24                         /* spent: the value is thrown away */
    clr r25
    ret
1:  push r12
    push r13
    push r14
    push r15
    push r16
    push r17
    mov r12, r24                    /* ply */
    mov r13, r18                    /* qleft */
    movw r14, r22                   /* alpha */
    movw r16, r20                   /* beta */
    /* the game ended? */
    lds r20, BOARD + AI_OFF_FLAGS
    ended_test .Lqs_stand, .Lqs_stand0
    mov r24, r12
    call ai_terminal
    rjmp .Lqs_pop
.Lqs_stand0:
    lds r20, BOARD + AI_OFF_FLAGS
.Lqs_stand:
    /* stand = ai_evaluate_unblocked(): the off-board part first (it
     * clobbers r18-r27), then the board's value for the side to move */
    clr r30
    clr r31
    lds r24, BOARD + AI_OFF_HAND
    lds r25, BOARD + AI_OFF_HAND + 1
    or r24, r25
    andi r24, 0x3F
    brne 2f
    sbrs r20, AI_ASM_RESERVE_IF_MARKED_BIT
    rjmp 3f                         /* nothing off the board, not jasir */
2:  call ai_off_board_diff          /* keeps Z */
    movw r30, r24
3:  stand_pat r30, r31
    lds r20, BOARD + AI_OFF_FLAGS
    sbrs r20, AI_ASM_RESERVE_IF_MARKED_BIT
    rjmp .Lqs_cut
    /* jasir: low = stand - most(s), high = stand + most(s ^ 1), most(x) =
     * AI_W_RACE_BLOCKED for each of x's pieces outside the camp */
    ldi r30, lo8(BOARD)
    ldi r31, hi8(BOARD)
    add r30, r18
    adc r31, r1
    ldd r22, Z + AI_OFF_COUNT
    ldd r23, Z + AI_OFF_IN_CAMP
    sub r22, r23
    ldi r23, AI_W_RACE_BLOCKED
    mul r22, r23
    movw r22, r24
    sub r22, r0
    sbc r23, r1                     /* low */
    clr r1
    cp r22, r16
    cpc r23, r17
    brlt 5f
    movw r24, r22                   /* low >= beta: low decides */
    rjmp .Lqs_pop
5:  ldi r30, lo8(BOARD + 1)
    ldi r31, hi8(BOARD + 1)
    sub r30, r18
    sbc r31, r1                     /* the board + the other side */
    ldd r22, Z + AI_OFF_COUNT
    ldd r23, Z + AI_OFF_IN_CAMP
    sub r22, r23
    ldi r23, AI_W_RACE_BLOCKED
    mul r22, r23
    movw r22, r24
    add r22, r0
    adc r23, r1                     /* high */
    clr r1
    cp r14, r22
    cpc r15, r23
    brlt 6f
    movw r24, r22                   /* high <= alpha: high decides */
    rjmp .Lqs_cut
6:  push r24
    push r25
    call ai_blocked_value
    pop r31
    pop r30
    add r24, r30
    adc r25, r31                    /* stand + the blocked pieces */
.Lqs_cut:
    cp r24, r16
    cpc r25, r17
    brge .Lqs_pop                   /* stand >= beta */
    cp r14, r24
    cpc r15, r25
    brge 7f
    movw r14, r24                   /* alpha = stand */
7:  movw r24, r14
    tst r13
    breq .Lqs_pop                   /* no quiescence ply left */
    mov r18, r12
    cpi r18, AI_ASM_MAX_PLY
    brsh .Lqs_pop                   /* the deepest ply */
    /* ai_quiesce_moves(ply, alpha, beta, qleft) in this function's place */
    mov r24, r12
    movw r22, r14
    movw r20, r16
    mov r18, r13
    pop r17
    pop r16
    pop r15
    pop r14
    pop r13
    pop r12
    jmp ai_quiesce_moves
.Lqs_pop:
    pop r17
    pop r16
    pop r15
    pop r14
    pop r13
    pop r12
    ret
    .size ai_quiesce, . - ai_quiesce
