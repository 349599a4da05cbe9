/* Serial mode: the board as a programmer sees it. USART0 is joined to a
 * pseudo-terminal, the simulation is paced to the wall clock, and opening
 * the terminal resets the MCU as the FTDI header's DTR line does through its
 * 100 nF capacitor (a pty has no DTR; the open is what avrdude does first).
 * With a bootloader (Intel hex, e.g. optiboot at 0x7E00) the chip is as
 * `make bootloader` leaves it: the bootloader, an erased application flash,
 * and the BOOTRST fuse programmed; `make flash PORT=<pty>` then talks to it
 * exactly as to a board. The ELF given only names the symbols (stack guard). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_hex.h>

#include "sim.h"

#define MCUSR_DATA_ADDR 0x54
#define EXTRF 0x02
#define OPEN_TIMEOUT_MS 60000.0 /* nobody opened the terminal: give up */
#define STEP_MS 0.5

typedef struct {
    sim_t *sim;
    int master;
    bool xoff;          /* the USART's receive buffer is full */
    uint8_t queue[4096]; /* bytes from the terminal not yet taken */
    size_t head, len;
} serial_t;

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)value;
    ((serial_t *)param)->xoff = false;
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)value;
    ((serial_t *)param)->xoff = true;
}

static void on_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    const uint8_t b = (uint8_t)value;
    if (write(((serial_t *)param)->master, &b, 1) < 0) {
        /* nobody is listening (the terminal is closed): the byte is lost, as on a wire */
    }
}

/* Is the terminal's other end open? While it is closed the master hangs up. */
static bool peer_open(int master)
{
    struct pollfd p = {.fd = master, .events = POLLIN};
    return poll(&p, 1, 0) >= 0 && !(p.revents & POLLHUP);
}

static void pump(serial_t *se)
{
    uint8_t buf[256];
    if (se->len < sizeof se->queue - sizeof buf) {
        const ssize_t n = read(se->master, buf, sizeof buf);
        for (ssize_t i = 0; i < n; i++)
            se->queue[(se->head + se->len++) % sizeof se->queue] = buf[i];
    }
    avr_irq_t *in = avr_io_getirq(se->sim->avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    while (se->len && !se->xoff) {
        avr_raise_irq(in, se->queue[se->head]);
        se->head = (se->head + 1) % sizeof se->queue;
        se->len--;
    }
}

/* The chip after `make bootloader`: the bootloader in the boot section, the
 * rest erased, and the reset vector in the boot section (BOOTRST). */
static bool load_bootloader(sim_t *s, const char *path)
{
    ihex_chunk_p chunks = NULL;
    const int n = read_ihex_chunks(path, &chunks);
    if (n <= 0) {
        fprintf(stderr, "jarmo-sim: cannot read the bootloader %s (Intel hex)\n", path);
        return false;
    }
    struct avr_t *avr = s->avr;
    memset(avr->flash, 0xFF, avr->flashend + 1);
    uint32_t lowest = avr->flashend + 1;
    for (int i = 0; i < n; i++) {
        if (chunks[i].baseaddr + chunks[i].size > avr->flashend + 1) {
            fprintf(stderr, "jarmo-sim: %s runs past the end of flash (0x%05x)\n", path,
                    (unsigned)(chunks[i].baseaddr + chunks[i].size));
            free_ihex_chunks(chunks);
            return false;
        }
        memcpy(avr->flash + chunks[i].baseaddr, chunks[i].data, chunks[i].size);
        if (chunks[i].baseaddr < lowest)
            lowest = chunks[i].baseaddr;
    }
    free_ihex_chunks(chunks);
    avr->codeend = avr->flashend;
    avr->reset_pc = lowest;
    avr->pc = lowest;
    return true;
}

int sim_serial(sim_t *s, const char *link, const char *bootloader, const char *until, double after_close_ms)
{
    serial_t se = {.sim = s};
    int slave;
    char name[256];
    if (bootloader && !load_bootloader(s, bootloader))
        return 2;
    if (openpty(&se.master, &slave, name, NULL, NULL) != 0) {
        fprintf(stderr, "jarmo-sim: cannot open a pseudo-terminal: %s\n", strerror(errno));
        return 2;
    }
    struct termios t;
    if (tcgetattr(slave, &t) == 0) {
        cfmakeraw(&t);
        tcsetattr(slave, TCSANOW, &t);
    }
    close(slave); /* the master now hangs up until someone opens the terminal */
    fcntl(se.master, F_SETFL, fcntl(se.master, F_GETFL) | O_NONBLOCK);
    if (link) {
        unlink(link);
        if (symlink(name, link) != 0) {
            fprintf(stderr, "jarmo-sim: cannot link %s to %s: %s\n", link, name, strerror(errno));
            return 2;
        }
    }
    printf("serial: %s\n", name);
    fflush(stdout);
    struct avr_t *avr = s->avr;
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_output, &se);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, &se);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, &se);

    /* held in reset until the terminal is opened: then the DTR pulse */
    const double asked = wall_ms();
    while (!peer_open(se.master)) {
        if (wall_ms() - asked > OPEN_TIMEOUT_MS) {
            fprintf(stderr, "jarmo-sim: nobody opened %s\n", name);
            return 1;
        }
        usleep(2000);
    }
    sim_reset(s);
    avr->data[MCUSR_DATA_ADDR] |= EXTRF;
    const double wall0 = wall_ms(), sim0 = sim_now_ms(s);
    double closed_at = -1;
    size_t mark = 0; /* the firmware's text starts after the programmer's bytes */
    int rc = 1;
    s->uart.echo = false;
    for (;;) {
        if (closed_at < 0) { /* paced: a programmer's timeouts are in real time */
            const double behind = (wall_ms() - wall0) - (sim_now_ms(s) - sim0);
            if (behind < STEP_MS)
                usleep((useconds_t)((STEP_MS - behind) * 1000.0));
            if (!peer_open(se.master)) {
                closed_at = sim_now_ms(s);
                mark = s->uart.len;
                s->uart.echo = true;
            }
        }
        pump(&se);
        if (!sim_run_until_ms(s, sim_now_ms(s) + STEP_MS))
            break;
        if (until && closed_at >= 0 && s->uart.text && strstr(s->uart.text + mark, until)) {
            sim_run_until_ms(s, sim_now_ms(s) + 20.0); /* the rest of that line */
            rc = 0;
            break;
        }
        if (closed_at >= 0 && sim_now_ms(s) - closed_at > after_close_ms) {
            if (until)
                fprintf(stderr, "jarmo-sim: no \"%s\" on the UART within %.0f ms of the terminal closing\n", until,
                        after_close_ms);
            else
                rc = 0;
            break;
        }
    }
    close(se.master);
    if (link)
        unlink(link);
    return rc;
}
