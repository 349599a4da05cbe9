/* Part: the piezo buzzer on the board's buzzer pin. Edges give each tone's
 * frequency (from the regular half periods) and duration; script runs print
 * them as "tone: F Hz for D ms". */
#include <stdio.h>
#include <math.h>

#include <simavr/avr_ioport.h>
#include <simavr/sim_avr.h>

#include "script_command.h"
#include "script_parse.h"
#include "sim.h"
#include BOARD_HEADER

#define TONE_GAP_MS 20.0 /* a buzzer silent this long has ended its tone */

static double cycles_ms(const sim_t *s, uint64_t cycles) { return (double)cycles * 1000.0 / (double)s->freq; }

static void tone_close(sim_t *s)
{
    sim_buzzer_t *z = &s->buzzer;
    if (!z->on)
        return;
    if (z->tone_count < SIM_TONES) {
        sim_tone_t *t = &z->tones[z->tone_count++];
        t->start_ms = cycles_ms(s, z->start);
        /* the mean half period up to the edge before the last: the last
         * edge is the firmware stopping the tone, not a regular one */
        t->freq_hz = z->edges >= 3 ? (double)(z->edges - 2) * (double)s->freq / (2.0 * (double)(z->prev_edge - z->start))
                                   : z->freq;
        t->duration_ms = cycles_ms(s, z->last_edge - z->start);
        if (s->uart.echo) /* script runs log every tone */
            printf("[%9.1f ms] tone: %.0f Hz for %.0f ms\n", t->start_ms, t->freq_hz, t->duration_ms);
    }
    z->on = false;
}

static void on_buzzer(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    sim_buzzer_t *z = &s->buzzer;
    const uint64_t now = s->avr->cycle;
    if ((value ? 1 : 0) == z->level)
        return;
    z->level = value ? 1 : 0;
    if (!z->on || cycles_ms(s, now - z->last_edge) > TONE_GAP_MS) {
        tone_close(s);
        z->on = true;
        z->start = now;
        z->freq = 0;
        z->edges = 0;
    } else {
        z->freq = (double)s->freq / (2.0 * (double)(now - z->last_edge));
    }
    z->edges++;
    z->prev_edge = z->last_edge;
    z->last_edge = now;
}

/* closes a tone that has gone quiet */
static void settle(sim_t *s)
{
    if (s->buzzer.on && cycles_ms(s, s->avr->cycle - s->buzzer.last_edge) > TONE_GAP_MS)
        tone_close(s);
}

static void attach(sim_t *s)
{
    avr_irq_register_notify(
        SIM_PIN_IRQ(s, BOARD_BUZZER_PORT, BOARD_BUZZER_BIT), on_buzzer, s);
}

/* ---- its script commands (docs/sim.md) ---- */
static bool cmd_expect_tone(script_call_t *c)
{
    double want;
    if (!script_parse_number(c->argv[0], 100000, &want) || want <= 0) {
        script_call_fail(c, "expect-tone: '%s' is not a frequency in Hz", c->argv[0]);
        return true;
    }
    sim_buzzer_t *z = &c->sim->buzzer;
    bool found = false;
    for (size_t i = z->checked; i < z->tone_count && !found; i++)
        if (fabs(z->tones[i].freq_hz - want) <= want * 0.03) {
            found = true;
            z->checked = i + 1;
        }
    if (!found && z->on && fabs(z->freq - want) <= want * 0.03) {
        found = true; /* still sounding */
        z->checked = z->tone_count + 1;
    }
    if (!found)
        script_call_fail(c, "no %s Hz tone since the last check", c->argv[0]);
    return true;
}

static bool cmd_expect_no_tone(script_call_t *c)
{
    sim_buzzer_t *z = &c->sim->buzzer;
    if (z->tone_count > z->checked || z->on)
        script_call_fail(c, "a tone sounded since the last check (%.0f Hz)",
             z->on ? z->freq : z->tones[z->tone_count - 1].freq_hz);
    z->checked = z->tone_count;
    return true;
}

static const script_command_t commands[] = {
    {"expect-tone", 1, 1, cmd_expect_tone, "expect-tone HZ"},
    {"expect-no-tone", 0, 0, cmd_expect_no_tone, "expect-no-tone"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_buzzer = {.name = "buzzer", .attach = attach, .settle = settle, .commands = commands};
