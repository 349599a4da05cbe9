/* Part: an 8x8 WS2812B panel on one data pin (BOARD_DISPLAY_DRIVER_WS2812).
 * The data line is decoded from the cycle timestamps of its edges, as the
 * LEDs do: a high of 150-380 ns is a 0 bit, 625-1000 ns a 1 bit (inside both
 * the WS2812B and the WS2812B-V5 datasheets); anything else is counted as a
 * bad bit, and so is a low pause of 50-280 us inside a frame (the older
 * parts would latch there, the V5 would not). A low of 280 us or more
 * latches the frame: 64 x (G, R, B), mapped to the matrix by the board's
 * layout. Each latched frame's current is computed from the datasheet's
 * 20 mA per channel at 255 plus 1 mA per LED, and the worst is kept.
 *
 * Beside it, a strict decoder: the datasheets promise nothing for a low
 * between bits beyond the bit timing, and parts have been measured to
 * latch on lows far shorter than 50 us. So any low over 5 us (80 cycles at
 * 16 MHz) ends a frame for it; its frames' lengths in LEDs are reported
 * (whole frames: 64), and such a low between bits of one latched frame is
 * an error (ws2812_long_lows, expect-ws2812-clean). */
#include <stdio.h>
#include <string.h>

#include <simavr/avr_ioport.h>
#include <simavr/sim_avr.h>

#include "script_command.h"
#include "script_parse.h"
#include "sim.h"
#include BOARD_HEADER
#if BOARD_DISPLAY_DRIVER_WS2812
#include "ws2812_layout.h"
#endif

#if BOARD_DISPLAY_DRIVER_WS2812

#define FRAME_BITS (SIM_WS2812_LEDS * 24u)
#define FULL_VALUE 160.0 /* the firmware's brightest level: shown as full */
#define PWM_HZ 400.0     /* the LEDs' own refresh (WS2812B datasheet) */

static double ns(const sim_t *s, uint64_t cycles) { return (double)cycles * 1e9 / (double)s->freq; }

#define STRICT_LOW_NS 5000.0 /* any longer low ends a frame for the strict decoder */

/* The strict decoder: the bits since the last low over 5 us are a frame. */
static void end_run(sim_ws2812_t *w)
{
    if (!w->run_bits)
        return;
    const unsigned leds = w->run_bits / 24u;
    if (!w->runs || leds < w->run_leds_min)
        w->run_leds_min = leds;
    if (leds > w->run_leds_max)
        w->run_leds_max = leds;
    w->runs++;
    w->run_bits = 0;
}

/* What the LEDs showed since shown_at, into value_cycles. */
static void add_shown(sim_t *s)
{
    sim_ws2812_t *w = &s->ws2812;
    const uint64_t span = s->avr->cycle - w->shown_at;
    for (unsigned i = 0; i < sizeof w->shown; i++)
        w->value_cycles[i] += (uint64_t)w->shown[i] * span;
    w->shown_at = s->avr->cycle;
}

static void latch(sim_t *s)
{
    sim_ws2812_t *w = &s->ws2812;
    if (w->bits == FRAME_BITS) {
        add_shown(s);
        memcpy(w->shown, w->incoming, sizeof w->shown);
        w->latched = true;
        w->frames++;
        unsigned units = 0;
        for (unsigned i = 0; i < sizeof w->shown; i++)
            units += w->shown[i];
        const unsigned ma = (unsigned)((units * 20u + 254u) / 255u) + SIM_WS2812_LEDS * 1u;
        if (ma > w->current_ma_max)
            w->current_ma_max = ma;
    } else if (w->bits) {
        w->bad_bits += w->bits; /* a frame cut short */
    }
    w->bits = 0;
    end_run(w);
}

/* A low line for 280 us or more latches what came before. */
static void settle(sim_t *s)
{
    sim_ws2812_t *w = &s->ws2812;
    if (!w->level && w->bits && ns(s, s->avr->cycle - w->fall) >= 280000.0)
        latch(s);
}

static void on_data(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    sim_ws2812_t *w = &s->ws2812;
    const uint64_t now = s->avr->cycle;
    const uint8_t level = value ? 1u : 0u;
    if (level == w->level)
        return;
    w->level = level;
    if (level) { /* rise: the pause before it */
        const double low = ns(s, now - w->fall);
        if (w->bits && low >= 280000.0)
            latch(s);
        else if (w->bits && low >= 50000.0)
            w->bad_bits++; /* would latch an older WS2812B mid-frame */
        if (w->bits && low < 280000.0) { /* a low between bits of one frame */
            if (now - w->fall > w->low_max)
                w->low_max = now - w->fall;
            if (low > STRICT_LOW_NS) {
                w->long_lows++;
                end_run(w);
            }
        }
        w->rise = now;
        return;
    }
    w->fall = now;
    const double high = ns(s, now - w->rise);
    int bit = high >= 150.0 && high <= 380.0 ? 0 : high >= 625.0 && high <= 1000.0 ? 1 : -1;
    if (bit < 0) {
        w->bad_bits++;
        return;
    }
    if (w->bits < FRAME_BITS) {
        uint8_t *b = &w->incoming[w->bits / 8u];
        *b = (uint8_t)((*b << 1) | (uint8_t)bit);
    }
    w->bits++; /* bits past a whole frame go on to the next LEDs, not this panel */
    w->run_bits++;
}

static void attach(sim_t *s)
{
    avr_irq_register_notify(
        SIM_PIN_IRQ(s, BOARD_WS2812_PORT, BOARD_WS2812_BIT), on_data, s);
}

static void reset(sim_t *s)
{
    s->ws2812.bits = 0; /* the LEDs keep what they show; a frame in flight is lost */
    s->ws2812.run_bits = 0;
    s->ws2812.level = 0;
}

static void report(sim_t *s, const char *prefix)
{
    settle(s);
    printf("%sled_current_ma_max: %u\n", prefix, s->ws2812.current_ma_max);
    printf("%sws2812_bad_bits: %llu\n", prefix, (unsigned long long)s->ws2812.bad_bits);
    printf("%sws2812_frames: %u\n", prefix, s->ws2812.frames);
    printf("%sws2812_strict_frames: %u\n", prefix, s->ws2812.runs);
    printf("%sws2812_strict_frame_leds_min: %u\n", prefix, s->ws2812.run_leds_min);
    printf("%sws2812_strict_frame_leds_max: %u\n", prefix, s->ws2812.run_leds_max);
    printf("%sws2812_frame_low_max_us: %.2f\n", prefix, ns(s, s->ws2812.low_max) / 1000.0);
    printf("%sws2812_long_lows: %llu\n", prefix, (unsigned long long)s->ws2812.long_lows);
}

/* ---- its script commands (docs/sim.md) ---- */
/* A WS2812B panel (part_display_ws2812.c): every latched frame within the
 * current budget, and every bit on the data line within the datasheets. */
static bool cmd_expect_led_current_max(script_call_t *c)
{
    unsigned long limit;
    if (!script_parse_uint(c->argv[0], 100000, &limit))
        script_call_fail(c, "'%s' is not a current in mA", c->argv[0]);
    else if (c->sim->ws2812.current_ma_max > limit)
        script_call_fail(c, "over budget: a frame drew %u mA > %lu mA", c->sim->ws2812.current_ma_max, limit);
    else if (!c->sim->ws2812.frames)
        script_call_fail(c, "no WS2812 frame was latched");
    return true;
}

static bool cmd_expect_ws2812_clean(script_call_t *c)
{
    if (c->sim->ws2812.bad_bits)
        script_call_fail(c, "%llu bits or pauses out of the WS2812B's timing", (unsigned long long)c->sim->ws2812.bad_bits);
    else if (c->sim->ws2812.long_lows)
        script_call_fail(c, "%llu lows over 5 us inside a frame (the longest %.1f us): a panel may latch there",
             (unsigned long long)c->sim->ws2812.long_lows,
             (double)c->sim->ws2812.low_max * 1e6 / (double)c->sim->freq);
    return true;
}

static const script_command_t commands[] = {
    {"expect-led-current-max", 1, 1, cmd_expect_led_current_max, "expect-led-current-max MA"},
    {"expect-ws2812-clean", 0, 0, cmd_expect_ws2812_clean, "expect-ws2812-clean"},
    {NULL, 0, 0, NULL, NULL},
};

static void view(sim_t *s, matrix_view_t *v)
{
    settle(s);
    memset(v, 0, sizeof *v);
    if (!s->ws2812.latched)
        return;
    for (unsigned y = 0; y < MATRIX_N; y++)
        for (unsigned x = 0; x < MATRIX_N; x++) {
            const uint8_t *led = &s->ws2812.shown[ws2812_led_index((uint8_t)x, (uint8_t)y) * 3u];
            v->green[y][x] = led[0] / FULL_VALUE;
            v->red[y][x] = led[1] / FULL_VALUE;
        }
}

/* The LEDs refresh themselves; what the data line carries is only changes. */
static double refresh_hz(sim_t *s)
{
    settle(s);
    return s->ws2812.latched ? PWM_HZ : 0.0;
}

static uint32_t frame_count(const sim_t *s) { return s->ws2812.frames; }

/* Each LED's channels: value x time / 255 is its time at full current. */
static void use(sim_t *s, sim_display_use_t *u)
{
    settle(s);
    add_shown(s);
    memset(u, 0, sizeof *u);
    static const uint8_t channel_of[3] = {1, 0, 2}; /* G, R, B on the wire -> red, green, blue */
    for (unsigned y = 0; y < MATRIX_N; y++)
        for (unsigned x = 0; x < MATRIX_N; x++) {
            const uint64_t *led = &s->ws2812.value_cycles[ws2812_led_index((uint8_t)x, (uint8_t)y) * 3u];
            for (unsigned k = 0; k < 3; k++)
                u->full_cycles[y][x][channel_of[k]] = (double)led[k] / 255.0;
        }
}

const sim_part_t sim_part_display_ws2812 = {
    .name = "display-ws2812", .attach = attach, .reset = reset, .report = report,
    .view = view, .refresh_hz = refresh_hz, .frame_count = frame_count, .use = use, .commands = commands,
};

#endif
