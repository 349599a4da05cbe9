/* Part: the measurements. Not a component on the board but the bench's
 * probes: time in interrupt handlers (simavr's per-vector RUNNING signal),
 * the display ISR alone, the firmware's GPIOR0 marks around the main loop
 * and the AI's thinking, the stack's high-water mark (the firmware paints
 * free RAM with 0xA5 before main), and the report of them all. */
#include <stdio.h>
#include <string.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_interrupts.h>
#include <simavr/sim_io.h>

#include "ai/ai.h"
#include "hal.h"
#include "script_command.h"
#include "script_parse.h"
#include "sim.h"

#define GPIOR0_DATA_ADDR 0x3E
#define SPL_DATA_ADDR 0x5D
#define SPH_DATA_ADDR 0x5E
#define DISPLAY_VECTOR 7 /* TIMER2_COMPA on the ATmega328P */
#define STACK_PAINT 0xA5
#define RAM_END 0x8FF

static void stat_add(sim_stat_t *st, uint64_t v)
{
    st->count++;
    st->sum += v;
    if (v > st->max)
        st->max = v;
}

static void on_any_isr(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_measure_t *m = &((sim_t *)param)->measure;
    const uint64_t now = ((sim_t *)param)->avr->cycle;
    if (value && !m->isr_running)
        m->isr_entered_at = now;
    else if (!value && m->isr_running)
        m->isr_busy += now - m->isr_entered_at;
    m->isr_running = value ? 1 : 0;
}

static void on_display_isr(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_measure_t *m = &((sim_t *)param)->measure;
    const uint64_t now = ((sim_t *)param)->avr->cycle;
    if (value)
        m->display_isr_at = now;
    else
        stat_add(&m->display_isr, now - m->display_isr_at);
}

static void on_mark(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    sim_t *s = param;
    sim_measure_t *m = &s->measure;
    avr->data[addr] = v;
    switch (v) {
    case HAL_MARK_LOOP:
        m->loop_at = avr->cycle;
        m->loop_isr_at = m->isr_busy;
        break;
    case HAL_MARK_IDLE:
        /* the loop's own work, ISR time taken out; iterations in which the
         * AI thought are the thinking spans' business, not the loop's */
        if (m->loop_at && !m->loop_thought)
            stat_add(&m->loop, avr->cycle - m->loop_at - (m->isr_busy - m->loop_isr_at));
        m->loop_at = 0;
        m->loop_thought = false;
        break;
    case HAL_MARK_THINK_BEGIN:
        m->think_at = avr->cycle;
        m->loop_thought = true;
        if (!m->think_sp)
            m->think_sp = (uint16_t)(avr->data[SPL_DATA_ADDR] | (avr->data[SPH_DATA_ADDR] << 8));
        m->think_frames_at = sim_frame_count(s);
        m->think_isr_at = m->isr_busy;
        break;
    case HAL_MARK_POLL_BEGIN:
        m->poll_at = avr->cycle;
        m->poll_isr_at = m->isr_busy;
        break;
    case HAL_MARK_POLL_END:
        if (m->poll_at && m->think_at) {
            m->think_poll += avr->cycle - m->poll_at - (m->isr_busy - m->poll_isr_at);
            m->polls++;
        }
        m->poll_at = 0;
        break;
    case HAL_MARK_THINK_END:
        if (m->think_at) {
            const uint64_t span = avr->cycle - m->think_at;
            stat_add(&m->think, span);
            m->think_isr += m->isr_busy - m->think_isr_at;
            if (m->span_count < SIM_SPANS)
                m->spans_ms[m->span_count++] = (double)span * 1000.0 / (double)s->freq;
            /* refresh during this span; spans shorter than 20 ms are too short to judge */
            if (span > s->freq / 50) {
                const double hz = (double)(sim_frame_count(s) - m->think_frames_at) * (double)s->freq / (double)span;
                if (!m->think_judged++ || hz < m->think_min_hz)
                    m->think_min_hz = hz;
            }
        }
        m->think_at = 0;
        break;
    default:
        break;
    }
}

static void attach(sim_t *s)
{
    struct avr_t *avr = s->avr;
    avr_irq_register_notify(avr_get_interrupt_irq(avr, AVR_INT_ANY) + AVR_INT_IRQ_RUNNING, on_any_isr, s);
    avr_irq_register_notify(avr_get_interrupt_irq(avr, DISPLAY_VECTOR) + AVR_INT_IRQ_RUNNING, on_display_isr, s);
    avr_register_io_write(avr, GPIOR0_DATA_ADDR, on_mark, s);
}

static unsigned static_ram(const sim_t *s) { return s->heap_start >= 0x100 ? s->heap_start - 0x100u : 0; }

static unsigned peak_stack(sim_t *s)
{
    if (!s->heap_start)
        return 0;
    /* the lowest byte that no longer holds the boot-time paint */
    uint32_t a = s->heap_start;
    while (a <= RAM_END && s->avr->data[a] == STACK_PAINT)
        a++;
    return RAM_END + 1u - a;
}

/* Stack used below the SP seen when thinking first began (0: never). */
static unsigned think_stack(sim_t *s)
{
    const unsigned peak = peak_stack(s);
    if (!s->measure.think_sp || !peak)
        return 0;
    const unsigned lowest = RAM_END + 1u - peak; /* lowest byte the stack reached */
    return s->measure.think_sp >= lowest ? s->measure.think_sp - lowest + 1u : 0;
}

/* The AI's own share of a thinking span is what the interrupts and the
 * console's polls (display frames, buttons, watchdog) leave it. */
static double think_overhead_percent(const sim_t *s)
{
    const sim_measure_t *m = &s->measure;
    return m->think.sum ? 100.0 * (double)(m->think_isr + m->think_poll) / (double)m->think.sum : 0.0;
}

static double think_nodes_per_second(const sim_t *s)
{
    const sim_measure_t *m = &s->measure;
    return m->think.sum ? (double)m->polls * AI_POLL_NODES * (double)s->freq / (double)m->think.sum : 0.0;
}

static double isr_percent(const sim_t *s)
{
    return s->avr->cycle ? 100.0 * (double)s->measure.isr_busy / (double)s->avr->cycle : 0.0;
}

/* Figures: refresh, ISR share, stack, loop cycles, thinking. */
static void report(sim_t *s, const char *prefix)
{
    const sim_measure_t *m = &s->measure;
    printf("%srefresh_hz: %.1f\n", prefix, sim_refresh_hz(s));
    printf("%sisr_cpu_percent: %.2f\n", prefix, isr_percent(s));
    if (m->display_isr.count) {
        printf("%sdisplay_isr_cycles_mean: %.1f\n", prefix, (double)m->display_isr.sum / (double)m->display_isr.count);
        printf("%sdisplay_isr_cycles_max: %llu\n", prefix, (unsigned long long)m->display_isr.max);
    }
    printf("%sstatic_ram_bytes: %u\n", prefix, static_ram(s));
    printf("%speak_stack_bytes: %u\n", prefix, peak_stack(s));
    printf("%sram_total_bytes: %u\n", prefix, static_ram(s) + peak_stack(s));
    if (s->heap_start)
        printf("%sstack_headroom_bytes: %d\n", prefix, (int)s->lowest_sp + 1 - (int)s->heap_start);
    if (m->loop.count) {
        printf("%smain_loop_cycles_mean: %.1f\n", prefix, (double)m->loop.sum / (double)m->loop.count);
        printf("%smain_loop_cycles_max: %llu\n", prefix, (unsigned long long)m->loop.max);
        printf("%smain_loop_iterations: %llu\n", prefix, (unsigned long long)m->loop.count);
        printf("%smain_loop_ms_max: %.2f\n", prefix, (double)m->loop.max * 1000.0 / (double)s->freq);
    }
    if (m->think.count) {
        printf("%sthink_spans: %llu\n", prefix, (unsigned long long)m->think.count);
        printf("%sthink_ms_max: %.1f\n", prefix, (double)m->think.max * 1000.0 / (double)s->freq);
        printf("%sthink_refresh_hz_min: %.1f\n", prefix, m->think_min_hz);
        printf("%sthink_stack_bytes: %u\n", prefix, think_stack(s));
        printf("%sthink_nodes_per_second: %.0f\n", prefix, think_nodes_per_second(s));
        printf("%sthink_isr_percent: %.2f\n", prefix, 100.0 * (double)m->think_isr / (double)m->think.sum);
        printf("%sthink_poll_percent: %.2f\n", prefix, 100.0 * (double)m->think_poll / (double)m->think.sum);
        printf("%sthink_overhead_percent: %.2f\n", prefix, think_overhead_percent(s));
        printf("%sspans_ms:", prefix);
        for (unsigned i = 0; i < m->span_count; i++)
            printf(" %.1f", m->spans_ms[i]);
        printf("\n");
    }
}

/* ---- its script commands (docs/sim.md) ---- */
static bool cmd_expect_refresh(script_call_t *c)
{
    double want;
    if (!script_parse_number(c->argv[0], 100000, &want)) {
        script_call_fail(c, "expect-refresh: '%s' is not a rate in Hz", c->argv[0]);
        return true;
    }
    const double hz = sim_refresh_hz(c->sim);
    if (hz < want)
        script_call_fail(c, "refresh rate %.1f Hz < %s Hz", hz, c->argv[0]);
    return true;
}

static bool cmd_expect_think_refresh(script_call_t *c)
{
    double want;
    const sim_measure_t *m = &c->sim->measure;
    if (!script_parse_number(c->argv[0], 100000, &want))
        script_call_fail(c, "expect-think-refresh: '%s' is not a rate in Hz", c->argv[0]);
    else if (m->think.count == 0 || (m->think_judged && m->think_min_hz < want)) /* all under 20 ms: nothing to judge */
        script_call_fail(c, "refresh while thinking %.1f Hz < %s Hz (%llu spans)", m->think_min_hz, c->argv[0],
             (unsigned long long)m->think.count);
    return true;
}

/* expect-think-overhead-max PERCENT: the share of the thinking spans that
 * went to interrupts and the console's polls rather than the search */
static bool cmd_expect_think_overhead_max(script_call_t *c)
{
    unsigned long want;
    if (!script_parse_uint(c->argv[0], 100, &want))
        script_call_fail(c, "expect-think-overhead-max: '%s' is not a percentage", c->argv[0]);
    else if (c->sim->measure.think.count == 0)
        script_call_fail(c, "expect-think-overhead-max: the AI has not thought yet");
    else if (think_overhead_percent(c->sim) > (double)want)
        script_call_fail(c, "thinking overhead %.2f%% > %s%% (interrupts and polls took that share from the search)",
             think_overhead_percent(c->sim), c->argv[0]);
    return true;
}

static bool cmd_expect_max(script_call_t *c)
{
    const bool ram = strncmp(c->line, "expect-ram-max", 14) == 0;
    unsigned long limit;
    if (!script_parse_uint(c->argv[0], 1uL << 20, &limit)) {
        script_call_fail(c, "'%s' is not a byte count", c->argv[0]);
        return true;
    }
    const unsigned have = ram ? static_ram(c->sim) + peak_stack(c->sim) : c->sim->flash_bytes;
    if (have > limit)
        script_call_fail(c, "over budget: %s %u bytes > %lu", ram ? "static RAM + peak stack" : "flash", have, limit);
    return true;
}

/* expect-spans FIRST-COUNT max|mean<=MS: timed spans, e.g. one AI level */
static bool cmd_expect_spans(script_call_t *c)
{
    const sim_measure_t *m = &c->sim->measure;
    unsigned first = 0, count = 0;
    char kind[8], tail;
    double limit = 0;
    if (sscanf(c->argv[0], "%u-%u%c", &first, &count, &tail) != 2 ||
        sscanf(c->argv[1], "%7[a-z]<=%lf%c", kind, &limit, &tail) != 2 ||
        (strcmp(kind, "max") != 0 && strcmp(kind, "mean") != 0) || count == 0 || first + count > m->span_count) {
        script_call_fail(c, "expect-spans FIRST-COUNT max<=MS|mean<=MS over the %u recorded spans: %s", m->span_count, c->line);
        return true;
    }
    double max = 0, sum = 0;
    for (unsigned i = first; i < first + count; i++) {
        sum += m->spans_ms[i];
        if (m->spans_ms[i] > max)
            max = m->spans_ms[i];
    }
    const double got = strcmp(kind, "max") == 0 ? max : sum / count;
    if (got > limit)
        script_call_fail(c, "over budget: %s %.1f ms > %.1f ms (spans %u..%u)", kind, got, limit, first, first + count - 1);
    return true;
}

static const script_command_t commands[] = {
    {"expect-refresh", 1, 1, cmd_expect_refresh, "expect-refresh HZ"},
    {"expect-think-refresh", 1, 1, cmd_expect_think_refresh, "expect-think-refresh HZ"},
    {"expect-think-overhead-max", 1, 1, cmd_expect_think_overhead_max, "expect-think-overhead-max PERCENT"},
    {"expect-ram-max", 1, 1, cmd_expect_max, "expect-ram-max BYTES"},
    {"expect-flash-max", 1, 1, cmd_expect_max, "expect-flash-max BYTES"},
    {"expect-spans", 2, 2, cmd_expect_spans, "expect-spans FIRST-COUNT max<=MS|mean<=MS"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_measure = {.name = "measure", .attach = attach, .report = report, .commands = commands};
