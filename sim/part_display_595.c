/* Part: the reference board's display (BOARD_DISPLAY_DRIVER_BICOLOR_595).
 * Every byte the SPI master sends shifts into a 24-bit model of the three
 * chained shift registers; at the latch pin's rising edge the row and
 * column outputs change, and the matrix model (sim_matrix.c) integrates
 * what a person sees. Pins and polarities come from the board definition.
 * A board with a blanking pin (BOARD_BLANK_*) has every output off while
 * that pin is high; it has a pull-up, so it is high while the MCU leaves
 * the pin an input (after power-on and reset, during ISP programming).
 *
 * simavr 1.6 takes a flat 100 us per SPI byte; the real peripheral takes
 * 8 SCK periods. So this part models the SPI master itself: SPDR write ->
 * 8 x divider cycles -> SPIF set and the byte shifted into the chain. */
#include <string.h>

#include <simavr/avr_ioport.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_io.h>

#include "sim.h"
#include BOARD_HEADER

#if BOARD_DISPLAY_DRIVER_BICOLOR_595

#define SPCR_DATA_ADDR 0x4C
#define SPSR_DATA_ADDR 0x4D
#define SPDR_DATA_ADDR 0x4E
#define SPIF_BIT 0x80
#define PORTB_DATA_ADDR 0x25 /* PORTx = 0x25 + 3 * (x - 'B'); DDRx one below */
#define PORT_DATA_ADDR(letter) (PORTB_DATA_ADDR + 3 * (SIM_PORT_LETTER(letter) - 'B'))

static avr_cycle_count_t spi_done(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    sim_t *s = param;
    avr->data[SPSR_DATA_ADDR] |= SPIF_BIT;
    s->display.chain = (s->display.chain << 8) | s->display.spi_byte; /* the last byte sent sits in U1 */
    s->display.spi_bytes++;
    return 0;
}

static void on_spdr_write(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    static const uint8_t divider[4] = {4, 16, 64, 128};
    sim_t *s = param;
    avr->data[addr] = v;
    avr->data[SPSR_DATA_ADDR] &= (uint8_t)~SPIF_BIT;
    s->display.spi_byte = v;
    unsigned div = divider[avr->data[SPCR_DATA_ADDR] & 3u];
    if (avr->data[SPSR_DATA_ADDR] & 1u) /* SPI2X */
        div /= 2;
    avr_cycle_timer_register(avr, 8u * div, spi_done, s);
}

/* The pull-ups' time up to now: BLANK's while it is driven low, each
 * switched-on row's gate's. */
static void count_outputs(sim_t *s)
{
    sim_display_t *d = &s->display;
    const uint64_t span = s->avr->cycle - d->outputs_at;
    if (!d->blanked)
        d->unblanked_cycles += span;
    d->row_on_cycles += span * (uint64_t)__builtin_popcount(d->rows_driven);
    d->outputs_at = s->avr->cycle;
}

/* What the LEDs get now: the latched outputs, or nothing while blanked. */
static void outputs_changed(sim_t *s)
{
    sim_display_t *d = &s->display;
    const uint8_t rows = d->blanked ? 0 : d->rows;
    count_outputs(s);
    d->row_switches += (uint64_t)__builtin_popcount((unsigned)(rows & (uint8_t)~d->rows_driven));
    d->rows_driven = rows;
    if (d->blanked)
        matrix_latch(&d->matrix, s->avr->cycle, 0, 0, 0);
    else
        matrix_latch(&d->matrix, s->avr->cycle, d->rows, d->red, d->green);
}

static void on_latch(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    sim_display_t *d = &s->display;
    if (value && !d->latch_level) {
        /* the last byte shifted sits in the register nearest the MCU */
        const uint32_t chain = d->chain;
        if (BOARD_SHIFT_ROW_FIRST) { /* MOSI -> red -> green -> rows */
            d->red = (uint8_t)(chain & 0xFFu);
            d->green = (uint8_t)((chain >> 8) & 0xFFu);
            d->rows = (uint8_t)((chain >> 16) & 0xFFu);
        } else {                     /* MOSI -> rows -> red -> green */
            d->rows = (uint8_t)(chain & 0xFFu);
            d->red = (uint8_t)((chain >> 8) & 0xFFu);
            d->green = (uint8_t)((chain >> 16) & 0xFFu);
        }
        if (BOARD_ROW_ACTIVE_LOW)
            d->rows = (uint8_t)~d->rows;
        if (BOARD_COL_ACTIVE_LOW) {
            d->red = (uint8_t)~d->red;
            d->green = (uint8_t)~d->green;
        }
        outputs_changed(s);
    }
    d->latch_level = value ? 1 : 0;
}

#ifdef BOARD_BLANK_PORT
/* The blanking net: the pin's output when it is one, else the pull-up. */
static void blank_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)value;
    sim_t *s = param;
    const uint8_t bit = 1u << BOARD_BLANK_BIT;
    const uint8_t ddr = s->avr->data[PORT_DATA_ADDR(BOARD_BLANK_PORT) - 1];
    const uint8_t port = s->avr->data[PORT_DATA_ADDR(BOARD_BLANK_PORT)];
    const bool blanked = !(ddr & bit) || (port & bit);
    if (blanked != s->display.blanked) {
        count_outputs(s); /* the time before, in the state before */
        s->display.blanked = blanked;
        outputs_changed(s);
    }
}
#endif

static void attach(sim_t *s)
{
    struct avr_t *avr = s->avr;
    matrix_init(&s->display.matrix);
    avr->io[AVR_DATA_TO_IO(SPDR_DATA_ADDR)].w.c = on_spdr_write; /* replaces simavr's SPI write */
    avr->io[AVR_DATA_TO_IO(SPDR_DATA_ADDR)].w.param = s;
    avr_irq_register_notify(SIM_PIN_IRQ(s, BOARD_LATCH_PORT, BOARD_LATCH_BIT),
                            on_latch, s);
#ifdef BOARD_BLANK_PORT
    s->display.blanked = true; /* the pull-up, while the pin is an input */
    avr_irq_register_notify(SIM_PIN_IRQ(s, BOARD_BLANK_PORT, BOARD_BLANK_BIT),
                            blank_changed, s);
    avr_irq_register_notify(SIM_PIN_IRQ(s, BOARD_BLANK_PORT, IOPORT_IRQ_DIRECTION_ALL),
                            blank_changed, s);
#endif
}

static void reset(sim_t *s)
{
    avr_cycle_timer_cancel(s->avr, spi_done, s); /* a byte in flight is lost */
#ifdef BOARD_BLANK_PORT
    blank_changed(NULL, 0, s); /* every pin is an input again: the pull-up blanks */
#endif
}

static void view(sim_t *s, matrix_view_t *v) { matrix_view(&s->display.matrix, s->avr->cycle, v); }
static double refresh_hz(sim_t *s) { return matrix_refresh_hz(&s->display.matrix, s->avr->cycle, s->freq, 1.0); }
static uint32_t frame_count(const sim_t *s) { return s->display.matrix.frame_count; }

static void use(sim_t *s, sim_display_use_t *u)
{
    uint64_t on[MATRIX_N][MATRIX_N][2];
    matrix_on_cycles(&s->display.matrix, s->avr->cycle, on);
    memset(u, 0, sizeof *u);
    for (int r = 0; r < MATRIX_N; r++)
        for (int c = 0; c < MATRIX_N; c++) {
            u->full_cycles[r][c][0] = (double)on[r][c][0];
            u->full_cycles[r][c][1] = (double)on[r][c][1];
        }
    u->shift_clocks = s->display.spi_bytes * 8u;
    u->row_switches = s->display.row_switches;
    count_outputs(s);
    u->unblanked_cycles = s->display.unblanked_cycles;
    u->row_on_cycles = s->display.row_on_cycles;
}

const sim_part_t sim_part_display_595 = {
    .name = "display-595", .attach = attach, .reset = reset,
    .view = view, .refresh_hz = refresh_hz, .frame_count = frame_count, .use = use,
};

#endif
