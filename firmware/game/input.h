/* Button events from the debounced button state: press, release,
 * auto-repeat of held arrows, and a long hold. Portable, host-tested. */
#ifndef JARMO_INPUT_H
#define JARMO_INPUT_H

#include <stdint.h>

#define INPUT_REPEAT_DELAY_MS 400u
#define INPUT_REPEAT_EVERY_MS 120u
#define INPUT_HOLD_MS 800u
#define INPUT_MAX_EVENTS 7u /* a press or a release per button, a repeat or a hold */

enum { INPUT_PRESS = 1, INPUT_RELEASE, INPUT_REPEAT, INPUT_HOLD };

typedef struct {
    uint8_t kind;
    uint8_t button; /* one HAL_BTN_* bit */
} input_event_t;

typedef struct {
    uint8_t down;          /* state seen last time */
    uint8_t held_button;   /* the button being timed for repeat/hold */
    uint8_t hold_sent;
    uint32_t since;        /* when held_button went down */
    uint32_t next_repeat;
} input_t;

void input_init(input_t *in);
/* As input_init, with these buttons already down: their release is not
 * an action either (the press that woke the console). */
void input_init_held(input_t *in, uint8_t buttons);
/* Compares a debounced state with the last one (call it once for each
 * change, in order, or with the same state to run the timers); writes up to
 * INPUT_MAX_EVENTS events and returns how many. */
uint8_t input_update(input_t *in, uint8_t buttons, uint32_t now, input_event_t *out);

#endif
