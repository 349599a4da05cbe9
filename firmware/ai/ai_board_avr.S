/* ai_make and ai_unmake on the AVR, in assembler for every move: fast
 * paths for the two kinds the search makes most, the plain step (no
 * capture, no return point, not a placement, and no mark spent on
 * arrival), about 40% of them, and the capture that does not arrive (no
 * return point either), about 35%; a general path for the rest
 * (placements, arrivals that spend a mark and the pieces they bring back,
 * arriving captures). Also the tactical generator and the quiet
 * generator's link loop: ai_make_asm, ai_unmake_asm, ai_tactical_moves_asm,
 * ai_shielded_moves_asm, ai_quiet_links_asm, each the assembler of its
 * NAME_c in ai_board.c, the reference (firmware/ai/ai_board.h picks one by
 * AI_ASM). tests/avr/ai_asm_check_main.c compares each with its C call by
 * call, byte for byte (tests/sim/avr-ai-asm.script).
 *
 * Why assembler: the compiled plain step saved and restored ten registers
 * and recomputed each side-indexed address, the compiled general case 18;
 * the fast paths use only the registers a callee may clobber and are
 * written once per side (macros), so each of the side's bytes is a
 * constant address; the general path keeps the side's bytes in Y.
 *
 * avr-gcc ABI: m in r25:r24, u in r23:r22; r18-r27, r30, r31 and r0 free;
 * r1 is zero and stays so. */
#include "ai_asm.h"
#include "ai_asm_offsets.h" /* generated from ai_asm_offsets.c */

#define BOARD ai_board

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
    ldi XL, lo8(BOARD + \off)
    ldi XH, hi8(BOARD + \off)
    add XL, \index
    adc XH, ZERO
.endm

/* X = &piece[side][slot] (slot register changed; r0 clobbered) */
.macro piece_x side, slot
    mov TMP, \side
    lsl TMP
    lsl TMP
    add TMP, \side                  /* side * AI_SIDE_PIECES (5) */
    add \slot, TMP
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

/* Branches to label when point q is outside (out_of_camp) or inside
 * (in_camp) side s's enemy camp (s a constant: 0 White, 1 Black). */
.macro out_of_camp s, q, label
.if \s
    cpi \q, AI_ASM_CAMP_BLACK_END
    brsh \label
.else
    cpi \q, AI_ASM_CAMP_WHITE
    brlo \label
.endif
.endm
.macro in_camp s, q, label
.if \s
    cpi \q, AI_ASM_CAMP_BLACK_END
    brlo \label
.else
    cpi \q, AI_ASM_CAMP_WHITE
    brsh \label
.endif
.endm

/* push Y, then Y = the board + s: the side's bytes (popped before ret) */
.macro side_y s
    push YL
    push YH
    ldi YL, lo8(BOARD)
    ldi YH, hi8(BOARD)
    add YL, \s
    adc YH, ZERO
.endm

/* u (Z) gets both hands and the mover's last step (left in r22, r23) */
.macro save_undo
    lds TMP, BOARD + AI_OFF_HAND
    std Z + AI_UNDO_OFF_HAND, TMP
    lds TMP, BOARD + AI_OFF_HAND + 1
    std Z + AI_UNDO_OFF_HAND + 1, TMP
    ldd r22, Y + AI_OFF_CHAIN_FROM
    std Z + AI_UNDO_OFF_CHAIN_FROM, r22
    ldd r23, Y + AI_OFF_CHAIN_TO
    std Z + AI_UNDO_OFF_CHAIN_TO, r23
.endm

/* both hands and the mover's last step back from u (Z) */
.macro restore_undo
    ldd TMP, Z + AI_UNDO_OFF_HAND
    sts BOARD + AI_OFF_HAND, TMP
    ldd TMP, Z + AI_UNDO_OFF_HAND + 1
    sts BOARD + AI_OFF_HAND + 1, TMP
    ldd TMP, Z + AI_UNDO_OFF_CHAIN_FROM
    std Y + AI_OFF_CHAIN_FROM, TMP
    ldd TMP, Z + AI_UNDO_OFF_CHAIN_TO
    std Y + AI_OFF_CHAIN_TO, TMP
.endm

/* the back-and-forth chain after a step f (r20) -> t (r21) of the side at
 * Y, whose last step was r22 -> r23: continued (length saturating at 4, the
 * hand byte's bits 6-7 = 3) when the step goes back along it, else new
 * (r24 changed) */
.macro chain_step
    ldd r24, Y + AI_OFF_HAND
    cp r20, r23
    brne 95f
    cp r21, r22
    brne 95f
    cpi r24, 0xC0
    brsh 96f
    subi r24, 0xC0                  /* + 0x40: one longer */
    rjmp 96f
95: andi r24, 0x3F
96: std Y + AI_OFF_HAND, r24
    std Y + AI_OFF_CHAIN_FROM, r20
    std Y + AI_OFF_CHAIN_TO, r21
.endm

/* u (Z) gets both hands and side s's last step (left in r22, r23) */
.macro save_hands_chain s
    lds TMP, BOARD + AI_OFF_HAND
    std Z + AI_UNDO_OFF_HAND, TMP
    lds TMP, BOARD + AI_OFF_HAND + 1
    std Z + AI_UNDO_OFF_HAND + 1, TMP
    lds r22, BOARD + AI_OFF_CHAIN_FROM + \s
    std Z + AI_UNDO_OFF_CHAIN_FROM, r22
    lds r23, BOARD + AI_OFF_CHAIN_TO + \s
    std Z + AI_UNDO_OFF_CHAIN_TO, r23
.endm
/* both hands and side s's last step back from u (Z) */
.macro restore_hands_chain s
    ldd TMP, Z + AI_UNDO_OFF_HAND
    sts BOARD + AI_OFF_HAND, TMP
    ldd TMP, Z + AI_UNDO_OFF_HAND + 1
    sts BOARD + AI_OFF_HAND + 1, TMP
    ldd TMP, Z + AI_UNDO_OFF_CHAIN_FROM
    sts BOARD + AI_OFF_CHAIN_FROM + \s, TMP
    ldd TMP, Z + AI_UNDO_OFF_CHAIN_TO
    sts BOARD + AI_OFF_CHAIN_TO + \s, TMP
.endm

/* The plain step for side s (0 White, 1 Black), its make and unmake: the
 * commonest move, written once per side so that every address of the
 * side's bytes is a constant (no Y pointer to save, set and restore).
 * make: r20 f, r21 t, r19 the mover's cell, X = &cell[f], r30 1 when t is
 * in the side's enemy camp, r23:r22 u. */
.macro plain_make s
    st X, ZERO                        /* cell[f] = 0 */
    tst ZL
    breq 1f
    lds r24, BOARD + AI_OFF_IN_CAMP + \s   /* one more in the camp */
    inc r24
    sts BOARD + AI_OFF_IN_CAMP + \s, r24
1:  movw ZL, r22                   /* Z = u: what unmake needs */
    save_hands_chain \s
    std Z + AI_UNDO_OFF_FLAGS, ZERO
    ldi r24, 1 - \s
    sts BOARD + AI_OFF_STM, r24     /* the other side moves next */
    board_x AI_OFF_CELL, r21
    st X, r19                       /* cell[t] = the mover's cell */
    mov r24, r19                    /* piece[s][slot] = t */
    andi r24, AI_ASM_CELL_SLOT
    swap r24
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s, r24
    st X, r21
    movw XL, ZL                   /* X = u, for the value before the move */
    step_tail \s, 1
.endm

/* A step's end for side s: the back-and-forth chain after f (r20) -> t
 * (r21) from the side's last step r22 -> r23 (chain_step), then value +=
 * row[t] - row[f] (the side's piece-square row in flash), and ret; with
 * save_value, u (X) gets the value before the move first. */
.macro step_tail s, save_value
    lds r24, BOARD + AI_OFF_HAND + \s
    cp r20, r23
    brne 2f
    cp r21, r22
    brne 2f
    cpi r24, 0xC0
    brsh 3f
    subi r24, 0xC0                  /* + 0x40: one longer */
    rjmp 3f
2:  andi r24, 0x3F
3:  sts BOARD + AI_OFF_HAND + \s, r24
    sts BOARD + AI_OFF_CHAIN_FROM + \s, r20
    sts BOARD + AI_OFF_CHAIN_TO + \s, r21
    lds r22, BOARD + AI_OFF_VALUES + 2 * \s
    lds r23, BOARD + AI_OFF_VALUES + 2 * \s + 1
    row_step_gain
    lds r22, BOARD + AI_OFF_VALUE
    lds r23, BOARD + AI_OFF_VALUE + 1
.if \save_value
    adiw XL, AI_UNDO_OFF_VALUE
    st X+, r22
    st X, r23
.endif
    add r22, r24
    adc r23, r25
    sts BOARD + AI_OFF_VALUE, r22
    sts BOARD + AI_OFF_VALUE + 1, r23
    ret
.endm

/* take_victim and victim_back (below) for a capture's victim of side o
 * (0 White, 1 Black), written once per side, so that o's bytes are at
 * constant addresses; the captures' fast paths call the side's copy
 * directly, the general path through take_victim and victim_back, which
 * pick it. take_victim_side:
 * t in r21, the victim's cell in r25; changes r0, r22-r24, r26, r27, r30,
 * r31. */
.macro take_victim_side o
    lds r22, BOARD + AI_OFF_COUNT + (\o)
    dec r22
    sts BOARD + AI_OFF_COUNT + (\o), r22
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * (\o), r22
    ld r23, X                       /* last = piece[o][count[o]] */
    mov r22, r25
    andi r22, AI_ASM_CELL_SLOT
    swap r22
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * (\o), r22
    st X, r23                       /* piece[o][vslot] = last */
    board_x AI_OFF_CELL, r23
    ld r22, X
    andi r22, ~AI_ASM_CELL_SLOT & 0xFF
    mov r23, r25
    andi r23, AI_ASM_CELL_SLOT
    or r22, r23
    st X, r22                       /* cell[last]'s slot = vslot (t's cell: the caller writes it after) */
    ldi r23, 1                      /* a captured piece ... */
    sbrs r25, AI_ASM_CELL_MARK_BIT
    rjmp 1f
    lds r22, BOARD + AI_OFF_MARKS + (\o)  /* a marked victim: o has one less */
    dec r22
    sts BOARD + AI_OFF_MARKS + (\o), r22
    lds TMP, BOARD + AI_OFF_FLAGS
    sbrc TMP, AI_ASM_RESERVE_IF_MARKED_BIT
    ldi r23, AI_ASM_HAND_READY_ONE  /* ... or a ready one */
1:  lds r22, BOARD + AI_OFF_HAND + (\o)
    add r22, r23
    sts BOARD + AI_OFF_HAND + (\o), r22
    /* was the victim in its enemy camp? */
    out_of_camp (\o), r21, 2f
    lds r22, BOARD + AI_OFF_IN_CAMP + (\o)
    dec r22
    sts BOARD + AI_OFF_IN_CAMP + (\o), r22
2:  lds ZL, BOARD + AI_OFF_VALUES + 2 * (\o)   /* value -= row_o[t] */
    lds ZH, BOARD + AI_OFF_VALUES + 2 * (\o) + 1
    mov r22, r21
    lsl r22
    add ZL, r22
    adc ZH, ZERO
    lpm r22, Z+
    lpm r23, Z
    lds XL, BOARD + AI_OFF_VALUE
    lds XH, BOARD + AI_OFF_VALUE + 1
    sub XL, r22
    sbc XH, r23
    sts BOARD + AI_OFF_VALUE, XL
    sts BOARD + AI_OFF_VALUE + 1, XH
.endm

/* victim_back_side: the undo flags in r25, t in r21; ends the unmake
 * (ret). */
.macro victim_back_side o
    lds r22, BOARD + AI_OFF_COUNT + (\o)  /* n: the victim's side's count */
    mov r23, r22
    inc r23
    sts BOARD + AI_OFF_COUNT + (\o), r23
    mov r23, r25
    andi r23, AI_ASM_CELL_SLOT
    swap r23                        /* vslot */
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * (\o), r23  /* X = &piece[o][vslot] */
    cp r23, r22
    breq 2f
    ld r19, X                       /* the piece that filled the slot ... */
    st X, r21                       /* piece[o][vslot] = t */
    mov TMP, r22
    sub TMP, r23
    add XL, TMP
    adc XH, ZERO
    st X, r19                       /* ... goes last: piece[o][n] */
    board_x AI_OFF_CELL, r19
    ld r19, X
    andi r19, ~AI_ASM_CELL_SLOT & 0xFF
    swap r22                        /* n << 4 */
    or r19, r22
    st X, r19                       /* its cell's slot = n */
    rjmp 3f
2:  st X, r21                       /* piece[o][vslot] = t */
3:  mov r19, r25                    /* cell[t] = o's piece in vslot, marked as it was */
    andi r19, AI_ASM_CELL_SLOT
    ori r19, (\o) + 1                 /* o's side bit */
    sbrc r25, AI_ASM_UNDO_VICTIM_MARKED_BIT
    ori r19, 1 << AI_ASM_CELL_MARK_BIT
    board_x AI_OFF_CELL, r21
    st X, r19
    sbrs r25, AI_ASM_UNDO_VICTIM_MARKED_BIT
    rjmp 4f
    lds r22, BOARD + AI_OFF_MARKS + (\o)
    inc r22
    sts BOARD + AI_OFF_MARKS + (\o), r22
4:
    out_of_camp (\o), r21, 5f
    lds r22, BOARD + AI_OFF_IN_CAMP + (\o)
    inc r22
    sts BOARD + AI_OFF_IN_CAMP + (\o), r22
5:  ret
.endm

/* The capture that does not arrive (no return point, t outside the
 * mover's enemy camp), for side s, its make and unmake: the mover is
 * marked (outside the camp every rule set marks it), the victim leaves
 * (take_victim_0/1) and comes back (victim_back_0/1). make: r20 f, r21 t,
 * r23:r22 u. */
.macro capture_make s
    board_x AI_OFF_CELL, r20
    ld r19, X                       /* the mover's cell */
    st X, ZERO                        /* cell[f] = 0 */
    board_x AI_OFF_CELL, r21
    ld r25, X                       /* the victim's cell */
    /* u: the hands, the mover's last step, the value, and the flags: the
     * victim's slot, whose marks, and the mover marked after */
    mov r24, r25
    andi r24, AI_ASM_CELL_SLOT
    ori r24, AI_ASM_UNDO_MARKED_AFTER
    sbrc r19, AI_ASM_CELL_MARK_BIT
    ori r24, 1 << AI_ASM_UNDO_MOVER_MARKED_BIT
    sbrc r25, AI_ASM_CELL_MARK_BIT
    ori r24, 1 << AI_ASM_UNDO_VICTIM_MARKED_BIT
    movw ZL, r22                   /* Z = u */
    std Z + AI_UNDO_OFF_FLAGS, r24
    save_hands_chain \s
    lds TMP, BOARD + AI_OFF_VALUE
    std Z + AI_UNDO_OFF_VALUE, TMP
    lds TMP, BOARD + AI_OFF_VALUE + 1
    std Z + AI_UNDO_OFF_VALUE + 1, TMP
    ldi r24, 1 - \s                 /* o: the victim's side */
    sts BOARD + AI_OFF_STM, r24     /* moves next */
    mov r22, r19                    /* piece[s][slot] = t */
    andi r22, AI_ASM_CELL_SLOT
    swap r22
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s, r22
    st X, r21
    sbrc r19, AI_ASM_CELL_MARK_BIT  /* one more marked piece, unless it was */
    rjmp 1f
    lds r22, BOARD + AI_OFF_MARKS + \s
    inc r22
    sts BOARD + AI_OFF_MARKS + \s, r22
1:
.if \s
    rcall take_victim_0
.else
    rcall take_victim_1
.endif
    board_x AI_OFF_CELL, r21
    ori r19, 1 << AI_ASM_CELL_MARK_BIT
    st X, r19                       /* cell[t] = the mover's cell, marked */
    lds r22, BOARD + AI_OFF_CHAIN_FROM + \s
    lds r23, BOARD + AI_OFF_CHAIN_TO + \s
    step_tail \s, 0
.endm

/* unmake: r20 f, r21 t, Z = u; the mover back to f with the mark it had,
 * then the victim (victim_back) */
.macro capture_unmake s
    ldi r18, \s
    sts BOARD + AI_OFF_STM, r18     /* s moves again */
    restore_hands_chain \s
    ldd TMP, Z + AI_UNDO_OFF_VALUE   /* the value back from u */
    sts BOARD + AI_OFF_VALUE, TMP
    ldd TMP, Z + AI_UNDO_OFF_VALUE + 1
    sts BOARD + AI_OFF_VALUE + 1, TMP
    ldd r25, Z + AI_UNDO_OFF_FLAGS  /* the undo flags */
    board_x AI_OFF_CELL, r21
    ld r19, X                       /* the mover's cell, at t */
    board_x AI_OFF_CELL, r20
    mov r22, r19
    andi r22, ~(1 << AI_ASM_CELL_MARK_BIT) & 0xFF
    sbrc r25, AI_ASM_UNDO_MOVER_MARKED_BIT
    ori r22, 1 << AI_ASM_CELL_MARK_BIT
    st X, r22                       /* cell[f]: marked as it was */
    sbrc r25, AI_ASM_UNDO_MOVER_MARKED_BIT
    rjmp 1f
    lds r22, BOARD + AI_OFF_MARKS + \s  /* the capture's mark taken back */
    dec r22
    sts BOARD + AI_OFF_MARKS + \s, r22
1:  andi r19, AI_ASM_CELL_SLOT      /* piece[s][slot] = f */
    swap r19
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s, r19
    st X, r20
.if \s
    rjmp victim_back_0
.else
    rjmp victim_back_1
.endif
.endm

/* unmake: r20 f, r21 t, Z = u */
.macro plain_unmake s
    ldi r19, \s
    sts BOARD + AI_OFF_STM, r19     /* s moves again */
    restore_hands_chain \s
    board_x AI_OFF_CELL, r21
    ld r19, X                       /* the piece's cell, back from t */
    st X, ZERO
    board_x AI_OFF_CELL, r20
    st X, r19                       /* ... to f */
    andi r19, AI_ASM_CELL_SLOT      /* piece[s][slot] = f */
    swap r19
    board_x AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s, r19
    st X, r20
    /* one less in the camp if t was in it */
    out_of_camp \s, r21, 1f
    lds r24, BOARD + AI_OFF_IN_CAMP + \s
    dec r24
    sts BOARD + AI_OFF_IN_CAMP + \s, r24
1:  ldd TMP, Z + AI_UNDO_OFF_VALUE   /* the value back from u */
    sts BOARD + AI_OFF_VALUE, TMP
    ldd TMP, Z + AI_UNDO_OFF_VALUE + 1
    sts BOARD + AI_OFF_VALUE + 1, TMP
    ret
.endm

    .section .text.ai_make,"ax",@progbits
    .global ai_make_asm
    .type ai_make_asm, @function
ai_make_asm:
    /* a plain step? m's high byte 0x7C-0x7F (no capture, no return point),
     * and not a placement */
    mov r18, r25
    andi r18, 0xFC
    cpi r18, AI_ASM_PLAIN_HIGH
    breq 1f
    rjmp .Lmake_capture
1:
    mov r20, r24
    andi r20, 0x1F                  /* f */
    cpi r20, AI_ASM_HAND_POINT
    breq .Lmake_general_near
    move_to r21, r18                /* t */
    board_x AI_OFF_CELL, r20
    ld r19, X                       /* the mover's cell */
    lds r18, BOARD + AI_OFF_STM     /* s */
    camp_flag ZL, r18, r21         /* an arrival? */
    /* a marked piece arriving where an arrival spends the mark: not plain */
    sbrs r19, AI_ASM_CELL_MARK_BIT
    rjmp 3f
    lds TMP, BOARD + AI_OFF_FLAGS
    sbrs TMP, AI_ASM_RETURN_ON_ARRIVAL_BIT
    rjmp 3f
    tst ZL
    breq 3f
.Lmake_general_near:
    rjmp .Lmake_general
3:  sbrc r18, 0
    rjmp .Lmake_plain_black
    plain_make 0
.Lmake_plain_black:
    plain_make 1

/* A capture that does not arrive: capture_make for the side to move. */
.Lmake_capture_general:
    rjmp .Lmake_general
.Lmake_capture:
    cpi r18, AI_ASM_CAPTURE_HIGH
    brne .Lmake_capture_general
    mov r20, r24
    andi r20, 0x1F                  /* f (a capture is never a placement) */
    move_to r21, r18                /* t */
    lds r18, BOARD + AI_OFF_STM     /* s */
    sbrc r18, 0
    rjmp .Lmake_capture_black
    cpi r21, AI_ASM_CAMP_WHITE
    brsh .Lmake_capture_general     /* an arriving capture */
    capture_make 0
.Lmake_capture_black:
    cpi r21, AI_ASM_CAMP_BLACK_END
    brsh 1f
    rjmp .Lmake_general             /* an arriving capture */
1:  capture_make 1

/* Every other move: placements, arriving captures, marked pieces' arrivals
 * and the pieces they bring back. make_general in ai_board.c is its twin.
 * Kept: r16 the undo flags, r17 m's high byte (capture flag, return
 * point), r18 s, r19 the mover's cell (unmarked) until it lands on t, r20
 * f, r21 t, T the mover's mark (make_general's `marked`), Y the side's
 * bytes, u on the stack. */
.Lmake_general:
    mov r20, r24
    andi r20, 0x1F                  /* f */
    move_to r21, r18                /* t */
    lds r18, BOARD + AI_OFF_STM     /* s */
    side_y r18
    push r16
    push r17
    mov r17, r25
    movw ZL, r22                   /* Z = u */
    save_undo
    lds TMP, BOARD + AI_OFF_VALUE    /* u gets the value before the move */
    std Z + AI_UNDO_OFF_VALUE, TMP
    lds TMP, BOARD + AI_OFF_VALUE + 1
    std Z + AI_UNDO_OFF_VALUE + 1, TMP
    push ZL
    push ZH
    ldi r24, 1
    eor r24, r18
    sts BOARD + AI_OFF_STM, r24     /* the other side moves next */
    clr r16                         /* the undo flags */
    cpi r20, AI_ASM_HAND_POINT
    brne 1f
    /* a placement: a new piece on t, one ready piece fewer, no chain */
    mov r23, r21
    rcall add_piece_asm
    ldd r22, Y + AI_OFF_HAND
    subi r22, AI_ASM_HAND_READY_ONE
    std Y + AI_OFF_HAND, r22
    ldi r22, AI_ASM_NO_POINT
    std Y + AI_OFF_CHAIN_FROM, r22
    std Y + AI_OFF_CHAIN_TO, r22
    pop ZH
    pop ZL                         /* Z = u */
    rjmp .Lmg_flags
1:  clt
    board_x AI_OFF_CELL, r20
    ld r19, X                       /* the mover's cell */
    st X, ZERO                        /* cell[f] = 0 */
    sbrs r19, AI_ASM_CELL_MARK_BIT
    rjmp 2f
    set                             /* marked: its mark leaves f with it */
    ori r16, 1 << AI_ASM_UNDO_MOVER_MARKED_BIT
    ldd r22, Y + AI_OFF_MARKS
    dec r22
    std Y + AI_OFF_MARKS, r22
    andi r19, ~(1 << AI_ASM_CELL_MARK_BIT) & 0xFF
2:  mov r22, r19                    /* piece[s][slot] = t */
    andi r22, AI_ASM_CELL_SLOT
    swap r22
    piece_x r18, r22
    st X, r21
    sbrs r17, 7
    rjmp .Lmg_moved                 /* not a capture */
    board_x AI_OFF_CELL, r21
    ld r25, X                       /* the victim's cell */
    mov r22, r25
    andi r22, AI_ASM_CELL_SLOT
    or r16, r22                     /* its slot */
    sbrc r25, AI_ASM_CELL_MARK_BIT
    ori r16, 1 << AI_ASM_UNDO_VICTIM_MARKED_BIT
    ldi r24, 1
    eor r24, r18                    /* o */
    rcall take_victim
    /* the capturing piece is marked, unless it arrives where a capture
     * marks only outside the camp */
    lds TMP, BOARD + AI_OFF_FLAGS
    sbrs TMP, AI_ASM_MARK_OUTSIDE_CAMP_BIT
    rjmp 3f
    camp_flag r22, r18, r21
    tst r22
    brne .Lmg_moved
3:  set
.Lmg_moved:
    camp_flag r22, r18, r21
    tst r22
    breq .Lmg_mark                  /* not an arrival */
    ldd r22, Y + AI_OFF_IN_CAMP
    inc r22
    std Y + AI_OFF_IN_CAMP, r22
    brtc .Lmg_mark
    lds TMP, BOARD + AI_OFF_FLAGS
    sbrs TMP, AI_ASM_RETURN_ON_ARRIVAL_BIT
    rjmp .Lmg_mark
    clt                             /* the mark is spent on arrival ... */
    ldd r22, Y + AI_OFF_HAND
    mov r23, r22
    andi r23, AI_ASM_HAND_CAPTURED
    breq .Lmg_mark                  /* ... and no captured piece waits */
    dec r22                         /* one captured piece fewer: it comes back */
    mov r23, r17
    lsr r23
    lsr r23
    andi r23, 0x1F                  /* the return point */
    cpi r23, AI_ASM_NO_POINT
    brne 4f
    subi r22, -AI_ASM_HAND_READY_ONE /* owed or held: ready */
4:  std Y + AI_OFF_HAND, r22
    cpi r23, AI_ASM_NO_POINT
    breq .Lmg_mark
    rcall add_piece_asm             /* on the return point (f counts as free) */
.Lmg_mark:
    brtc 5f
    ori r19, 1 << AI_ASM_CELL_MARK_BIT
    ori r16, AI_ASM_UNDO_MARKED_AFTER
    ldd r22, Y + AI_OFF_MARKS
    inc r22
    std Y + AI_OFF_MARKS, r22
5:  board_x AI_OFF_CELL, r21
    st X, r19                       /* cell[t] = the mover's cell */
    mov XL, r18                    /* value += row[t] - row[f] */
    mov XH, r21
    rcall row_value
    lds r24, BOARD + AI_OFF_VALUE
    lds r25, BOARD + AI_OFF_VALUE + 1
    add r24, r22
    adc r25, r23
    mov XL, r18
    mov XH, r20
    rcall row_value
    sub r24, r22
    sbc r25, r23
    sts BOARD + AI_OFF_VALUE, r24
    sts BOARD + AI_OFF_VALUE + 1, r25
    pop ZH
    pop ZL                         /* Z = u */
    ldd r22, Z + AI_UNDO_OFF_CHAIN_FROM
    ldd r23, Z + AI_UNDO_OFF_CHAIN_TO
    chain_step
.Lmg_flags:
    std Z + AI_UNDO_OFF_FLAGS, r16
    pop r17
    pop r16
    pop YH
    pop YL
    ret

/* r22:r23 = side r26's piece-square value on point r27, as it counts in
 * the board's value (its row in flash; r26, r27, Z changed) */
row_value:
    lsl XL
    ldi ZL, lo8(BOARD + AI_OFF_VALUES)
    ldi ZH, hi8(BOARD + AI_OFF_VALUES)
    add ZL, XL
    adc ZH, ZERO
    ld r22, Z+
    ld r23, Z
    movw ZL, r22
    lsl XH
    add ZL, XH
    adc ZH, ZERO
    lpm r22, Z+
    lpm r23, Z
    ret

/* add_piece in ai_board.c: a new unmarked piece of side s (r18; Y the
 * side's bytes) on point q (r23), last in its list, its value added to
 * the board's. Only placements and returns call it: q is a home point, never
 * in the side's enemy camp. Changes r0, r22-r27, r30, r31. */
add_piece_asm:
    ldd r25, Y + AI_OFF_COUNT       /* its slot: the list's end */
    mov r22, r25
    inc r22
    std Y + AI_OFF_COUNT, r22
    mov r22, r25
    swap r22
    mov TMP, r18
    inc TMP
    or r22, TMP                      /* its cell: the side's bit and the slot */
    board_x AI_OFF_CELL, r23
    st X, r22
    piece_x r18, r25
    st X, r23                       /* piece[s][slot] = q */
    mov XL, r18
    mov XH, r23
    rcall row_value
    lds XL, BOARD + AI_OFF_VALUE
    lds XH, BOARD + AI_OFF_VALUE + 1
    add XL, r22
    adc XH, r23
    sts BOARD + AI_OFF_VALUE, XL
    sts BOARD + AI_OFF_VALUE + 1, XH
    ret

/* A capture's victim on t (r21), of side o (r24), whose cell is r25: it
 * leaves o's list (o's last listed piece takes its slot), and o's count,
 * pieces in the camp, marks, hand (a captured piece, or a ready one when
 * a marked piece is taken where those go to the reserve) and the board's
 * value follow: take_victim_side for o.
 * Changes r0, r22, r23, r26, r27, r30, r31. */
take_victim:
    sbrs r24, 0
    rjmp take_victim_0
take_victim_1:
    take_victim_side 1
    ret
take_victim_0:
    take_victim_side 0
    ret
    .size ai_make_asm, . - ai_make_asm

    .section .text.ai_unmake,"ax",@progbits
.Lunmake_general_near:
    rjmp .Lunmake_general
    .global ai_unmake_asm
    .type ai_unmake_asm, @function
ai_unmake_asm:
    /* the plain step ai_make made (u->flags 0: no mark spent, no capture;
     * a marked piece's mark travels in its cell byte) */
    mov r18, r25
    andi r18, 0xFC
    cpi r18, AI_ASM_PLAIN_HIGH
    breq 1f
    rjmp .Lunmake_capture
1:
    mov r20, r24
    andi r20, 0x1F                  /* f */
    cpi r20, AI_ASM_HAND_POINT
    breq .Lunmake_general_near
    movw ZL, r22                   /* Z = u */
    ldd TMP, Z + AI_UNDO_OFF_FLAGS
    tst TMP
    brne .Lunmake_general_near
    move_to r21, r18                /* t */
    lds r18, BOARD + AI_OFF_STM     /* the side that moved is the other one */
    sbrs r18, 0
    rjmp .Lunmake_plain_black
    plain_unmake 0
.Lunmake_plain_black:
    plain_unmake 1
.Lunmake_capture_general:
    rjmp .Lunmake_general

/* The capture the make's capture path made: capture_unmake for the side
 * that moved. */
.Lunmake_capture:
    cpi r18, AI_ASM_CAPTURE_HIGH
    brne .Lunmake_capture_general
    mov r20, r24
    andi r20, 0x1F                  /* f */
    move_to r21, r18                /* t */
    movw ZL, r22                   /* Z = u */
    lds r18, BOARD + AI_OFF_STM     /* the side that moved is the other one */
    sbrs r18, 0
    rjmp .Lunmake_capture_black
    cpi r21, AI_ASM_CAMP_WHITE
    brsh .Lunmake_capture_general   /* an arriving capture */
    capture_unmake 0
.Lunmake_capture_black:
    cpi r21, AI_ASM_CAMP_BLACK_END
    brsh 1f
    rjmp .Lunmake_general           /* an arriving capture */
1:  capture_unmake 1

/* Every other move (unmake_general in ai_board.c is its twin): the value,
 * the hands and the mover's last step back from u; a placed or returned
 * piece off the board; the mover back to f with the mark it had; a
 * capture's victim back. */
.Lunmake_general:
    mov r20, r24
    andi r20, 0x1F                  /* f */
    move_to r21, r18                /* t */
    lds r18, BOARD + AI_OFF_STM
    ldi r19, 1
    eor r18, r19                    /* s: the side that moved */
    sts BOARD + AI_OFF_STM, r18
    side_y r18
    movw ZL, r22                   /* Z = u */
    restore_undo
    ldd TMP, Z + AI_UNDO_OFF_VALUE   /* the value back from u */
    sts BOARD + AI_OFF_VALUE, TMP
    ldd TMP, Z + AI_UNDO_OFF_VALUE + 1
    sts BOARD + AI_OFF_VALUE + 1, TMP
    cpi r20, AI_ASM_HAND_POINT
    brne 1f
    rcall remove_last               /* the placed piece */
    rjmp .Lug_done
1:  mov r22, r25
    andi r22, 0x7C
    cpi r22, 0x7C
    breq 2f                         /* no return point */
    rcall remove_last               /* the returned piece, listed last (it may stand on f) */
2:  ldd r23, Z + AI_UNDO_OFF_FLAGS
    board_x AI_OFF_CELL, r21
    ld r19, X                       /* the mover's cell, at t */
    sbrs r23, AI_ASM_UNDO_MARKED_AFTER_BIT
    rjmp 3f
    ldd r22, Y + AI_OFF_MARKS
    dec r22
    std Y + AI_OFF_MARKS, r22
3:  camp_flag r22, r18, r21
    tst r22
    breq 4f
    ldd r22, Y + AI_OFF_IN_CAMP
    dec r22
    std Y + AI_OFF_IN_CAMP, r22
4:  mov r22, r19                    /* piece[s][slot] = f */
    andi r22, AI_ASM_CELL_SLOT
    swap r22
    piece_x r18, r22
    st X, r20
    andi r19, ~(1 << AI_ASM_CELL_MARK_BIT) & 0xFF
    sbrs r23, AI_ASM_UNDO_MOVER_MARKED_BIT
    rjmp 5f
    ori r19, 1 << AI_ASM_CELL_MARK_BIT
    ldd r22, Y + AI_OFF_MARKS
    inc r22
    std Y + AI_OFF_MARKS, r22
5:  board_x AI_OFF_CELL, r20
    st X, r19                       /* cell[f]: the mover, marked as it was */
    sbrs r25, 7
    rjmp 6f                         /* not a capture */
    mov r25, r23
    rcall victim_back
    rjmp .Lug_done
6:  board_x AI_OFF_CELL, r21
    st X, ZERO                        /* cell[t] = 0 */
.Lug_done:
    pop YH
    pop YL
    ret

/* The victim back into its old slot of side o's list (the piece that
 * filled the slot goes last again), o's counters with it (the value came
 * back from u): victim_back_side for o; the undo flags in r25, t in r21,
 * s in r18. Its ret ends a capture's unmake (capture_unmake jumps to the
 * side's copy); the general path calls it and pops Y after. */
victim_back:
    sbrs r18, 0
    rjmp victim_back_1              /* s White: o Black */
victim_back_0:
    victim_back_side 0
victim_back_1:
    victim_back_side 1

/* remove_last_piece in ai_board.c: the side's last listed piece (placed
 * or returned: on a home point, never in the enemy camp) off the board;
 * s in r18, Y the side's bytes. Changes r0, r22, r26, r27. */
remove_last:
    ldd r22, Y + AI_OFF_COUNT
    dec r22
    std Y + AI_OFF_COUNT, r22
    piece_x r18, r22
    ld r22, X
    board_x AI_OFF_CELL, r22
    st X, ZERO
    ret
    .size ai_unmake_asm, . - ai_unmake_asm

/* uint8_t ai_tactical_moves(rules_move_t *buf, uint8_t cap), and
 * ai_shielded_moves for jasir's shielded captures only: the tactical
 * generator whole (the host's twin is ai_tactical_moves in ai_board.c,
 * generate_mode(GEN_TACTICAL) with ai_gen_special and special_move_rules).
 * For each of the side to move's pieces outside the enemy camp, every link
 * to an enemy piece or to an empty point of the enemy camp meets the rules
 * such moves meet, here: jasir's shielded captures only when they are
 * wanted (T set, and then nothing else), not the step the chain's limit
 * bans, and an arrival that spends a mark while a captured piece waits
 * brings it back (ai_push_returns); anything else is pushed as it is. An
 * own piece and an empty point outside the camp are passed over in 15 and
 * 16 cycles a link. The list lives in registers (no generator state in
 * RAM but the banned step's to-point, written only when a step is banned):
 * r14:r15 the next entry, r18 the count (past the room too, as
 * rules_move_list_push counts), r19 the room. Returns the count, or
 * RULES_OVERFLOW past the room.
 * Also kept: r6:r7 the cells, r12:r13 the side's link table (flash), r16
 * the banned step's from-point (RULES_NO_POINT: none), r17 the pieces
 * left, Y the piece list, r25 f; per link r22 t, r20 its cell, Z the link
 * list. The side's cell bit, its enemy camp and its bytes are constants:
 * the work is written once per side (tactical_side). */
#define GEN_RULES ai_gen_rules
/* The tactical generator's work for side s (0 White, 1 Black), written
 * once per side so that the side's bytes, its cell bit and its enemy camp
 * are constants; see ai_tactical_moves below. Registers as listed there. */
.macro tactical_side s
    /* the banned step: back along the side's last one, when that would
     * make the chain reach the rule set's limit (length - 1 + 2 >= limit) */
    ldi r16, AI_ASM_NO_POINT
    lds r25, BOARD + AI_OFF_CHAIN_LIMIT
    tst r25
    breq 3f
    lds r22, BOARD + AI_OFF_CHAIN_FROM + \s
    cpi r22, AI_ASM_NO_POINT
    breq 3f
    lds r20, BOARD + AI_OFF_HAND + \s
    swap r20
    lsr r20
    lsr r20
    andi r20, 0x03                  /* the chain's length - 1 */
    subi r20, -2
    cp r20, r25
    brlo 3f
    lds r16, BOARD + AI_OFF_CHAIN_TO + \s
    sts GEN_RULES + AI_ASM_G_BANNED_TO, r22
3:  ldi YL, lo8(BOARD + AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s)
    ldi YH, hi8(BOARD + AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s)  /* Y = piece[s] */
    lds r17, BOARD + AI_OFF_COUNT + \s
    lds r12, BOARD + AI_OFF_LINKS + 2 * \s
    lds r13, BOARD + AI_OFF_LINKS + 2 * \s + 1  /* links[s] */
    subi r17, 1
    brcc .Lt_first\s                /* the first piece */
.Lt_done\s:
    mov r24, r18                    /* the count ... */
    cp r19, r18
    brsh 4f
    ldi r24, AI_ASM_OVERFLOW        /* ... past the room */
4:  ret
.Lt_piece\s:
    subi r17, 1
    brcs .Lt_done\s                 /* no piece left */
.Lt_first\s:
    ld r25, Y+                      /* f */
    in_camp \s, r25, .Lt_piece\s  /* arrived pieces stay */
    movw ZL, r12
    add ZL, r25
    adc ZH, ZERO
    lpm r24, Z                      /* f's list: at this offset in the table */
    movw ZL, r12
    add ZL, r24
    adc ZH, ZERO
.Lt_link\s:
    lpm r22, Z+                     /* t */
    cpi r22, AI_ASM_LINK_END
    breq .Lt_piece\s
    movw XL, r6
    add XL, r22
    adc XH, ZERO
    ld r20, X                       /* c = cell[t] */
    tst r20
    breq .Lt_empty\s
    sbrc r20, \s
    rjmp .Lt_link\s                 /* an own piece */
    /* an enemy piece: a capture */
    out_of_camp \s, r22, 1f
    rjmp .Lt_arriving_capture\s
1:  brts .Lt_link\s                 /* not shielded, and only those are wanted */
    cp r25, r16
    breq .Lt_banned_capture\s
.Lt_push_capture\s:
    ldi r20, AI_ASM_CAPTURE_HIGH
/* RULES_MOVE(f, t, RULES_NO_POINT, capture) on the list, as
 * rules_move_list_push does (counted past its room); r20: the high byte's
 * flags, AI_ASM_PLAIN_HIGH or AI_ASM_CAPTURE_HIGH */
.Lt_push\s:
    cp r18, r19
    brsh 5f                         /* no room: counted only */
    movw XL, r14
    mov r24, r22
    swap r24
    lsl r24
    andi r24, 0xE0
    or r24, r25
    st X+, r24                      /* f | t << 5 */
    mov r24, r22
    lsr r24
    lsr r24
    lsr r24
    or r24, r20
    st X+, r24                      /* t >> 3, no return point, the capture flag */
    movw r14, XL
5:  inc r18
    rjmp .Lt_link\s
/* f is the banned step's from-point: is t its to-point? */
.Lt_banned_capture\s:
    lds r24, GEN_RULES + AI_ASM_G_BANNED_TO
    cp r24, r22
    brne .Lt_push_capture\s
    rjmp .Lt_link\s
.Lt_banned_arrival\s:
    lds r24, GEN_RULES + AI_ASM_G_BANNED_TO
    cp r24, r22
    brne .Lt_arrival\s
    rjmp .Lt_link\s
.Lt_empty\s:
    out_of_camp \s, r22, .Lt_link\s  /* an empty point outside the camp */
    /* an arrival at an empty point */
    brts .Lt_link\s                 /* not shielded */
    cp r25, r16
    breq .Lt_banned_arrival\s
.Lt_arrival\s:
    ldi r20, AI_ASM_PLAIN_HIGH
/* an arrival (r20: AI_ASM_PLAIN_HIGH, or AI_ASM_CAPTURE_HIGH for an
 * arriving capture): a spent mark brings a captured piece back, where
 * pieces return on arrival and one waits. The mark is the mover's, or,
 * where captures mark inside the camp too, the capture's own, spent at
 * once. */
.Lt_arrival_rules\s:
    lds TMP, BOARD + AI_OFF_FLAGS
    sbrs TMP, AI_ASM_RETURN_ON_ARRIVAL_BIT
    rjmp .Lt_push\s                 /* pieces do not return in this rule set */
    lds r24, BOARD + AI_OFF_HAND + \s
    andi r24, AI_ASM_HAND_CAPTURED
    breq .Lt_push\s                 /* none waits */
    movw XL, r6
    add XL, r25
    adc XH, ZERO
    ld r24, X
    sbrc r24, AI_ASM_CELL_MARK_BIT
    rjmp .Lt_returns\s              /* a marked piece spends its mark */
    cpi r20, AI_ASM_CAPTURE_HIGH
    brne .Lt_push\s                 /* an unmarked piece arriving */
    sbrc TMP, AI_ASM_MARK_OUTSIDE_CAMP_BIT
    rjmp .Lt_push\s                 /* an arriving capture that gives no mark */
.Lt_returns\s:
    push r25
    push ZL
    push ZH
    mov r24, r25                    /* (f, t, the high byte's flags) */
    movw XL, r14
    call ai_push_returns            /* (another section: the linker shortens it when within reach) */
    movw r14, XL
    pop ZH
    pop ZL
    pop r25
    rjmp .Lt_link\s
/* an arriving capture: shielded where home pieces are protected; it is
 * pushed only when that is the kind wanted (T) */
.Lt_arriving_capture\s:
    lds TMP, BOARD + AI_OFF_FLAGS
    brts 6f
    sbrc TMP, AI_ASM_HOME_PROTECT_BIT
    rjmp .Lt_link\s                 /* shielded, not wanted */
    rjmp 7f
6:  sbrs TMP, AI_ASM_HOME_PROTECT_BIT
    rjmp .Lt_link\s                 /* not shielded, and only those are wanted */
7:  ldi r20, AI_ASM_CAPTURE_HIGH
    cp r25, r16
    brne .Lt_arrival_rules\s
    lds r24, GEN_RULES + AI_ASM_G_BANNED_TO
    cp r24, r22
    brne .Lt_arrival_rules\s
    rjmp .Lt_link\s                 /* the banned step */
.endm

    .section .text.ai_tactical_moves,"ax",@progbits
    .global ai_shielded_moves_asm
    .type ai_shielded_moves_asm, @function
ai_shielded_moves_asm:
    set                             /* shielded captures wanted */
    rjmp 1f
    .global ai_tactical_moves_asm
    .type ai_tactical_moves_asm, @function
ai_tactical_moves_asm:
    clt
1:  push r6
    push r7
    push r12
    push r13
    push r14
    push r15
    push r16
    push r17
    push YL
    push YH
    rcall .Lt_body
    pop YH
    pop YL
    pop r17
    pop r16
    pop r15
    pop r14
    pop r13
    pop r12
    pop r7
    pop r6
    ret
.Lt_body:
    movw r14, r24                   /* the next entry: buf */
    clr r18                         /* none yet */
    mov r19, r22                    /* the room: cap */
    ldi r24, lo8(BOARD + AI_OFF_CELL)
    mov r6, r24
    ldi r24, hi8(BOARD + AI_OFF_CELL)
    mov r7, r24
    lds r24, BOARD + AI_OFF_STM
    sbrc r24, 0
    rjmp .Lt_black
    tactical_side 0
.Lt_black:
    tactical_side 1
    .size ai_tactical_moves_asm, . - ai_shielded_moves_asm

/* void ai_quiet_links(rules_move_list_t *l, uint8_t banned_from, uint8_t
 * banned_to): the quiet generator's link loop (the host's twin is
 * generate_mode(GEN_QUIET) in ai_board.c, which adds the placements after
 * it on both): every step of the side to move's pieces outside the enemy
 * camp to an empty point outside the camp, but the banned one, pushed on
 * l as rules_move_list_push does (counted past its room). It calls
 * nothing, so the loop lives in the registers a callee may clobber and
 * six saved ones: r12:r13 the side's link table (flash), r14:r15 the piece
 * list, r16 f, r17 the pieces left, r18 l->n, r19 l->cap, r20 banned_to,
 * r22 banned_from, Y the next free entry, X a cell, Z the link list; l
 * waits on the stack. Written once per side (quiet_side), so the side's
 * enemy camp and bytes are constants. */
/* The quiet generator's link loop for side s (0 White, 1 Black), written
 * once per side so that its enemy camp and its bytes are constants; see
 * ai_quiet_links below. */
.macro quiet_side s
    ldi XL, lo8(BOARD + AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s)
    ldi XH, hi8(BOARD + AI_OFF_PIECE + AI_ASM_SIDE_PIECES * \s)
    movw r14, XL                   /* piece[s] */
    lds r17, BOARD + AI_OFF_COUNT + \s
    lds r12, BOARD + AI_OFF_LINKS + 2 * \s
    lds r13, BOARD + AI_OFF_LINKS + 2 * \s + 1  /* links[s] */
.Lq_piece\s:
    subi r17, 1
    brcs .Lq_done_near\s            /* no piece left */
    movw XL, r14
    ld r16, X+                      /* f */
    movw r14, XL
    in_camp \s, r16, .Lq_piece\s  /* arrived pieces stay */
    movw ZL, r12
    add ZL, r16
    adc ZH, ZERO
    lpm r24, Z                      /* f's list: at this offset in the table */
    movw ZL, r12
    add ZL, r24
    adc ZH, ZERO
.Lq_link\s:
    lpm r25, Z+                     /* t */
    cpi r25, AI_ASM_LINK_END
    breq .Lq_piece\s
    board_x AI_OFF_CELL, r25
    ld r24, X
    tst r24
    brne .Lq_link\s                 /* a piece there: not a quiet step */
    in_camp \s, r25, .Lq_link\s  /* an arrival: tactical */
    cp r16, r22
    brne 2f
    cp r25, r20
    breq .Lq_link\s                 /* the step the chain's limit bans */
2:  cp r18, r19
    brsh 3f                         /* no room: counted only */
    mov r24, r25                    /* RULES_MOVE(f, t, RULES_NO_POINT, 0) */
    swap r24
    lsl r24
    andi r24, 0xE0
    or r24, r16                     /* f | t << 5 */
    st Y+, r24
    mov r24, r25
    lsr r24
    lsr r24
    lsr r24
    ori r24, AI_ASM_PLAIN_HIGH      /* t >> 3, the return point RULES_NO_POINT */
    st Y+, r24
3:  inc r18
    rjmp .Lq_link\s
.Lq_done_near\s:
    rjmp .Lq_done
.endm

    .section .text.ai_quiet_links,"ax",@progbits
    .global ai_quiet_links_asm
    .type ai_quiet_links_asm, @function
ai_quiet_links_asm:
    push r12
    push r13
    push r14
    push r15
    push r16
    push r17
    push YL
    push YH
    push r24                        /* l */
    push r25
    movw ZL, r24
    ld YL, Z+
    ld YH, Z+                      /* l->buf */
    ld r18, Z+                      /* l->n */
    ld r19, Z                       /* l->cap */
    add YL, r18
    adc YH, ZERO
    add YL, r18
    adc YH, ZERO                     /* Y = &buf[n] */
    lds r24, BOARD + AI_OFF_STM
    sbrc r24, 0
    rjmp .Lq_black
    quiet_side 0
.Lq_black:
    quiet_side 1
.Lq_done:
    pop ZH
    pop ZL                         /* l */
    std Z + AI_ASM_LIST_OFF_N, r18
    pop YH
    pop YL
    pop r17
    pop r16
    pop r15
    pop r14
    pop r13
    pop r12
    ret
    .size ai_quiet_links_asm, . - ai_quiet_links_asm

/* ai_push_returns: push_returns in ai_board.c, its host twin, for the
 * tactical generator above (its registers, not the C ABI). An arrival
 * that spends a mark while a captured piece waits: one move per free point
 * of the side's home row (the mover's origin counts as free), after the
 * move without a return point where the piece may be held
 * (RETURN_MAY_HOLD), or that move alone when no point is free (owed).
 * In: r24 f, r22 t, r20 the high byte's flags (AI_ASM_PLAIN_HIGH, or
 * AI_ASM_CAPTURE_HIGH for a capture), r18 the list's count, r19 its room,
 * X its next entry; out: r18 and X moved on, as rules_move_list_push
 * counts (past the room too). Clobbers r0, r20-r25, Z. */
    .section .text.ai_push_returns,"ax",@progbits
    .type ai_push_returns, @function
ai_push_returns:
    mov r25, r22
    swap r25
    lsl r25
    andi r25, 0xE0
    or r25, r24                     /* the low byte: f | t << 5 */
    lsr r22
    lsr r22
    lsr r22                         /* t >> 3 */
    or r20, r22                     /* the high byte without a return point */
    mov r23, r20
    andi r23, 0x83                  /* ... with its return point's bits clear */
    mov r21, r18                    /* the count before */
    lds TMP, BOARD + AI_OFF_FLAGS
    sbrs TMP, AI_ASM_RETURN_MAY_HOLD_BIT
    rjmp 2f
    mov TMP, r20                     /* held: no return point */
    rcall .Lpr_push
2:  clr r22                         /* q: White's home row 0-4, Black's 20-24 */
    lds TMP, BOARD + AI_OFF_STM
    tst TMP
    breq 3f
    ldi r22, AI_ASM_CAMP_WHITE
3:  ldi ZL, lo8(BOARD + AI_OFF_CELL)
    ldi ZH, hi8(BOARD + AI_OFF_CELL)
    add ZL, r22
    adc ZH, ZERO                     /* Z = &cell[q] */
4:  ld TMP, Z+
    tst TMP
    breq 5f                         /* free */
    cp r22, r24
    brne 6f                         /* taken, and not the mover's origin */
5:  mov TMP, r22
    lsl TMP
    lsl TMP
    or TMP, r23                      /* the return point q in bits 10-14 */
    rcall .Lpr_push
6:  inc r22
    cpi r22, AI_ASM_CAMP_BLACK_END
    breq 7f
    cpi r22, AI_ASM_CAMP_WHITE + AI_ASM_CAMP_BLACK_END
    brne 4b
7:  cp r18, r21
    brne 8f
    mov TMP, r20                     /* no point free: owed */
    rcall .Lpr_push
8:  ret
/* the move r25 (low byte), r0 (high byte) on the list */
.Lpr_push:
    cp r18, r19
    brsh 9f                         /* no room: counted only */
    st X+, r25
    st X+, TMP
9:  inc r18
    ret
    .size ai_push_returns, . - ai_push_returns
