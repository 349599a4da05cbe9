/* jarmo-sim's core (sim_core.c): the console's firmware ELF running in
 * simavr, and the board's state. The board's parts are modelled from its
 * pins (board-defs/), one file per part above the core, each attached to
 * the MCU by simavr IRQs and I/O callbacks and reached by the core only
 * through its sim_part_t entries; which parts a board has comes from its
 * board definition (sim_parts.c). */
#ifndef JARMO_SIM_H
#define JARMO_SIM_H

#include <stdbool.h>
#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>

#include "script_command.h"
#include "sim_matrix.h"
#include "storage/eeprom_map.h"

struct avr_t;
typedef struct sim_t sim_t;

/* A board definition names ports by letter (BOARD_LATCH_PORT B): the
 * letter as a char, and the simavr IRQ of one of its pins (the caller
 * includes simavr/avr_ioport.h). */
#define SIM_LETTER_(x) (#x[0])
#define SIM_PORT_LETTER(x) SIM_LETTER_(x)
#define SIM_PIN_IRQ(s, port, bit) avr_io_getirq((s)->avr, AVR_IOCTL_IOPORT_GETIRQ(SIM_PORT_LETTER(port)), (bit))

enum { SIM_BTN_UP, SIM_BTN_DOWN, SIM_BTN_LEFT, SIM_BTN_RIGHT, SIM_BTN_A, SIM_BTN_B, SIM_BUTTONS };

#define SIM_TONES 4096
#define SIM_SPANS 1024

typedef struct {
    double start_ms, freq_hz, duration_ms;
} sim_tone_t;

typedef struct {
    uint64_t count, sum, max;
} sim_stat_t;

/* What a display's LEDs and logic have done so far, for the energy part:
 * each LED's time at full current per colour (a WS2812B channel at 128 for
 * 2 s counts about 1 s), the shift registers' clock edges, the row
 * switches' gate charges, the time the pull-ups on the blanking pin and
 * the row gates draw. */
typedef struct {
    double full_cycles[MATRIX_N][MATRIX_N][3]; /* [row][col][red, green, blue] */
    uint64_t shift_clocks;
    uint64_t row_switches;     /* row switches turned on */
    uint64_t unblanked_cycles; /* the blanking pin driven low (its pull-up draws) */
    uint64_t row_on_cycles;    /* rows switched on x time (each gate pulled low against its pull-up) */
} sim_display_use_t;

/* A part of the board (part_*.c, chosen in sim_parts.c), as simavr's own
 * examples/parts: attached once when the ELF is loaded, it watches and
 * drives the MCU through simavr IRQs and I/O callbacks. The core reaches a
 * part only through these entries (NULL: the part has none), never by its
 * functions' names; a part keeps its state in sim_t. */
typedef struct {
    const char *name;
    void (*attach)(sim_t *s);
    /* the MCU is reset: its pins return to inputs, a pressed button stays pressed */
    void (*reset)(sim_t *s);
    /* the supply is gone, before the reset that brings it back */
    void (*power_lost)(sim_t *s);
    /* simulated time stopped (at the end of each sim_run_until_ms) */
    void (*settle)(sim_t *s);
    /* the run ends: what the part keeps is written, what it holds freed;
     * false when a save failed (said on stderr) */
    bool (*close)(sim_t *s);
    void (*report)(sim_t *s, const char *prefix); /* its own figures, as "key: value" lines */
    /* a display: what a person sees now, its refresh rate, its frames so far */
    void (*view)(sim_t *s, matrix_view_t *v);
    double (*refresh_hz)(sim_t *s);
    uint32_t (*frame_count)(const sim_t *s);
    void (*use)(sim_t *s, sim_display_use_t *u); /* a display: its LEDs' and logic's use so far */
    const script_command_t *commands; /* its script commands, ended by a NULL name; or NULL */
} sim_part_t;

/* part_display_595.c: SPI chain of shift registers, latch, matrix */
typedef struct {
    uint32_t chain;
    uint8_t spi_byte;
    uint8_t latch_level;
    uint8_t rows, red, green; /* the registers' latched outputs (1 = on) */
    uint64_t spi_bytes;       /* bytes shifted into the chain */
    uint64_t row_switches;    /* row switches turned on */
    uint8_t rows_driven;      /* the rows switched on now (none while blanked) */
    uint64_t outputs_at;      /* the cycle the outputs last changed */
    uint64_t unblanked_cycles, row_on_cycles; /* up to outputs_at */
    bool blanked;             /* the output enables are high: all dark */
    matrix_t matrix;
} sim_display_t;

/* part_display_ws2812.c: the data line of a WS2812B chain, decoded */
#define SIM_WS2812_LEDS 64
typedef struct {
    uint8_t level;
    uint64_t rise, fall;       /* cycles of the last edges */
    uint32_t bits;             /* bits of the frame being received */
    uint8_t incoming[SIM_WS2812_LEDS * 3];
    uint8_t shown[SIM_WS2812_LEDS * 3]; /* G, R, B as latched, chain order */
    uint64_t shown_at;         /* the cycle `shown` was latched */
    uint64_t value_cycles[SIM_WS2812_LEDS * 3]; /* sum of value x cycles shown, up to shown_at */
    bool latched;              /* a whole frame has been latched */
    uint32_t frames;
    uint64_t bad_bits;         /* high times out of spec, stray pauses */
    unsigned current_ma_max;   /* the worst frame's current */
    /* frames as a strict decoder sees them: any low over 5 us ends one */
    uint32_t run_bits;         /* bits since the last such low */
    uint32_t runs;             /* frames so ended */
    unsigned run_leds_min, run_leds_max;
    uint64_t long_lows;        /* lows over 5 us between bits of one latched frame */
    uint64_t low_max;          /* cycles of the longest low between bits of a latched frame */
} sim_ws2812_t;

/* part_buttons.c */
typedef struct {
    unsigned bounce; /* extra contact chatter edges per press/release */
    bool pressed[SIM_BUTTONS];
    bool dead;       /* the power is off: presses do nothing */
} sim_buttons_t;

/* part_buzzer.c */
typedef struct {
    uint8_t level;
    uint64_t last_edge, prev_edge, start;
    unsigned edges;
    bool on;
    double freq;
    sim_tone_t tones[SIM_TONES];
    size_t tone_count;
    size_t checked;  /* expect-tone looks at the tones from this one on */
} sim_buzzer_t;

/* part_uart.c: the debug console */
typedef struct {
    char *text;
    size_t len, cap;
    bool echo;      /* print each line as it arrives (script runs) */
    size_t checked; /* expect-uart and wait-uart look after this (the previous match) */
} sim_uart_t;

/* part_eeprom.c: the EEPROM with the chip's write time */
typedef struct {
    uint8_t bytes[EE_SIZE];
    const char *path;      /* loaded from and saved to this file, if any */
    char target[4096];     /* the file saves replace: path, or the file a link at path names */
    mode_t file_mode;      /* its permissions, kept by every save */
    bool quiet;            /* a failed save is kept in save_error, not printed (interactive mode shows it) */
    char save_error[256];  /* why the last save failed, "" after one that worked */
    bool dirty;            /* a byte changed since the file was last written */
    bool busy;             /* a byte write is under way (EEPE set) */
    uint16_t addr;
    uint8_t data, mode;
    uint64_t writes;       /* byte writes started so far */
    /* erase/write cycles per byte, as the datasheet's endurance counts them
     * (100,000): an erase and write is one; an erase alone is one, which a
     * following write alone completes; a write alone (it can only clear
     * bits) is counted as one too */
    uint32_t cycles[EE_SIZE];
    bool erased_only[EE_SIZE];
    uint64_t first_write_at, last_write_done_at; /* since sim_eeprom_watch() */
    uint32_t noise;        /* what a byte cut short reads as */
} sim_eeprom_t;

/* part_measure.c: interrupt time, marks, stack */
typedef struct {
    uint64_t isr_busy, isr_entered_at; /* all interrupt handlers */
    uint8_t isr_running;
    sim_stat_t display_isr;
    uint64_t display_isr_at;
    sim_stat_t loop;
    uint64_t loop_at, loop_isr_at;
    bool loop_thought;     /* the AI searched in this loop iteration */
    sim_stat_t think;      /* AI thinking spans */
    uint64_t think_at;
    uint16_t think_sp;     /* SP when the first thinking span began */
    uint32_t think_frames_at;
    double think_min_hz;   /* lowest refresh rate seen across a thinking span */
    unsigned think_judged; /* thinking spans long enough (20 ms) to judge it by */
    uint64_t think_isr_at, think_isr;   /* interrupt cycles inside thinking spans */
    uint64_t poll_at, poll_isr_at, think_poll; /* the console's polls inside them, ISRs taken out */
    uint64_t polls;        /* one every AI_POLL_NODES nodes searched */
    double spans_ms[SIM_SPANS]; /* the first thinking/timed spans, for reports */
    unsigned span_count;
} sim_measure_t;

/* part_energy.c: the MCU's time asleep by mode and its modules' clocks,
 * over the energy window (from the start, or the last energy-window) */
typedef struct {
    uint64_t window_at;           /* the window's first cycle */
    uint64_t idle, power_down;    /* cycles asleep in each mode */
    uint64_t wdt;                 /* of power_down: with the watchdog running */
    uint64_t bod_off;             /* of power_down: with the brown-out detector off (BODS) */
    uint64_t asleep_until;        /* where the last step of sleep ended */
    bool bods;                    /* this sleep began just after BODS's timed sequence */
    uint64_t bodse_at, bods_at;   /* the cycles MCUCR got BODS|BODSE, then BODS alone */
    uint64_t module_on[8];        /* cycles with a module's PRR bit 0 */
    uint64_t module_stopped[8];   /* of those, asleep in power-down (every clock stopped) */
    uint8_t prr;                  /* PRR as the firmware last wrote it */
    uint64_t prr_at;              /* counted up to this cycle */
    sim_display_use_t display_at; /* the display's use at the window's start */
    void (*next_sleep)(struct avr_t *avr, uint64_t how_long);
} sim_energy_t;

struct sim_t {
    struct avr_t *avr;
    uint64_t freq;
    uint32_t heap_start;   /* end of static RAM, from the ELF */
    uint32_t flash_bytes;  /* program + initialised data, from the ELF */
    bool crashed;          /* the stack ran into static data, or the MCU stopped */
    uint16_t lowest_sp;    /* the lowest stack pointer seen (the stack guard's) */
    uint64_t power_cut_at; /* call power_cut_hook when the clock reaches this (0: never) */
    void (*power_cut_hook)(sim_t *s);
    uint64_t fork_at;      /* call fork_hook when the clock reaches this (0: never) */
    uint32_t *profile;     /* --profile: cycles spent at each flash word (NULL: off) */
    const char *profile_path;
    int profile_fd;        /* --profile: the file, opened at start, written at exit */
    void (*fork_hook)(sim_t *s);
    const sim_part_t *const *parts;
    sim_display_t display;
    sim_ws2812_t ws2812;
    sim_buttons_t buttons;
    sim_buzzer_t buzzer;
    sim_uart_t uart;
    sim_eeprom_t eeprom;
    sim_measure_t measure;
    sim_energy_t energy;
};

/* ---- the MCU and the board (sim_core.c) ------------------------------------ */
/* Loads the ELF (an AVR ELF, checked before simavr reads it) and attaches
 * the parts (sim_board_parts, or another board's); false with a message
 * on stderr when it cannot. */
bool sim_open(sim_t *s, const char *elf_path, const sim_part_t *const *parts);
/* A bootloader's Intel HEX, checked before simavr reads it (a message if not). */
bool sim_check_hex(const char *path);
/* Counts the cycles spent at each instruction; sim_close writes them to path. */
#define SIM_PROFILE_WORDS 16384u
bool sim_profile(sim_t *s, const char *path);
/* Writes the profile and lets each part close (the EEPROM file is saved);
 * false with a message when a file cannot be written. */
bool sim_close(sim_t *s);
uint64_t sim_now(const sim_t *s);
double sim_now_ms(const sim_t *s);
/* Runs until the given simulated time; false (with a message) if the MCU
 * crashed or stopped, or its stack reached the static data. */
bool sim_run_until_ms(sim_t *s, double ms);
/* The reset pin: the MCU restarts, the EEPROM keeps its content. */
void sim_reset(sim_t *s);
/* Power off and on: as a reset, but an EEPROM byte being written is lost
 * (it reads as noise), as on the chip. */
void sim_power_cut(sim_t *s);
/* What a person sees on the board's display now: brightness per LED, and
 * as letters; its refresh rate and frames so far. */
void sim_view(sim_t *s, matrix_view_t *v);
void sim_frame(sim_t *s, char out[MATRIX_N][MATRIX_N + 1]);
double sim_refresh_hz(sim_t *s);
uint32_t sim_frame_count(const sim_t *s);
/* Every part's figures (refresh, ISR share, stack, loop cycles, EEPROM
 * wear, ...) and the flash used, as "key: value" lines. */
void sim_report(sim_t *s, const char *prefix);

#endif
