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
