#include "journal.h"

#include <string.h>

#include "hal.h"
#include "nv_record.h"

#define WORDS EE_JOURNAL_WORDS
#define SNAP EE_JOURNAL_SNAPSHOT_WORDS
#define START 0x55u /* a snapshot's first tag (with the colour bit); never an erased 0x7F */
#define FILL 0x7Eu  /* a word set to the wrong colour ahead of the writer */
#define COLOUR 0x80u
#define BLOB (2u + JOURNAL_PAYLOAD + 2u) /* seq, payload, CRC-16 */

static uint16_t addr_of(uint16_t word) { return (uint16_t)(EE_GAME_ADDR + 2u * word); }
static uint16_t wrap(uint16_t word) { return word >= WORDS ? (uint16_t)(word - WORDS) : word; }

static uint8_t read_tag(uint16_t word)
{
    uint8_t b;
    hal_nv_read(addr_of(word), &b, 1);
    return b;
}

/* The colour a word of the chain that starts at `snap` must have: the
 * snapshot's, and the next lap's once the ring has wrapped. */
static uint8_t colour_at(uint8_t colour, uint16_t snap, uint16_t word)
{
    return word < snap ? (uint8_t)(colour ^ 1u) : colour;
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
 * bit but the first tag and the other tags' colour bits: blob bit k (least
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

/* Reads the snapshot at `word` with colour `colour`; true with its blob if
 * every word has the chain's colour and the CRC is right. */
static bool read_snapshot(uint16_t word, uint8_t colour, uint8_t blob[BLOB])
{
    uint8_t raw[2u * SNAP];
    for (uint8_t i = 0; i < SNAP; i++) {
        const uint16_t w = wrap((uint16_t)(word + i));
        hal_nv_read(addr_of(w), raw + 2u * i, 2);
        if ((raw[2u * i] >> 7) != colour_at(colour, word, w))
            return false;
        raw[2u * i] &= (uint8_t)~COLOUR;
    }
    memset(blob, 0, BLOB);
    blob_bits(raw, blob, false);
    const uint16_t crc = crc16(blob, BLOB - 2u);
    return blob[BLOB - 2u] == (uint8_t)crc && blob[BLOB - 1u] == (uint8_t)(crc >> 8);
}

/* (not inlined: its buffers are not on the stack while a game is replayed) */
__attribute__((noinline)) void journal_open(journal_t *j)
{
    j->found = false;
    for (uint16_t x = 0; x < WORDS; x++) {
        const uint8_t tag = read_tag(x);
        uint8_t blob[BLOB];
        if ((tag & (uint8_t)~COLOUR) != START || !read_snapshot(x, tag >> 7, blob))
            continue;
        const uint16_t seq = (uint16_t)(blob[0] | (blob[1] << 8));
        if (j->found && (int16_t)(uint16_t)(seq - j->seq) <= 0)
            continue; /* an older one */
        j->found = true;
        j->colour = tag >> 7;
        j->snap = x;
        j->seq = seq;
        j->check = blob[BLOB - 2u];
    }
    j->entries = 0;
    if (!j->found)
        return;
    /* the entries, while there is room for them and a snapshot after */
    while (SNAP + j->entries + 1u + SNAP + 1u <= WORDS) {
        const uint16_t w = wrap((uint16_t)(j->snap + SNAP + j->entries));
        uint8_t b[2];
        hal_nv_read(addr_of(w), b, 2);
        if ((b[0] >> 7) != colour_at(j->colour, j->snap, w) || (b[0] & (uint8_t)~COLOUR) >= JOURNAL_CODES ||
            b[1] != entry_check(j->check, b[0]))
            break;
        j->check = b[1];
        j->entries++;
    }
}

__attribute__((noinline)) void journal_payload(const journal_t *j, uint8_t payload[JOURNAL_PAYLOAD])
{
    uint8_t blob[BLOB];
    read_snapshot(j->snap, j->colour, blob);
    memcpy(payload, blob + 2, JOURNAL_PAYLOAD);
}

uint8_t journal_code(const journal_t *j, uint16_t i)
{
    return read_tag(wrap((uint16_t)(j->snap + SNAP + i))) & (uint8_t)~COLOUR;
}

/* The word after the last one to be written must read as the end: if it
 * has the colour the chain expects there (it has not, except on the first
 * lap over an image that was not this journal's), its tag is changed. */
static void end_before(uint16_t word, uint8_t colour)
{
    if ((read_tag(word) >> 7) == colour) {
        const uint8_t fill = (uint8_t)(((colour ^ 1u) << 7) | FILL);
        hal_nv_write(addr_of(word), &fill, 1);
    }
}

__attribute__((noinline)) bool journal_append(journal_t *j, uint8_t code)
{
    if (!j->found || code >= JOURNAL_CODES || SNAP + j->entries + 1u + SNAP + 1u > WORDS)
        return false;
    const uint16_t w = wrap((uint16_t)(j->snap + SNAP + j->entries));
    const uint16_t next = wrap((uint16_t)(w + 1u));
    end_before(next, colour_at(j->colour, j->snap, next));
    const uint8_t tag = (uint8_t)((colour_at(j->colour, j->snap, w) << 7) | code);
    const uint8_t word[2] = {tag, entry_check(j->check, tag)};
    hal_nv_write((uint16_t)(addr_of(w) + 1u), word + 1, 1); /* the check first, */
    hal_nv_write(addr_of(w), word, 1);                      /* the tag completes it */
    j->check = word[1];
    j->entries++;
    return true;
}

__attribute__((noinline)) void journal_snapshot(journal_t *j, const uint8_t payload[JOURNAL_PAYLOAD])
{
    uint16_t at = 0;
    uint8_t colour;
    if (j->found) { /* after the last entry: the old chain stays whole until the end */
        at = wrap((uint16_t)(j->snap + SNAP + j->entries));
        colour = colour_at(j->colour, j->snap, at);
        j->seq++;
    } else { /* nothing valid: start a chain at word 0, of the colour it has not */
        colour = (uint8_t)((read_tag(0) >> 7) ^ 1u);
        j->seq = 0;
    }
    uint8_t blob[BLOB], raw[2u * SNAP];
    blob[0] = (uint8_t)j->seq;
    blob[1] = (uint8_t)(j->seq >> 8);
    memcpy(blob + 2, payload, JOURNAL_PAYLOAD);
    const uint16_t crc = crc16(blob, BLOB - 2u);
    blob[BLOB - 2u] = (uint8_t)crc;
    blob[BLOB - 1u] = (uint8_t)(crc >> 8);
    memset(raw, 0, sizeof raw);
    blob_bits(raw, blob, true);
    raw[0] = START;
    const uint16_t after = wrap((uint16_t)(at + SNAP));
    end_before(after, colour_at(colour, at, after));
    for (uint8_t i = SNAP; i--;) { /* the first word last, its tag at the very end */
        const uint16_t w = wrap((uint16_t)(at + i));
        raw[2u * i] |= (uint8_t)(colour_at(colour, at, w) << 7);
        hal_nv_write((uint16_t)(addr_of(w) + 1u), raw + 2u * i + 1u, 1);
        hal_nv_write(addr_of(w), raw + 2u * i, 1);
    }
    j->found = true;
    j->colour = colour;
    j->snap = at;
    j->entries = 0;
    j->check = blob[BLOB - 2u];
}
