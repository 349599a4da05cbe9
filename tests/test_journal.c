/* Host tests of the saved game in EEPROM (firmware/storage/game_save.c and
 * its journal, journal.c) over the fake EEPROM (tests/fake_eeprom.c), which
 * counts every byte's cycles and can lose power mid-write: the words'
 * bytes, wear, wrap-around, compaction, damage, power cuts, and the saves
 * of every EEPROM format the console has written (tests/fixtures/eeprom). */
#include "helpers.h"

#include "fake_eeprom.h"
#include "hal.h"
#include "storage/eeprom_map.h"
#include "storage/game_save.h"
#include "storage/journal.h"
#include "storage/nv_record.h"
#include "storage/settings.h"

/* ---- the saved game ------------------------------------------------------ */
static void assert_same_save(const game_save_t *a, const game_save_t *b)
{
    assert_memory_equal(&a->pos, &b->pos, sizeof a->pos);
    assert_int_equal(a->last_from, b->last_from);
    assert_memory_equal(&a->match, &b->match, sizeof a->match); /* bytes, no padding */
}

/* The words' bytes are the documented ones (journal.h, eeprom_map.h),
 * whatever the compiler's struct layout: the same on the AVR and the host. */
static void test_game_journal_bytes(void **state)
{
    (void)state;
    game_save_t g;
    rules_init(&g.pos, RULES_LUDOS, RULES_BLACK);
    g.last_from = 7;
    g.match = (game_match_t){SETTINGS_MODE_VS_CONSOLE, 4, RULES_BLACK, RULES_BLACK, 6, 3, {12, 9}};
    erase();
    game_save_store(&g);
    /* a snapshot at word 0, of colour 0 (the erased word there reads 1):
     * the start mark 0x56, then seq (0), the payload and the CRC-16 in the
     * next 15 x 15 bits (each tag's bits 0-6 and each data byte); its
     * second copy (seq 1) at word 16; the entries from word 32 */
    const uint8_t payload[EE_GAME_BYTES] = {
        0x1F, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x01, /* white a1-e1, black a5-e5 */
        0x00, 0x00, 0x00, 0xC0,                         /* rule set 2, Black to move */
        0x00, 0x00, 0xFF, 0xFF,                         /* hands, no chains */
        7,                                              /* last_from */
        1, 4, 1, 1, 6, 3, 12, 9};                       /* the match: console 4, human black, black first, game 3/6 */
    const uint8_t *ring = eeprom + EE_GAME_ADDR;
    assert_int_equal(ring[0], 0x56);
    assert_int_equal(ring[2 * EE_JOURNAL_SNAPSHOT_WORDS], 0x56);     /* the second copy */
    assert_int_equal(ring[2 * EE_JOURNAL_SNAPSHOT_WORDS + 1], 1);    /* seq 1 */
    assert_int_equal(ring[1], 0);                          /* seq, low byte */
    assert_int_equal(ring[2], 0);                          /* seq, high byte: bits 0-6 */
    assert_int_equal(ring[3], (payload[0] << 1) & 0xFFu);  /* bit 7, then payload[0]'s bits 0-6 */
    for (unsigned w = 1; w < 2u * EE_JOURNAL_SNAPSHOT_WORDS; w++)
        assert_int_equal(ring[2 * w] & 0x80, 0); /* colour 0 */
    assert_int_equal(ring[4 * EE_JOURNAL_SNAPSHOT_WORDS] & 0x80, 0x80); /* the end: colour 1 */
    journal_t j;
    journal_open(&j);
    assert_true(j.found);
    assert_int_equal(j.snap, EE_JOURNAL_SNAPSHOT_WORDS); /* the newest copy */
    assert_int_equal(j.entries, 0);
    uint8_t back_payload[EE_GAME_BYTES];
    journal_payload(&j, back_payload);
    assert_memory_equal(back_payload, payload, sizeof payload);
    /* a move: one word, the move's index in rules_legal_moves, then the
     * check over the first copy's CRC's low byte and the tag */
    rules_move_t moves[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(&g.pos, moves);
    const uint8_t crc_low = j.check;
    game_save_t next = g;
    rules_undo_t u;
    rules_make(&next.pos, moves[n - 1u], &u);
    next.last_from = RULES_MOVE_FROM(moves[n - 1u]);
    game_save_store(&next);
    const uint8_t word32[2] = {(uint8_t)(n - 1u), 0};
    assert_int_equal(ring[64], word32[0]);
    const uint8_t b[2] = {crc_low, word32[0]};
    assert_int_equal(ring[65], nv_record_crc8(b, 2));
    game_save_t back;
    assert_true(game_save_load(&back));
    assert_same_save(&next, &back);
}

static void test_game_save_resumes_only_sound_games(void **state)
{
    (void)state;
    const game_match_t two = {SETTINGS_MODE_TWO_PLAYERS, 3, RULES_WHITE, RULES_WHITE, 2, 1, {0, 0}};
    game_save_t g = {pos_of("b.b.b/...../.w.b./...../w.w.w w classic 1,0 1,0 - -"), 12, two}, back;
    erase();
    assert_int_equal(game_save_load(&back), GAME_SAVE_NONE); /* erased: nothing to resume */
    game_save_store(&g);
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    /* a later move (b3-b4), then its entry damaged: the earlier game is resumed */
    game_save_t later = g;
    play(&later.pos, "b3-b4");
    later.last_from = 11;
    const unsigned before = bytes_written;
    game_save_store(&later);
    assert_true(bytes_written - before <= 2u); /* a move is one word */
    assert_true(game_save_load(&back));
    assert_same_save(&later, &back);
    eeprom[EE_GAME_ADDR + 4u * EE_JOURNAL_SNAPSHOT_WORDS + 1u] ^= 0x40u; /* its check */
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    /* one copy of the snapshot damaged: the other keeps the game */
    eeprom[EE_GAME_ADDR + 9u] ^= 0x01u;
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    /* both copies damaged: a save that cannot be read, said so */
    eeprom[EE_GAME_ADDR + 2u * EE_JOURNAL_SNAPSHOT_WORDS + 9u] ^= 0x01u;
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    /* a record with a good CRC but an impossible position is refused */
    game_save_t bad = g;
    bad.pos.men[1] |= RULES_BIT(0); /* a1 held by both sides */
    erase();
    game_save_store(&bad);
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    /* ... and the next save after it is whole */
    game_save_store(&g);
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    /* a match that cannot be (game 3 of 2) is refused */
    bad = g;
    bad.match.number = 3;
    erase();
    game_save_store(&bad);
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    /* a finished game is not resumed, and there is nothing to say */
    game_save_t over = {pos_of("..w../...../b..../...../..... b classic 4,0 4,0 - -"), RULES_NO_POINT, two};
    erase();
    game_save_store(&over);
    assert_int_equal(game_save_load(&back), GAME_SAVE_NONE);
}

/* ---- the game journal: wear, wrap-around, compaction, damage, power cuts -- */
static const game_match_t vs_console = {SETTINGS_MODE_VS_CONSOLE, 3, RULES_WHITE, RULES_WHITE, 2, 1, {0, 0}};

/* One random legal move of g (false when the game is over). */
static bool random_move(game_save_t *g, uint32_t *rng)
{
    rules_move_t moves[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(&g->pos, moves);
    if (!n)
        return false;
    const rules_move_t m = moves[test_random(rng) % n];
    rules_undo_t u;
    rules_make(&g->pos, m, &u);
    g->last_from = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
    return true;
}

/* Games of random moves, each saved and loaded back after every move
 * (a finished game is not resumed: the last load is of the move before).
 * Returns the plies played. */
static unsigned play_games(unsigned games, unsigned max_plies, uint32_t *rng)
{
    unsigned plies = 0;
    for (unsigned k = 0; k < games; k++) {
        game_save_t g = {.last_from = RULES_NO_POINT, .match = vs_console}, back;
        rules_init(&g.pos, (uint8_t)(k % RULES_SET_COUNT), RULES_WHITE);
        g.match.number = (uint8_t)(1u + k % 2u);
        game_save_store(&g);
        assert_true(game_save_load(&back));
        assert_same_save(&g, &back);
        for (unsigned p = 0; p < max_plies && random_move(&g, rng); p++) {
            plies++;
            game_save_store(&g);
            if (rules_game_over(&g.pos)) {
                assert_false(game_save_load(&back));
                break;
            }
            assert_true(game_save_load(&back));
            assert_same_save(&g, &back);
        }
    }
    return plies;
}

/* The bytes one save of g writes. */
static unsigned store_counted(const game_save_t *g)
{
    const unsigned before = bytes_written;
    game_save_store(g);
    return bytes_written - before;
}

/* The EEPROM set back to `saved`, then g saved with a power cut after
 * `writes` bytes; the byte being written then left as noise if `torn`. */
static void store_cut(const uint8_t saved[HAL_NV_SIZE], const game_save_t *g, int writes, bool torn)
{
    memcpy(eeprom, saved, HAL_NV_SIZE);
    writes_left = writes;
    tear = torn;
    game_save_store(g);
    writes_left = -1;
    tear = false;
}

static unsigned cycles_max(unsigned from, unsigned to)
{
    unsigned most = 0;
    for (unsigned a = from; a < to; a++)
        most = cycles[a] > most ? cycles[a] : most;
    return most;
}

/* Many laps of the ring: every load gives the last save, the settings and
 * the boot count are never touched, and the wear is even: no byte has
 * more cycles than the laps made, plus one. */
static void test_journal_wraps_with_even_wear(void **state)
{
    (void)state;
    erase();
    settings_t s, back;
    settings_defaults(&s);
    s.rules = RULES_JASIR;
    settings_save(&s);
    eeprom[EE_BOOT_COUNT_ADDR] = 42;
    uint8_t before[EE_GAME_ADDR];
    memcpy(before, eeprom, sizeof before);
    memset(cycles, 0, sizeof cycles);
    uint32_t rng = 12345;
    const unsigned plies = play_games(60, 80, &rng);
    assert_memory_equal(eeprom, before, sizeof before);
    assert_int_equal(eeprom[EE_BOOT_COUNT_ADDR], 42);
    for (unsigned a = EE_GAME_ADDR + 2u * EE_JOURNAL_WORDS; a < EE_SIZE; a++)
        assert_int_equal(cycles[a], 0);
    assert_true(settings_load(&back));
    assert_int_equal(back.rules, RULES_JASIR);
    const unsigned laps = (bytes_written + 2u * EE_JOURNAL_WORDS - 1u) / (2u * EE_JOURNAL_WORDS);
    assert_true(laps >= 5u);
    assert_true(cycles_max(EE_GAME_ADDR, EE_GAME_ADDR + 2u * EE_JOURNAL_WORDS) <= laps + 1u);
    /* about 2 bytes a move: 60 games' snapshot pairs, the rest moves */
    assert_true(bytes_written <= 2u * plies + 60u * 4u * EE_JOURNAL_SNAPSHOT_WORDS);
}

/* A game longer than the ring holds: when no room is left for a move and
 * a snapshot after it, the move goes into a new snapshot (the old chain
 * stays whole until it is written), and the game goes on from there. */
static void test_journal_compacts_when_full(void **state)
{
    (void)state;
    erase();
    journal_t j;
    uint8_t payload[JOURNAL_PAYLOAD];
    for (unsigned i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)(i * 3u);
    journal_open(&j);
    assert_false(j.found);
    journal_snapshot(&j, payload);
    unsigned appended = 0;
    while (journal_append(&j, (uint8_t)(appended % JOURNAL_CODES)))
        appended++;
    /* room for the second copy, the entries, the next pair and the word
     * that ends it (the next pair may take the first copy's words) */
    assert_int_equal(appended, EE_JOURNAL_WORDS - 3u * EE_JOURNAL_SNAPSHOT_WORDS - 1u);
    journal_t again;
    journal_open(&again);
    assert_int_equal(again.entries, appended);
    assert_int_equal(journal_code(&again, appended - 1u), (appended - 1u) % JOURNAL_CODES);
    payload[0] = 99;
    journal_snapshot(&j, payload); /* wraps round the end of the ring */
    journal_open(&again);
    assert_true(again.found);
    assert_int_equal(again.snap, (3u * EE_JOURNAL_SNAPSHOT_WORDS + appended) % EE_JOURNAL_WORDS); /* its second copy */
    assert_int_equal(again.entries, 0);
    uint8_t got[JOURNAL_PAYLOAD];
    journal_payload(&again, got);
    assert_int_equal(got[0], 99);
    /* and on round the ring, lap after lap */
    for (unsigned k = 0; k < 2000; k++) {
        if (!journal_append(&j, (uint8_t)(k % 7u))) {
            payload[1] = (uint8_t)k;
            journal_snapshot(&j, payload);
        }
        journal_open(&again);
        assert_int_equal(again.snap, j.snap);
        assert_int_equal(again.entries, j.entries);
        journal_payload(&again, got);
        assert_int_equal(got[1], payload[1]);
    }
    /* the snapshots' 16-bit sequence wraps round too: the newest still wins */
    for (unsigned k = 0; k < 70000u; k++) {
        payload[2] = (uint8_t)k;
        payload[3] = (uint8_t)(k >> 8);
        journal_snapshot(&j, payload);
        if (k % 4999u == 0 || (k > 65530u && k < 65542u)) {
            journal_open(&again);
            assert_int_equal(again.snap, j.snap);
            assert_int_equal(again.seq, j.seq);
            journal_payload(&again, got);
            assert_int_equal(got[2] | (got[3] << 8), k & 0xFFFFu);
        }
    }
    /* a long game through game_save: more moves than one chain holds */
    erase();
    const game_match_t two = {SETTINGS_MODE_TWO_PLAYERS, 3, RULES_WHITE, RULES_WHITE, 2, 1, {0, 0}};
    game_save_t g = {pos_of("b.b.b/...../.w.b./...../w.w.w w classic 1,0 1,0 - -"), 12, two}, back;
    /* two pieces a side stepping out and back: the same position every 8 plies */
    const char *shuffle[] = {"b3-b4", "d3-d2", "c1-e2", "c5-e4", "b4-b3", "d2-d3", "e2-c1", "e4-c5"};
    game_save_store(&g);
    const unsigned before = bytes_written;
    for (unsigned k = 0; k < 1200; k++) {
        play(&g.pos, shuffle[k % 8u]);
        g.last_from = rules_point_from_text(shuffle[k % 8u]);
        game_save_store(&g);
        assert_true(game_save_load(&back));
        assert_same_save(&g, &back);
    }
    /* one word a move, and a snapshot each time a chain is full (2 of them) */
    const unsigned chain = EE_JOURNAL_WORDS - 3u * EE_JOURNAL_SNAPSHOT_WORDS - 1u;
    assert_true(bytes_written - before <= 2u * 1200u + (1200u / chain) * 4u * EE_JOURNAL_SNAPSHOT_WORDS);
}

/* Damaged words: a bad check, a bad colour or a code past the legal moves
 * ends the journal there (the game before that move); a damaged snapshot
 * falls back to the one before it, if any is left, or to nothing. */
static void test_journal_damage_falls_back(void **state)
{
    (void)state;
    erase();
    game_save_t g = {.last_from = RULES_NO_POINT, .match = vs_console}, back, at[6];
    rules_init(&g.pos, RULES_CLASSIC, RULES_WHITE);
    game_save_store(&g);
    uint32_t rng = 777;
    for (int i = 0; i < 6; i++) {
        assert_true(random_move(&g, &rng));
        game_save_store(&g);
        at[i] = g;
    }
    const unsigned entry = EE_GAME_ADDR + 4u * EE_JOURNAL_SNAPSHOT_WORDS; /* the first move's word */
    uint8_t saved[HAL_NV_SIZE];
    memcpy(saved, eeprom, sizeof saved);
    for (int i = 0; i < 6; i++) {
        for (int how = 0; how < 3; how++) {
            memcpy(eeprom, saved, sizeof eeprom);
            uint8_t *w = &eeprom[entry + 2u * (unsigned)i];
            if (how == 0)
                w[1] ^= 0x10u; /* the check */
            else if (how == 1)
                w[0] ^= 0x80u; /* the colour */
            else { /* a code past the legal moves, with a right check */
                const uint8_t previous = i ? w[-1] : 0;
                w[0] = (uint8_t)((w[0] & 0x80u) | (JOURNAL_CODES - 1u));
                if (i) {
                    const uint8_t b[2] = {previous, w[0]};
                    w[1] = nv_record_crc8(b, 2);
                }
            }
            const uint8_t ok = game_save_load(&back);
            if (how == 2 && i) {
                assert_int_equal(ok, GAME_SAVE_UNREADABLE); /* a journal that cannot be played: said */
                continue;
            }
            if (i == 0) {
                assert_true(ok); /* the snapshot alone: the start */
                assert_int_equal(back.last_from, RULES_NO_POINT);
            } else {
                assert_true(ok);
                assert_same_save(&at[i - 1], &back);
            }
            /* and the next save is whole */
            game_save_store(&at[5]);
            assert_true(game_save_load(&back));
            assert_same_save(&at[5], &back);
        }
    }
    /* a newer snapshot damaged: the older one and its moves */
    memcpy(eeprom, saved, sizeof eeprom);
    game_save_t next = at[5];
    next.match.number = 2;
    rules_init(&next.pos, RULES_JASIR, RULES_BLACK);
    game_save_store(&next);
    assert_true(game_save_load(&back));
    assert_same_save(&next, &back);
    eeprom[entry + 2u * 6u + 7u] ^= 0x04u; /* a data byte of the new snapshot's first copy */
    assert_true(game_save_load(&back));
    assert_same_save(&next, &back); /* its second copy */
    eeprom[entry + 2u * 6u + 2u * EE_JOURNAL_SNAPSHOT_WORDS + 7u] ^= 0x04u; /* and of the second */
    /* the older pair and its moves are another game (once, resumed in its
     * place with its old match score): the save cannot be read, said so */
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    /* ... and the next save after it is whole, and never extends the old chain */
    game_save_store(&next);
    assert_int_equal(game_save_load(&back), GAME_SAVE_RESUMED);
    assert_same_save(&next, &back);
    /* the same with either copy's start tag damaged as well */
    for (unsigned copy = 0; copy < 2u; copy++) {
        memcpy(eeprom, saved, sizeof eeprom);
        game_save_store(&next);
        eeprom[entry + 2u * 6u + 7u] ^= 0x04u;
        eeprom[entry + 2u * 6u + 2u * EE_JOURNAL_SNAPSHOT_WORDS + 7u] ^= 0x04u;
        eeprom[entry + 2u * 6u + copy * 2u * EE_JOURNAL_SNAPSHOT_WORDS] ^= 0x21u;
        assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    }
    /* an image of nothing but start tags (a 0x55 test pattern): nothing
     * loads, and the first save leaves only its pair's two start tags, so
     * that later saves do not decode 498 false snapshots each (0.3 s on
     * the AVR) */
    memset(eeprom + EE_GAME_ADDR, 0x55, 2u * EE_JOURNAL_WORDS);
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    game_save_store(&at[5]);
    assert_true(game_save_load(&back));
    assert_same_save(&at[5], &back);
    unsigned starts = 0;
    for (unsigned w = 0; w < EE_JOURNAL_WORDS; w++)
        starts += (eeprom[EE_GAME_ADDR + 2u * w] & 0x7Fu) == 0x55u || (eeprom[EE_GAME_ADDR + 2u * w] & 0x7Fu) == 0x56u;
    assert_int_equal(starts, 2);
    /* garbage anywhere: never a crash, and the next save is whole; the
     * first lap over the garbage ends every chain where it should */
    uint32_t rng2 = 99;
    for (int k = 0; k < 40; k++) {
        for (unsigned a = EE_GAME_ADDR; a < EE_GAME_ADDR + 2u * EE_JOURNAL_WORDS; a++)
            eeprom[a] = (uint8_t)test_random(&rng2);
        game_save_load(&back);
        play_games(2, 60, &rng2);
    }
}

/* Every bit of the live snapshot flipped, one at a time, in either copy:
 * the other copy keeps the game and its moves (once, one flipped bit lost
 * the whole game and the match: 127 of 128 positions). */
static void test_journal_snapshot_bit_flips_lose_nothing(void **state)
{
    (void)state;
    erase();
    game_save_t g = {.last_from = RULES_NO_POINT, .match = vs_console}, back;
    g.match.number = 2;
    g.match.total[0] = 7;
    g.match.total[1] = 4;
    rules_init(&g.pos, RULES_LUDOS, RULES_WHITE);
    game_save_store(&g);
    uint32_t rng = 4242;
    for (int i = 0; i < 5; i++) {
        assert_true(random_move(&g, &rng));
        game_save_store(&g);
    }
    uint8_t saved[HAL_NV_SIZE];
    memcpy(saved, eeprom, sizeof saved);
    unsigned flips = 0;
    for (unsigned byte = 0; byte < 4u * EE_JOURNAL_SNAPSHOT_WORDS; byte++)
        for (unsigned bit = 0; bit < 8u; bit++) {
            memcpy(eeprom, saved, sizeof eeprom);
            eeprom[EE_GAME_ADDR + byte] ^= (uint8_t)(1u << bit);
            assert_true(game_save_load(&back));
            assert_same_save(&g, &back);
            flips++;
        }
    assert_int_equal(flips, 512);
}

/* A journal written before snapshots came in pairs (one snapshot, start
 * tag 0x55, its moves right after it) still loads, and the next save
 * writes a pair after it. */
static void test_journal_reads_the_single_snapshots_of_before(void **state)
{
    (void)state;
    erase();
    game_save_t g = {.last_from = RULES_NO_POINT, .match = vs_console}, back;
    rules_init(&g.pos, RULES_CLASSIC, RULES_WHITE);
    game_save_store(&g);
    uint32_t rng = 31;
    for (int i = 0; i < 4; i++) {
        assert_true(random_move(&g, &rng));
        game_save_store(&g);
    }
    /* as the old firmware wrote it: copy 1 (seq 0: its CRC seeds the moves
     * in both formats) as the single snapshot, the moves right after it */
    uint8_t *ring = eeprom + EE_GAME_ADDR;
    const unsigned snap = 2u * EE_JOURNAL_SNAPSHOT_WORDS;
    ring[0] = (uint8_t)((ring[0] & 0x80u) | 0x55u);
    memmove(ring + snap, ring + 2u * snap, 2u * 5u); /* 4 moves and the end (the wrong colour) */
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    assert_true(random_move(&g, &rng));
    game_save_store(&g);
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
}

/* ---- saves of every EEPROM format the console has written ----------------
 * Images made by each format's own firmware (an older commit built and run
 * in the simulator: tests/fixtures/eeprom/README.md), with the moves that
 * were played. A journal loads whole: the position those moves give, from
 * the rule set's start; a save that is no journal (the two-slot records of
 * before f7fc6b1) is said to be unreadable, never taken for nothing. */
#define FIXTURES "tests/fixtures/eeprom/"

static void load_image(const char *name)
{
    FILE *f = fopen(name, "rb");
    assert_non_null(f);
    assert_int_equal(fread(eeprom, 1, sizeof eeprom, f), sizeof eeprom);
    fclose(f);
}

/* The position after the moves of a fixture's .moves file (one a line). */
static rules_pos_t moves_of(const char *name, uint8_t set, unsigned *plies)
{
    rules_pos_t p;
    rules_init(&p, set, RULES_WHITE);
    FILE *f = fopen(name, "r");
    assert_non_null(f);
    char line[64];
    *plies = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        play(&p, line);
        (*plies)++;
    }
    fclose(f);
    return p;
}

static void assert_fixture_resumes(const char *image, const char *moves, uint8_t set, unsigned plies_expected)
{
    unsigned plies;
    const rules_pos_t want = moves_of(moves, set, &plies);
    assert_int_equal(plies, plies_expected);
    load_image(image);
    game_save_t back;
    assert_int_equal(game_save_load(&back), GAME_SAVE_RESUMED);
    char got_text[RULES_POS_TEXT_MAX], want_text[RULES_POS_TEXT_MAX];
    rules_pos_to_text(&back.pos, got_text);
    rules_pos_to_text(&want, want_text);
    assert_string_equal(got_text, want_text);
    assert_int_equal(back.match.mode, SETTINGS_MODE_TWO_PLAYERS);
    assert_int_equal(back.match.number, 1);
    /* the first save after the upgrade: one more move, whole, and a power
     * cut at any byte of it leaves the game before or after it */
    game_save_t next = back;
    rules_move_t m[RULES_MAX_MOVES];
    assert_true(rules_legal_moves(&next.pos, m) > 0);
    rules_undo_t u;
    rules_make(&next.pos, m[0], &u);
    next.last_from = RULES_MOVE_IS_PLACEMENT(m[0]) ? RULES_NO_POINT : RULES_MOVE_FROM(m[0]);
    uint8_t saved[HAL_NV_SIZE];
    memcpy(saved, eeprom, sizeof saved);
    const unsigned n = store_counted(&next);
    game_save_t got;
    assert_int_equal(game_save_load(&got), GAME_SAVE_RESUMED);
    assert_same_save(&next, &got);
    for (unsigned cut = 0; cut < n; cut++)
        for (int torn = 0; torn < 2; torn++) {
            store_cut(saved, &next, (int)cut + torn, torn);
            assert_int_equal(game_save_load(&got), GAME_SAVE_RESUMED);
            const bool is_old = memcmp(&got.pos, &back.pos, sizeof got.pos) == 0;
            const bool is_new = memcmp(&got.pos, &next.pos, sizeof got.pos) == 0;
            assert_true(is_old || is_new);
        }
}

/* Single snapshots (start tag 0x55), written by the firmware of d2b1503
 * (before 91c220f): a ludos game of 460 plies after its snapshot, more than
 * a chain of pairs holds (449). Once it resumed at ply 449, silently. */
static void test_fixture_single_snapshot_journal_loads_whole(void **state)
{
    (void)state;
    assert_fixture_resumes(FIXTURES "journal-single-d2b1503.eep", FIXTURES "journal-single-d2b1503.moves", RULES_LUDOS,
                           460);
}

/* Snapshot pairs (start tag 0x56), written by the firmware of 97211c2. */
static void test_fixture_pair_journal_loads_whole(void **state)
{
    (void)state;
    assert_fixture_resumes(FIXTURES "journal-pair-97211c2.eep", FIXTURES "journal-pair-97211c2.moves", RULES_LUDOS,
                           440);
}

/* The two-slot record (magic 'G', 25 bytes at 24) written by the firmware
 * of 5fdc4c1 (before the journal): not read, and said so; the next save
 * is a journal that loads. */
static void test_fixture_two_slot_record_is_said_unreadable(void **state)
{
    (void)state;
    load_image(FIXTURES "record-5fdc4c1.eep");
    game_save_t back;
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
    game_save_t g = {.last_from = RULES_NO_POINT, .match = vs_console};
    rules_init(&g.pos, RULES_CLASSIC, RULES_WHITE);
    game_save_store(&g);
    assert_int_equal(game_save_load(&back), GAME_SAVE_RESUMED);
    assert_same_save(&g, &back);
}

/* The first game record (magic 'G', 17 bytes at 16, before the match came
 * in), as the firmware of 95a72ee wrote it after c1-d3 (fe258b6's, the
 * first to save a game, writes the same bytes): said unreadable too. */
static void test_fixture_first_record_is_said_unreadable(void **state)
{
    (void)state;
    load_image(FIXTURES "record17-95a72ee.eep");
    game_save_t back;
    assert_int_equal(game_save_load(&back), GAME_SAVE_UNREADABLE);
}

/* A chain after a single snapshot holds 465 entries, as the firmware that
 * wrote them did (journal.h: JOURNAL_MOST_SINGLE); a chain after a pair
 * holds 449 whichever copy is read (once 433 when the second was damaged). */
static void test_journal_chain_lengths_per_format(void **state)
{
    (void)state;
    uint8_t payload[JOURNAL_PAYLOAD] = {0};
    for (int format = 0; format < 3; format++) {
        erase();
        journal_t j, again;
        journal_open(&j);
        journal_snapshot(&j, payload);
        uint8_t *ring = eeprom + EE_GAME_ADDR;
        const unsigned snap = 2u * EE_JOURNAL_SNAPSHOT_WORDS;
        if (format == 1) { /* as the old firmware wrote it: copy 1 alone, start tag 0x55 */
            ring[0] = (uint8_t)((ring[0] & 0x80u) | 0x55u);
            ring[snap] ^= 0x80u; /* the second copy's first word: the end */
        }
        journal_open(&j);
        unsigned appended = 0;
        while (journal_append(&j, (uint8_t)(appended % 20u)))
            appended++;
        assert_int_equal(appended, format == 1 ? JOURNAL_MOST_SINGLE : JOURNAL_MOST_PAIR);
        assert_int_equal(JOURNAL_MOST_SINGLE, 465);
        assert_int_equal(JOURNAL_MOST_PAIR, 449);
        if (format == 2)
            ring[snap + 9u] ^= 0x04u; /* the second copy damaged: the first gives the same chain */
        journal_open(&again);
        assert_true(again.found);
        assert_int_equal(again.entries, appended);
        assert_false(again.lost);
    }
}

/* Double faults: 240 trials, each an older game with its moves, then a new
 * game of another match score (a snapshot pair and 0-2 moves), then one
 * byte of each copy of that pair changed (one copy's start tag in one
 * trial in 16), or in one trial in 4 one bit of both copies' start tags.
 * The console resumes the new game or says its save cannot be read; never
 * the older game (once: 128 of 240 trials resumed it; with both start tags
 * damaged, every one did). With only the start tags damaged, the copies
 * read but for them: the new game, whole. */
static void test_journal_double_faults_never_resume_an_older_game(void **state)
{
    (void)state;
    uint32_t rng = 2468;
    unsigned said = 0, newest = 0, older = 0, tags_only = 0;
    for (unsigned t = 0; t < 240u; t++) {
        erase();
        if (t % 3u)
            play_games(t % 5u, 70, &rng); /* part way round the ring, over older laps */
        game_save_t a = {.last_from = RULES_NO_POINT, .match = vs_console}, b, back;
        a.match.total[0] = 4;
        a.match.total[1] = 3;
        rules_init(&a.pos, RULES_BRAINKING, RULES_WHITE);
        game_save_store(&a);
        for (unsigned k = 0; k < 3u + t % 20u && random_move(&a, &rng) && !rules_game_over(&a.pos); k++)
            game_save_store(&a);
        if (rules_game_over(&a.pos))
            continue;
        b = a;
        b.match.number = 2;
        b.match.total[0] = 6;
        rules_init(&b.pos, RULES_JASIR, RULES_BLACK);
        b.last_from = RULES_NO_POINT;
        game_save_store(&b);
        journal_t j;
        journal_open(&j);
        assert_int_equal(j.skip, EE_JOURNAL_SNAPSHOT_WORDS); /* the second copy, the pair just written */
        const unsigned second = j.snap, first = (second + EE_JOURNAL_WORDS - EE_JOURNAL_SNAPSHOT_WORDS) % EE_JOURNAL_WORDS;
        for (unsigned k = 0; k < t % 3u && random_move(&b, &rng) && !rules_game_over(&b.pos); k++)
            game_save_store(&b);
        for (unsigned c = 0; c < 2u; c++) {
            if (t % 4u == 1u) {
                /* one bit of each copy's start tag, its colour bit too */
                eeprom[EE_GAME_ADDR + 2u * (c ? second : first)] ^= (uint8_t)(1u << (test_random(&rng) % 8u));
                continue;
            }
            /* a start tag in one copy one trial in 16 */
            const bool start = t % 16u == 0u && c == (t / 16u) % 2u;
            const unsigned word = (c ? second : first) + (start ? 0u : 1u + test_random(&rng) % 15u);
            uint8_t *byte = &eeprom[EE_GAME_ADDR + 2u * (word % EE_JOURNAL_WORDS) + test_random(&rng) % 2u];
            *byte = (uint8_t)(*byte ^ (1u + test_random(&rng) % 255u));
        }
        const uint8_t got = game_save_load(&back);
        if (got == GAME_SAVE_UNREADABLE)
            said++;
        else if (got == GAME_SAVE_RESUMED && memcmp(&back.match, &b.match, sizeof b.match) == 0)
            newest++, tags_only += t % 4u == 1u;
        else
            older++;
        assert_int_equal(older, 0);
        if (t % 4u == 1u) { /* the start tags alone: the copies read but for them, the new game */
            assert_int_equal(got, GAME_SAVE_RESUMED);
            assert_same_save(&b, &back);
        }
    }
    printf("double faults: %u trials, %u said the save is lost, %u resumed the new game (%u of them with both start "
           "tags damaged), %u an older game\n",
           said + newest + older, said, newest, tags_only, older);
    assert_true(said + newest >= 200u);
}

/* A power cut after a new pair's first copy is whole but for its start
 * tag: the load takes that copy (the game after the save), and the next
 * save writes a new pair with its start tags, so that one damaged byte of
 * the untagged copy later loses nothing (before, the same game was not
 * saved again: it stayed in that copy alone, and a damaged byte of it
 * resumed the older game). */
static void test_journal_untagged_copy_is_saved_again(void **state)
{
    (void)state;
    erase();
    game_save_t a = {.last_from = RULES_NO_POINT, .match = vs_console}, b, back;
    rules_init(&a.pos, RULES_CLASSIC, RULES_WHITE);
    game_save_store(&a);
    uint32_t rng = 31;
    for (int i = 0; i < 4; i++) {
        assert_true(random_move(&a, &rng));
        game_save_store(&a);
    }
    b = a;
    b.match.number = 2;
    rules_init(&b.pos, RULES_LUDOS, RULES_BLACK);
    b.last_from = RULES_NO_POINT;
    uint8_t saved[HAL_NV_SIZE];
    memcpy(saved, eeprom, sizeof saved);
    const unsigned n = store_counted(&b);
    unsigned untagged = 0;
    for (unsigned cut = 0; cut < n; cut++) {
        store_cut(saved, &b, (int)cut, false);
        journal_t j;
        journal_open(&j);
        if (!j.untagged)
            continue;
        untagged++;
        const unsigned copy = j.snap;
        assert_int_equal(game_save_load(&back), GAME_SAVE_RESUMED);
        assert_same_save(&b, &back);
        game_save_store(&b); /* the same game: saved again, with its start tags */
        journal_open(&j);
        assert_false(j.untagged);
        eeprom[EE_GAME_ADDR + 2u * ((copy + 3u) % EE_JOURNAL_WORDS) + 1u] ^= 0x10u;
        assert_int_equal(game_save_load(&back), GAME_SAVE_RESUMED);
        assert_same_save(&b, &back);
    }
    assert_int_equal(untagged, 1); /* the cut just before the first copy's start tag */
}

/* A power cut at every byte of every kind of save, the byte being written
 * left as noise or not written at all: the load gives the game before the
 * save or the game after it. */
static void test_journal_power_cuts(void **state)
{
    (void)state;
    uint32_t rng = 4242;
    for (int round = 0; round < 3; round++) {
        erase();
        /* round 1 and 2 start part way round the ring, over older laps */
        play_games(round == 0 ? 0u : (unsigned)(4 * round + 3), 70, &rng);
        game_save_t g = {.last_from = RULES_NO_POINT, .match = vs_console}, back;
        rules_init(&g.pos, RULES_BRAINKING, RULES_WHITE);
        game_save_store(&g);
        for (int step = 0; step < 40; step++) {
            game_save_t old = g;
            /* a move, mostly; now and then an undo or a new game (snapshots) */
            if (step % 9 == 8)
                rules_init(&g.pos, RULES_LUDOS, RULES_BLACK), g.last_from = RULES_NO_POINT;
            else if (step % 7 == 6)
                g = (game_save_t){.pos = g.pos, .last_from = RULES_NO_POINT, .match = g.match},
                g.match.total[0] = 1;
            else if (!random_move(&g, &rng) || rules_game_over(&g.pos)) {
                g = old;
                rules_init(&g.pos, RULES_CLASSIC, RULES_WHITE);
                g.last_from = RULES_NO_POINT;
            }
            uint8_t saved[HAL_NV_SIZE];
            memcpy(saved, eeprom, sizeof saved);
            const unsigned n = store_counted(&g);
            for (unsigned cut = 0; cut <= n; cut++)
                for (int torn = 0; torn < 2; torn++) {
                    uint8_t after[HAL_NV_SIZE];
                    memcpy(after, eeprom, sizeof after);
                    if (!(torn && cut == n)) {
                        store_cut(saved, &g, (int)cut + torn, torn);
                        assert_true(game_save_load(&back));
                        const bool is_old = memcmp(&back.pos, &old.pos, sizeof back.pos) == 0 &&
                                            back.last_from == old.last_from &&
                                            memcmp(&back.match, &old.match, sizeof back.match) == 0;
                        const bool is_new = memcmp(&back.pos, &g.pos, sizeof back.pos) == 0 &&
                                            back.last_from == g.last_from &&
                                            memcmp(&back.match, &g.match, sizeof back.match) == 0;
                        assert_true(is_old || is_new);
                        if (cut == n && !torn)
                            assert_true(is_new);
                        /* and the save after a cut is whole */
                        game_save_store(&g);
                        assert_true(game_save_load(&back));
                        assert_same_save(&g, &back);
                    }
                    memcpy(eeprom, after, sizeof eeprom);
                }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_journal_bytes),
        cmocka_unit_test(test_game_save_resumes_only_sound_games),
        cmocka_unit_test(test_journal_wraps_with_even_wear),
        cmocka_unit_test(test_journal_compacts_when_full),
        cmocka_unit_test(test_journal_damage_falls_back),
        cmocka_unit_test(test_journal_power_cuts),
        cmocka_unit_test(test_journal_untagged_copy_is_saved_again),
        cmocka_unit_test(test_journal_snapshot_bit_flips_lose_nothing),
        cmocka_unit_test(test_journal_reads_the_single_snapshots_of_before),
        cmocka_unit_test(test_journal_chain_lengths_per_format),
        cmocka_unit_test(test_journal_double_faults_never_resume_an_older_game),
        cmocka_unit_test(test_fixture_single_snapshot_journal_loads_whole),
        cmocka_unit_test(test_fixture_pair_journal_loads_whole),
        cmocka_unit_test(test_fixture_two_slot_record_is_said_unreadable),
        cmocka_unit_test(test_fixture_first_record_is_said_unreadable),
    };
    return cmocka_run_group_tests_name("journal", tests, NULL, NULL);
}
