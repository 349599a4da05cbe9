/* The MCU: loading the firmware ELF (checked first: simavr's own reader
 * trusts its input), running it, reset and power cuts, and the guard that
 * fails a run whose stack reaches the static data. The board's parts are
 * reached only through their sim_part_t entries (sim.h): the core calls no
 * part by name, so any board's parts sit on it unchanged. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>

#include "file_check.h"
#include "sim.h"
#include BOARD_HEADER

#define SPL_DATA_ADDR 0x5D
#define SPH_DATA_ADDR 0x5E

#define MCU_FLASH_BYTES 32768u

/* The whole file, read once for the check (a firmware is tens of KB; a
 * file over 16 MB is no firmware). NULL with a message when unreadable. */
static uint8_t *read_whole(const char *path, const char *what, size_t *n)
{
    /* a plain file only: a FIFO would block the open for ever, a folder or
     * a device is no firmware */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "jarmo-sim: %s %s is not a plain file (%s)\n", what, path,
                S_ISDIR(st.st_mode) ? "a folder" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a device or a socket");
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "jarmo-sim: cannot open %s %s: %s\n", what, path, strerror(errno));
        return NULL;
    }
    const size_t cap = 16u << 20;
    uint8_t *b = malloc(cap);
    *n = b ? fread(b, 1, cap, f) : 0;
    const bool too_big = b && *n == cap && fgetc(f) != EOF;
    const bool bad = !b || ferror(f) || too_big;
    fclose(f);
    if (bad) {
        fprintf(stderr, "jarmo-sim: cannot read %s %s%s\n", what, path, too_big ? ": over 16 MB" : "");
        free(b);
        return NULL;
    }
    return b;
}

/* An AVR executable that simavr can read safely (file_check.c). Anything
 * else gets a message instead of reaching simavr. */
static bool check_elf(const char *path, uint32_t *heap_start)
{
    size_t n;
    uint8_t *b = read_whole(path, "firmware", &n);
    if (!b)
        return false;
    char why[200];
    const file_check_limits_t lim = {MCU_FLASH_BYTES, EE_SIZE};
    const bool ok = file_check_elf(b, n, &lim, heap_start, why, sizeof why);
    free(b);
    if (!ok)
        fprintf(stderr, "jarmo-sim: %s %s\n", path, why);
    return ok;
}

bool sim_check_hex(const char *path)
{
    size_t n;
    uint8_t *b = read_whole(path, "the bootloader", &n);
    if (!b)
        return false;
    char why[200];
    const bool ok = file_check_hex(b, n, MCU_FLASH_BYTES, why, sizeof why);
    free(b);
    if (!ok)
        fprintf(stderr, "jarmo-sim: the bootloader %s: %s\n", path, why);
    return ok;
}

static void no_sleep(struct avr_t *avr, avr_cycle_count_t how_long)
{
    (void)avr, (void)how_long; /* simulated time only: never wait for real */
}

bool sim_open(sim_t *s, const char *elf_path, const sim_part_t *const *parts)
{
    elf_firmware_t fw;
    memset(s, 0, sizeof *s);
    memset(&fw, 0, sizeof fw);
    if (!check_elf(elf_path, &s->heap_start))
        return false;
    /* simavr prints "Loaded ..." on stdout; keep stdout for our own output */
    fflush(stdout);
    const int saved_stdout = dup(STDOUT_FILENO), devnull = open("/dev/null", O_WRONLY);
    if (saved_stdout >= 0 && devnull >= 0)
        dup2(devnull, STDOUT_FILENO);
    const bool read_ok = elf_read_firmware(elf_path, &fw) == 0;
    fflush(stdout);
    if (saved_stdout >= 0) {
        dup2(saved_stdout, STDOUT_FILENO);
        close(saved_stdout);
    }
    if (devnull >= 0)
        close(devnull);
    if (!read_ok || fw.flashsize == 0) {
        fprintf(stderr, "jarmo-sim: simavr cannot load %s\n", elf_path);
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
    s->lowest_sp = 0xFFFF;
    s->parts = parts;
    for (const sim_part_t *const *p = s->parts; *p; p++)
        (*p)->attach(s);
    return true;
}

/* --profile FILE: "ADDRESS CYCLES" per instruction the MCU spent time at
 * (byte addresses, hex), for tools/bench/profile.sh. The file is opened
 * once, at start (sim_profile): what is written at exit goes to that same
 * file, whatever has been put at its name meanwhile (a link is not
 * followed, then or later). */
static bool profile_save(sim_t *s)
{
    if (!s->profile)
        return true;
    FILE *f = NULL;
    if (ftruncate(s->profile_fd, 0) == 0 && lseek(s->profile_fd, 0, SEEK_SET) == 0)
        f = fdopen(s->profile_fd, "w");
    if (!f) {
        fprintf(stderr, "jarmo-sim: cannot write the profile %s: %s\n", s->profile_path, strerror(errno));
        close(s->profile_fd);
        free(s->profile);
        s->profile = NULL;
        return false;
    }
    for (uint32_t w = 0; w < SIM_PROFILE_WORDS; w++)
        if (s->profile[w])
            fprintf(f, "%05x %u\n", (unsigned)(w * 2u), (unsigned)s->profile[w]);
    free(s->profile);
    s->profile = NULL;
    return fclose(f) == 0;
}

/* --profile FILE replaces only a profile (an earlier run's: lines of
 * "ADDR COUNT", or an empty file), never another file (a firmware ELF
 * named by mistake): refused, untouched, as --eeprom and --serial do. */
static bool is_profile(int fd)
{
    int copy = dup(fd);
    FILE *f = copy < 0 ? NULL : fdopen(copy, "r");
    if (!f) {
        if (copy >= 0)
            close(copy);
        return false;
    }
    char line[64];
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        unsigned addr, count;
        char end;
        ok = strchr(line, '\n') && sscanf(line, "%5x %u%c", &addr, &count, &end) == 3 && end == '\n' &&
             strspn(line, "0123456789abcdef") == 5u;
    }
    ok = ok && !ferror(f);
    fclose(f);
    return ok;
}

bool sim_profile(sim_t *s, const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "jarmo-sim: --profile %s: it exists and is not a profile (%s); not touching it: name a new file\n",
                path, S_ISDIR(st.st_mode) ? "a folder" : S_ISLNK(st.st_mode) ? "a link" : "not a plain file");
        return false;
    }
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "jarmo-sim: --profile %s: %s\n", path,
                errno == ELOOP ? "it became a link; not touching it" : strerror(errno));
        return false;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !is_profile(fd)) {
        fprintf(stderr, "jarmo-sim: --profile %s: it exists and is not a profile (lines of \"ADDR COUNT\" it is not); "
                        "not touching it: name a new file\n", path);
        close(fd);
        return false;
    }
    s->profile = calloc(SIM_PROFILE_WORDS, sizeof *s->profile);
    if (!s->profile) {
        close(fd);
        return false;
    }
    s->profile_fd = fd;
    s->profile_path = path;
    return true;
}

bool sim_close(sim_t *s)
{
    bool ok = profile_save(s);
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->close)
            ok &= (*p)->close(s); /* every part closes, whatever an earlier one said */
    return ok;
}

uint64_t sim_now(const sim_t *s) { return s->avr->cycle; }
double sim_now_ms(const sim_t *s) { return (double)s->avr->cycle * 1000.0 / (double)s->freq; }

/* The stack grows down from RAMEND; SP points at the next free byte, so
 * the lowest byte in use is SP + 1. */
static bool stack_ok(sim_t *s)
{
    const uint16_t sp = (uint16_t)(s->avr->data[SPL_DATA_ADDR] | (s->avr->data[SPH_DATA_ADDR] << 8));
    if (sp < s->lowest_sp)
        s->lowest_sp = sp;
    return !s->heap_start || (uint32_t)sp + 1u >= s->heap_start;
}

bool sim_run_until_ms(sim_t *s, double ms)
{
    if (s->crashed)
        return false;
    const uint64_t target = (uint64_t)(ms * (double)s->freq / 1000.0);
    while (s->avr->cycle < target) {
        const uint64_t before = s->avr->cycle;
        const uint32_t pc = s->avr->pc;
        const int state = avr_run(s->avr);
        if (s->profile && pc / 2u < SIM_PROFILE_WORDS)
            s->profile[pc / 2u] += (uint32_t)(s->avr->cycle - before);
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(stderr, "jarmo-sim: the MCU stopped (%s) at %.1f ms, pc 0x%04x\n",
                    state == cpu_Crashed ? "crashed" : "done", sim_now_ms(s), s->avr->pc);
            s->crashed = true;
            return false;
        }
        if (s->fork_at && s->avr->cycle >= s->fork_at) {
            s->fork_at = 0;
            s->fork_hook(s); /* returns in each copy that goes on */
        }
        if (s->power_cut_at && s->avr->cycle >= s->power_cut_at) {
            s->power_cut_at = 0;
            s->power_cut_hook(s); /* the sweep's: it cuts the power and keeps it off */
        }
        if (!stack_ok(s)) {
            fprintf(stderr,
                    "jarmo-sim: stack overflow at %.1f ms, pc 0x%04x: the stack reached the static data "
                    "(which ends at 0x%04x)\n",
                    sim_now_ms(s), s->avr->pc, s->heap_start - 1u);
            s->crashed = true;
            return false;
        }
    }
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->settle)
            (*p)->settle(s);
    return true;
}

void sim_reset(sim_t *s)
{
    avr_reset(s->avr);
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->reset)
            (*p)->reset(s);
}

void sim_power_cut(sim_t *s)
{
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->power_lost)
            (*p)->power_lost(s);
    sim_reset(s);
}

/* The board's display: the first part with a view (sim_parts.c gives a
 * board one). */
static const sim_part_t *display(const sim_t *s)
{
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->view)
            return *p;
    return NULL;
}

void sim_view(sim_t *s, matrix_view_t *v)
{
    const sim_part_t *d = display(s);
    if (d)
        d->view(s, v);
    else
        memset(v, 0, sizeof *v);
}

void sim_frame(sim_t *s, char out[MATRIX_N][MATRIX_N + 1])
{
    matrix_view_t v;
    sim_view(s, &v);
    matrix_dump(&v, out);
}

double sim_refresh_hz(sim_t *s)
{
    const sim_part_t *d = display(s);
    return d ? d->refresh_hz(s) : 0.0;
}

uint32_t sim_frame_count(const sim_t *s)
{
    const sim_part_t *d = display(s);
    return d ? d->frame_count(s) : 0;
}

void sim_report(sim_t *s, const char *prefix)
{
    for (const sim_part_t *const *p = s->parts; *p; p++)
        if ((*p)->report)
            (*p)->report(s, prefix);
    printf("%sflash_bytes: %u\n", prefix, s->flash_bytes);
}
