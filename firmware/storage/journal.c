#include "journal.h"

#include <string.h>

#include "hal.h"
#include "nv_record.h"

#define WORDS EE_JOURNAL_WORDS
#define SNAP EE_JOURNAL_SNAPSHOT_WORDS
#define START 0x56u     /* a snapshot's first tag (with the colour bit); never an erased 0x7F */
#define START_ONE 0x55u /* the same, of a journal written before snapshots came in pairs */
#define FILL 0x7Eu  /* a word set to the wrong colour ahead of the writer */
#define COLOUR 0x80u
#define BLOB (2u + JOURNAL_PAYLOAD + 2u) /* seq, payload, CRC-16 */

/* A place in the ring: a word's address and the lap colour it must have. */
typedef struct {
    uint16_t addr;
    uint8_t colour;
} place_t;

/* Word k of the chain whose snapshot starts at word `snap` with `colour`:
 * past the end of the ring it is the next lap's. */
static place_t chain_word(uint16_t snap, uint8_t colour, uint16_t k)
{
    uint16_t w = (uint16_t)(snap + k);
    if (w >= WORDS) {
        w = (uint16_t)(w - WORDS);
        colour ^= 1u;
    }
    return (place_t){(uint16_t)(EE_GAME_ADDR + 2u * w), colour};
}

static uint16_t word_of(uint16_t addr) { return (uint16_t)((addr - EE_GAME_ADDR) / 2u); }

#define read_byte hal_nv_read_byte
#define write_byte hal_nv_write_byte

/* A word's data byte, then its tag: the tag completes it. */
static void write_word(place_t at, uint8_t tag, uint8_t data)
{
    write_byte((uint16_t)(at.addr + 1u), data);
    write_byte(at.addr, (uint8_t)((at.colour << 7) | tag));
}

/* The word after the last one to be written must read as the end: if it
 * has the colour the chain expects there (it has not, except on the first
 * lap over an image that was not this journal's), its tag is changed. */
static void end_at(place_t at)
{
    if ((read_byte(at.addr) >> 7) == at.colour)
        write_byte(at.addr, (uint8_t)(((at.colour ^ 1u) << 7) | FILL));
}

static uint16_t crc16(const uint8_t *data, uint8_t len)
{
    uint16_t crc = 0xFFFF; /* CRC-16/CCITT */
    for (uint8_t i = 0; i < len; i++) {
        crc ^= (uint16_t)((uint16_t)data[i] << 8);
        for (uint8_t b = 0; b < 8u; b++)
            crc = (crc & 0x8000u) ? (uint16_t)((uint16_t)(crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    }
    return crc;
}

/* An entry's check: one-to-one in the tag for a given previous check. */
static uint8_t entry_check(uint8_t previous, uint8_t tag)
{
    const uint8_t b[2] = {previous, tag};
    return nv_record_crc8(b, 2);
}

/* A snapshot's 32 bytes (tag, data, tag, data, ...) hold its blob in every
 * bit but the first tag and the tags' colour bits: blob bit k (least
 * significant first) is the k-th of those, in order. One of raw and blob
 * is zero and gets the bits of the other. */
static void blob_bits(uint8_t raw[2u * SNAP], uint8_t blob[BLOB], bool to_raw)
{
    uint8_t r = 1, rmask = 1;
    for (uint8_t i = 0; i < BLOB; i++)
        for (uint8_t m = 1; m; m = (uint8_t)(m << 1)) {
            if (to_raw) {
                if (blob[i] & m)
                    raw[r] |= rmask;
            } else if (raw[r] & rmask) {
                blob[i] |= m;
            }
            rmask = (uint8_t)(rmask << 1);
            if (!rmask || (rmask == COLOUR && !(r & 1u))) { /* a data byte's 8 bits, a tag's 7 */
                r++;
                rmask = 1;
            }
        }
}

/* Reads the snapshot at `snap` with colour `colour`; true with its blob if
 * every word but the first has the chain's colour and the CRC is right (the
 * first word's tag holds no bit of the blob: the caller reads it). */
static bool read_snapshot(uint16_t snap, uint8_t colour, uint8_t blob[BLOB])
{
    uint8_t raw[2u * SNAP];
    for (uint8_t i = 0; i < SNAP; i++) {
        const place_t at = chain_word(snap, colour, i);
        hal_nv_read(at.addr, raw + 2u * i, 2);
        if (i && (raw[2u * i] >> 7) != at.colour) /* (the first tag: the caller's) */
            return false;
        raw[2u * i] &= (uint8_t)~COLOUR;
    }
    memset(blob, 0, BLOB);
    blob_bits(raw, blob, false);
    const uint16_t crc = crc16(blob, BLOB - 2u);
    return blob[BLOB - 2u] == (uint8_t)crc && blob[BLOB - 1u] == (uint8_t)(crc >> 8);
}

/* The seed of a snapshot's entry chain: the low byte of the CRC of its
 * first copy (seq even), which either copy gives (same payload). */
static uint8_t chain_seed(uint8_t blob[BLOB])
{
    const uint16_t seq = (uint16_t)(blob[0] | (blob[1] << 8));
    blob[0] = (uint8_t)(seq & ~1u);
    return (uint8_t)crc16(blob, BLOB - 2u);
}

/* j describes the snapshot at word x, of that colour, read as blob (a
 * single snapshot of the older format if `single`), if it is newer than
 * the one j describes (or j describes none). */
static __attribute__((noinline)) bool take(journal_t *j, uint16_t x, uint8_t colour, bool single, uint8_t blob[BLOB])
{
    const uint16_t seq = (uint16_t)(blob[0] | (blob[1] << 8));
    if (j->found && (int16_t)(uint16_t)(seq - j->seq) <= 0)
        return false; /* an older one */
    j->found = true;
    j->colour = colour;
    j->snap = x;
    j->seq = seq;
    j->skip = single || (seq & 1u) ? SNAP : 2u * SNAP;
    j->most = single ? JOURNAL_MOST_SINGLE : JOURNAL_MOST_PAIR;
    j->check = single ? blob[BLOB - 2u] : chain_seed(blob);
    return true;
}

/* Finds the newest valid snapshot. With `clear` (when none was found:
 * an image that was not this journal's), turns every false start tag into
 * filler instead, so that no later scan decodes them again.
 * Snapshots come in pairs (journal.h): a first copy (seq even) and a second
 * (seq odd) right after it, the entries after both; either copy alone is
 * the save. A single snapshot (START_ONE) is an older journal's. */
static __attribute__((noinline)) void scan(journal_t *j, bool clear)
{
    j->found = false;
    j->used = false;
    for (uint16_t x = 0; x < WORDS; x++) {
        const uint16_t addr = chain_word(x, 0, 0).addr;
        const uint8_t tag = read_byte(addr), start = tag & (uint8_t)~COLOUR;
        uint8_t blob[BLOB];
        if (tag != 0xFFu)
            j->used = true;
        if (start != START && start != START_ONE)
            continue;
        hal_watchdog_kick(); /* 9,000 cycles a candidate: an image of nothing else takes 0.3 s */
        if (clear)
            write_byte(addr, (uint8_t)((tag & COLOUR) | FILL));
        else if (read_snapshot(x, tag >> 7, blob))
            take(j, x, tag >> 7, start == START_ONE, blob);
    }
}

/* Word k of j's chain holds a snapshot's first tag, with the chain's colour. */
static bool start_at(const journal_t *j, uint16_t k)
{
    const place_t at = chain_word(j->snap, j->colour, k);
    const uint8_t tag = (uint8_t)(read_byte(at.addr) ^ (at.colour << 7));
    return tag == START || tag == START_ONE;
}

/* The first (copy 0) or second copy (1) of the pair journal_snapshot
 * writes after the chain of j's pair starts at word k of it, with the seq
 * the writer gives it, readable but for its start tag: j describes it. (A
 * single snapshot's chain, of the journal before pairs, is never followed
 * by one: its firmware counted seq by ones.) Not inlined: its buffer is
 * not on the stack while the ring is scanned. */
static __attribute__((noinline)) bool take_at(journal_t *j, uint16_t k, uint8_t copy)
{
    uint8_t blob[BLOB];
    const place_t at = chain_word(j->snap, j->colour, k);
    const uint16_t x = word_of(at.addr), seq = (uint16_t)(((j->seq + 2u) & ~1u) | copy);
    hal_watchdog_kick(); /* each chain taken is another lap of this loop */
    if (j->most != JOURNAL_MOST_PAIR || !read_snapshot(x, at.colour, blob) ||
        (uint16_t)(blob[0] | (blob[1] << 8)) != seq || !take(j, x, at.colour, false, blob))
        return false;
    j->untagged = true;
    return true;
}

/* (not inlined: its buffers are not on the stack while a game is replayed) */
__attribute__((noinline)) void journal_open(journal_t *j)
{
    uint16_t k;
    scan(j, false);
    j->untagged = false;
    do {
        uint16_t n = 0;
        uint8_t check = j->check;
        /* the entries, as many as its format lets a chain hold (journal.h) */
        while (j->found && n < j->most) {
            const place_t at = chain_word(j->snap, j->colour, (uint16_t)(j->skip + n));
            uint8_t b[2];
            hal_nv_read(at.addr, b, 2);
            if ((b[0] >> 7) != at.colour || (b[0] & (uint8_t)~COLOUR) >= JOURNAL_CODES ||
                b[1] != entry_check(check, b[0]))
                break;
            check = b[1];
            n++;
        }
        j->entries = n;
        j->check = check;
        k = (uint16_t)(j->skip + n);
        /* after them, the end; or a newer pair whose start tags cannot be
         * read (damaged, or a power cut before the first copy's): the game
         * is its second copy, or its first, if either reads but for its
         * start tag (the scan found only those with a start tag). Each
         * taken chain starts further on, with a newer seq, within one lap
         * of the ring and the next (its colour): the loop ends. */
    } while (j->found && (take_at(j, (uint16_t)(k + SNAP), 1u) || take_at(j, k, 0u)));
    /* or such a pair that does not read: either copy's start tag with the
     * colour the chain gives there (a word after the end is from the lap
     * before, of the other colour) */
    j->lost = j->found && ((int)start_at(j, k) | (int)start_at(j, (uint16_t)(k + SNAP)));
}

__attribute__((noinline)) void journal_payload(const journal_t *j, uint8_t payload[JOURNAL_PAYLOAD])
{
    uint8_t blob[BLOB];
    read_snapshot(j->snap, j->colour, blob);
    memcpy(payload, blob + 2, JOURNAL_PAYLOAD);
}

uint8_t journal_code(const journal_t *j, uint16_t i)
{
    return read_byte(chain_word(j->snap, j->colour, (uint16_t)(j->skip + i)).addr) & (uint8_t)~COLOUR;
}

__attribute__((noinline)) bool journal_append(journal_t *j, uint8_t code)
{
    if (!j->found || code >= JOURNAL_CODES || j->entries >= j->most)
        return false;
    const uint16_t k = (uint16_t)(j->skip + j->entries);
    end_at(chain_word(j->snap, j->colour, (uint16_t)(k + 1u)));
    const place_t at = chain_word(j->snap, j->colour, k);
    const uint8_t check = entry_check(j->check, (uint8_t)((at.colour << 7) | code));
    write_word(at, code, check); /* the check first: a torn tag fails it */
    j->check = check;
    j->entries++;
    return true;
}

/* One copy of a snapshot, `first` words after j->snap: every word but the
 * first, then the first word, its tag at the very end. Returns its CRC. */
static __attribute__((noinline)) uint16_t write_copy(const journal_t *j, uint16_t first, uint16_t seq,
                                                     const uint8_t payload[JOURNAL_PAYLOAD])
{
    uint8_t blob[BLOB], raw[2u * SNAP];
    blob[0] = (uint8_t)seq;
    blob[1] = (uint8_t)(seq >> 8);
    memcpy(blob + 2, payload, JOURNAL_PAYLOAD);
    const uint16_t crc = crc16(blob, BLOB - 2u);
    blob[BLOB - 2u] = (uint8_t)crc;
    blob[BLOB - 1u] = (uint8_t)(crc >> 8);
    memset(raw, 0, sizeof raw);
    blob_bits(raw, blob, true);
    for (uint8_t i = SNAP; i--;)
        write_word(chain_word(j->snap, j->colour, (uint16_t)(first + i)), i ? raw[2u * i] : START, raw[2u * i + 1u]);
    return crc;
}

__attribute__((noinline)) void journal_snapshot(journal_t *j, const uint8_t payload[JOURNAL_PAYLOAD])
{
    /* after the last entry, where the old chain stays whole until the end;
     * with nothing valid, at word 0, of the colour it has not */
    const place_t at = j->found ? chain_word(j->snap, j->colour, (uint16_t)(j->skip + j->entries))
                                : (place_t){EE_GAME_ADDR, (uint8_t)((read_byte(EE_GAME_ADDR) >> 7) ^ 1u)};
    const uint16_t seq = j->found ? (uint16_t)((j->seq + 2u) & ~1u) : 0u; /* even, newer than both copies */
    if (!j->found)
        scan(j, true);
    j->snap = word_of(at.addr);
    j->colour = at.colour;
    /* the word where the entries will start reads as the end first; then
     * the first copy (whole, it is the save), then the second */
    end_at(chain_word(j->snap, j->colour, 2u * SNAP));
    const uint8_t seed = (uint8_t)write_copy(j, 0, seq, payload); /* the moves' chain starts from it */
    write_copy(j, SNAP, (uint16_t)(seq + 1u), payload);
    /* j describes the second copy, as journal_open finds it */
    const place_t second = chain_word(j->snap, j->colour, SNAP);
    j->snap = word_of(second.addr);
    j->colour = second.colour;
    j->entries = 0;
    j->found = true;
    j->skip = SNAP;
    j->most = JOURNAL_MOST_PAIR;
    j->seq = (uint16_t)(seq + 1u);
    j->check = seed;
}
