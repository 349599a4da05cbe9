/* Part: the reference board's display (BOARD_DISPLAY_DRIVER_BICOLOR_595).
 * Every byte the SPI master sends shifts into a 24-bit model of the three
 * chained shift registers; at the latch pin's rising edge the row and
 * column outputs change, and the matrix model (sim_matrix.c) integrates
 * what a person sees. Pins and polarities come from the board definition.
 *
 * simavr 1.6 takes a flat 100 us per SPI byte; the real peripheral takes
 * 8 SCK periods. So this part models the SPI master itself: SPDR write ->
 * 8 x divider cycles -> SPIF set and the byte shifted into the chain. */
#include <simavr/avr_ioport.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_io.h>

#include "sim.h"
#include BOARD_HEADER

#if BOARD_DISPLAY_DRIVER_BICOLOR_595

#define LETTER_(x) (#x[0])
#define LETTER(x) LETTER_(x)
#define SPCR_DATA_ADDR 0x4C
#define SPSR_DATA_ADDR 0x4D
#define SPDR_DATA_ADDR 0x4E
#define SPIF_BIT 0x80

static avr_cycle_count_t spi_done(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    sim_t *s = param;
    avr->data[SPSR_DATA_ADDR] |= SPIF_BIT;
    s->display.chain = (s->display.chain << 8) | s->display.spi_byte; /* the last byte sent sits in U1 */
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

static void on_latch(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    if (value && !s->display.latch_level) {
        const uint32_t chain = s->display.chain;
        uint8_t rows = (uint8_t)(chain & 0xFFu);
        uint8_t red = (uint8_t)((chain >> 8) & 0xFFu);
        uint8_t green = (uint8_t)((chain >> 16) & 0xFFu);
        if (BOARD_ROW_ACTIVE_LOW)
            rows = (uint8_t)~rows;
        if (BOARD_COL_ACTIVE_LOW) {
            red = (uint8_t)~red;
            green = (uint8_t)~green;
        }
        matrix_latch(&s->display.matrix, s->avr->cycle, rows, red, green);
    }
    s->display.latch_level = value ? 1 : 0;
}

static void attach(sim_t *s)
{
    struct avr_t *avr = s->avr;
    matrix_init(&s->display.matrix);
    avr->io[AVR_DATA_TO_IO(SPDR_DATA_ADDR)].w.c = on_spdr_write; /* replaces simavr's SPI write */
    avr->io[AVR_DATA_TO_IO(SPDR_DATA_ADDR)].w.param = s;
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(LETTER(BOARD_LATCH_PORT)), BOARD_LATCH_BIT),
                            on_latch, s);
}

static void reset(sim_t *s)
{
    avr_cycle_timer_cancel(s->avr, spi_done, s); /* a byte in flight is lost */
}

const sim_part_t sim_part_display_595 = {"display-595", attach, reset};

void sim_view(sim_t *s, matrix_view_t *v) { matrix_view(&s->display.matrix, s->avr->cycle, v); }
double sim_refresh_hz(sim_t *s) { return matrix_refresh_hz(&s->display.matrix, s->avr->cycle, s->freq, 1.0); }
uint32_t sim_frame_count(const sim_t *s) { return s->display.matrix.frame_count; }

#endif

void sim_frame(sim_t *s, char out[MATRIX_N][MATRIX_N + 1])
{
    matrix_view_t v;
    sim_view(s, &v);
    matrix_dump(&v, out);
}
