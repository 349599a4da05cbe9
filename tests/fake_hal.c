#include "fake_hal.h"

#include <string.h>

uint32_t fake_millis;
uint8_t fake_nv[HAL_NV_SIZE];
char fake_log[8192];
uint16_t fake_tone_hz;
uint8_t fake_brightness;

void fake_reset(uint32_t now)
{
    fake_millis = now;
    memset(fake_nv, 0xFF, sizeof fake_nv);
    fake_log_clear();
    fake_tone_hz = 0;
    fake_battery_low = false;
}

void fake_log_clear(void) { fake_log[0] = '\0'; }

int fake_log_count(const char *prefix)
{
    int n = 0;
    const size_t len = strlen(prefix);
    for (const char *p = fake_log; *p; p = strchr(p, '\n') + 1)
        n += strncmp(p, prefix, len) == 0;
    return n;
}

uint32_t hal_millis(void) { return fake_millis; }
void hal_tone(uint16_t freq_hz, uint16_t duration_ms) { (void)duration_ms, fake_tone_hz = freq_hz; }
void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, fake_nv + addr, len); }
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len) { memcpy(fake_nv + addr, buf, len); }
void hal_display_brightness(uint8_t level) { fake_brightness = level; }
void hal_display_present(const hal_canvas_t canvas) { (void)canvas; }
uint32_t hal_seed(void) { return 12345u; }
void hal_watchdog_kick(void) {}
bool fake_battery_low;
bool hal_battery_low(void) { return fake_battery_low; }
void hal_mark(uint8_t what) { (void)what; }
void hal_debug_line(const char *text)
{
    const size_t have = strlen(fake_log), n = strlen(text);
    if (have + n + 2 < sizeof fake_log) {
        memcpy(fake_log + have, text, n);
        fake_log[have + n] = '\n';
        fake_log[have + n + 1] = '\0';
    }
}
