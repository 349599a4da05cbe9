/* Serial mode: the board as a programmer sees it. USART0 is joined to a
 * pseudo-terminal, the simulation is paced to the wall clock, and opening
 * the terminal resets the MCU as the USB bridge's DTR# line does through its
 * 100 nF capacitor (a pty has no DTR; the open is what avrdude does first).
 * With a bootloader (Intel hex, e.g. optiboot at 0x7E00) the chip is as
 * `make bootloader` leaves it: the bootloader, an erased application flash,
 * and the BOOTRST fuse programmed; `make flash PORT=<pty>` then talks to it
 * exactly as to a board. The ELF given only names the symbols (stack guard).
 * The line has a bit rate at each end: the terminal's (its termios speed, as
 * a programmer sets it) and the USART's (UBRR0, U2X0). When they differ each
 * byte is passed on as the receiver would read it, sampling the sender's
 * bits in the middle of its own (a wrong baud rate garbles the bytes as on a
 * wire: the bootloader gets nonsense and the programmer no answer), and
 * no faster than that rate carries them. */
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

#include "sim_script.h"
#include "sim_serial.h"

#define MCUSR_DATA_ADDR 0x54
#define EXTRF 0x02
#define OPEN_TIMEOUT_MS 60000.0 /* nobody opened the terminal: give up */
#define STEP_MS 0.5
#define UCSR0A_DATA_ADDR 0xC0
#define UCSR0B_DATA_ADDR 0xC1
#define UBRR0L_DATA_ADDR 0xC4
#define UBRR0H_DATA_ADDR 0xC5
#define U2X0 0x02
#define RXEN0 0x10
#define TXEN0 0x08

typedef struct {
    sim_t *sim;
    int master;
    bool xoff;          /* the USART's receive buffer is full */
    uint8_t queue[4096]; /* bytes from the terminal not yet taken */
    double line_free_ms; /* simulated time the wire is free for the next byte */
    size_t uart_at_input; /* the UART log's length when the terminal last sent a byte */
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

/* The terminal's bit rate (what the programmer set), 0 if unknown. */
static double term_baud(int master)
{
    struct termios t;
    if (tcgetattr(master, &t) != 0) /* a pty master reads the terminal's settings */
        return 0;
    static const struct { speed_t code; double baud; } rates[] = {
        {B1200, 1200},     {B2400, 2400},     {B4800, 4800},     {B9600, 9600},
        {B19200, 19200},   {B38400, 38400},   {B57600, 57600},   {B115200, 115200},
        {B230400, 230400}, {B460800, 460800}, {B500000, 500000}, {B1000000, 1000000},
    };
    const speed_t code = cfgetospeed(&t);
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
        if (rates[i].code == code)
            return rates[i].baud;
    return 0;
}

/* The USART's bit rate from UBRR0 and U2X0, 0 if the direction BIT
 * (RXEN0, TXEN0) is off (then bytes pass as before the model). */
static double uart_baud(const struct avr_t *avr, uint8_t enable_bit)
{
    if (!(avr->data[UCSR0B_DATA_ADDR] & enable_bit))
        return 0;
    const unsigned ubrr = ((unsigned)(avr->data[UBRR0H_DATA_ADDR] & 0x0F) << 8) | avr->data[UBRR0L_DATA_ADDR];
    const double divider = (avr->data[UCSR0A_DATA_ADDR] & U2X0) ? 8.0 : 16.0;
    return (double)avr->frequency / (divider * (ubrr + 1));
}

/* A byte sent at TX baud as a receiver at RX baud reads it: from the start
 * bit's falling edge it samples data bit k at (k + 1.5) of its own bit times
 * and the stop bit at 9.5; the sender's line is idle (high) after its stop
 * bit. *framing: the stop bit read low. */
static uint8_t sim_serial_resample(uint8_t b, double tx, double rx, bool *framing)
{
    uint8_t out = 0;
    for (int k = 0; k <= 8; k++) {
        const int j = (int)((k + 1.5) * tx / rx); /* the sender's bit at that instant */
        const int level = j == 0 ? 0 : j <= 8 ? (b >> (j - 1)) & 1 : 1;
        if (k < 8)
            out |= (uint8_t)(level << k);
        else
            *framing = !level;
    }
    return out;
}

static void on_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    serial_t *se = param;
    uint8_t b = (uint8_t)value;
    const double tx = uart_baud(se->sim->avr, TXEN0), rx = term_baud(se->master);
    if (tx > 0 && rx > 0 && tx != rx) {
        bool framing = false;
        b = sim_serial_resample(b, tx, rx, &framing);
        if (framing)
            b = 0; /* a raw terminal reads a framing error as a NUL */
    }
    if (write(se->master, &b, 1) < 0) {
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
    const double tx = se->len ? term_baud(se->master) : 0, rx = uart_baud(se->sim->avr, RXEN0);
    const double now = sim_now_ms(se->sim);
    if (se->line_free_ms < now)
        se->line_free_ms = now;
    while (se->len && !se->xoff && se->line_free_ms <= now + STEP_MS) {
        if (tx > 0) /* a byte is 10 bits on the wire: the terminal sends no faster */
            se->line_free_ms += 10000.0 / tx;
        uint8_t b = se->queue[se->head];
        bool framing = false; /* the USART would flag it (FE0); the byte arrives all the same */
        if (tx > 0 && rx > 0 && tx != rx)
            b = sim_serial_resample(b, tx, rx, &framing);
        avr_raise_irq(in, b);
        se->uart_at_input = se->sim->uart.len;
        se->head = (se->head + 1) % sizeof se->queue;
        se->len--;
    }
}

/* The chip after `make bootloader`: the bootloader in the boot section, the
 * rest erased, and the reset vector in the boot section (BOOTRST). */
static bool load_bootloader(sim_t *s, const char *path)
{
    ihex_chunk_p chunks = NULL;
    if (!sim_check_hex(path)) /* simavr's reader only warns of a bad checksum */
        return false;
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

int sim_serial(sim_t *s, const char *link, const char *bootloader, const char *until, double after_close_ms,
               const char *script)
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
    if (script) {
        /* a scripted game for a follower: the script runs at its own pace
         * and each byte waits for room in the terminal (no byte lost) */
        fcntl(se.master, F_SETFL, fcntl(se.master, F_GETFL) & ~O_NONBLOCK);
        const int rc = sim_script_run(s, script, false);
        tcdrain(se.master);
        /* the line stays up until the follower closes it (up to 10 s), as
         * a console stays on after its game: a hang-up at once could drop
         * the last lines a reader has not taken yet */
        for (int i = 0; i < 500 && peer_open(se.master); i++)
            usleep(20000);
        close(se.master);
        if (link)
            unlink(link);
        return rc;
    }
    /* No stack guard while the terminal is open: the ELF's static data is
     * not what runs then. A chip with only the bootloader, left alone or
     * spoken to at a wrong baud rate, loops from the bootloader's timeout
     * through the erased flash back into it, one return address deeper
     * each time; a real chip wraps its stack round and goes on. */
    const uint32_t heap_start = s->heap_start;
    s->heap_start = 0;
    const double wall0 = wall_ms(), sim0 = sim_now_ms(s);
    double closed_at = -1;
    /* the firmware's text starts after the programmer's last byte (leaving
     * the bootloader starts it, which may print before the terminal closes) */
    size_t mark = 0;
    int rc = 1;
    s->uart.echo = false;
    for (;;) {
        if (closed_at < 0) { /* paced: a programmer's timeouts are in real time */
            const double behind = (wall_ms() - wall0) - (sim_now_ms(s) - sim0);
            if (behind < STEP_MS)
                usleep((useconds_t)((STEP_MS - behind) * 1000.0));
            if (!peer_open(se.master)) {
                closed_at = sim_now_ms(s);
                s->heap_start = heap_start;
                mark = se.uart_at_input;
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
