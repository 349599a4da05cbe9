/* Display driver for BOARD_DISPLAY_DRIVER_BICOLOR_595: row-multiplexed
 * bicolor matrix on three chained shift registers, refreshed from the
 * Timer2 compare ISR with binary code modulation (2 bit planes per colour:
 * plane 0 lit for 1 unit, plane 1 for 2 units, so 4 levels per colour).
 * A board with a blanking pin (BOARD_BLANK_*: the registers' output
 * enables, pulled up so the display is dark until this driver runs) has
 * every output switched off while a new row is latched. Measured in
 * simavr (make bench): 238 cycles per interrupt on average, 268 at most,
 * 8.4% of the CPU (all interrupts) at full brightness. */
#include <avr/interrupt.h>
#include <stdbool.h>
#include <string.h>

#include "hal.h"
#include "pins.h"

#if BOARD_DISPLAY_DRIVER_BICOLOR_595

/* Timer2 at F_CPU/64 = 4 us per tick; one BCM unit = 40 ticks = 160 us,
 * a row = 3 units, a frame = 8 rows = 3.84 ms (260 Hz). */
#define UNIT_TICKS 40u

#if BOARD_COL_ACTIVE_LOW
#define COL_BYTE(b) ((uint8_t)~(b))
#else
#define COL_BYTE(b) (b)
#endif
#if BOARD_ROW_ACTIVE_LOW
#define ROW_BYTE(r) ((uint8_t) ~(1u << (r)))
#define ROW_OFF 0xFFu
#else
#define ROW_BYTE(r) ((uint8_t)(1u << (r)))
#define ROW_OFF 0x00u
#endif

/* [buffer][row][plane][red, green], already in wire polarity */
static uint8_t planes[2][HAL_DISPLAY_H][2][2];
static volatile uint8_t front;
static volatile bool swap_pending;
static volatile bool enabled = true;
/* Brightness: the share of each slot a row is lit, in timer ticks after the
 * slot's start (OCR2B; the compare-B interrupt blanks). 0: the whole slot. */
static volatile uint8_t dim_ticks[2]; /* [plane]; both 0 at full brightness */
#define ISR_TICKS 3u /* the compare-A interrupt unblanks about this far into a slot */

static inline void spi_send(uint8_t b)
{
    SPDR = b;
    while (!(SPSR & (1 << SPIF)))
        ;
}

static inline void latch(void)
{
    PORT_OF(BOARD_LATCH_PORT) |= (1 << BOARD_LATCH_BIT);
    PORT_OF(BOARD_LATCH_PORT) &= ~(1 << BOARD_LATCH_BIT);
}

#ifdef BOARD_BLANK_PORT
static inline void blank(void) { PORT_OF(BOARD_BLANK_PORT) |= (1 << BOARD_BLANK_BIT); }
static inline void unblank(void) { PORT_OF(BOARD_BLANK_PORT) &= ~(1 << BOARD_BLANK_BIT); }
#else
static inline void blank(void) {}
static inline void unblank(void) {}
#endif

ISR(TIMER2_COMPA_vect)
{
    static uint8_t row, plane;
    const uint8_t *p = planes[front][row][plane];
    /* the last byte sent lands in the register nearest the MCU */
    if (BOARD_SHIFT_ROW_FIRST)
        spi_send(enabled ? ROW_BYTE(row) : ROW_OFF);
    spi_send(enabled ? p[1] : COL_BYTE(0)); /* green */
    spi_send(enabled ? p[0] : COL_BYTE(0)); /* red */
    if (!BOARD_SHIFT_ROW_FIRST)
        spi_send(enabled ? ROW_BYTE(row) : ROW_OFF);
    blank(); /* the old row goes dark before the new one is latched */
    latch();
    OCR2A = plane ? (uint8_t)(2u * UNIT_TICKS - 1u) : (uint8_t)(UNIT_TICKS - 1u);
    OCR2B = dim_ticks[plane]; /* ignored at full brightness (its interrupt is off) */
    if (plane) {
        plane = 0;
        if (++row == HAL_DISPLAY_H) {
            row = 0;
            if (swap_pending) { /* flip only between frames: no tearing */
                front ^= 1u;
                swap_pending = false;
            }
        }
    } else {
        plane = 1;
    }
    /* the row switch's gate has settled by now (220 R x 645 pF: 0.14 us) */
    if (enabled)
        unblank();
}

void hal_display_init(void)
{
    DDR_OF(BOARD_SPI_PORT) |= (1 << BOARD_SPI_MOSI_BIT) | (1 << BOARD_SPI_SCK_BIT) | (1 << BOARD_SPI_SS_BIT);
    DDR_OF(BOARD_LATCH_PORT) |= (1 << BOARD_LATCH_BIT);
#ifdef BOARD_BLANK_PORT
    blank(); /* dark, as the pull-up held it, until the first row is latched */
    DDR_OF(BOARD_BLANK_PORT) |= (1 << BOARD_BLANK_BIT);
#endif
    SPCR = (1 << SPE) | (1 << MSTR); /* mode 0, MSB first */
#if BOARD_SPI_HALF_SPEED
    SPSR = 0; /* F_CPU/4 = 4 MHz (board-defs: BOARD_SPI_HALF_SPEED) */
#else
    SPSR = (1 << SPI2X); /* F_CPU/2 = 8 MHz */
#endif
    memset(planes, 0, sizeof planes);
    for (uint8_t b = 0; b < 2; b++)
        for (uint8_t r = 0; r < HAL_DISPLAY_H; r++)
            for (uint8_t pl = 0; pl < 2; pl++)
                planes[b][r][pl][0] = planes[b][r][pl][1] = COL_BYTE(0);
    TCCR2A = (1 << WGM21);             /* CTC */
    TCCR2B = (1 << CS22);              /* /64 */
    OCR2A = UNIT_TICKS - 1u;
    TIMSK2 = (1 << OCIE2A);
}

void hal_display_present(const hal_canvas_t canvas)
{
    while (swap_pending) /* the previous canvas still waits for its frame */
        ;
    const uint8_t back = front ^ 1u;
    for (uint8_t y = 0; y < HAL_DISPLAY_H; y++) {
        uint8_t bits[2][2] = {{0, 0}, {0, 0}}; /* [plane][colour] */
        for (uint8_t x = 0; x < HAL_DISPLAY_W; x++) {
            const uint8_t px = canvas[y][x], m = (uint8_t)(1u << x);
            if (px & 1u) bits[0][0] |= m;
            if (px & 2u) bits[1][0] |= m;
            if (px & 4u) bits[0][1] |= m;
            if (px & 8u) bits[1][1] |= m;
        }
        for (uint8_t pl = 0; pl < 2; pl++) {
            planes[back][y][pl][0] = COL_BYTE(bits[pl][0]);
            planes[back][y][pl][1] = COL_BYTE(bits[pl][1]);
        }
    }
    swap_pending = true;
}

/* Dimming: dark part-way through the slot. With a blanking pin that is
 * one pin; without, an all-off row is shifted in and latched. */
ISR(TIMER2_COMPB_vect)
{
#ifdef BOARD_BLANK_PORT
    blank();
#else
    spi_send(COL_BYTE(0));
    spi_send(COL_BYTE(0));
    spi_send(ROW_OFF);
    latch();
#endif
}

/* The share of a slot that stays lit, in eighths, per step: a quarter,
 * a half, all of it. */
static const uint8_t lit_eighths[HAL_BRIGHTNESS_STEPS] = {2, 4, 8};

void hal_display_brightness(uint8_t level)
{
    if (level >= HAL_BRIGHTNESS_STEPS - 1u) {
        TIMSK2 &= (uint8_t) ~(1 << OCIE2B);
        return;
    }
    for (uint8_t plane = 0; plane < 2u; plane++) {
        const uint8_t slot = (uint8_t)(UNIT_TICKS << plane);
        dim_ticks[plane] = (uint8_t)(ISR_TICKS + slot * lit_eighths[level] / 8u);
    }
    TIFR2 = (1 << OCF2B);
    TIMSK2 |= (1 << OCIE2B);
}

void hal_display_enable(bool on)
{
    enabled = on;
    if (!on)
        blank(); /* stays dark through power-down */
}

#endif
