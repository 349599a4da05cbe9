/* jarmo-sim: the console's firmware ELF running in simavr, with the
 * reference board's parts modelled from its pins (board-defs/). */
#ifndef JARMO_SIM_H
#define JARMO_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim_matrix.h"

struct avr_t;

enum { SIM_BTN_UP, SIM_BTN_DOWN, SIM_BTN_LEFT, SIM_BTN_RIGHT, SIM_BTN_A, SIM_BTN_B, SIM_BUTTONS };

#define SIM_TONES 4096

typedef struct {
    double start_ms, freq_hz, duration_ms;
} sim_tone_t;

typedef struct {
    uint64_t count, sum, max;
} sim_stat_t;

typedef struct {
    struct avr_t *avr;
    uint64_t freq;
    /* display chain */
    uint32_t chain;
    uint8_t spi_byte;
    uint8_t latch_level;
    matrix_t matrix;
    /* buttons */
    unsigned bounce; /* extra contact chatter edges per press/release */
    bool pressed[SIM_BUTTONS];
    /* buzzer */
    uint8_t buzzer_level;
    uint64_t buzzer_last_edge, buzzer_prev_edge, buzzer_start;
    unsigned buzzer_edges;
    bool buzzer_on;
    double buzzer_freq;
    sim_tone_t tones[SIM_TONES];
    size_t tone_count;
    /* uart */
    char *uart;
    size_t uart_len, uart_cap;
    bool echo_uart;
    /* measurements */
    uint64_t isr_busy, isr_entered_at; /* all interrupt handlers */
    uint8_t isr_running;
    sim_stat_t display_isr;
    uint64_t display_isr_at;
    sim_stat_t loop;
    uint64_t loop_at, loop_isr_at;
    bool loop_thought;           /* the AI searched in this loop iteration */
    sim_stat_t think;            /* AI thinking spans */
    uint64_t think_at;
    uint16_t think_sp;           /* SP when the first thinking span began */
    uint32_t think_frames_at;
    double think_min_hz;         /* lowest refresh rate seen across a thinking span */
    uint32_t heap_start;         /* end of static RAM, from the ELF */
    uint32_t flash_bytes;        /* program + initialised data, from the ELF */
    double spans_ms[1024];       /* the first thinking/timed spans, for reports */
    unsigned span_count;
    /* eeprom */
    const char *eeprom_path;
} sim_t;

/* Loads the ELF; false with a message on stderr when it cannot. */
bool sim_open(sim_t *s, const char *elf_path, const char *eeprom_path);
void sim_close(sim_t *s); /* saves the EEPROM file */
uint64_t sim_now(const sim_t *s);
double sim_now_ms(const sim_t *s);
/* Runs until the given simulated time; false if the MCU crashed/stopped. */
bool sim_run_until_ms(sim_t *s, double ms);
void sim_button(sim_t *s, int button, bool down);
/* The reset pin: the MCU restarts, the EEPROM keeps its content. */
void sim_reset(sim_t *s);
void sim_eeprom_poke(sim_t *s, unsigned addr, uint8_t value);
int sim_button_by_name(const char *name);
void sim_frame(sim_t *s, char out[MATRIX_N][MATRIX_N + 1]);
/* Figures: refresh, ISR share, stack, loop cycles, as "key: value" lines. */
void sim_report(sim_t *s, const char *prefix);
unsigned sim_peak_stack(sim_t *s);
/* Stack used below the SP seen when thinking first began (0: never). */
unsigned sim_think_stack(sim_t *s);
unsigned sim_static_ram(const sim_t *s);
double sim_isr_percent(const sim_t *s);

int sim_script_run(sim_t *s, const char *path, bool verbose);
int sim_interactive(sim_t *s, bool color);

#endif
