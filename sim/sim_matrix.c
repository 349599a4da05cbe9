#include "sim_matrix.h"

#include <string.h>

#include "frame_letter.h"

#define LIT 0.15  /* below this an LED looks off */
#define FULL 0.85 /* above this it looks fully on */

void matrix_init(matrix_t *m)
{
    memset(m, 0, sizeof *m);
    m->last_row = 0xFF;
}

static int lowest_row(uint8_t rows)
{
    for (int r = 0; r < MATRIX_N; r++)
        if (rows & (1u << r))
            return r;
    return -1;
}

/* Adds what the latch `e` lit from its cycle to `until`. */
static void add_on(uint64_t on[MATRIX_N][MATRIX_N][2], const matrix_latch_t *e, uint64_t until)
{
    if (until <= e->cycle || !e->rows || !(e->red | e->green))
        return;
    const uint64_t span = until - e->cycle;
    for (int r = 0; r < MATRIX_N; r++)
        if (e->rows & (1u << r))
            for (int c = 0; c < MATRIX_N; c++) {
                if (e->red & (1u << c))
                    on[r][c][0] += span;
                if (e->green & (1u << c))
                    on[r][c][1] += span;
            }
}

void matrix_on_cycles(const matrix_t *m, uint64_t now, uint64_t out[MATRIX_N][MATRIX_N][2])
{
    memcpy(out, m->on_cycles, sizeof m->on_cycles);
    if (m->ev_count)
        add_on(out, &m->ev[(m->ev_count - 1) % MATRIX_EVENTS], now);
}

void matrix_latch(matrix_t *m, uint64_t cycle, uint8_t rows, uint8_t red, uint8_t green)
{
    if (m->ev_count)
        add_on(m->on_cycles, &m->ev[(m->ev_count - 1) % MATRIX_EVENTS], cycle);
    matrix_latch_t *e = &m->ev[m->ev_count % MATRIX_EVENTS];
    e->cycle = cycle;
    e->rows = rows;
    e->red = red;
    e->green = green;
    m->ev_count++;
    /* a frame starts when the scan comes back to the top row */
    const int row = lowest_row(rows);
    if (row == 0 && m->last_row != 0)
        m->frame_start[m->frame_count++ % MATRIX_FRAMES] = cycle;
    if (row >= 0)
        m->last_row = (uint8_t)row;
}

void matrix_view(const matrix_t *m, uint64_t now, matrix_view_t *v)
{
    memset(v, 0, sizeof *v);
    if (m->ev_count == 0)
        return;
    /* integrate over whole frames so that every row had its fair share;
     * if the scan has stalled, over the last moments of what is latched */
    uint64_t from, to = now;
    uint32_t complete = 0;
    for (uint32_t i = m->frame_count; i > 0 && i + MATRIX_FRAMES > m->frame_count; i--)
        if (m->frame_start[(i - 1) % MATRIX_FRAMES] <= now) {
            complete = i;
            break;
        }
    uint64_t period = 0;
    if (complete > MATRIX_VIEW_FRAMES) {
        const uint64_t last = m->frame_start[(complete - 1) % MATRIX_FRAMES];
        const uint64_t first = m->frame_start[(complete - 1 - MATRIX_VIEW_FRAMES) % MATRIX_FRAMES];
        period = (last - first) / MATRIX_VIEW_FRAMES;
        if (now - last <= 2 * period) {
            to = last;
            from = first;
        } else {
            from = now > period * MATRIX_VIEW_FRAMES ? now - period * MATRIX_VIEW_FRAMES : 0;
        }
    } else {
        from = m->ev[0].cycle;
    }
    if (to <= from)
        return;
    const double span = (double)(to - from);
    const uint32_t oldest = m->ev_count > MATRIX_EVENTS ? m->ev_count - MATRIX_EVENTS : 0;
    for (uint32_t i = m->ev_count; i > oldest; i--) {
        const matrix_latch_t *e = &m->ev[(i - 1) % MATRIX_EVENTS];
        const uint64_t end = i == m->ev_count ? now : m->ev[i % MATRIX_EVENTS].cycle;
        uint64_t a = e->cycle < from ? from : e->cycle, b = end > to ? to : end;
        if (e->cycle >= to)
            continue;
        if (end <= from)
            break;
        if (b <= a)
            continue;
        /* each row is lit 1/8 of the time at most: scale so that 1 = full */
        const double share = (double)(b - a) * MATRIX_N / span;
        for (int r = 0; r < MATRIX_N; r++) {
            if (!(e->rows & (1u << r)))
                continue;
            for (int c = 0; c < MATRIX_N; c++) {
                if (e->red & (1u << c))
                    v->red[r][c] += share;
                if (e->green & (1u << c))
                    v->green[r][c] += share;
            }
        }
    }
}

void matrix_dump(const matrix_view_t *v, char out[MATRIX_N][MATRIX_N + 1])
{
    for (int r = 0; r < MATRIX_N; r++) {
        for (int c = 0; c < MATRIX_N; c++) {
            const double red = v->red[r][c], green = v->green[r][c];
            out[r][c] = frame_letter(red >= FULL ? FRAME_FULL : red >= LIT ? FRAME_LIT : FRAME_OFF,
                                     green >= FULL ? FRAME_FULL : green >= LIT ? FRAME_LIT : FRAME_OFF);
        }
        out[r][MATRIX_N] = '\0';
    }
}

double matrix_refresh_hz(const matrix_t *m, uint64_t now, uint64_t freq, double seconds)
{
    /* frames started within the window: a stalled refresh counts as 0 */
    const uint64_t span = (uint64_t)(seconds * (double)freq);
    const uint64_t since = now > span ? now - span : 0;
    uint32_t n = 0;
    for (uint32_t i = m->frame_count; i > 0 && i + MATRIX_FRAMES > m->frame_count; i--) {
        const uint64_t t = m->frame_start[(i - 1) % MATRIX_FRAMES];
        if (t > now)
            continue;
        if (t < since)
            break;
        n++;
    }
    return (double)n * (double)freq / (double)(now - since ? now - since : 1);
}
