/* Display driver for BOARD_DISPLAY_DRIVER_WS2812: an 8x8 panel of WS2812B
 * RGB LEDs on one data pin. The LEDs hold their colour (each runs its own
 * PWM), so a frame is sent only when the picture changes (a blink is a
 * change), from the main loop, never from an interrupt.
 *
 * Bit timing at 16 MHz (62.5 ns a cycle), counted in the assembly below:
 *   0 bit: high 6 cycles = 375 ns, low 14 = 875 ns
 *   1 bit: high 14 cycles = 875 ns, low 6 = 375 ns
 * WS2812B (Worldsemi, 2013): T0H 400 +-150 ns, T1H 800 +-150 ns; WS2812B-V5:
 * T0H 220-380 ns, T1H 580-1000 ns: both met (the 0 bit 5 ns inside the
 * V5's limit). Between bytes the low phase is 7 cycles longer, between
 * LEDs 10 (loading the next byte): the longest low inside a frame is 23
 * cycles (1.44 us, the simulator's ws2812_frame_low_max_us). The blue byte is always 0: it is sent, not stored
 * (64 bytes of RAM, which the saved game's replay needs on the stack).
 *
 * A frame goes out whole, with interrupts off: 64 LEDs x 504 cycles =
 * 32,256 cycles (2.0 ms). The datasheets promise nothing for a low between
 * bits beyond the bit timing, and parts have been measured to latch on lows
 * far shorter than the 50 us reset, so no interrupt may cut into a frame.
 * The 1 ms tick keeps time across it: Timer0 keeps counting, and the ticks
 * that fell due run when the frame ends (hal_tick_hold/release), before the
 * tick interrupt is allowed again. After a frame the line stays low for
 * 300 us: the latch (>= 280 us for the V5). `make bench BOARD=jarmo-nano`:
 * the AI loses 5.5% of its thinking time (firmware_think_overhead_percent:
 * interrupts 2.2%, frames and the other polls 3.3%), as it did with frames
 * in chunks; the simulator's strict decoder sees only whole frames.
 *
 * Current: every frame is capped at BUDGET_MA by the commonly quoted
 * 20 mA per WS2812B colour channel at full drive (not checked against a
 * datasheet here), plus IDLE_MA per LED for its controller. */
#include <avr/interrupt.h>
#include <stdbool.h>
#include <string.h>
#include <util/delay.h>

#include "hal.h"
#include "hal_avr.h"
#include "pins.h"

#if BOARD_DISPLAY_DRIVER_WS2812
#include "ws2812_layout.h"

#define LEDS (HAL_DISPLAY_W * HAL_DISPLAY_H)
#define LED_CYCLES 504u /* 3 bytes of 8 bits of 20 cycles, and 7 + 7 + 10 between them */
_Static_assert(LEDS <= 255u, "send_leds counts the LEDs in 8 bits");
#define BUDGET_MA 450u  /* a USB port gives 500 mA; the Nano and buttons take the rest */
#define CHANNEL_MA 20u  /* one colour channel at 255 */
#define IDLE_MA 1u      /* a WS2812B with its LEDs dark (estimate) */

/* canvas level 0..3 -> channel value: dim, middle, bright (bright is
 * 160, not 255: a full panel would be far over budget, and 160 is
 * already glaring at arm's length) */
static const uint8_t level_value[4] = {0, 40, 90, 160};
static const uint8_t brightness_quarters[HAL_BRIGHTNESS_STEPS] = {1, 2, 4};

static uint8_t frame[LEDS * 2];      /* G, R per LED (B is 0), in chain order */
static hal_canvas_t shown;           /* the canvas the panel shows (RAM: not a second frame) */
static bool shown_valid;
static uint8_t brightness = HAL_BRIGHTNESS_STEPS - 1u;
static bool enabled = true;

/* Sends `leds` LEDs: their G and R bytes from p, then a 0 for B, most
 * significant bit first; interrupts must be off. */
static void send_leds(const uint8_t *p, uint8_t leds)
{
    const uint8_t hi = (uint8_t)(PORT_OF(BOARD_WS2812_PORT) | (1 << BOARD_WS2812_BIT));
    const uint8_t lo = (uint8_t)(PORT_OF(BOARD_WS2812_PORT) & ~(1 << BOARD_WS2812_BIT));
    uint8_t byte, bits, left;
    __asm__ volatile(
        "0:  ldi  %[left], 2         \n" /* an LED: two bytes from memory, then B */
        "1:  ld   %[byte], %a[ptr]+  \n" /* next byte: in the low phase of the previous bit */
        "3:  ldi  %[bits], 8         \n"
        "2:  out  %[port], %[hi]     \n" /*  0: rise */
        "    nop                     \n" /*  1 */
        "    nop                     \n" /*  2 */
        "    nop                     \n" /*  3 */
        "    nop                     \n" /*  4 */
        "    sbrs %[byte], 7         \n" /*  5: a 1 bit skips the next (2 cycles) */
        "    out  %[port], %[lo]     \n" /*  6: a 0 bit falls after 6 cycles */
        "    nop                     \n" /*  7 */
        "    nop                     \n" /*  8 */
        "    nop                     \n" /*  9 */
        "    nop                     \n" /* 10 */
        "    nop                     \n" /* 11 */
        "    nop                     \n" /* 12 */
        "    nop                     \n" /* 13 */
        "    out  %[port], %[lo]     \n" /* 14: a 1 bit falls after 14 cycles */
        "    lsl  %[byte]            \n" /* 15 */
        "    dec  %[bits]            \n" /* 16 */
        "    nop                     \n" /* 17 */
        "    brne 2b                 \n" /* 18, 19: the next bit rises at 20 */
        "    dec  %[left]            \n" /* after 8 bits (18): */
        "    brmi 4f                 \n" /*   B sent: the next LED (10 cycles more of low) */
        "    brne 1b                 \n" /*   G sent: R (7 more) */
        "    clr  %[byte]            \n" /*   R sent: B = 0 (7 more) */
        "    rjmp 3b                 \n"
        "4:  dec  %[leds]            \n"
        "    brne 0b                 \n"
        : [ptr] "+e"(p), [leds] "+r"(leds), [byte] "=&d"(byte), [bits] "=&d"(bits), [left] "=&d"(left)
        : [port] "I"(_SFR_IO_ADDR(PORT_OF(BOARD_WS2812_PORT))), [hi] "r"(hi), [lo] "r"(lo));
}

static void send_frame(const uint8_t *bytes)
{
    const uint8_t sreg = SREG;
    const uint16_t held = hal_tick_hold(); /* interrupts off */
    send_leds(bytes, LEDS);
    hal_tick_release(held, (uint16_t)(LEDS * (uint32_t)LED_CYCLES / 64u)); /* Timer0 counts at F_CPU/64 */
    SREG = sreg;
    _delay_us(300); /* the latch */
}

void hal_display_init(void)
{
    PORT_OF(BOARD_WS2812_PORT) &= (uint8_t) ~(1 << BOARD_WS2812_BIT);
    DDR_OF(BOARD_WS2812_PORT) |= (1 << BOARD_WS2812_BIT);
    _delay_us(300);
    memset(frame, 0, sizeof frame);
    send_frame(frame); /* a panel powered before the MCU shows junk: clear it */
}

void hal_display_present(const hal_canvas_t canvas)
{
    if (shown_valid && memcmp(canvas, shown, sizeof shown) == 0)
        return; /* unchanged: the LEDs hold it */
    memcpy(shown, canvas, sizeof shown);
    shown_valid = true;
    uint16_t units = 0; /* sum of all channel values */
    for (uint8_t y = 0; y < HAL_DISPLAY_H; y++)
        for (uint8_t x = 0; x < HAL_DISPLAY_W; x++) {
            const uint8_t px = enabled ? shown[y][x] : 0u;
            uint8_t *led = &frame[ws2812_led_index(x, y) * 2u];
            led[0] = (uint8_t)(level_value[HAL_PIXEL_GREEN(px)] * brightness_quarters[brightness] / 4u);
            led[1] = (uint8_t)(level_value[HAL_PIXEL_RED(px)] * brightness_quarters[brightness] / 4u);
            units = (uint16_t)(units + led[0] + led[1]);
        }
    /* the budget in channel units: (BUDGET - idle) mA at CHANNEL_MA per 255 */
    const uint16_t limit = (uint16_t)((BUDGET_MA - LEDS * IDLE_MA) * 255uL / CHANNEL_MA);
    if (units > limit)
        for (uint8_t i = 0; i < sizeof frame; i++)
            frame[i] = (uint8_t)((uint32_t)frame[i] * limit / units);
    send_frame(frame);
}

void hal_display_enable(bool on)
{
    enabled = on;
    if (!on) { /* dark before the MCU sleeps: the LEDs would hold the picture */
        memset(frame, 0, sizeof frame);
        send_frame(frame);
    }
    shown_valid = false; /* back on: the next present sends */
}

void hal_display_brightness(uint8_t level)
{
    brightness = level < HAL_BRIGHTNESS_STEPS ? level : (uint8_t)(HAL_BRIGHTNESS_STEPS - 1u);
    shown_valid = false; /* the next present sends, whatever it shows */
}

#endif
