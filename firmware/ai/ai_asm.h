/* Assembler macros the AI's .S files share; the assembler reads this file
 * only. Offsets and bits come from the generated ai_asm_offsets.h. */
#ifndef JARMO_AI_ASM_H
#define JARMO_AI_ASM_H

/* r25:r24 = row[t] - row[f]: what a step f (r20) -> t (r21) adds to a
 * piece-square row in flash at r23:r22. Changes r20-r23 and Z. */
.macro row_step_gain
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
.endm

#endif
