/* Part: the debug console on USART0 (ready, start, move, over, sleep,
 * wake lines). Kept whole for the scripts; echoed line by line in script
 * runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>

#include "part_uart.h"
#include "script_command.h"

static void on_uart(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    sim_uart_t *u = &s->uart;
    if (u->len + 2 > u->cap) {
        const size_t cap = u->cap ? u->cap * 2 : 4096;
        char *text = realloc(u->text, cap);
        if (!text) {
            fprintf(stderr, "jarmo-sim: out of memory for the UART log\n");
            exit(2);
        }
        u->text = text;
        u->cap = cap;
    }
    u->text[u->len++] = (char)value;
    u->text[u->len] = '\0';
    if (u->echo && value == '\n') {
        const char *line = u->text + u->len - 1;
        while (line > u->text && line[-1] != '\n')
            line--;
        printf("[%9.1f ms] uart: ", sim_now_ms(s));
        for (; line < u->text + u->len - 1; line++) /* bytes that are not text (a programmer's) as '.' */
            putchar(*line >= ' ' && *line <= '~' ? *line : '.');
        putchar('\n');
    }
}

static void attach(sim_t *s)
{
    uint32_t flags = 0;
    avr_ioctl(s->avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    /* no console echo, and no real sleep when the firmware polls the USART */
    flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(s->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(s->avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_uart, s);
}

/* The log and what it holds, freed when the run ends. */
static bool close_log(sim_t *s)
{
    free(s->uart.text);
    s->uart.text = NULL;
    return true;
}

/* The log's whole lines (ended by a newline), one after another. */
static const char *next_line(const char *p)
{
    const char *nl = p ? strchr(p, '\n') : NULL;
    return nl && nl[1] ? nl + 1 : NULL;
}

const char *sim_uart_newest_line(const sim_t *s, const char *const *prefixes, size_t count)
{
    const sim_uart_t *u = &s->uart;
    if (!u->text)
        return NULL;
    const char *end = u->text + u->len;
    while (end > u->text && end[-1] != '\n') /* a line still coming is no line yet */
        end--;
    while (end > u->text) { /* end: just past a whole line's newline */
        const char *line = end - 1;
        while (line > u->text && line[-1] != '\n')
            line--;
        for (size_t i = 0; i < count; i++)
            if (strncmp(line, prefixes[i], strlen(prefixes[i])) == 0)
                return line;
        end = line;
    }
    return NULL;
}

const char *sim_uart_last_line(const sim_t *s, const char *prefix) { return sim_uart_newest_line(s, &prefix, 1); }

unsigned sim_uart_count_lines(const sim_t *s, const char *prefix)
{
    const sim_uart_t *u = &s->uart;
    const size_t n = strlen(prefix);
    unsigned count = 0;
    for (const char *p = u->text && *u->text ? u->text : NULL; p; p = next_line(p))
        count += strncmp(p, prefix, n) == 0 && strchr(p, '\n');
    return count;
}

void sim_uart_checked_to(sim_t *s, size_t upto) { s->uart.checked = upto; }

/* ---- its script commands (docs/sim.md) ---- */
static const char *uart_after(const sim_t *s, const char *text)
{
    const sim_uart_t *u = &s->uart;
    return u->text ? strstr(u->text + u->checked, text) : NULL;
}

static bool cmd_expect_uart(script_call_t *c)
{
    const char *hit = uart_after(c->sim, c->rest);
    if (!hit)
        script_call_fail(c, "UART output so far lacks \"%s\"", c->rest);
    else
        c->sim->uart.checked = (size_t)(hit - c->sim->uart.text) + strlen(c->rest);
    return true;
}

static bool cmd_expect_no_uart(script_call_t *c)
{
    if (uart_after(c->sim, c->rest))
        script_call_fail(c, "UART output has \"%s\" after the last match", c->rest);
    return true;
}

/* wait-uart MS TEXT */
static bool cmd_wait_uart(script_call_t *c)
{
    double ms;
    if (!script_call_want_ms(c, c->argv[0], &ms))
        return true;
    const char *text = c->rest + strlen(c->argv[0]);
    while (*text == ' ' || *text == '\t')
        text++;
    const double limit = sim_now_ms(c->sim) + ms;
    const char *hit = NULL;
    bool alive = true;
    while (alive && !(hit = uart_after(c->sim, text)) && sim_now_ms(c->sim) < limit)
        alive = script_call_run_for(c, 1.0);
    if (!hit)
        script_call_fail(c, "no \"%s\" on the UART in time", text);
    else
        c->sim->uart.checked = (size_t)(hit - c->sim->uart.text) + strlen(text);
    return alive;
}

static const script_command_t commands[] = {
    {"expect-uart", 1, -1, cmd_expect_uart, "expect-uart TEXT"},
    {"expect-no-uart", 1, -1, cmd_expect_no_uart, "expect-no-uart TEXT"},
    {"wait-uart", 2, -1, cmd_wait_uart, "wait-uart MS TEXT"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_uart = {.name = "uart", .attach = attach, .close = close_log, .commands = commands};
