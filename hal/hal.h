/* The hardware abstraction the game uses. The firmware includes only this
 * header; hal/avr/ implements it for the boards in board-defs/. */
#ifndef JARMO_HAL_H
#define JARMO_HAL_H

#include <stdbool.h>
#include <stdint.h>

/* ---- display ----------------------------------------------------------- */
/* A canvas pixel holds a red level (bits 0-1) and a green level (bits 2-3),
 * each 0 (off) .. 3 (full). Row 0 is the top of the matrix. */
#define HAL_DISPLAY_W 8u
#define HAL_DISPLAY_H 8u
#define HAL_PIXEL(red, green) ((uint8_t)((red) | ((green) << 2)))
#define HAL_PIXEL_RED(px) ((px)&3u)
#define HAL_PIXEL_GREEN(px) (((px) >> 2) & 3u)
typedef uint8_t hal_canvas_t[HAL_DISPLAY_H][HAL_DISPLAY_W];

/* Hands a finished canvas to the refresh; shown from the next frame on,
 * never half-drawn. Returns at once unless the previous one is still
 * waiting for its frame (at most one frame time). */
void hal_display_present(const hal_canvas_t canvas);
void hal_display_enable(bool on);
/* Brightness 0 (dimmest) .. HAL_BRIGHTNESS_STEPS - 1 (full): a quarter,
 * a half or all of the light (multiplexed boards: of each row's time slot;
 * WS2812B panels: of each colour's value). */
#define HAL_BRIGHTNESS_STEPS 3u
void hal_display_brightness(uint8_t level);

/* ---- buttons ----------------------------------------------------------- */
enum {
    HAL_BTN_UP = 1u << 0,
    HAL_BTN_DOWN = 1u << 1,
    HAL_BTN_LEFT = 1u << 2,
    HAL_BTN_RIGHT = 1u << 3,
    HAL_BTN_A = 1u << 4,
    HAL_BTN_B = 1u << 5,
};
/* Debounced state of all buttons (1 = held down), sampled every ms. */
uint8_t hal_buttons(void);
/* The debounced states (as hal_buttons() gives them) since the last call,
 * oldest first, one per change; returns how many (0: none). Taps while the
 * main loop was busy (an EEPROM save takes up to ~100 ms) keep their order
 * and their count. Past HAL_BUTTON_CHANGES changes the newest replace the
 * last, so the last state is always the current one. */
#define HAL_BUTTON_CHANGES 16u /* 8 taps */
uint8_t hal_button_changes(uint8_t states[HAL_BUTTON_CHANGES]);

/* ---- time, sound ---------------------------------------------------------- */
uint32_t hal_millis(void);
/* Plays a square wave of freq_hz for duration_ms (0 Hz: silence). */
void hal_tone(uint16_t freq_hz, uint16_t duration_ms);

/* ---- non-volatile storage (EEPROM) ------------------------------------- */
#define HAL_NV_SIZE 1024u
void hal_nv_read(uint16_t addr, void *buf, uint16_t len);
/* Writes only the bytes that differ (EEPROM wear). */
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len);
/* One byte (the journal's words are read and written a byte at a time):
 * on the AVR avr-libc's own byte functions, which keep a buffer off the
 * stack at every call (flash); elsewhere the same as len 1. */
#ifdef __AVR__
uint8_t hal_nv_read_byte(uint16_t addr);
void hal_nv_write_byte(uint16_t addr, uint8_t b);
#else
static inline uint8_t hal_nv_read_byte(uint16_t addr)
{
    uint8_t b;
    hal_nv_read(addr, &b, 1);
    return b;
}
static inline void hal_nv_write_byte(uint16_t addr, uint8_t b) { hal_nv_write(addr, &b, 1); }
#endif

/* ---- battery ---------------------------------------------------------------- */
/* True while the cells are below the board's warning threshold
 * (BOARD_BATT_LOW_MV); a board without battery sense: never. Unfiltered:
 * the caller asks for it to hold a while. */
bool hal_battery_low(void);

/* ---- power, watchdog, randomness, debug ----------------------------------- */
void hal_init(void);
/* Sleeps until the next interrupt (refresh, tick or button). */
void hal_idle(void);
/* Display off, deep sleep until a button is pressed; then back on. */
void hal_power_down(void);
void hal_watchdog_kick(void);
/* Entropy gathered from timer jitter at button presses. */
uint32_t hal_seed(void);
/* Debug console line (UART): text plus newline. */
void hal_debug_line(const char *text);
/* Marks for the simulator's measurements (a single register write). */
void hal_mark(uint8_t what);
enum {
    HAL_MARK_LOOP = 1,
    HAL_MARK_THINK_BEGIN = 2,
    HAL_MARK_THINK_END = 3,
    HAL_MARK_IDLE = 4,
    HAL_MARK_POLL_BEGIN = 5, /* the console's own work inside a thinking span */
    HAL_MARK_POLL_END = 6,
};

#endif
