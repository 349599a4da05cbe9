/* The reference board around the MCU: shift-register chain and matrix,
 * buttons (with optional contact bounce), buzzer, UART, EEPROM file, and
 * the measurements (ISR time, main-loop cycles, stack high-water mark).
 * Pins come from the board definition, like the firmware's. */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <simavr/avr_eeprom.h>
#include <simavr/avr_ioport.h>
#include <simavr/avr_spi.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_interrupts.h>
#include <simavr/sim_io.h>

#include "hal.h"
#include "sim.h"
#include BOARD_HEADER

#define LETTER_(x) (#x[0])
#define LETTER(x) LETTER_(x)
#define GPIOR0_DATA_ADDR 0x3E
#define DISPLAY_VECTOR 7 /* TIMER2_COMPA on the ATmega328P */
#define STACK_PAINT 0xA5
#define RAM_END 0x8FF
#define EEPROM_SIZE 1024
#define TONE_GAP_MS 20.0 /* a buzzer silent this long has ended its tone */

static const uint8_t button_bits[SIM_BUTTONS] = {BOARD_BTN_UP_BIT,    BOARD_BTN_DOWN_BIT, BOARD_BTN_LEFT_BIT,
                                                 BOARD_BTN_RIGHT_BIT, BOARD_BTN_A_BIT,    BOARD_BTN_B_BIT};

static void stat_add(sim_stat_t *st, uint64_t v)
{
    st->count++;
    st->sum += v;
    if (v > st->max)
        st->max = v;
}

/* ---- display chain ---------------------------------------------------- */
/* simavr 1.6's SPI takes a flat 100 us per byte; the real peripheral takes
 * 8 SCK periods. So the simulator models the SPI master itself: SPDR write
 * -> 8 x divider cycles -> SPIF set and the byte shifted into the chain. */
#define SPCR_DATA_ADDR 0x4C
#define SPSR_DATA_ADDR 0x4D
#define SPDR_DATA_ADDR 0x4E
#define SPIF_BIT 0x80

static avr_cycle_count_t spi_done(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    sim_t *s = param;
    avr->data[SPSR_DATA_ADDR] |= SPIF_BIT;
    s->chain = (s->chain << 8) | s->spi_byte; /* the last byte sent sits in U1 */
    return 0;
}

static void on_spdr_write(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    static const uint8_t divider[4] = {4, 16, 64, 128};
    sim_t *s = param;
    avr->data[addr] = v;
    avr->data[SPSR_DATA_ADDR] &= (uint8_t)~SPIF_BIT;
    s->spi_byte = v;
    unsigned div = divider[avr->data[SPCR_DATA_ADDR] & 3u];
    if (avr->data[SPSR_DATA_ADDR] & 1u) /* SPI2X */
        div /= 2;
    avr_cycle_timer_register(avr, 8u * div, spi_done, s);
}

static void on_latch(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    if (value && !s->latch_level) {
        uint8_t rows = (uint8_t)(s->chain & 0xFFu);
        uint8_t red = (uint8_t)((s->chain >> 8) & 0xFFu);
        uint8_t green = (uint8_t)((s->chain >> 16) & 0xFFu);
        if (BOARD_ROW_ACTIVE_LOW)
            rows = (uint8_t)~rows;
        if (BOARD_COL_ACTIVE_LOW) {
            red = (uint8_t)~red;
            green = (uint8_t)~green;
        }
        matrix_latch(&s->matrix, s->avr->cycle, rows, red, green);
    }
    s->latch_level = value ? 1 : 0;
}

/* ---- buzzer ----------------------------------------------------------- */
static void tone_close(sim_t *s)
{
    if (!s->buzzer_on)
        return;
    if (s->tone_count < SIM_TONES) {
        sim_tone_t *t = &s->tones[s->tone_count++];
        t->start_ms = (double)s->buzzer_start * 1000.0 / (double)s->freq;
        /* the mean half period up to the edge before the last: the last
         * edge is the firmware stopping the tone, not a regular one */
        t->freq_hz = s->buzzer_edges >= 3 ? (double)(s->buzzer_edges - 2) * (double)s->freq /
                                                (2.0 * (double)(s->buzzer_prev_edge - s->buzzer_start))
                                          : s->buzzer_freq;
        t->duration_ms = (double)(s->buzzer_last_edge - s->buzzer_start) * 1000.0 / (double)s->freq;
        if (s->echo_uart) /* verbose runs log every tone */
            printf("[%9.1f ms] tone: %.0f Hz for %.0f ms\n", t->start_ms, t->freq_hz, t->duration_ms);
    }
    s->buzzer_on = false;
}

static void on_buzzer(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    const uint64_t now = s->avr->cycle;
    if ((value ? 1 : 0) == s->buzzer_level)
        return;
    s->buzzer_level = value ? 1 : 0;
    const double gap_ms = (double)(now - s->buzzer_last_edge) * 1000.0 / (double)s->freq;
    if (!s->buzzer_on || gap_ms > TONE_GAP_MS) {
        tone_close(s);
        s->buzzer_on = true;
        s->buzzer_start = now;
        s->buzzer_freq = 0;
        s->buzzer_edges = 0;
    } else {
        s->buzzer_freq = (double)s->freq / (2.0 * (double)(now - s->buzzer_last_edge));
    }
    s->buzzer_edges++;
    s->buzzer_prev_edge = s->buzzer_last_edge;
    s->buzzer_last_edge = now;
}

/* ---- uart ------------------------------------------------------------- */
static void on_uart(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    if (s->uart_len + 2 > s->uart_cap) {
        s->uart_cap = s->uart_cap ? s->uart_cap * 2 : 4096;
        s->uart = realloc(s->uart, s->uart_cap);
    }
    s->uart[s->uart_len++] = (char)value;
    s->uart[s->uart_len] = '\0';
    if (s->echo_uart && value == '\n') {
        const char *line = s->uart + s->uart_len - 1;
        while (line > s->uart && line[-1] != '\n')
            line--;
        printf("[%9.1f ms] uart: %.*s\n", sim_now_ms(s), (int)(s->uart + s->uart_len - 1 - line), line);
    }
}

/* ---- measurements ----------------------------------------------------- */
static void on_any_isr(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    if (value && !s->isr_running)
        s->isr_entered_at = s->avr->cycle;
    else if (!value && s->isr_running)
        s->isr_busy += s->avr->cycle - s->isr_entered_at;
    s->isr_running = value ? 1 : 0;
}

static void on_display_isr(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    if (value)
        s->display_isr_at = s->avr->cycle;
    else
        stat_add(&s->display_isr, s->avr->cycle - s->display_isr_at);
}

static void on_mark(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    sim_t *s = param;
    avr->data[addr] = v;
    switch (v) {
    case HAL_MARK_LOOP:
        s->loop_at = avr->cycle;
        s->loop_isr_at = s->isr_busy;
        break;
    case HAL_MARK_IDLE:
        /* the loop's own work, ISR time taken out; iterations in which the
         * AI thought are the thinking spans' business, not the loop's */
        if (s->loop_at && !s->loop_thought)
            stat_add(&s->loop, avr->cycle - s->loop_at - (s->isr_busy - s->loop_isr_at));
        s->loop_at = 0;
        s->loop_thought = false;
        break;
    case HAL_MARK_THINK_BEGIN:
        s->think_at = avr->cycle;
        s->loop_thought = true;
        if (!s->think_sp) /* SPH:SPL, data addresses 0x5E:0x5D */
            s->think_sp = (uint16_t)(avr->data[0x5D] | (avr->data[0x5E] << 8));
        s->think_frames_at = s->matrix.frame_count;
        break;
    case HAL_MARK_THINK_END:
        if (s->think_at) {
            const uint64_t span = avr->cycle - s->think_at;
            stat_add(&s->think, span);
            if (s->span_count < sizeof s->spans_ms / sizeof s->spans_ms[0])
                s->spans_ms[s->span_count++] = (double)span * 1000.0 / (double)s->freq;
            /* refresh during this span; spans shorter than 20 ms are too short to judge */
            if (span > s->freq / 50) {
                const double hz = (double)(s->matrix.frame_count - s->think_frames_at) * (double)s->freq / (double)span;
                if (s->think_min_hz == 0 || hz < s->think_min_hz)
                    s->think_min_hz = hz;
            }
        }
        s->think_at = 0;
        break;
    default:
        break;
    }
}

/* End of static RAM from the ELF's symbol table (avr-libc's __heap_start). */
static uint32_t heap_start_of(const char *path)
{
    uint32_t found = 0;
    elf_version(EV_CURRENT);
    const int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    Elf *e = elf_begin(fd, ELF_C_READ, NULL);
    for (Elf_Scn *scn = NULL; e && (scn = elf_nextscn(e, scn)) != NULL;) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        for (size_t i = 0; data && i < sh.sh_size / sh.sh_entsize; i++) {
            GElf_Sym sym;
            gelf_getsym(data, (int)i, &sym);
            const char *name = elf_strptr(e, sh.sh_link, sym.st_name);
            if (name && strcmp(name, "__heap_start") == 0)
                found = (uint32_t)(sym.st_value & 0xFFFFu);
        }
    }
    if (e)
        elf_end(e);
    close(fd);
    return found;
}

static void no_sleep(struct avr_t *avr, avr_cycle_count_t how_long)
{
    (void)avr, (void)how_long; /* simulated time only: never wait for real */
}

static void release_all_buttons(sim_t *s)
{
    avr_ioport_external_t ext = {.name = LETTER(BOARD_BUTTON_PORT), .mask = 0, .value = 0};
    for (int b = 0; b < SIM_BUTTONS; b++) {
        ext.mask |= (uint8_t)(1u << button_bits[b]);
        ext.value |= (uint8_t)(1u << button_bits[b]);
    }
    avr_ioctl(s->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(LETTER(BOARD_BUTTON_PORT)), &ext);
    for (int b = 0; b < SIM_BUTTONS; b++) {
        avr_irq_t *pin = avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ(LETTER(BOARD_BUTTON_PORT)), button_bits[b]);
        avr_raise_irq(pin, 0);
        avr_raise_irq(pin, 1);
        s->pressed[b] = false;
    }
}

/* ---- public ------------------------------------------------------------- */
bool sim_open(sim_t *s, const char *elf_path, const char *eeprom_path)
{
    elf_firmware_t fw;
    memset(s, 0, sizeof *s);
    memset(&fw, 0, sizeof fw);
    /* simavr prints "Loaded ..." on stdout; keep stdout for our own output */
    fflush(stdout);
    const int saved_stdout = dup(STDOUT_FILENO), devnull = open("/dev/null", O_WRONLY);
    if (saved_stdout >= 0 && devnull >= 0)
        dup2(devnull, STDOUT_FILENO);
    const bool read_ok = access(elf_path, R_OK) == 0 && elf_read_firmware(elf_path, &fw) == 0;
    fflush(stdout);
    if (saved_stdout >= 0) {
        dup2(saved_stdout, STDOUT_FILENO);
        close(saved_stdout);
    }
    if (devnull >= 0)
        close(devnull);
    if (!read_ok) {
        fprintf(stderr, "jarmo-sim: cannot read firmware ELF %s\n", elf_path);
        return false;
    }
    s->avr = avr_make_mcu_by_name("atmega328p");
    if (!s->avr) {
        fprintf(stderr, "jarmo-sim: simavr has no atmega328p\n");
        return false;
    }
    avr_init(s->avr);
    s->avr->log = 0;
    avr_load_firmware(s->avr, &fw);
    s->flash_bytes = fw.flashsize; /* .text + .data as loaded into flash */
    s->avr->frequency = (uint32_t)BOARD_F_CPU;
    s->freq = BOARD_F_CPU;
    s->avr->sleep = no_sleep;
    matrix_init(&s->matrix);
    s->heap_start = heap_start_of(elf_path);

    struct avr_t *avr = s->avr;
    avr->io[AVR_DATA_TO_IO(SPDR_DATA_ADDR)].w.c = on_spdr_write; /* replaces simavr's SPI write */
    avr->io[AVR_DATA_TO_IO(SPDR_DATA_ADDR)].w.param = s;
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(LETTER(BOARD_LATCH_PORT)), BOARD_LATCH_BIT),
                            on_latch, s);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(LETTER(BOARD_BUZZER_PORT)), BOARD_BUZZER_BIT),
                            on_buzzer, s);
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_uart, s);
    avr_irq_register_notify(avr_get_interrupt_irq(avr, AVR_INT_ANY) + AVR_INT_IRQ_RUNNING, on_any_isr, s);
    avr_irq_register_notify(avr_get_interrupt_irq(avr, DISPLAY_VECTOR) + AVR_INT_IRQ_RUNNING, on_display_isr, s);
    avr_register_io_write(avr, GPIOR0_DATA_ADDR, on_mark, s);

    release_all_buttons(s); /* released (pulled up) unless pressed */

    s->eeprom_path = eeprom_path;
    if (eeprom_path) {
        uint8_t ee[EEPROM_SIZE];
        memset(ee, 0xFF, sizeof ee); /* an erased EEPROM */
        FILE *f = fopen(eeprom_path, "rb");
        if (f) {
            const size_t n = fread(ee, 1, sizeof ee, f);
            fclose(f);
            if (n != sizeof ee)
                fprintf(stderr, "jarmo-sim: %s is %zu bytes, not %d; the rest reads as erased\n", eeprom_path, n,
                        EEPROM_SIZE);
        }
        avr_eeprom_desc_t d = {.ee = ee, .offset = 0, .size = sizeof ee};
        avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &d);
    }
    return true;
}

void sim_close(sim_t *s)
{
    if (s->eeprom_path) {
        uint8_t ee[EEPROM_SIZE];
        avr_eeprom_desc_t d = {.ee = ee, .offset = 0, .size = sizeof ee};
        avr_ioctl(s->avr, AVR_IOCTL_EEPROM_GET, &d);
        FILE *f = fopen(s->eeprom_path, "wb");
        if (!f || fwrite(d.ee, 1, EEPROM_SIZE, f) != EEPROM_SIZE)
            fprintf(stderr, "jarmo-sim: cannot save EEPROM to %s\n", s->eeprom_path);
        if (f)
            fclose(f);
    }
    free(s->uart);
    s->uart = NULL;
}

uint64_t sim_now(const sim_t *s) { return s->avr->cycle; }
double sim_now_ms(const sim_t *s) { return (double)s->avr->cycle * 1000.0 / (double)s->freq; }

bool sim_run_until_ms(sim_t *s, double ms)
{
    const uint64_t target = (uint64_t)(ms * (double)s->freq / 1000.0);
    while (s->avr->cycle < target) {
        const int state = avr_run(s->avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(stderr, "jarmo-sim: the MCU stopped (state %d) at %.1f ms, pc 0x%04x\n", state, sim_now_ms(s),
                    s->avr->pc);
            return false;
        }
    }
    if (s->buzzer_on && (double)(s->avr->cycle - s->buzzer_last_edge) * 1000.0 / (double)s->freq > TONE_GAP_MS)
        tone_close(s);
    return true;
}

void sim_reset(sim_t *s)
{
    uint8_t ee[EEPROM_SIZE];
    avr_eeprom_desc_t d = {.ee = ee, .offset = 0, .size = sizeof ee};
    avr_ioctl(s->avr, AVR_IOCTL_EEPROM_GET, &d);
    memcpy(ee, d.ee, sizeof ee);
    avr_reset(s->avr);
    d.ee = ee;
    avr_ioctl(s->avr, AVR_IOCTL_EEPROM_SET, &d); /* EEPROM is non-volatile */
    /* the reset cleared the port, but each pin IRQ still caches its last
     * level and ignores a raise to the same value: drive every button pin
     * low then high (no time passes) so that released reads released */
    release_all_buttons(s);
}

void sim_eeprom_poke(sim_t *s, unsigned addr, uint8_t value)
{
    uint8_t ee[EEPROM_SIZE];
    avr_eeprom_desc_t d = {.ee = ee, .offset = 0, .size = sizeof ee};
    avr_ioctl(s->avr, AVR_IOCTL_EEPROM_GET, &d);
    memcpy(ee, d.ee, sizeof ee);
    ee[addr % EEPROM_SIZE] = value;
    d.ee = ee;
    avr_ioctl(s->avr, AVR_IOCTL_EEPROM_SET, &d);
}

int sim_button_by_name(const char *name)
{
    static const char *const names[SIM_BUTTONS] = {"up", "down", "left", "right", "a", "b"};
    for (int b = 0; b < SIM_BUTTONS; b++)
        if (strcmp(name, names[b]) == 0)
            return b;
    return -1;
}

static void set_pin(sim_t *s, int button, bool down)
{
    avr_raise_irq(avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ(LETTER(BOARD_BUTTON_PORT)), button_bits[button]),
                  down ? 0 : 1);
}

void sim_button(sim_t *s, int button, bool down)
{
    /* contact bounce: the pin chatters for ~2 ms before it settles */
    for (unsigned i = 0; i < s->bounce; i++) {
        set_pin(s, button, down);
        sim_run_until_ms(s, sim_now_ms(s) + 0.1 + 0.2 * i);
        set_pin(s, button, !down);
        sim_run_until_ms(s, sim_now_ms(s) + 0.15);
    }
    set_pin(s, button, down);
    s->pressed[button] = down;
}

void sim_frame(sim_t *s, char out[MATRIX_N][MATRIX_N + 1])
{
    matrix_view_t v;
    matrix_view(&s->matrix, s->avr->cycle, &v);
    matrix_dump(&v, out);
}

unsigned sim_static_ram(const sim_t *s) { return s->heap_start >= 0x100 ? s->heap_start - 0x100u : 0; }

unsigned sim_peak_stack(sim_t *s)
{
    if (!s->heap_start)
        return 0;
    /* the lowest byte that no longer holds the boot-time paint */
    uint32_t a = s->heap_start;
    while (a <= RAM_END && s->avr->data[a] == STACK_PAINT)
        a++;
    return RAM_END + 1u - a;
}

unsigned sim_think_stack(sim_t *s)
{
    const unsigned peak = sim_peak_stack(s);
    if (!s->think_sp || !peak)
        return 0;
    const unsigned lowest = RAM_END + 1u - peak; /* lowest byte the stack reached */
    return s->think_sp >= lowest ? s->think_sp - lowest + 1u : 0;
}

double sim_isr_percent(const sim_t *s)
{
    return s->avr->cycle ? 100.0 * (double)s->isr_busy / (double)s->avr->cycle : 0.0;
}

void sim_report(sim_t *s, const char *prefix)
{
    const double hz = matrix_refresh_hz(&s->matrix, s->avr->cycle, s->freq, 1.0);
    printf("%srefresh_hz: %.1f\n", prefix, hz);
    printf("%sisr_cpu_percent: %.2f\n", prefix, sim_isr_percent(s));
    if (s->display_isr.count) {
        printf("%sdisplay_isr_cycles_mean: %.1f\n", prefix, (double)s->display_isr.sum / (double)s->display_isr.count);
        printf("%sdisplay_isr_cycles_max: %llu\n", prefix, (unsigned long long)s->display_isr.max);
    }
    printf("%sstatic_ram_bytes: %u\n", prefix, sim_static_ram(s));
    printf("%speak_stack_bytes: %u\n", prefix, sim_peak_stack(s));
    printf("%sram_total_bytes: %u\n", prefix, sim_static_ram(s) + sim_peak_stack(s));
    if (s->loop.count) {
        printf("%smain_loop_cycles_mean: %.1f\n", prefix, (double)s->loop.sum / (double)s->loop.count);
        printf("%smain_loop_cycles_max: %llu\n", prefix, (unsigned long long)s->loop.max);
        printf("%smain_loop_iterations: %llu\n", prefix, (unsigned long long)s->loop.count);
        printf("%smain_loop_ms_max: %.2f\n", prefix, (double)s->loop.max * 1000.0 / (double)s->freq);
    }
    if (s->think.count) {
        printf("%sthink_spans: %llu\n", prefix, (unsigned long long)s->think.count);
        printf("%sthink_ms_max: %.1f\n", prefix, (double)s->think.max * 1000.0 / (double)s->freq);
        printf("%sthink_refresh_hz_min: %.1f\n", prefix, s->think_min_hz);
        printf("%sthink_stack_bytes: %u\n", prefix, sim_think_stack(s));
        printf("%sspans_ms:", prefix);
        for (unsigned i = 0; i < s->span_count; i++)
            printf(" %.1f", s->spans_ms[i]);
        printf("\n");
    }
    printf("%sflash_bytes: %u\n", prefix, s->flash_bytes);
}
