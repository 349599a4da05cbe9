#include "input.h"

#include "hal.h"

#define ARROWS (HAL_BTN_UP | HAL_BTN_DOWN | HAL_BTN_LEFT | HAL_BTN_RIGHT)

void input_init(input_t *in)
{
    in->down = 0;
    in->held_button = 0;
    in->hold_sent = 0;
    in->since = in->next_repeat = 0;
}

void input_init_held(input_t *in, uint8_t buttons)
{
    input_init(in);
    in->down = buttons;
}

uint8_t input_update(input_t *in, uint8_t buttons, uint32_t now, input_event_t *out)
{
    uint8_t n = 0;
    const uint8_t changed = buttons ^ in->down;
    for (uint8_t bit = 1; bit && bit <= HAL_BTN_B; bit = (uint8_t)(bit << 1)) {
        if (!(changed & bit))
            continue;
        if (buttons & bit) {
            out[n].kind = INPUT_PRESS;
            /* the newest press is the one that repeats or holds */
            in->held_button = bit;
            in->hold_sent = 0;
            in->since = now;
            in->next_repeat = now + INPUT_REPEAT_DELAY_MS;
        } else {
            out[n].kind = INPUT_RELEASE;
            if (in->held_button == bit)
                in->held_button = 0;
        }
        out[n++].button = bit;
    }
    in->down = buttons;
    const uint8_t held = in->held_button;
    if (held & ARROWS) {
        if ((int32_t)(now - in->next_repeat) >= 0) {
            out[n].kind = INPUT_REPEAT;
            out[n++].button = held;
            in->next_repeat += INPUT_REPEAT_EVERY_MS;
            if ((int32_t)(now - in->next_repeat) >= 0) /* we fell behind: don't burst */
                in->next_repeat = now + INPUT_REPEAT_EVERY_MS;
        }
    } else if (held && !in->hold_sent && now - in->since >= INPUT_HOLD_MS) {
        out[n].kind = INPUT_HOLD;
        out[n++].button = held;
        in->hold_sent = 1;
    }
    return n;
}
