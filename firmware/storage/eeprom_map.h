/* The EEPROM map: every byte the console keeps in its 1 KiB EEPROM, with
 * its address and size. The one place that knows an address; the firmware,
 * the host tests and the simulator (scripts name records, not addresses)
 * all read this header. Every record is serialised byte by byte by its
 * owner, so the bytes are the same on the AVR and the host.
 *
 *   addr  size  record      owner            content
 *      0  2x12  settings    settings.c       nv_record: magic 'J', seq, 9 bytes, CRC-8
 *     24   996  game        game_save.c      journal.c: a ring of 498 2-byte words,
 *                                            snapshot pairs (two 32-byte copies of 25
 *                                            bytes of game) and one word a move
 *   1020     4  boot count  boot_count.c     little-endian, +1 at every start
 *
 * Wear (100,000 erase/write cycles a byte): the settings change rarely; the
 * boot count's low byte changes at every start (100,000 starts); the game
 * journal's words are written once per lap of the ring, about 184 bytes a
 * game (docs: firmware/storage/README.md).
 */
#ifndef JARMO_EEPROM_MAP_H
#define JARMO_EEPROM_MAP_H

#include "nv_record.h"
#include "rules/rules.h"

#define EE_SIZE 1024u

/* settings: rules, first mover, mode, level, human side, match length,
 * sound, brightness, red blinks (settings.c) */
#define EE_SETTINGS_ADDR 0u
#define EE_SETTINGS_MAGIC 0x4Au /* 'J' */
#define EE_SETTINGS_BYTES 9u
#define EE_SETTINGS_SLOT NV_RECORD_SLOT(EE_SETTINGS_BYTES)

/* the game in progress: the position (rules_pos_pack), last_from, then
 * the match: mode, level, human side in game 1, first mover, games,
 * game number, P1's and P2's points (game_save.c), kept in snapshots of
 * the journal (journal.h) followed by one word a move */
/* boots so far, mixed into the AI's seed */
#define EE_BOOT_COUNT_ADDR (EE_SIZE - 4u)
#define EE_BOOT_COUNT_BYTES 4u

/* (Settings that outgrow their 24 bytes move EE_GAME_ADDR up: the ring
 * takes whatever is left, and a game of 60 plies takes 184 bytes of it.) */
#define EE_GAME_ADDR 24u
#define EE_GAME_MATCH_BYTES 8u
#define EE_GAME_BYTES (RULES_POS_BYTES + 1u + EE_GAME_MATCH_BYTES)
#define EE_JOURNAL_WORDS ((EE_BOOT_COUNT_ADDR - EE_GAME_ADDR) / 2u) /* 498 words of 2 bytes: tag, data */
#define EE_JOURNAL_SNAPSHOT_WORDS 16u  /* seq, payload, CRC-16: 29 bytes */
#define EE_JOURNAL_PAGE 32u            /* for scripts: game.P+O is byte 32P+O of the ring */

_Static_assert(EE_SETTINGS_BYTES <= NV_RECORD_MAX, "record too large");
_Static_assert(EE_SETTINGS_ADDR + NV_RECORD_SLOTS * EE_SETTINGS_SLOT <= EE_GAME_ADDR, "settings overlap the game");
_Static_assert(EE_GAME_ADDR + 2u * EE_JOURNAL_WORDS <= EE_BOOT_COUNT_ADDR, "game overlaps the boot count");
_Static_assert(EE_JOURNAL_WORDS >= 4u * EE_JOURNAL_SNAPSHOT_WORDS, "a ring too small to be worth it");
_Static_assert(2u + EE_GAME_BYTES + 2u <= EE_JOURNAL_SNAPSHOT_WORDS + 7u * (EE_JOURNAL_SNAPSHOT_WORDS - 1u) / 8u,
               "a snapshot's seq, payload and CRC fit its 16 data bytes and 15 x 7 tag bits");
_Static_assert(EE_BOOT_COUNT_ADDR + EE_BOOT_COUNT_BYTES <= EE_SIZE, "past the end of the EEPROM");

/* The records by name, for the simulator's scripts (docs/sim.md):
 * X(name, address, slot size, slots). */
#define EE_RECORDS(X)                                                   \
    X(settings, EE_SETTINGS_ADDR, EE_SETTINGS_SLOT, NV_RECORD_SLOTS)    \
    X(game, EE_GAME_ADDR, EE_JOURNAL_PAGE, 2u * EE_JOURNAL_WORDS / EE_JOURNAL_PAGE) \
    X(boot_count, EE_BOOT_COUNT_ADDR, EE_BOOT_COUNT_BYTES, 1u)

#endif
