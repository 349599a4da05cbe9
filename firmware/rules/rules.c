/* Legal moves, make/unmake, endings and scores for every rule set.
 * Behaviour differences between rule sets come only from the rows in
 * rules_sets.c; nothing here tests a rule set's number. */
#include "rules.h"
#include "flash.h"
#include "rules_move_list.h"
#include "rules_sets.h"

uint8_t rules_set_of(const rules_pos_t *p) { return (uint8_t)((rules_flags_byte(p) >> 5) & 3u); }

#define HAND_CAPTURED RULES_HAND_CAPTURED
#define HAND_READY_ONE RULES_HAND_READY_ONE
#define HAND_CHAIN RULES_HAND_CHAIN
#define STM_BIT RULES_STM_BIT
#define SET_SHIFT RULES_SET_SHIFT

uint8_t rules_popcount(uint32_t bits)
{
    uint8_t n = 0;
    while (bits) {
        bits &= bits - 1u;
        n++;
    }
    return n;
}

/* Index of the lowest set bit (bits != 0). Skips whole zero bytes first:
 * on the AVR a 32-bit shift costs four instructions per bit. */
static inline uint8_t lowest_point(uint32_t bits)
{
    uint8_t p = 0;
    uint8_t b = (uint8_t)bits;
    while (!b) {
        bits >>= 8;
        b = (uint8_t)bits;
        p = (uint8_t)(p + 8u);
    }
    while (!(b & 1u)) {
        b >>= 1;
        p++;
    }
    return p;
}

/* One copy: the console starts positions in three places (a game, the
 * next game's save, the menu's "anything played yet?"), and inlined into
 * each it costs ~100 B of flash apiece. */
__attribute__((noinline)) void rules_init(rules_pos_t *p, uint8_t set, uint8_t first_mover)
{
    p->men[RULES_WHITE] = RULES_ROW_MASK(0);
    p->men[RULES_BLACK] = RULES_ROW_MASK(4);
    p->marked = ((uint32_t)set << SET_SHIFT) | (first_mover ? STM_BIT : 0u);
    p->hand[0] = p->hand[1] = 0;
    p->chain[0] = p->chain[1] = RULES_CHAIN_NONE;
}

bool rules_validate(const rules_pos_t *p)
{
    const uint32_t board = (1uL << RULES_POINTS) - 1u;
    const uint32_t men = p->men[0] | p->men[1];
    if (rules_set_of(p) >= RULES_SET_COUNT || (men & ~board) || (p->men[0] & p->men[1]) ||
        (p->marked & board & ~men) || (p->marked & ((1uL << SET_SHIFT) - 1u) & ~board))
        return false;
    for (uint8_t s = 0; s < 2u; s++) {
        if (rules_popcount(p->men[s]) + rules_captured(p, s) + rules_ready(p, s) != 5u)
            return false;
        const uint8_t c = p->chain[s];
        if (c != RULES_CHAIN_NONE) {
            if ((c & 0x1Fu) >= RULES_POINTS)
                return false;
            const uint8_t t = rules_link(c & 0x1Fu, (uint8_t)(c >> 5));
            if (t == RULES_NO_POINT || (c >> 5) >= RULES_MAX_DEGREE)
                return false;
        }
    }
    return true;
}

/* Destination of a side's last move when it was part of a chain, else NO_POINT. */
static uint8_t chain_destination(uint8_t chain)
{
    if (chain == RULES_CHAIN_NONE)
        return RULES_NO_POINT;
    return rules_link(chain & 0x1Fu, (uint8_t)(chain >> 5)) & (uint8_t)~RULES_EXTRA_LINK;
}

/* The two rules that forbid a step a link would allow, shared by the move
 * generator and rules_refusal (always inlined: the generator is the AI's
 * hot path, and the origin's row is worked out only where it matters).
 * Backwards: towards the own camp, where only forward moves are allowed. */
static inline __attribute__((always_inline)) bool goes_backwards(uint8_t flags, uint8_t s, uint8_t from,
                                                                 uint8_t to_row)
{
    if (!(flags & RS_FORWARD_ONLY))
        return false;
    const uint8_t from_row = rules_row(from);
    return s == RULES_WHITE ? to_row < from_row : to_row > from_row;
}
/* The move back along the side's chain (from its last move's destination
 * to its origin) that would make the chain `limit` moves long. */
static inline __attribute__((always_inline)) bool over_chain_limit(uint8_t limit, uint8_t chain_len, uint8_t chain_from, uint8_t chain_dest,
                                    uint8_t from, uint8_t to)
{
    return limit && from == chain_dest && to == chain_from && chain_len + 1u >= limit;
}

enum { CELL_EMPTY = 0, CELL_OWN = 1, CELL_ENEMY = 2 };

/* The side to move's view of the board, one byte per point: the inner loop
 * then tests bytes instead of 32-bit masks (cheap on an 8-bit MCU). */
static void fill_cells(uint8_t cell[RULES_POINTS], uint32_t own, uint32_t opp)
{
    for (uint8_t p = 0; p < RULES_POINTS; p++) {
        cell[p] = (uint8_t)((own & 1u) | ((opp & 1u) << 1));
        own >>= 1;
        opp >>= 1;
    }
}

static void generate(const rules_pos_t *p, rules_move_list_t *l, bool protected_only, bool tactical)
{
    const uint8_t set = rules_set_of(p);
    const uint8_t flags = rules_set_flags(set);
    const uint8_t limit = rules_set_chain_limit(set);
    const uint8_t s = rules_side_to_move(p);
    const uint32_t own = p->men[s], opp = p->men[s ^ 1u];
    const uint32_t camp = rules_enemy_camp(s), home = rules_home_row(s);
    const uint8_t camp_row = s == RULES_WHITE ? 4u : 0u;
    const uint8_t cfrom = p->chain[s] & 0x1Fu;
    const uint8_t cdest = chain_destination(p->chain[s]);
    const uint8_t clen = (uint8_t)(((p->hand[s] & HAND_CHAIN) >> 6) + 1u);
    const bool can_recover = (flags & RS_RETURN_ON_ARRIVAL) && rules_captured(p, s) > 0u;
    uint8_t cell[RULES_POINTS];

    if (!protected_only && !tactical && rules_ready(p, s) > 0u) {
        for (uint32_t free = home & ~(own | opp); free; free &= free - 1u)
            rules_move_list_push(l, RULES_MOVE(RULES_HAND_POINT, lowest_point(free), RULES_NO_POINT, 0));
    }
    const uint32_t tactical_targets = opp | (camp & ~own);
    bool filled = false;
    for (uint32_t movers = own & ~camp; movers; movers &= movers - 1u) {
        const uint8_t f = lowest_point(movers);
        if (tactical && !(flash_dword(&rules_neighbour_mask[f]) & tactical_targets))
            continue; /* nothing to capture or reach from here */
        if (!filled) { /* only when some piece has a move to look at */
            fill_cells(cell, own, opp);
            filled = true;
        }
        for (uint8_t at = flash_byte(&rules_link_start[f]), end = flash_byte(&rules_link_start[f + 1u]); at < end;
             at++) {
            uint8_t t = flash_byte(&rules_links[at]);
            if (t & RULES_EXTRA_LINK) {
                if (!(flags & RS_EXTRA_LINK))
                    continue;
                t &= (uint8_t)~RULES_EXTRA_LINK;
            }
            const uint8_t c = cell[t];
            if (c == CELL_OWN)
                continue;
            const uint8_t trow = rules_row(t);
            if (goes_backwards(flags, s, f, trow))
                continue;
            const bool cap = c == CELL_ENEMY;
            const bool arrives = trow == camp_row; /* the victim's camp is the mover's enemy camp */
            if (tactical && !cap && !arrives)
                continue;
            const bool shielded = (flags & RS_HOME_PROTECT) && cap && arrives;
            if (shielded != protected_only)
                continue;
            if (over_chain_limit(limit, clen, cfrom, cdest, f, t))
                continue;
            if (can_recover && arrives &&
                ((p->marked & RULES_BIT(f)) || (cap && !(flags & RS_MARK_OUTSIDE_CAMP)))) {
                uint32_t free = home & ~((own | opp) & ~RULES_BIT(f));
                if (!free || (flags & RS_RETURN_MAY_HOLD))
                    rules_move_list_push(l, RULES_MOVE(f, t, RULES_NO_POINT, cap)); /* owed or held */
                for (; free; free &= free - 1u)
                    rules_move_list_push(l, RULES_MOVE(f, t, lowest_point(free), cap));
            } else {
                rules_move_list_push(l, RULES_MOVE(f, t, RULES_NO_POINT, cap));
            }
        }
    }
}

uint8_t rules_legal_moves_into(const rules_pos_t *p, rules_move_t *buf, uint8_t cap)
{
    rules_move_list_t l = {buf, 0, cap};
    if (rules_ended_by_condition(p))
        return 0;
    generate(p, &l, false, false);
    if (l.n == 0u && (rules_set_flags(rules_set_of(p)) & RS_HOME_PROTECT))
        generate(p, &l, true, false); /* shielded captures are the last resort */
    return l.n > cap ? RULES_OVERFLOW : l.n;
}

uint8_t rules_legal_moves(const rules_pos_t *p, rules_move_t *buf)
{
    return rules_legal_moves_into(p, buf, RULES_MAX_MOVES);
}

uint8_t rules_tactical_moves(const rules_pos_t *p, rules_move_t *buf, uint8_t cap)
{
    rules_move_list_t l = {buf, 0, cap};
    generate(p, &l, false, true);
    return l.n > cap ? RULES_OVERFLOW : l.n;
}

bool rules_set_has_link(uint8_t set, uint8_t from, uint8_t to)
{
    const uint8_t slot = rules_link_slot(from, to);
    return slot != RULES_NO_POINT &&
           (!(rules_link(from, slot) & RULES_EXTRA_LINK) || (rules_set_flags(set) & RS_EXTRA_LINK));
}

/* (never inlined: its move buffer must not join a caller's frame, which
 * link-time optimisation would do, growing the firmware's peak stack) */
__attribute__((noinline)) uint8_t rules_refusal(const rules_pos_t *p, uint8_t from, uint8_t to)
{
    const uint8_t set = rules_set_of(p), flags = rules_set_flags(set), s = rules_side_to_move(p);
    if (from >= RULES_POINTS || to >= RULES_POINTS || rules_ended_by_condition(p))
        return RULES_REFUSED_NONE;
    const uint32_t own = p->men[s], camp = rules_enemy_camp(s);
    if (!(own & RULES_BIT(from)) || (own & RULES_BIT(to)) || (camp & RULES_BIT(from)))
        return RULES_REFUSED_NONE; /* not a piece that moves, or an own piece there */
    const uint8_t slot = rules_link_slot(from, to);
    if (slot == RULES_NO_POINT)
        return RULES_REFUSED_NONE;
    if ((rules_link(from, slot) & RULES_EXTRA_LINK) && !(flags & RS_EXTRA_LINK))
        return RULES_REFUSED_NONE;
    if (goes_backwards(flags, s, from, rules_row(to)))
        return RULES_REFUSED_NONE;
    /* a move in every other respect: refused by the chain limit? */
    const uint8_t clen = (uint8_t)(((p->hand[s] & HAND_CHAIN) >> 6) + 1u);
    if (over_chain_limit(rules_set_chain_limit(set), clen, p->chain[s] & 0x1Fu, chain_destination(p->chain[s]),
                         from, to))
        return RULES_REFUSED_CHAIN;
    /* ...or a shielded capture while other moves exist (then it is not legal) */
    if ((flags & RS_HOME_PROTECT) && (p->men[s ^ 1u] & RULES_BIT(to)) && (camp & RULES_BIT(to))) {
        rules_move_t buf[RULES_MAX_MOVES];
        const uint8_t n = rules_legal_moves(p, buf);
        for (uint8_t i = 0; i < n; i++)
            if (RULES_MOVE_FROM(buf[i]) == from && RULES_MOVE_TO(buf[i]) == to)
                return RULES_REFUSED_NONE; /* the last resort: legal */
        return RULES_REFUSED_SHIELDED;
    }
    return RULES_REFUSED_NONE;
}

uint8_t rules_link_slot(uint8_t from, uint8_t to)
{
    uint8_t t;
    for (uint8_t slot = 0; (t = rules_link(from, slot)) != RULES_NO_POINT; slot++)
        if ((t & (uint8_t)~RULES_EXTRA_LINK) == to)
            return slot;
    return RULES_NO_POINT;
}

void rules_make(rules_pos_t *p, rules_move_t m, rules_undo_t *u)
{
    const uint8_t set = rules_set_of(p);
    const uint8_t flags = rules_set_flags(set);
    const uint8_t s = rules_side_to_move(p), o = s ^ 1u;
    const uint8_t f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m), ret = RULES_MOVE_RET(m);
    const uint32_t tbit = RULES_BIT(t), camp = rules_enemy_camp(s);

    u->hand[0] = p->hand[0];
    u->hand[1] = p->hand[1];
    u->chain[0] = p->chain[0];
    u->chain[1] = p->chain[1];
    u->flags = 0;
    p->marked ^= STM_BIT;

    if (f == RULES_HAND_POINT) {
        p->men[s] |= tbit;
        p->hand[s] = (uint8_t)(p->hand[s] - HAND_READY_ONE);
        p->chain[s] = RULES_CHAIN_NONE;
        return;
    }
    const uint32_t fbit = RULES_BIT(f);
    bool marked = (p->marked & fbit) != 0u;
    if (marked)
        u->flags |= 1u;
    p->men[s] ^= fbit | tbit;
    p->marked &= ~fbit;
    if (RULES_MOVE_IS_CAPTURE(m)) {
        const bool victim_marked = (p->marked & tbit) != 0u;
        p->men[o] &= ~tbit;
        p->marked &= ~tbit;
        if (victim_marked) {
            u->flags |= 2u;
        }
        if (victim_marked && (flags & RS_RESERVE_IF_MARKED))
            p->hand[o] = (uint8_t)(p->hand[o] + HAND_READY_ONE);
        else
            p->hand[o]++;
        if (!((flags & RS_MARK_OUTSIDE_CAMP) && (tbit & camp)))
            marked = true;
    }
    if (marked && (tbit & camp) && (flags & RS_RETURN_ON_ARRIVAL)) {
        marked = false; /* the mark is spent on arrival */
        if (p->hand[s] & HAND_CAPTURED) {
            p->hand[s]--;
            if (ret != RULES_NO_POINT)
                p->men[s] |= RULES_BIT(ret);
            else
                p->hand[s] = (uint8_t)(p->hand[s] + HAND_READY_ONE); /* owed / held */
        }
    }
    if (marked)
        p->marked |= tbit;

    /* back-and-forth chain: continue it (length saturates at 4) or start one */
    uint8_t len = 0;
    if (f == chain_destination(p->chain[s]) && t == (p->chain[s] & 0x1Fu)) {
        len = (uint8_t)((p->hand[s] & HAND_CHAIN) >> 6);
        if (len < 3u)
            len++;
    }
    p->hand[s] = (uint8_t)((p->hand[s] & ~HAND_CHAIN) | (len << 6));
    p->chain[s] = (uint8_t)(f | (rules_link_slot(f, t) << 5));
}

void rules_unmake(rules_pos_t *p, rules_move_t m, const rules_undo_t *u)
{
    const uint8_t f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m), ret = RULES_MOVE_RET(m);
    uint8_t s, o;
    p->marked ^= STM_BIT;
    s = rules_side_to_move(p);
    o = s ^ 1u;
    p->hand[0] = u->hand[0];
    p->hand[1] = u->hand[1];
    p->chain[0] = u->chain[0];
    p->chain[1] = u->chain[1];
    if (f == RULES_HAND_POINT) {
        p->men[s] &= ~RULES_BIT(t);
        return;
    }
    if (ret != RULES_NO_POINT)
        p->men[s] &= ~RULES_BIT(ret);
    p->men[s] ^= RULES_BIT(f) | RULES_BIT(t);
    p->marked &= ~RULES_BIT(t);
    if (u->flags & 1u)
        p->marked |= RULES_BIT(f);
    if (RULES_MOVE_IS_CAPTURE(m)) {
        p->men[o] |= RULES_BIT(t);
        if (u->flags & 2u)
            p->marked |= RULES_BIT(t);
    }
}

/* Has this side finished its race under the rule set's end rule? */
__attribute__((noinline)) static bool side_finished(const rules_pos_t *p, uint8_t s, uint8_t end_rule)
{
    const uint32_t men = p->men[s];
    if (men & ~rules_enemy_camp(s))
        return false;
    switch (end_rule) {
    case RS_END_NONEMPTY:
        return men != 0u || rules_ready(p, s) == 0u;
    case RS_END_LIVING:
        return rules_ready(p, s) == 0u;
    default:
        return true;
    }
}

/* The ending a position's condition gives (not "no legal move"). */
static uint8_t condition(const rules_pos_t *p, uint8_t *side)
{
    const uint8_t set = rules_set_of(p);
    const uint8_t end_rule = rules_set_end_rule(set);
    for (uint8_t s = 0; s < 2u; s++)
        if (side_finished(p, s, end_rule)) {
            *side = s;
            return p->men[s] ? RULES_END_ACROSS : RULES_END_NO_PIECES;
        }
    *side = RULES_DRAW;
    /* both sides' current chains are two full out-and-back trips */
    if ((rules_set_flags(set) & RS_CHAIN_ENDS_GAME) && p->chain[0] != RULES_CHAIN_NONE &&
        p->chain[1] != RULES_CHAIN_NONE && (p->hand[0] & HAND_CHAIN) == HAND_CHAIN &&
        (p->hand[1] & HAND_CHAIN) == HAND_CHAIN)
        return RULES_END_SHUTTLE;
    return RULES_END_NONE;
}

bool rules_ended_by_condition(const rules_pos_t *p)
{
    uint8_t side;
    return condition(p, &side) != RULES_END_NONE;
}

uint8_t rules_end_reason(const rules_pos_t *p, uint8_t *side)
{
    const uint8_t why = condition(p, side);
    if (why != RULES_END_NONE)
        return why;
    *side = rules_side_to_move(p);
    return rules_game_over(p) ? RULES_END_NO_MOVES : RULES_END_NONE;
}

/* (never inlined, as rules_refusal) */
__attribute__((noinline)) bool rules_game_over(const rules_pos_t *p)
{
    rules_move_t buf[RULES_MAX_MOVES];
    return rules_legal_moves(p, buf) == 0u;
}

static uint8_t living(const rules_pos_t *p, uint8_t s)
{
    return (uint8_t)(rules_popcount(p->men[s]) + rules_ready(p, s));
}

static uint8_t in_camp(const rules_pos_t *p, uint8_t s)
{
    return rules_popcount(p->men[s] & rules_enemy_camp(s));
}

static uint8_t compare(uint8_t w, uint8_t b)
{
    return w > b ? RULES_WHITE : b > w ? RULES_BLACK : RULES_DRAW;
}

/* Jasir: the side whose living pieces all arrived, or whose enemy has none left. */
static uint8_t finisher(const rules_pos_t *p)
{
    bool wins[2];
    for (uint8_t s = 0; s < 2u; s++)
        wins[s] = living(p, s) > 0u &&
                  (side_finished(p, s, RS_END_LIVING) || living(p, (uint8_t)(s ^ 1u)) == 0u);
    if (wins[0] != wins[1])
        return wins[0] ? RULES_WHITE : RULES_BLACK;
    return compare(in_camp(p, RULES_WHITE), in_camp(p, RULES_BLACK));
}

static void race_score(const rules_pos_t *p, uint8_t score[2])
{
    for (uint8_t s = 0; s < 2u; s++)
        score[s] = (uint8_t)(rules_popcount(p->men[s]) + in_camp(p, s));
}

void rules_score(const rules_pos_t *p, uint8_t score[2])
{
    if (rules_set_win_rule(rules_set_of(p)) == RS_WIN_FINISHER) {
        const uint8_t w = finisher(p);
        score[0] = score[1] = 0;
        if (w != RULES_DRAW)
            score[w] = living(p, w);
        return;
    }
    race_score(p, score);
}

uint8_t rules_winner(const rules_pos_t *p)
{
    const uint8_t rule = rules_set_win_rule(rules_set_of(p));
    uint8_t score[2];
    if (rule == RS_WIN_FINISHER)
        return finisher(p);
    race_score(p, score);
    const uint8_t w = compare(score[0], score[1]);
    if (w == RULES_DRAW && rule == RS_WIN_SCORE_CAMP)
        return compare(in_camp(p, RULES_WHITE), in_camp(p, RULES_BLACK));
    return w;
}

/* Recursion is bounded by depth (callers pass small depths). */
uint64_t rules_perft(rules_pos_t *p, uint8_t depth)
{
    rules_move_t buf[RULES_MAX_MOVES];
    rules_undo_t u;
    uint64_t total = 0;
    if (depth == 0u)
        return 1;
    const uint8_t n = rules_legal_moves(p, buf);
    if (depth == 1u)
        return n;
    for (uint8_t i = 0; i < n; i++) {
        rules_make(p, buf[i], &u);
        total += rules_perft(p, (uint8_t)(depth - 1u));
        rules_unmake(p, buf[i], &u);
    }
    return total;
}
