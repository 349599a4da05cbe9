/* Part: the ATmega328P's 1 KiB EEPROM with the chip's timing. simavr
 * completes a byte write at once; the chip takes 3.4 ms (datasheet
 * DS40002061, tWD_EEPROM, erase and write; 1.8 ms for erase or write
 * alone), during which EEPE reads 1. This part owns EECR: EERE reads a byte
 * at once, EEMPE then EEPE starts a write that lands when its time is up.
 * A power cut during a write leaves that byte undefined (here: noise that
 * is neither the old nor the new value). The bytes are loaded from and saved
 * to the --eeprom file. Every byte's erase/write cycles are counted as the
 * datasheet's endurance (100,000) counts them: reports give the most any
 * byte has had (eeprom_byte_writes_max). */
#include <errno.h>
#include <fcntl.h>
#include <ctype.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_io.h>

#include "part_eeprom.h"
#include "script_command.h"
#include "script_parse.h"
#include "xorshift32.h"

#define EECR_DATA_ADDR 0x3F
#define EEDR_DATA_ADDR 0x40
#define EEARL_DATA_ADDR 0x41
#define EEARH_DATA_ADDR 0x42
#define EERE 0x01
#define EEPE 0x02
#define EEMPE 0x04
#define EEPM_MASK 0x30
#define EEPM_ERASE_WRITE 0x00
#define EEPM_ERASE 0x10
#define EEPM_WRITE 0x20
#define WRITE_US 3400u      /* erase and write */
#define HALF_WRITE_US 1800u /* erase only, or write only */

static uint16_t address(const sim_t *s)
{
    return (uint16_t)((s->avr->data[EEARL_DATA_ADDR] | (s->avr->data[EEARH_DATA_ADDR] << 8)) % EE_SIZE);
}

static avr_cycle_count_t write_done(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    sim_t *s = param;
    sim_eeprom_t *e = &s->eeprom;
    uint8_t *b = &e->bytes[e->addr];
    *b = e->mode == EEPM_ERASE ? 0xFF : e->mode == EEPM_WRITE ? (uint8_t)(*b & e->data) : e->data;
    e->busy = false;
    e->dirty = true;
    e->last_write_done_at = avr->cycle;
    avr->data[EECR_DATA_ADDR] &= (uint8_t)~EEPE;
    return 0;
}

static void on_eecr_write(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    sim_t *s = param;
    sim_eeprom_t *e = &s->eeprom;
    const uint8_t before = avr->data[addr];
    uint8_t now = (uint8_t)((v & (uint8_t)~(EERE | EEPE)) | (before & EEPE));
    if ((v & EERE) && !e->busy)
        avr->data[EEDR_DATA_ADDR] = e->bytes[address(s)];
    if ((v & EEPE) && !e->busy && ((before | v) & EEMPE)) {
        e->busy = true;
        e->addr = address(s);
        e->data = avr->data[EEDR_DATA_ADDR];
        e->mode = v & EEPM_MASK;
        e->writes++;
        if (!(e->mode == EEPM_WRITE && e->erased_only[e->addr]))
            e->cycles[e->addr]++;
        e->erased_only[e->addr] = e->mode == EEPM_ERASE;
        if (!e->first_write_at)
            e->first_write_at = avr->cycle;
        const unsigned us = (v & EEPM_MASK) == EEPM_ERASE_WRITE ? WRITE_US : HALF_WRITE_US;
        avr_cycle_timer_register_usec(avr, us, write_done, s);
        now |= EEPE;
        now &= (uint8_t)~EEMPE;
    }
    avr->data[addr] = now;
}

static void attach(sim_t *s)
{
    memset(s->eeprom.bytes, 0xFF, sizeof s->eeprom.bytes); /* an erased EEPROM */
    s->eeprom.noise = 0x2545F491u;
    s->avr->io[AVR_DATA_TO_IO(EECR_DATA_ADDR)].w.c = on_eecr_write; /* replaces simavr's EEPROM */
    s->avr->io[AVR_DATA_TO_IO(EECR_DATA_ADDR)].w.param = s;
}

/* A reset does not stop a write under way: the chip finishes it (here at
 * once: simavr's reset drops every cycle timer). */
static void reset(sim_t *s)
{
    if (s->eeprom.busy)
        write_done(s->avr, s->avr->cycle, s);
}

static void poke(sim_t *s, unsigned addr, uint8_t value)
{
    s->eeprom.bytes[addr % EE_SIZE] = value;
    s->eeprom.dirty = true;
}

/* The most erase/write cycles any one byte has had (its address in *addr). */
static uint32_t cycles_max(const sim_t *s, unsigned *addr)
{
    unsigned at = 0;
    for (unsigned a = 1; a < EE_SIZE; a++)
        if (s->eeprom.cycles[a] > s->eeprom.cycles[at])
            at = a;
    if (addr)
        *addr = at;
    return s->eeprom.cycles[at];
}

/* The supply is gone: a byte being written is left undefined. */
static void power_lost(sim_t *s)
{
    sim_eeprom_t *e = &s->eeprom;
    if (!e->busy)
        return;
    avr_cycle_timer_cancel(s->avr, write_done, s);
    uint8_t junk = (uint8_t)xorshift32(&e->noise);
    while (junk == e->bytes[e->addr] || junk == e->data)
        junk = (uint8_t)(junk * 5u + 1u);
    e->bytes[e->addr] = junk;
    e->busy = false;
    s->avr->data[EECR_DATA_ADDR] &= (uint8_t)~EEPE;
}

static void report(sim_t *s, const char *prefix)
{
    printf("%seeprom_byte_writes: %llu\n", prefix, (unsigned long long)s->eeprom.writes);
    unsigned worn;
    const uint32_t most = cycles_max(s, &worn);
    printf("%seeprom_byte_writes_max: %u\n", prefix, (unsigned)most);
    printf("%seeprom_byte_writes_max_at: %u\n", prefix, worn);
}

static bool save(sim_t *s);

/* ---- its script commands (docs/sim.md) ---- */
/* eeprom-poke RECORD[.SLOT][+OFFSET] VALUE, e.g. game.1+3 (records in
 * firmware/storage/eeprom_map.h), or a plain address 0..1023. */
static bool eeprom_address(const char *text, unsigned long *addr)
{
    static const struct {
        const char *name;
        unsigned addr, slot, slots;
    } records[] = {
#define RECORD(name, addr, slot, slots) {#name, addr, slot, slots},
        EE_RECORDS(RECORD)
#undef RECORD
    };
    if (isdigit((unsigned char)text[0]))
        return script_parse_uint(text, EE_SIZE - 1u, addr);
    char name[32];
    unsigned long slot = 0, offset = 0;
    const size_t n = strcspn(text, ".+");
    if (n >= sizeof name)
        return false;
    memcpy(name, text, n);
    name[n] = '\0';
    const char *t = text + n;
    char num[16];
    if (*t == '.') {
        const size_t k = strcspn(t + 1, "+");
        if (k == 0 || k >= sizeof num)
            return false;
        memcpy(num, t + 1, k);
        num[k] = '\0';
        if (!script_parse_uint(num, 255, &slot))
            return false;
        t += 1 + k;
    }
    if (*t == '+' && !script_parse_uint(t + 1, 255, &offset))
        return false;
    if (*t && *t != '+')
        return false;
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++)
        if (strcmp(records[i].name, name) == 0) {
            if (slot >= records[i].slots || offset >= records[i].slot)
                return false;
            *addr = records[i].addr + slot * records[i].slot + offset;
            return true;
        }
    return false;
}

static bool cmd_eeprom_poke(script_call_t *c)
{
    unsigned long addr, value;
    if (!eeprom_address(c->argv[0], &addr))
        script_call_fail(c, "eeprom-poke: '%s' is not RECORD[.SLOT][+OFFSET] (settings, game, boot_count) or an address 0..%u",
             c->argv[0], EE_SIZE - 1u);
    else if (!script_parse_uint(c->argv[1], 255, &value))
        script_call_fail(c, "eeprom-poke: the value '%s' is not a byte (0..255)", c->argv[1]);
    else
        poke(c->sim, (unsigned)addr, (uint8_t)value);
    return true;
}

/* eeprom-fill RECORD VALUE: every byte of a record (all its slots), e.g.
 * the whole game journal, wherever its newest snapshot happens to be. */
static bool cmd_eeprom_fill(script_call_t *c)
{
    static const struct {
        const char *name;
        unsigned addr, bytes;
    } records[] = {
#define RECORD(name, addr, slot, slots) {#name, addr, (slot) * (slots)},
        EE_RECORDS(RECORD)
#undef RECORD
    };
    unsigned long value;
    size_t i = 0;
    while (i < sizeof records / sizeof records[0] && strcmp(records[i].name, c->argv[0]) != 0)
        i++;
    if (i == sizeof records / sizeof records[0])
        script_call_fail(c, "eeprom-fill: '%s' is not a record (settings, game, boot_count)", c->argv[0]);
    else if (!script_parse_uint(c->argv[1], 255, &value))
        script_call_fail(c, "eeprom-fill: the value '%s' is not a byte (0..255)", c->argv[1]);
    else
        for (unsigned b = 0; b < records[i].bytes; b++)
            poke(c->sim, records[i].addr + b, (uint8_t)value);
    return true;
}

/* expect-eeprom-lifetime-min GAMES: the EEPROM's endurance (100,000
 * erase/write cycles a byte, ATmega328P datasheet) in games of 60 plies,
 * from the plies played so far (the debug console's "move" lines) and the
 * most cycles any byte has had (part_eeprom.c); prints the figure. A short
 * run reads low: a byte's count goes up a whole cycle at a time. */
#define EEPROM_ENDURANCE 100000.0
#define LIFETIME_GAME_PLIES 60.0
static bool cmd_expect_eeprom_lifetime(script_call_t *c)
{
    unsigned long want;
    unsigned plies = 0;
    for (const char *p = c->sim->uart.text; p && *p; p++)
        plies += (p == c->sim->uart.text || p[-1] == '\n') && strncmp(p, "move ", 5) == 0;
    const uint32_t most = cycles_max(c->sim, NULL);
    const double games = most ? EEPROM_ENDURANCE * (plies / LIFETIME_GAME_PLIES) / most : 0.0;
    printf("eeprom_lifetime_plies: %u\neeprom_lifetime_byte_writes_max: %u\neeprom_lifetime_games: %.0f\n", plies,
           (unsigned)most, games);
    if (!script_parse_uint(c->argv[0], 100000000uL, &want))
        script_call_fail(c, "expect-eeprom-lifetime-min: '%s' is not a number of games", c->argv[0]);
    else if (!plies || !most)
        script_call_fail(c, "expect-eeprom-lifetime-min: no move was played or saved yet");
    else if (games < (double)want)
        script_call_fail(c, "EEPROM lifetime %.0f games of 60 plies < %lu (%u plies, a byte written %u times)", games, want,
             plies, (unsigned)most);
    return true;
}

static const script_command_t commands[] = {
    {"eeprom-poke", 2, 2, cmd_eeprom_poke, "eeprom-poke RECORD[.SLOT][+OFFSET] VALUE"},
    {"eeprom-fill", 2, 2, cmd_eeprom_fill, "eeprom-fill RECORD VALUE"},
    {"expect-eeprom-lifetime-min", 1, 1, cmd_expect_eeprom_lifetime, "expect-eeprom-lifetime-min GAMES"},
    {NULL, 0, 0, NULL, NULL},
};

const sim_part_t sim_part_eeprom = {
    .name = "eeprom", .attach = attach, .reset = reset, .power_lost = power_lost, .close = save, .report = report,
    .commands = commands,
};

void sim_eeprom_watch(sim_t *s) { s->eeprom.first_write_at = s->eeprom.last_write_done_at = 0; }

bool sim_eeprom_load(sim_t *s, const char *path)
{
    struct stat st, lst;
    const bool exists = stat(path, &st) == 0;
    const bool link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (link && !exists) {
        fprintf(stderr, "jarmo-sim: the EEPROM file %s is a link to nothing (%s): not following it\n", path,
                strerror(errno));
        return false;
    }
    if (exists) {
        if (S_ISDIR(st.st_mode)) {
            fprintf(stderr, "jarmo-sim: the EEPROM file %s is a folder; name a file in it\n", path);
            return false;
        }
        if (!S_ISREG(st.st_mode) || (st.st_size != 0 && st.st_size != EE_SIZE)) {
            fprintf(stderr,
                    "jarmo-sim: %s is not an EEPROM image (%u bytes; it is %lld bytes%s): not touching it; "
                    "name a new file or an image that jarmo-sim saved\n",
                    path, EE_SIZE, (long long)st.st_size, S_ISREG(st.st_mode) ? "" : " and not a plain file");
            return false;
        }
        FILE *f = fopen(path, "rb");
        const size_t n = f ? fread(s->eeprom.bytes, 1, EE_SIZE, f) : 0;
        if (f)
            fclose(f);
        if (!f || n != (size_t)st.st_size) {
            fprintf(stderr, "jarmo-sim: cannot read the EEPROM file %s: %s\n", path, strerror(errno));
            return false;
        }
        if (access(path, W_OK) != 0) {
            fprintf(stderr, "jarmo-sim: cannot write the EEPROM file %s: %s\n", path, strerror(errno));
            return false;
        }
    } else if (errno != ENOENT) {
        fprintf(stderr, "jarmo-sim: cannot read the EEPROM file %s: %s\n", path, strerror(errno));
        return false;
    }
    /* saves replace the file itself, or through a link at path the file it
     * names (the link stays); the permissions it has are kept */
    if (link) {
        if (!realpath(path, s->eeprom.target)) {
            fprintf(stderr, "jarmo-sim: cannot follow the link %s: %s\n", path, strerror(errno));
            return false;
        }
    } else if (snprintf(s->eeprom.target, sizeof s->eeprom.target, "%s", path) >= (int)sizeof s->eeprom.target) {
        fprintf(stderr, "jarmo-sim: the EEPROM file's name is too long\n");
        return false;
    }
    if (exists) {
        s->eeprom.file_mode = st.st_mode & 07777;
    } else {
        const mode_t mask = umask(0);
        umask(mask);
        s->eeprom.file_mode = 0666 & ~mask;
    }
    /* the folder must take the new copy each save renames into place */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", s->eeprom.target);
    if (access(dirname(dir), W_OK) != 0) {
        fprintf(stderr, "jarmo-sim: cannot %s the EEPROM file %s: %s\n", exists ? "save" : "create", path,
                strerror(errno));
        return false;
    }
    s->eeprom.path = path;
    s->eeprom.dirty = true; /* a new file is written at the first save */
    return true;
}

/* The file, when the run ends and at each flush (part_eeprom.h). */
static bool save(sim_t *s)
{
    if (!s->eeprom.path || !s->eeprom.dirty)
        return true;
    /* a new file of our own beside the target: "F.new", or "F.new-N" when
     * something (a file, a link, a folder) is at that name already */
    char tmp[4096 + 32];
    int fd = -1;
    for (unsigned n = 0; n < 100u && fd < 0; n++) {
        if (n)
            snprintf(tmp, sizeof tmp, "%s.new-%u", s->eeprom.target, n);
        else
            snprintf(tmp, sizeof tmp, "%s.new", s->eeprom.target);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    bool ok = fd >= 0;
    const char *step = ok ? "" : "create a new copy";
    if (ok && fchmod(fd, s->eeprom.file_mode) != 0)
        ok = false, step = "give the copy the file's permissions";
    if (ok && write(fd, s->eeprom.bytes, EE_SIZE) != (ssize_t)EE_SIZE)
        ok = false, step = "write";
    if (ok && fsync(fd) != 0)
        ok = false, step = "write";
    if (fd >= 0 && close(fd) != 0 && ok)
        ok = false, step = "write";
    if (ok && rename(tmp, s->eeprom.target) != 0)
        ok = false, step = "put the new copy in place of";
    if (!ok) {
        const int e = errno;
        if (fd >= 0)
            unlink(tmp); /* ours: created above with O_EXCL */
        snprintf(s->eeprom.save_error, sizeof s->eeprom.save_error, "cannot %s %.160s: %.60s", step,
                 s->eeprom.target, strerror(e ? e : EIO));
        if (!s->eeprom.quiet)
            fprintf(stderr, "jarmo-sim: cannot save the EEPROM: %s\n", s->eeprom.save_error);
        return false;
    }
    s->eeprom.save_error[0] = '\0';
    s->eeprom.dirty = false;
    return true;
}

bool sim_eeprom_flush(sim_t *s) { return s->eeprom.busy || save(s); }
