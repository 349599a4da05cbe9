/* ai_make and ai_unmake on the AVR: the plain step (no capture, no return
 * point, not a placement, and no mark spent on arrival), which is about
 * half of what the search makes, in assembler; every other move goes on to
 * ai_make_rest / ai_unmake_rest in ai_board.c. The C twin of this code is
 * the host build's plain step in ai_board.c (tests/test_ai_board.c checks
 * it against the rules core); the AVR build must choose the same moves with
 * the same node counts as the host (build/sim-scripts/avr-ai-same-as-host),
 * which a wrong step here would break.
 *
 * Why assembler: the compiled plain step saved and restored ten registers
 * and recomputed each side-indexed address; this uses only the registers a
 * callee may clobber, plus Y (saved), and each address once.
 *
 * avr-gcc ABI: m in r25:r24, u in r23:r22; r18-r27, r30, r31 and r0 free;
 * r1 is zero and stays so. */
#include "ai_board_offsets.h"

#define BOARD ai_board

/* s * AI_SIDE_PIECES is computed as (s << 2) + s below */
#if AI_ASM_SIDE_PIECES != 5
#error "ai_board_avr.S multiplies by 5: AI_SIDE_PIECES changed"
#endif

/* dst = the move's to-point, bits 5-9 of r25:r24 (dst, tmp: r16-r31) */
.macro move_to dst, tmp
    mov \dst, r24
    swap \dst
    lsr \dst
    andi \dst, 0x07
    mov \tmp, r25
    andi \tmp, 0x03
    lsl \tmp
    lsl \tmp
    lsl \tmp
    or \dst, \tmp
.endm

/* X = the board + off + index */
.macro board_x off, index
    ldi r26, lo8(BOARD + \off)
    ldi r27, hi8(BOARD + \off)
    add r26, \index
    adc r27, r1
.endm

/* X = &piece[side][slot] (slot register changed; r0 clobbered) */
.macro piece_x side, slot
    mov r0, \side
    lsl r0
    lsl r0
    add r0, \side                  /* side * AI_SIDE_PIECES (5) */
    add \slot, r0
    board_x AI_OFF_PIECE, \slot
.endm

/* flag = 1 when point q is in side s's enemy camp (an arrival), else 0 */
.macro camp_flag flag, s, q
    clr \flag
    tst \s
    brne 91f
    cpi \q, AI_ASM_CAMP_WHITE
    brlo 92f
    inc \flag
    rjmp 92f
91: cpi \q, AI_ASM_CAMP_BLACK_END
    brsh 92f
    inc \flag
92:
.endm

    .section .text.ai_make,"ax",@progbits
/* every other move, with m and u untouched (here: within a branch's reach) */
.Lmake_rest:
    jmp ai_make_rest
    .global ai_make
    .type ai_make, @function
ai_make:
    /* a plain step? m's high byte 0x7C-0x7F (no capture, no return point),
     * and not a placement */
    mov r18, r25
    andi r18, 0xFC
    cpi r18, AI_ASM_PLAIN_HIGH
    brne .Lmake_rest
    mov r20, r24
    andi r20, 0x1F                  /* f */
    cpi r20, AI_ASM_HAND_POINT
    breq .Lmake_rest
    move_to r21, r18                /* t */
    board_x AI_OFF_CELL, r20
    ld r19, X                       /* the mover's cell */
    lds r18, BOARD + AI_OFF_STM     /* s */
    camp_flag r30, r18, r21         /* an arrival? */
    /* a marked piece arriving where an arrival spends the mark: not plain */
    sbrs r19, AI_ASM_CELL_MARK_BIT
    rjmp 3f
    lds r0, BOARD + AI_OFF_FLAGS
    sbrs r0, AI_ASM_RETURN_ON_ARRIVAL_BIT
    rjmp 3f
    tst r30
    brne .Lmake_rest
3:  push r28
    push r29
    ldi r28, lo8(BOARD)
    ldi r29, hi8(BOARD)
    add r28, r18
    adc r29, r1                     /* Y = the board + s: the side's bytes */
    st X, r1                        /* cell[f] = 0 */
    tst r30
    breq 4f
    ldd r24, Y + AI_OFF_IN_CAMP     /* one more in the camp */
    inc r24
    std Y + AI_OFF_IN_CAMP, r24
4:  movw r30, r22                   /* Z = u: what unmake needs */
    lds r0, BOARD + AI_OFF_HAND
    std Z + AI_UNDO_OFF_HAND, r0
    lds r0, BOARD + AI_OFF_HAND + 1
    std Z + AI_UNDO_OFF_HAND + 1, r0
    ldd r22, Y + AI_OFF_CHAIN_FROM
    std Z + AI_UNDO_OFF_CHAIN_FROM, r22
    ldd r23, Y + AI_OFF_CHAIN_TO
    std Z + AI_UNDO_OFF_CHAIN_TO, r23
    std Z + AI_UNDO_OFF_FLAGS, r1
    ldi r24, 1
    eor r24, r18
    sts BOARD + AI_OFF_STM, r24     /* the other side moves next */
    board_x AI_OFF_CELL, r21
    st X, r19                       /* cell[t] = the mover's cell */
    mov r24, r19                    /* piece[s][slot] = t */
    andi r24, AI_ASM_CELL_SLOT
    swap r24
    piece_x r18, r24
    st X, r21
    /* the chain: continued (length saturating at 4, the hand byte's bits
     * 6-7 = 3) when the step goes back along the side's last one, else new */
    ldd r24, Y + AI_OFF_HAND
    cp r20, r23
    brne 5f
    cp r21, r22
    brne 5f
    cpi r24, 0xC0
    brsh 6f
    subi r24, 0xC0                  /* + 0x40: one longer */
    rjmp 6f
5:  andi r24, 0x3F
6:  std Y + AI_OFF_HAND, r24
    std Y + AI_OFF_CHAIN_FROM, r20
    std Y + AI_OFF_CHAIN_TO, r21
    /* value[s] += row[r21] - row[r20] (for a make: row[t] - row[f]), row =
     * the side's piece-square row in flash; unmake ends here too */
plain_value_tail:
    lsl r18                         /* 2s */
    ldi r30, lo8(BOARD + AI_OFF_VALUES)
    ldi r31, hi8(BOARD + AI_OFF_VALUES)
    add r30, r18
    adc r31, r1
    ld r22, Z+
    ld r23, Z
    lsl r21
    movw r30, r22
    add r30, r21
    adc r31, r1
    lpm r24, Z+
    lpm r25, Z                      /* row[t] */
    lsl r20
    movw r30, r22
    add r30, r20
    adc r31, r1
    lpm r22, Z+
    lpm r23, Z                      /* row[f] */
    sub r24, r22
    sbc r25, r23
    ldi r30, lo8(BOARD + AI_OFF_VALUE)
    ldi r31, hi8(BOARD + AI_OFF_VALUE)
    add r30, r18
    adc r31, r1
    ld r22, Z
    ldd r23, Z + 1
    add r22, r24
    adc r23, r25
    st Z, r22
    std Z + 1, r23
    pop r29
    pop r28
    ret
    .size ai_make, . - ai_make

    .section .text.ai_unmake,"ax",@progbits
.Lunmake_rest:
    jmp ai_unmake_rest
    .global ai_unmake
    .type ai_unmake, @function
ai_unmake:
    /* the plain step ai_make made (u->flags 0: no mark spent, no capture;
     * a marked piece's mark travels in its cell byte) */
    mov r18, r25
    andi r18, 0xFC
    cpi r18, AI_ASM_PLAIN_HIGH
    brne .Lunmake_rest
    mov r20, r24
    andi r20, 0x1F                  /* f */
    cpi r20, AI_ASM_HAND_POINT
    breq .Lunmake_rest
    movw r30, r22                   /* Z = u */
    ldd r0, Z + AI_UNDO_OFF_FLAGS
    tst r0
    brne .Lunmake_rest
    move_to r21, r18                /* t */
    lds r18, BOARD + AI_OFF_STM
    ldi r19, 1
    eor r18, r19                    /* s: the side that moved */
    sts BOARD + AI_OFF_STM, r18
    push r28
    push r29
    ldi r28, lo8(BOARD)
    ldi r29, hi8(BOARD)
    add r28, r18
    adc r29, r1                     /* Y = the board + s */
    ldd r0, Z + AI_UNDO_OFF_HAND
    sts BOARD + AI_OFF_HAND, r0
    ldd r0, Z + AI_UNDO_OFF_HAND + 1
    sts BOARD + AI_OFF_HAND + 1, r0
    ldd r0, Z + AI_UNDO_OFF_CHAIN_FROM
    std Y + AI_OFF_CHAIN_FROM, r0
    ldd r0, Z + AI_UNDO_OFF_CHAIN_TO
    std Y + AI_OFF_CHAIN_TO, r0
    board_x AI_OFF_CELL, r21
    ld r19, X                       /* the piece's cell, back from t */
    st X, r1
    board_x AI_OFF_CELL, r20
    st X, r19                       /* ... to f */
    andi r19, AI_ASM_CELL_SLOT      /* piece[s][slot] = f */
    swap r19
    piece_x r18, r19
    st X, r20
    camp_flag r24, r18, r21         /* one less in the camp if t was in it */
    tst r24
    breq 2f
    ldd r24, Y + AI_OFF_IN_CAMP
    dec r24
    std Y + AI_OFF_IN_CAMP, r24
2:  /* value[s] += row[f] - row[t]: the make's tail with f and t swapped */
    mov r0, r20
    mov r20, r21
    mov r21, r0
    jmp plain_value_tail
    .size ai_unmake, . - ai_unmake
