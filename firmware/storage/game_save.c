#include "game_save.h"

#include <stddef.h>
#include <string.h>

#include "eeprom_map.h"
#include "journal.h"
#include "settings.h"

/* The saved game is a journal (journal.h): a snapshot of the game, then
 * one entry a move, its code the move's index in rules_legal_moves. A save
 * that is one legal move on from the journal's game, in the same match, is
 * an entry (2 bytes); anything else (a new game, an undo, a new match, a
 * damaged journal, a move past the first MOVES_CAP of its position) is a
 * snapshot (32 bytes). Nothing is kept in RAM: every save and load reads
 * the journal and replays it. The stack is what limits this (the Nano has
 * a few bytes of RAM to spare): only the first MOVES_CAP moves are
 * generated, and no two move lists are on the stack at once. */
/* a save's fields, without the padding a host may put after them */
#define SAVE_BYTES (offsetof(game_save_t, match) + sizeof(game_match_t))
_Static_assert(offsetof(game_save_t, last_from) == sizeof(rules_pos_t) &&
                   offsetof(game_save_t, match) == sizeof(rules_pos_t) + 1u,
               "pos, last_from and match are contiguous");
#define MOVES_CAP 24u /* AI games: positions of up to 29 moves, the index played at most 15 */
_Static_assert(MOVES_CAP <= JOURNAL_CODES && MOVES_CAP < RULES_OVERFLOW, "a code, and a count below the overflow mark");

/* The first MOVES_CAP legal moves; their count (MOVES_CAP when there are more). */
static __attribute__((noinline)) uint8_t first_moves(const rules_pos_t *p, rules_move_t moves[MOVES_CAP])
{
    const uint8_t n = rules_legal_moves_into(p, moves, MOVES_CAP);
    return n == RULES_OVERFLOW ? MOVES_CAP : n;
}

/* The snapshot's payload: the position in the rules core's bytes,
 * last_from, then the match field by field (eeprom_map.h). */
static void pack(const game_save_t *g, uint8_t b[EE_GAME_BYTES])
{
    const game_match_t *m = &g->match;
    rules_pos_pack(&g->pos, b);
    uint8_t *o = b + RULES_POS_BYTES;
    *o++ = g->last_from;
    *o++ = m->mode;
    *o++ = m->level;
    *o++ = m->human_side;
    *o++ = m->first;
    *o++ = m->games;
    *o++ = m->number;
    *o++ = m->total[0];
    *o = m->total[1];
}

static bool match_valid(const game_match_t *m)
{
    const uint16_t most = (uint16_t)(m->games * 10u); /* a game scores at most 10: 5 pieces in the camp */
    return m->mode < SETTINGS_MODE_COUNT && m->level >= 1u && m->level <= SETTINGS_LEVELS && m->human_side <= 1u &&
           m->first <= 1u && settings_match_games_valid(m->games) && m->number >= 1u && m->number <= m->games &&
           m->total[0] <= most && m->total[1] <= most;
}

static uint8_t last_from_of(rules_move_t m) { return RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m); }

/* The journal's snapshot, checked as anything read from outside. */
static __attribute__((noinline)) bool snapshot_of(const journal_t *j, game_save_t *g)
{
    uint8_t in[EE_GAME_BYTES];
    journal_payload(j, in);
    rules_pos_unpack(in, &g->pos);
    g->last_from = in[RULES_POS_BYTES];
    g->match.mode = in[RULES_POS_BYTES + 1u];
    g->match.level = in[RULES_POS_BYTES + 2u];
    g->match.human_side = in[RULES_POS_BYTES + 3u];
    g->match.first = in[RULES_POS_BYTES + 4u];
    g->match.games = in[RULES_POS_BYTES + 5u];
    g->match.number = in[RULES_POS_BYTES + 6u];
    g->match.total[0] = in[RULES_POS_BYTES + 7u];
    g->match.total[1] = in[RULES_POS_BYTES + 8u];
    return rules_validate(&g->pos) && (g->last_from < RULES_POINTS || g->last_from == RULES_NO_POINT) &&
           match_valid(&g->match);
}

/* The game the journal holds (its snapshot and the moves after it) into
 * g; then, if `to` is given, the index of the legal move (among the first
 * MOVES_CAP) that takes g to `to` in the same match. REPLAY_FAILED when
 * there is no game or it cannot be played (a damaged journal), NO_MOVE
 * when `to` is not one move on. One function, so that one move list is on
 * the stack. */
#define REPLAY_FAILED (-2)
#define NO_MOVE (-1)
static __attribute__((noinline)) int8_t replay(const journal_t *j, game_save_t *g, const game_save_t *to)
{
    if (!j->found || j->lost || !snapshot_of(j, g))
        return REPLAY_FAILED; /* (lost: the chain is an older game's, never to be resumed or extended) */
    rules_move_t moves[MOVES_CAP];
    rules_undo_t u;
    for (uint16_t i = 0; i < j->entries; i++) {
        const uint8_t code = journal_code(j, i);
        if (code >= first_moves(&g->pos, moves))
            return REPLAY_FAILED;
        rules_make(&g->pos, moves[code], &u);
        g->last_from = last_from_of(moves[code]);
    }
    if (!to || memcmp(&g->match, &to->match, sizeof g->match) != 0)
        return NO_MOVE;
    const uint8_t n = first_moves(&g->pos, moves);
    for (uint8_t i = 0; i < n; i++) {
        rules_make(&g->pos, moves[i], &u);
        const bool same = memcmp(&g->pos, &to->pos, sizeof g->pos) == 0 && last_from_of(moves[i]) == to->last_from;
        rules_unmake(&g->pos, moves[i], &u);
        if (same)
            return (int8_t)i;
    }
    return NO_MOVE;
}

static __attribute__((noinline)) void snapshot(journal_t *j, const game_save_t *g)
{
    uint8_t b[EE_GAME_BYTES];
    pack(g, b);
    journal_snapshot(j, b);
}

void game_save_store(const game_save_t *g)
{
    journal_t j;
    game_save_t now;
    journal_open(&j);
    const int8_t code = replay(&j, &now, g);
    if (code != REPLAY_FAILED && memcmp(&now, g, SAVE_BYTES) == 0 && !j.untagged)
        return; /* unchanged: spare the EEPROM */
    if (code < 0 || j.untagged || !journal_append(&j, (uint8_t)code))
        snapshot(&j, g); /* (untagged: a new pair with its start tags, journal.h) */
}

uint8_t game_save_load(game_save_t *g)
{
    journal_t j;
    game_save_t stored;
    journal_open(&j);
    if (replay(&j, &stored, NULL) == REPLAY_FAILED)
        return j.used ? GAME_SAVE_UNREADABLE : GAME_SAVE_NONE; /* nothing: an erased ring */
    if (rules_game_over(&stored.pos))
        return GAME_SAVE_NONE;
    *g = stored;
    return GAME_SAVE_RESUMED;
}

bool game_save_load_ended(game_save_t *g)
{
    journal_t j;
    journal_open(&j);
    return replay(&j, g, NULL) != REPLAY_FAILED;
}
