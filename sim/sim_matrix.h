/* What a person would see on the LED matrix, reconstructed from the
 * latched shift-register outputs over time (persistence of vision). */
#ifndef SIM_MATRIX_H
#define SIM_MATRIX_H

#include <stdint.h>

#define MATRIX_N 8
#define MATRIX_EVENTS 16384
#define MATRIX_FRAMES 1024
#define MATRIX_VIEW_FRAMES 4 /* the eye integrates over this many frames */

typedef struct {
    uint64_t cycle;
    uint8_t rows, red, green; /* 1 = row driven / column lit, after polarity */
} matrix_latch_t;

typedef struct {
    matrix_latch_t ev[MATRIX_EVENTS];
    uint32_t ev_count; /* total; ring index = count % MATRIX_EVENTS */
    uint64_t frame_start[MATRIX_FRAMES];
    uint32_t frame_count;
    uint8_t last_row;
    /* each LED's lit time so far, up to the last latch [row][col][red, green] */
    uint64_t on_cycles[MATRIX_N][MATRIX_N][2];
} matrix_t;

typedef struct {
    double red[MATRIX_N][MATRIX_N], green[MATRIX_N][MATRIX_N]; /* 0..1, 1 = full */
} matrix_view_t;

void matrix_init(matrix_t *m);
void matrix_latch(matrix_t *m, uint64_t cycle, uint8_t rows, uint8_t red, uint8_t green);
/* Brightness over the last MATRIX_VIEW_FRAMES complete frames before now. */
void matrix_view(const matrix_t *m, uint64_t now, matrix_view_t *v);
/* One character per LED: '.' off, 'r' 'g' 'y' lit, uppercase when full. */
void matrix_dump(const matrix_view_t *v, char out[MATRIX_N][MATRIX_N + 1]);
/* Each LED's lit time from the start to now, in cycles. */
void matrix_on_cycles(const matrix_t *m, uint64_t now, uint64_t out[MATRIX_N][MATRIX_N][2]);
/* Full frames per second over the last `seconds` of simulated time. */
double matrix_refresh_hz(const matrix_t *m, uint64_t now, uint64_t freq, double seconds);

#endif
