/* The AI's board (ai_board.h): the rules core's moves, make/unmake and
 * endings on byte cells, piece lists and counters. Each function mirrors
 * its namesake in firmware/rules/rules.c; the rule set's differences come
 * from its row (rules_sets.h) and the link tables, never from its number. */
#include "ai_board.h"
#include "ai_tables.h"
#include "flash.h"
#include "rules/rules_move_list.h"


ai_board_t ai_board;
#define B ai_board

static inline uint8_t side_bit(uint8_t side) { return (uint8_t)(side + 1u); } /* AI_CELL_WHITE / _BLACK */
static inline uint8_t home_first(uint8_t side) { return side == RULES_WHITE ? 0u : RULES_POINTS - RULES_FILES; }
static inline int16_t point_value(uint8_t side, uint8_t q)
{
    return (int16_t)flash_word(&B.values[side][q]);
}

/* A new unmarked piece at the end of the side's list. */
static void add_piece(uint8_t s, uint8_t q)
{
    const uint8_t slot = B.count[s]++;
    B.piece[s][slot] = q;
    B.cell[q] = (uint8_t)(side_bit(s) | (slot << AI_CELL_SLOT_SHIFT));
    B.value = (int16_t)(B.value + point_value(s, q));
    if (ai_in_camp(s, q))
        B.in_camp[s]++;
}


#define PLAIN_STEP_BITS AI_PLAIN_STEP_BITS
#define PLAIN_STEP AI_PLAIN_STEP

/* The generator's two kinds: quiet moves (placements and steps to an empty
 * point outside the camp) and tactical moves (captures and arrivals, or
 * only jasir's shielded captures, the last resort). */
enum { GEN_QUIET, GEN_TACTICAL };

/* The list a generation call fills (L), and what the call knows of the
 * position for the rare cases the link loop hands to ai_gen_special() (G;
 * the rule set's facts are B.flags'): file-scope, so the generator and its
 * helpers address them directly. The assembler's tactical generator keeps
 * its list and its rules' state in registers and writes only G.banned_to
 * (at the offset the generated ai_asm_offsets.h gives), when a step is
 * banned. */
#define G ai_gen_rules
static rules_move_list_t L;
ai_gen_rules_t G;

AI_RARELY_RUN void ai_board_load(const rules_pos_t *p)
{
    const uint8_t set = rules_set_of(p);
    B.set = set;
    B.flags = rules_set_flags(set);
    B.chain_limit = rules_set_chain_limit(set);
    B.end_rule = rules_set_end_rule(set);
    B.win_rule = rules_set_win_rule(set);
    B.stm = rules_side_to_move(p);
    B.value = 0;
    for (uint8_t s = 0; s < 2u; s++) {
        B.links[s] = ai_links + flash_word(&ai_link_table[set][s]);
        B.values[s] = ai_point_values[flash_byte(&ai_point_value_row[set][s])];
        B.count[s] = B.in_camp[s] = B.marks[s] = 0;
        uint8_t from, to, length;
        if (rules_chain_of(p, s, &from, &to, &length)) {
            B.chain_from[s] = from;
            B.chain_to[s] = to;
        } else {
            B.chain_from[s] = B.chain_to[s] = RULES_NO_POINT;
            length = 1;
        }
        B.hand[s] = (uint8_t)(rules_captured(p, s) | (rules_ready(p, s) << 3) | ((length - 1u) << AI_HAND_CHAIN_SHIFT));
    }
    for (uint8_t q = 0; q < RULES_POINTS; q++) {
        bool marked;
        const uint8_t s = rules_piece_at(p, q, &marked);
        B.cell[q] = 0;
        if (s == RULES_NO_SIDE)
            continue;
        add_piece(s, q);
        if (marked) {
            B.cell[q] |= AI_CELL_MARK;
            B.marks[s]++;
        }
    }
}

AI_RARELY_RUN void ai_board_save(rules_pos_t *p)
{
    rules_pos_empty(p, B.set, B.stm);
    for (uint8_t q = 0; q < RULES_POINTS; q++)
        if (B.cell[q] & AI_CELL_SIDES)
            rules_put(p, (B.cell[q] & AI_CELL_BLACK) ? RULES_BLACK : RULES_WHITE, q, (B.cell[q] & AI_CELL_MARK) != 0u);
    for (uint8_t s = 0; s < 2u; s++) {
        rules_set_hand(p, s, ai_captured(s), ai_ready(s));
        if (B.chain_from[s] != RULES_NO_POINT)
            rules_set_chain(p, s, B.chain_from[s], B.chain_to[s], (uint8_t)((B.hand[s] >> AI_HAND_CHAIN_SHIFT) + 1u));
    }
}

/* ---- moves -------------------------------------------------------------- */

/* The tactical generator's rules for captures and arrivals, and the link
 * loop of both generators (the assembler's: ai_tactical_moves_asm,
 * ai_push_returns, ai_quiet_links_asm). */
/* An arrival that spends a mark while a captured piece waits: the piece
 * comes back on a free home point (the mover's origin counts as free), or
 * is owed when none is free, or may be held (RETURN_MAY_HOLD): the move
 * without a return point first, as the rules core lists them. Out of line:
 * the common cases need none of its registers. */
static __attribute__((noinline)) void push_returns(uint8_t f, uint8_t t, bool cap)
{
    const uint8_t home = home_first(B.stm), first = L.n;
    if (B.flags & RS_RETURN_MAY_HOLD)
        rules_move_list_push(&L, RULES_MOVE(f, t, RULES_NO_POINT, cap));
    for (uint8_t q = home; q < home + RULES_FILES; q++)
        if (!B.cell[q] || q == f)
            rules_move_list_push(&L, RULES_MOVE(f, t, q, cap));
    if (L.n == first) /* no free point, and it may not be held: owed */
        rules_move_list_push(&L, RULES_MOVE(f, t, RULES_NO_POINT, cap));
}

/* A capture or an arrival from f to t, whose cell is c (empty or the
 * enemy's): the rules that only such moves meet. Out of line: the link loop
 * stays small and fast. */
static __attribute__((noinline)) void special_move_rules(uint8_t f, uint8_t t, uint8_t c)
{
    const bool cap = c != 0u;
    const uint8_t s = B.stm, flags = B.flags;
    const bool arrives = ai_in_camp(s, t);
    if (((flags & RS_HOME_PROTECT) && cap && arrives) != G.want_shielded)
        return;
    if (f == G.banned_from && t == G.banned_to)
        return;
    if (G.can_recover && arrives && ((B.cell[f] & AI_CELL_MARK) || (cap && !(flags & RS_MARK_OUTSIDE_CAMP))))
        push_returns(f, t, cap); /* the mark is spent */
    else
        rules_move_list_push(&L, RULES_MOVE(f, t, RULES_NO_POINT, cap));
}

/* Most captures do not arrive and meet none of those rules: pushed here,
 * without the registers the rules need. */
static __attribute__((noinline)) void ai_gen_special(uint8_t f, uint8_t t, uint8_t c)
{
    if (!ai_in_camp(B.stm, t) && !G.want_shielded && G.banned_from == RULES_NO_POINT)
        rules_move_list_push(&L, RULES_MOVE(f, t, RULES_NO_POINT, 1));
    else
        special_move_rules(f, t, c);
}

/* The step back along the mover's chain that would reach the rule set's
 * limit: its from-point, RULES_NO_POINT when no step is banned. */
static inline __attribute__((always_inline)) uint8_t set_banned_step(uint8_t s)
{
    uint8_t banned_from = RULES_NO_POINT, banned_to = RULES_NO_POINT;
    if (B.chain_limit && B.chain_from[s] != RULES_NO_POINT &&
        (uint8_t)((B.hand[s] >> AI_HAND_CHAIN_SHIFT) + 2u) >= B.chain_limit) {
        banned_from = B.chain_to[s];
        banned_to = B.chain_from[s];
    }
    G.banned_from = banned_from;
    G.banned_to = banned_to;
    return banned_from;
}

/* The quiet generator's last part: every placement of a ready piece. */
static inline __attribute__((always_inline)) void push_placements(uint8_t s)
{
    if (ai_ready(s))
        for (uint8_t q = home_first(s); q < home_first(s) + RULES_FILES; q++)
            if (!B.cell[q])
                rules_move_list_push(&L, RULES_MOVE(RULES_HAND_POINT, q, RULES_NO_POINT, 0));
}

/* What ai_gen_special needs to know of the side to move's position. */
static inline __attribute__((always_inline)) void generate_rules(uint8_t s)
{
    G.can_recover = (B.flags & RS_RETURN_ON_ARRIVAL) && (B.hand[s] & AI_HAND_CAPTURED);
    set_banned_step(s);
}

/* One link loop for both kinds, as the core's generate() split in two:
 * the tactical moves (captures and arrivals; jasir's shielded captures only
 * when G.want_shielded, which drops every other move; on L) and the quiet
 * steps (to empty points outside the camp, but the banned one; on l), each
 * over the pieces' link lists. The loop over links does the common cases
 * itself: an own piece (nothing) and a quiet step. */
static inline __attribute__((always_inline)) void link_loop(uint8_t mode, rules_move_list_t *l, uint8_t banned_from,
                                                              uint8_t banned_to)
{
    const uint8_t s = B.stm, own = side_bit(s);
    /* camp test as one compare: t - camp_first < 5 */
    const uint8_t camp_first = s == RULES_WHITE ? RULES_POINTS - RULES_FILES : 0u;
    const uint8_t *piece = B.piece[s];
    const uint8_t *links = B.links[s];
    for (uint8_t i = 0, end = B.count[s]; i < end; i++) {
        const uint8_t f = piece[i];
        if ((uint8_t)(f - camp_first) < RULES_FILES)
            continue; /* arrived pieces stay */
        const uint8_t *link = links + flash_byte(links + f); /* the table's offset for f */
        for (;;) {
            const uint8_t t = flash_byte(link++);
            if (t == AI_LINK_END)
                break;
            const uint8_t c = B.cell[t];
            if (c & own)
                continue;
            if (!c && (uint8_t)(t - camp_first) >= RULES_FILES) {
                if (mode == GEN_QUIET && !(f == banned_from && t == banned_to))
                    rules_move_list_push(l, RULES_MOVE(f, t, RULES_NO_POINT, 0));
                continue;
            }
            if (mode != GEN_QUIET)
                ai_gen_special(f, t, c);
        }
    }
}

/* Two copies, each with its mode a constant. Jasir's shielded captures are
 * the tactical loop's, with ai_gen_special() told to keep only them. */
void ai_quiet_links_c(rules_move_list_t *l, uint8_t banned_from, uint8_t banned_to)
{
    link_loop(GEN_QUIET, l, banned_from, banned_to);
}
AI_FOR_SIZE static __attribute__((noinline)) void generate_quiet(void)
{
    const uint8_t s = B.stm;
    const uint8_t banned_from = set_banned_step(s);
    ai_quiet_links(&L, banned_from, G.banned_to);
    push_placements(s);
}
static __attribute__((noinline)) void generate_tactical(bool shielded)
{
    G.want_shielded = shielded;
    generate_rules(B.stm);
    link_loop(GEN_TACTICAL, &L, G.banned_from, G.banned_to);
}

AI_RARELY_RUN uint8_t ai_legal_moves(rules_move_t *buf, uint8_t cap)
{
    if (ai_ended_by_condition())
        return 0;
    const uint8_t n = ai_tactical_moves(buf, cap);
    if (n == RULES_OVERFLOW)
        return n;
    const uint8_t q = ai_quiet_moves(buf + n, (uint8_t)(cap - n), n != 0u);
    return q == RULES_OVERFLOW ? q : (uint8_t)(n + q);
}

/* L's count, or RULES_OVERFLOW when the moves did not fit */
static uint8_t listed(void) { return L.n > L.cap ? RULES_OVERFLOW : L.n; }

uint8_t ai_tactical_moves_c(rules_move_t *buf, uint8_t cap)
{
    L = (rules_move_list_t){buf, 0, cap};
    generate_tactical(false);
    return listed();
}

uint8_t ai_shielded_moves_c(rules_move_t *buf, uint8_t cap)
{
    L = (rules_move_list_t){buf, 0, cap};
    generate_tactical(true);
    return listed();
}

uint8_t ai_quiet_moves(rules_move_t *buf, uint8_t cap, bool after_tactical)
{
    L = (rules_move_list_t){buf, 0, cap};
    generate_quiet();
    if (L.n == 0u && !after_tactical && (B.flags & RS_HOME_PROTECT)) {
        return ai_shielded_moves(buf, cap); /* shielded captures are the last resort */
    }
    return listed();
}

AI_RARELY_RUN bool ai_quiet_move_is_legal(rules_move_t m)
{
    if ((m & PLAIN_STEP_BITS) != PLAIN_STEP)
        return false; /* 0, a capture or a return: not quiet */
    const uint8_t s = B.stm, f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m);
    if (B.cell[t])
        return false;
    if (f == RULES_HAND_POINT)
        return ai_ready(s) != 0u; /* t is a home point: it was a placement */
    /* the link f -> t is the side's in this rule set (it was generated) */
    if ((B.cell[f] & AI_CELL_SIDES) != side_bit(s) || ai_in_camp(s, f) || ai_in_camp(s, t))
        return false; /* not the side's piece, or it has arrived, or it arrives */
    return !(f == set_banned_step(s) && t == G.banned_to);
}


/* Make and unmake in C (the assembler's: ai_make_asm, ai_unmake_asm;
 * tests/test_ai_board.c checks these against the rules core,
 * tests/avr/ai_asm_check_main.c the assembler against these, call by call). */
/* The mover's back-and-forth chain after a step f -> t: continued (its
 * length saturates at 4) when it goes back along the last move, else new. */
static void chain_step(uint8_t s, uint8_t f, uint8_t t)
{
    uint8_t len = 0;
    if (f == B.chain_to[s] && t == B.chain_from[s]) {
        len = (uint8_t)(B.hand[s] >> AI_HAND_CHAIN_SHIFT);
        if (len < 3u)
            len++;
    }
    B.hand[s] = (uint8_t)((B.hand[s] & (uint8_t)~AI_HAND_CHAIN) | (len << AI_HAND_CHAIN_SHIFT));
    B.chain_from[s] = f;
    B.chain_to[s] = t;
}

static void make_general(rules_move_t m, ai_undo_t *u, uint8_t s, uint8_t f, uint8_t t);

/* A step that neither captures nor spends a mark (an unmarked piece, or a
 * marked one not arriving where arrivals bring pieces back): most moves the
 * search makes, jasir's promoted pieces included, so they skip the general
 * case. */
void ai_make_c(rules_move_t m, ai_undo_t *u)
{
    const uint8_t s = B.stm;
    const uint8_t f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m);
    u->hand[0] = B.hand[0];
    u->hand[1] = B.hand[1];
    u->chain_from = B.chain_from[s];
    u->chain_to = B.chain_to[s];
    u->value = B.value;
    B.stm = (uint8_t)(s ^ 1u);
    if (f != RULES_HAND_POINT && (m & PLAIN_STEP_BITS) == PLAIN_STEP) {
        const uint8_t fcell = B.cell[f];
        /* a marked piece keeps its mark (it moves with the cell) unless it
         * arrives where an arrival spends it */
        if (!(fcell & AI_CELL_MARK) || !((B.flags & RS_RETURN_ON_ARRIVAL) && ai_in_camp(s, t))) {
            B.cell[f] = 0;
            B.cell[t] = fcell;
            B.piece[s][(fcell & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT] = t;
            B.value = (int16_t)(B.value + point_value(s, t) - point_value(s, f));
            if (ai_in_camp(s, t))
                B.in_camp[s]++;
            u->flags = 0;
            chain_step(s, f, t);
            return;
        }
    }
    make_general(m, u, s, f, t);
}

static __attribute__((noinline)) void make_general(rules_move_t m, ai_undo_t *u, uint8_t s, uint8_t f, uint8_t t)
{
    const uint8_t o = (uint8_t)(s ^ 1u), flags = B.flags;
    if (f == RULES_HAND_POINT) {
        add_piece(s, t);
        B.hand[s] = (uint8_t)(B.hand[s] - AI_HAND_READY_ONE);
        B.chain_from[s] = B.chain_to[s] = RULES_NO_POINT;
        u->flags = 0;
        return;
    }
    const uint8_t fcell = B.cell[f];
    uint8_t uflags = 0;
    bool marked = (fcell & AI_CELL_MARK) != 0u;
    if (marked) {
        uflags = AI_UNDO_MOVER_MARKED;
        B.marks[s]--;
    }
    if (RULES_MOVE_IS_CAPTURE(m)) {
        const uint8_t victim = B.cell[t], vslot = (uint8_t)((victim & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT);
        const uint8_t last = B.piece[o][--B.count[o]];
        B.piece[o][vslot] = last; /* the list's last piece fills the gap */
        B.cell[last] = (uint8_t)((B.cell[last] & (uint8_t)~AI_CELL_SLOT) | (vslot << AI_CELL_SLOT_SHIFT));
        uflags |= (uint8_t)(vslot << AI_CELL_SLOT_SHIFT);
        B.value = (int16_t)(B.value - point_value(o, t));
        if (ai_in_camp(o, t))
            B.in_camp[o]--;
        const bool victim_marked = (victim & AI_CELL_MARK) != 0u;
        if (victim_marked) {
            uflags |= AI_UNDO_VICTIM_MARKED;
            B.marks[o]--;
        }
        B.hand[o] = (uint8_t)(B.hand[o] + (victim_marked && (flags & RS_RESERVE_IF_MARKED) ? AI_HAND_READY_ONE : 1u));
        if (!((flags & RS_MARK_OUTSIDE_CAMP) && ai_in_camp(s, t)))
            marked = true;
    }
    B.cell[f] = 0;
    B.cell[t] = (uint8_t)(fcell & (uint8_t)~AI_CELL_MARK);
    B.piece[s][(fcell & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT] = t;
    B.value = (int16_t)(B.value + point_value(s, t) - point_value(s, f));
    if (ai_in_camp(s, t)) {
        B.in_camp[s]++;
        if (marked && (flags & RS_RETURN_ON_ARRIVAL)) {
            marked = false; /* the mark is spent on arrival */
            if (B.hand[s] & AI_HAND_CAPTURED) {
                B.hand[s]--;
                const uint8_t ret = RULES_MOVE_RET(m);
                if (ret != RULES_NO_POINT)
                    add_piece(s, ret);
                else
                    B.hand[s] = (uint8_t)(B.hand[s] + AI_HAND_READY_ONE); /* owed / held */
            }
        }
    }
    if (marked) {
        B.cell[t] |= AI_CELL_MARK;
        B.marks[s]++;
        uflags |= AI_UNDO_MARKED_AFTER;
    }
    u->flags = uflags;
    chain_step(s, f, t);
}

/* Removes the side's last listed piece (unmarked: a placed or returned
 * one, on a home point), all but its value: unmake puts the board's value
 * back from the undo record. */
static void remove_last_piece(uint8_t s)
{
    B.cell[B.piece[s][--B.count[s]]] = 0;
}

static void unmake_general(rules_move_t m, const ai_undo_t *u, uint8_t s, uint8_t f, uint8_t t);

void ai_unmake_c(rules_move_t m, const ai_undo_t *u)
{
    const uint8_t s = (uint8_t)(B.stm ^ 1u);
    const uint8_t f = RULES_MOVE_FROM(m), t = RULES_MOVE_TO(m);
    B.stm = s;
    B.hand[0] = u->hand[0];
    B.hand[1] = u->hand[1];
    B.chain_from[s] = u->chain_from;
    B.chain_to[s] = u->chain_to;
    B.value = u->value;
    if (f != RULES_HAND_POINT && (m & PLAIN_STEP_BITS) == PLAIN_STEP && !u->flags) {
        const uint8_t tcell = B.cell[t];
        B.cell[t] = 0;
        B.cell[f] = tcell;
        B.piece[s][(tcell & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT] = f;
        if (ai_in_camp(s, t))
            B.in_camp[s]--;
        return;
    }
    unmake_general(m, u, s, f, t);
}

static __attribute__((noinline)) void unmake_general(rules_move_t m, const ai_undo_t *u, uint8_t s, uint8_t f, uint8_t t)
{
    const uint8_t o = (uint8_t)(s ^ 1u);
    if (f == RULES_HAND_POINT) {
        remove_last_piece(s);
        return;
    }
    if (RULES_MOVE_RET(m) != RULES_NO_POINT)
        remove_last_piece(s); /* the returned piece, listed last */
    const uint8_t uflags = u->flags, tcell = B.cell[t];
    if (uflags & AI_UNDO_MARKED_AFTER)
        B.marks[s]--;
    if (ai_in_camp(s, t))
        B.in_camp[s]--;
    B.piece[s][(tcell & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT] = f;
    B.cell[f] = (uint8_t)(tcell & (uint8_t)~AI_CELL_MARK);
    if (uflags & AI_UNDO_MOVER_MARKED) {
        B.cell[f] |= AI_CELL_MARK;
        B.marks[s]++;
    }
    if (!RULES_MOVE_IS_CAPTURE(m)) {
        B.cell[t] = 0;
        return;
    }
    /* the victim back into its old slot; the piece that filled it goes last again */
    const uint8_t vslot = (uint8_t)((uflags & AI_CELL_SLOT) >> AI_CELL_SLOT_SHIFT), n = B.count[o]++;
    if (vslot != n) {
        const uint8_t moved = B.piece[o][vslot];
        B.piece[o][n] = moved;
        B.cell[moved] = (uint8_t)((B.cell[moved] & (uint8_t)~AI_CELL_SLOT) | (n << AI_CELL_SLOT_SHIFT));
    }
    B.piece[o][vslot] = t;
    B.cell[t] = (uint8_t)(side_bit(o) | (vslot << AI_CELL_SLOT_SHIFT));
    if (uflags & AI_UNDO_VICTIM_MARKED) {
        B.cell[t] |= AI_CELL_MARK;
        B.marks[o]++;
    }
    if (ai_in_camp(o, t))
        B.in_camp[o]++;
}

/* ---- endings and scores ------------------------------------------------- */
static bool side_finished(uint8_t s, uint8_t end_rule)
{
    if (B.count[s] != B.in_camp[s])
        return false;
    switch (end_rule) {
    case RS_END_NONEMPTY:
        return B.count[s] != 0u || ai_ready(s) == 0u;
    case RS_END_LIVING:
        return ai_ready(s) == 0u;
    default:
        return true;
    }
}

bool ai_ended_slow(void)
{
    if (side_finished(RULES_WHITE, B.end_rule) || side_finished(RULES_BLACK, B.end_rule))
        return true;
    return (B.flags & RS_CHAIN_ENDS_GAME) && B.chain_from[0] != RULES_NO_POINT &&
           B.chain_from[1] != RULES_NO_POINT && (B.hand[0] & AI_HAND_CHAIN) == AI_HAND_CHAIN &&
           (B.hand[1] & AI_HAND_CHAIN) == AI_HAND_CHAIN;
}

static uint8_t living(uint8_t s) { return (uint8_t)(B.count[s] + ai_ready(s)); }

static uint8_t compare(uint8_t w, uint8_t k)
{
    return w > k ? RULES_WHITE : k > w ? RULES_BLACK : RULES_DRAW;
}

AI_RARELY_RUN static uint8_t finisher(void)
{
    bool wins[2];
    for (uint8_t s = 0; s < 2u; s++)
        wins[s] = living(s) > 0u && (side_finished(s, RS_END_LIVING) || living((uint8_t)(s ^ 1u)) == 0u);
    if (wins[0] != wins[1])
        return wins[0] ? RULES_WHITE : RULES_BLACK;
    return compare(B.in_camp[RULES_WHITE], B.in_camp[RULES_BLACK]);
}

AI_RARELY_RUN void ai_score(uint8_t score[2])
{
    if (B.win_rule == RS_WIN_FINISHER) {
        const uint8_t w = finisher();
        score[0] = score[1] = 0;
        if (w != RULES_DRAW)
            score[w] = living(w);
        return;
    }
    for (uint8_t s = 0; s < 2u; s++)
        score[s] = (uint8_t)(B.count[s] + B.in_camp[s]);
}

AI_RARELY_RUN uint8_t ai_winner(void)
{
    if (B.win_rule == RS_WIN_FINISHER)
        return finisher();
    uint8_t score[2];
    ai_score(score);
    const uint8_t w = compare(score[0], score[1]);
    if (w == RULES_DRAW && B.win_rule == RS_WIN_SCORE_CAMP)
        return compare(B.in_camp[RULES_WHITE], B.in_camp[RULES_BLACK]);
    return w;
}
