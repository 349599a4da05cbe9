/* ai_off_board_diff on the AVR, in assembler: the quiescence search asks
 * for it at most nodes (whenever a piece is off the board, and always in
 * jasir), and the compiled function spent half its cycles on its frame
 * and on addressing the side to move's bytes. Its twin is the C function
 * in ai_eval.c (the host's, and the AVR's reference: the AVR board check,
 * tests/avr/ai_board_check_main.c, compares the two at every position).
 *
 * The value of the pieces off the board (and jasir's promoted ones), the
 * side to move's less the other's, each side's part a sum of small
 * unsigned products (ai_eval_avr_check in ai_eval.c asserts the weights'
 * ranges this relies on). avr-gcc ABI: result in r25:r24; r18-r27, r30,
 * r31 and r0 free; r1 zero on return. */
#include "ai_board_offsets.h"
#include "ai_weights.h"

#define BOARD ai_board

    .section .text.ai_off_board_diff,"ax",@progbits
    .global ai_off_board_diff
    .type ai_off_board_diff, @function
ai_off_board_diff:
    lds r20, BOARD + AI_OFF_HAND        /* hs, ho: the hands */
    lds r21, BOARD + AI_OFF_HAND + 1
    lds r22, BOARD + AI_OFF_MARKS       /* ms, mo: the marked pieces */
    lds r23, BOARD + AI_OFF_MARKS + 1
    lds r18, BOARD + AI_OFF_STM
    sbrs r18, 0
    rjmp 1f
    mov r0, r20                         /* Black to move: its bytes first */
    mov r20, r21
    mov r21, r0
    mov r0, r22
    mov r22, r23
    mov r23, r0
1:  lds r19, BOARD + AI_OFF_FLAGS
    clr r24
    clr r25
    sbrs r19, AI_ASM_RESERVE_IF_MARKED_BIT
    rjmp 2f
    ldi r18, AI_W_PROMOTED              /* jasir: promotions are live */
    mul r22, r18
    mov r24, r0
    mul r23, r18
    sub r24, r0
    sbc r25, r1                         /* products below 256: r1 is 0 */
2:  mov r18, r20
    or r18, r21
    andi r18, 0x3F
    breq 9f                             /* nothing off the board: the common case */
    mov r26, r20                        /* ready pieces, each side's */
    lsr r26
    lsr r26
    lsr r26
    andi r26, 7
    mov r27, r21
    lsr r27
    lsr r27
    lsr r27
    andi r27, 7
    lds r18, BOARD + AI_OFF_WIN_RULE
    cpi r18, AI_ASM_WIN_FINISHER
    breq 3f
    ldi r18, AI_W_READY
    mul r26, r18
    add r24, r0
    adc r25, r1
    mul r27, r18
    sub r24, r0
    sbc r25, r1
    rjmp 4f
3:  ldi r18, -(AI_W_RACE_READY)         /* jasir's race: a ready piece still has to come */
    mul r26, r18
    sub r24, r0
    sbc r25, r1
    mul r27, r18
    add r24, r0
    adc r25, r1
4:  clr r1
    /* a marked piece can bring a captured one back (marks are spent on
     * arrival where pieces return, so every mark is on its way) */
    sbrs r19, AI_ASM_RETURN_ON_ARRIVAL_BIT
    rjmp 9f
    ldi r18, AI_W_CAPTURED
    ldi r19, AI_W_MARK
    andi r20, AI_ASM_HAND_CAPTURED
    breq 5f
    mul r20, r18
    add r24, r0
    adc r25, r1
    mul r22, r19
    add r24, r0
    adc r25, r1
5:  andi r21, AI_ASM_HAND_CAPTURED
    breq 9f
    mul r21, r18
    sub r24, r0
    sbc r25, r1
    mul r23, r19
    sub r24, r0
    sbc r25, r1
9:  ret
    .size ai_off_board_diff, . - ai_off_board_diff

/* int16_t ai_blocked_value(void) on the AVR, in assembler: jasir's
 * blocked pieces for the side to move, AI_W_RACE_BLOCKED for each enemy
 * piece outside its camp with no empty point to step to, less the same
 * for each of its own (the C twin, ai_blocked_value_ref in ai_eval.c, is
 * the host's and the AVR board check's reference). Runs at every jasir
 * evaluation the bounds do not settle. */
    .section .text.ai_blocked_value,"ax",@progbits
    .global ai_blocked_value
    .type ai_blocked_value, @function
ai_blocked_value:
    push r28
    push r29
    lds r24, BOARD + AI_OFF_STM
    ldi r19, 1
    eor r24, r19                        /* the other side */
    rcall blocked_pieces
    mov r19, r25
    lds r24, BOARD + AI_OFF_STM         /* the side to move */
    rcall blocked_pieces
    sub r19, r25                        /* theirs less ours: -5..5 */
    ldi r18, AI_W_RACE_BLOCKED
    mulsu r19, r18
    movw r24, r0
    clr r1
    pop r29
    pop r28
    ret
/* r25 = side r24's pieces outside its enemy camp whose links all lead to
 * occupied points. Y the side's link table (flash), r20:r21 its next
 * listed piece, r22 the pieces left, r23 the enemy camp's first point.
 * Keeps r19. */
blocked_pieces:
    clr r25
    clr r23                             /* Black's enemy camp starts at 0 */
    tst r24
    brne 1f
    ldi r23, AI_ASM_CAMP_WHITE
1:  mov r18, r24
    lsl r18
    ldi r26, lo8(BOARD + AI_OFF_LINKS)
    ldi r27, hi8(BOARD + AI_OFF_LINKS)
    add r26, r18
    adc r27, r1
    ld r28, X+
    ld r29, X                           /* links[side] */
    ldi r26, lo8(BOARD + AI_OFF_COUNT)
    ldi r27, hi8(BOARD + AI_OFF_COUNT)
    add r26, r24
    adc r27, r1
    ld r22, X                           /* count[side] */
    mov r18, r24
    lsl r18
    lsl r18
    add r18, r24                        /* side * AI_SIDE_PIECES (5) */
    ldi r20, lo8(BOARD + AI_OFF_PIECE)
    ldi r21, hi8(BOARD + AI_OFF_PIECE)
    add r20, r18
    adc r21, r1                         /* piece[side] */
.Lb_piece:
    subi r22, 1
    brcs .Lb_done                       /* no piece left */
    movw r26, r20
    ld r18, X+                          /* f */
    movw r20, r26
    mov r26, r18
    sub r26, r23
    cpi r26, AI_ASM_CAMP_BLACK_END      /* RULES_FILES: f - camp_first < 5 */
    brlo .Lb_piece                      /* arrived pieces do not count */
    movw r30, r28
    add r30, r18
    adc r31, r1
    lpm r26, Z                          /* f's list: at this offset in the table */
    movw r30, r28
    add r30, r26
    adc r31, r1
.Lb_link:
    lpm r26, Z+                         /* t */
    cpi r26, AI_ASM_LINK_END
    breq .Lb_blocked
    ldi r27, 0
    subi r26, lo8(-(BOARD + AI_OFF_CELL))
    sbci r27, hi8(-(BOARD + AI_OFF_CELL))   /* X = &cell[t] */
    ld r18, X
    tst r18
    brne .Lb_link                       /* taken: the next link */
    rjmp .Lb_piece                      /* an empty point: not blocked */
.Lb_blocked:
    inc r25
    rjmp .Lb_piece
.Lb_done:
    ret
    .size ai_blocked_value, . - ai_blocked_value
