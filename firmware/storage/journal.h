/* The saved game's journal: a ring of 2-byte words over most of the EEPROM
 * (eeprom_map.h), written in order, so that the saves after every move
 * wear all of it evenly instead of one record (a byte lasts 100,000
 * erase/write cycles).
 *
 * A word is a tag byte, then a data byte. The tag's bit 7 is the word's
 * lap colour: the writer goes round the ring, and every word it writes in
 * one lap has the same colour, the opposite of the last lap's. Two kinds
 * of record:
 *   snapshot  16 words: seq (16 bits), a payload, CRC-16 (29 bytes, in the
 *             16 data bytes and 7 bits of each later word's tag); the
 *             first word's tag is 0x56. Written in pairs: a first copy
 *             (seq even), then a second (seq + 1) right after it, so that
 *             a damaged byte in one copy loses nothing. (0x55: a single
 *             snapshot of a journal written before pairs; still read.)
 *   entry     1 word: tag = colour | code (0..31), data = check, a CRC-8
 *             over the previous check (or, for the first, the first copy's
 *             CRC, which either copy gives) and the tag; after the pair
 * The newest valid snapshot (all its words of the expected colour, the CRC
 * right, the highest seq: either copy) and the entries after its pair, up
 * to the first word whose colour, code or check is wrong (or the most its
 * format holds), are what the journal holds. After a pair's chain may
 * stand a newer pair whose start tags cannot be read (both damaged, or a
 * power cut just before the first copy's: the scan, which looks for start
 * tags, passes it by): if either copy reads but for its start tag, with the
 * seq the writer gives the pair after this chain, the journal holds it and
 * the entries after it instead, and the next save writes a new pair (a
 * copy without its tag is one damaged byte from being passed by). Otherwise a
 * snapshot's start tag with the chain's colour after them (the first or the
 * second copy of a newer pair that cannot be read) means the chain is an
 * older game's: lost, never resumed.
 *
 * Power cuts: the word after the last one written always has the wrong
 * colour (it is left from the last lap, or set so first), an entry is
 * written check first, tag last (a torn tag fails its check: the check is
 * one-to-one in the tag), and a snapshot's first tag is written last. So a
 * cut at any instant leaves the journal as it was before or after the
 * save; only a torn snapshot CRC can pass by chance (1 in 65,536).
 * Wear: every word is written once per lap, so a byte's cycles are the
 * laps the writer has made (make bench: eeprom_lifetime_games). */
#ifndef JARMO_JOURNAL_H
#define JARMO_JOURNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "eeprom_map.h"

#define JOURNAL_PAYLOAD EE_GAME_BYTES
#define JOURNAL_CODES 32u /* entry codes 0..31 */
/* The entries a chain may hold: as many as leave room, after them, for the
 * next snapshot pair and the word that ends it, where the pair may take
 * the words of the chain's own snapshot (the first copy's, or a single
 * snapshot's) once its own first copy is whole. A pair's chain: 449; a
 * single snapshot's (the older format): 465, as its own firmware wrote
 * them (a reader that took 449 for both resumed such a game up to 16
 * moves early). */
#define JOURNAL_MOST(first_entry) (EE_JOURNAL_WORDS - (first_entry) - EE_JOURNAL_SNAPSHOT_WORDS - 1u)
#define JOURNAL_MOST_PAIR JOURNAL_MOST(2u * EE_JOURNAL_SNAPSHOT_WORDS)
#define JOURNAL_MOST_SINGLE JOURNAL_MOST(EE_JOURNAL_SNAPSHOT_WORDS)

typedef struct {
    bool found;      /* a valid snapshot */
    uint8_t colour;  /* its lap colour */
    uint16_t snap;   /* its first word (the newest valid copy) */
    uint16_t seq;
    uint8_t skip;    /* words from it to its first entry (past a second copy) */
    uint16_t most;   /* the entries its chain may hold (JOURNAL_MOST_PAIR or _SINGLE) */
    uint16_t entries; /* valid entries after it */
    bool lost;        /* a newer snapshot was written after this chain and cannot be read */
    bool used;        /* a word's tag is not erased (0xFF): the ring holds something */
    bool untagged;    /* the snapshot was found past a start tag that cannot be read */
    uint8_t check;    /* the chain's state: the last entry's check */
} journal_t;

/* Finds the newest snapshot (past start tags that cannot be read) and
 * counts the entries after it; j->lost when the words after its last entry
 * hold the start of a newer snapshot that cannot be read (both copies of
 * the newest save damaged: this chain is an older game). */
void journal_open(journal_t *j);
/* The snapshot's payload (j->found). */
void journal_payload(const journal_t *j, uint8_t payload[JOURNAL_PAYLOAD]);
/* The code of entry i (i < j->entries). */
uint8_t journal_code(const journal_t *j, uint16_t i);
/* Appends an entry; false (nothing written) when the ring has no room
 * for it and a snapshot after it: write a snapshot instead. */
bool journal_append(journal_t *j, uint8_t code);
/* Writes a snapshot after the last entry (at the first word, when nothing
 * was found); j then describes it. */
void journal_snapshot(journal_t *j, const uint8_t payload[JOURNAL_PAYLOAD]);

#endif
