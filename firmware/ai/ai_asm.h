/* Assembler macros the AI's .S files share; the assembler reads this file
 * only. Offsets and bits come from the generated ai_asm_offsets.h. */
#ifndef JARMO_AI_ASM_H
#define JARMO_AI_ASM_H

/* Register aliases: the avr-gcc ABI's two fixed registers and the pointer
 * pairs' halves, by their role (the routines' own registers are named in
 * their comments: m in r25:r24, u in r23:r22). */
#define TMP r0  /* __tmp_reg__: free for a moment, mul writes it */
#define ZERO r1 /* __zero_reg__: always 0, and 0 again on return */
#define XL r26
#define XH r27
#define YL r28
#define YH r29
#define ZL r30
#define ZH r31

/* r25:r24 = row[t] - row[f]: what a step f (r20) -> t (r21) adds to a
 * piece-square row in flash at r23:r22. Changes r20-r23 and Z. */
.macro row_step_gain
    lsl r21
    movw ZL, r22
    add ZL, r21
    adc ZH, ZERO
    lpm r24, Z+
    lpm r25, Z                      /* row[t] */
    lsl r20
    movw ZL, r22
    add ZL, r20
    adc ZH, ZERO
    lpm r22, Z+
    lpm r23, Z                      /* row[f] */
    sub r24, r22
    sbc r25, r23
.endm

#endif
