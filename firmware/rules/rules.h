/* Jarmo rules core: positions, legal moves, make/unmake, endings, notation.
 * Portable C shared by the AVR firmware and the host tools. The game's
 * specification, and how the tables in rules_board.c and rules_sets.c
 * encode it, is docs/rules.md. This header is the only owner of the
 * position's layout: code outside the rules core uses the accessors below. */
#ifndef JARMO_RULES_H
#define JARMO_RULES_H

#include <stdbool.h>
#include <stdint.h>

/* ---- board ------------------------------------------------------------ */
#define RULES_FILES 5u           /* a..e */
#define RULES_ROWS 5u            /* 1..5 */
#define RULES_POINTS 25u         /* a1=0 .. e1=4, a2=5 .. e5=24 */
#define RULES_NO_POINT 31u       /* "none" in 5-bit point fields */
#define RULES_HAND_POINT 25u     /* origin of a placement move */
#define RULES_ROW_MASK(r) (0x1FuL << (RULES_FILES * (r))) /* r = 0..4 */
/* The mask of one point. A variable 32-bit shift is a loop on the AVR, so
 * there it is a function over a small flash table (rules_board.c). */
#ifdef __AVR__
uint32_t rules_bit(uint8_t p);
#define RULES_BIT(p) rules_bit((uint8_t)(p))
#else
#define RULES_BIT(p) (1uL << (p))
#endif

enum { RULES_WHITE = 0, RULES_BLACK = 1, RULES_DRAW = 2 };

/* ---- rule sets (rows of rules_sets.c) -------------------------------- */
enum {
    RULES_CLASSIC = 0,
    RULES_BRAINKING,
    RULES_LUDOS,
    RULES_JASIR,
    RULES_SET_COUNT
};

/* ---- position: 16 bytes ---------------------------------------------- */
/* hand byte of each side:
 *   bits 0-2 captured: off the board, waiting for a recovery on arrival
 *            (jasir: dead for good)
 *   bits 3-5 ready: off the board, placeable as a whole turn
 *            (classic/brainking: owed, ludos: held, jasir: alive reserve)
 *   bits 6-7 length-1 of the back-and-forth chain (valid when chain != NONE)
 * chain byte: the side's last move as origin point (bits 0-4) and the slot
 *   of its destination in the origin's link list (bits 5-7); 0xFF = none. */
typedef struct {
    uint32_t men[2];  /* bits 0..24: points held by white / black */
    uint32_t marked;  /* bits 0..24: marked / guard / promoted pieces;
                         bits 29-30 rule set, bit 31 side to move */
    uint8_t hand[2];
    uint8_t chain[2];
} rules_pos_t;

#define RULES_CHAIN_NONE 0xFFu
#define RULES_HAND_CAPTURED 0x07u
#define RULES_HAND_READY_ONE 0x08u
#define RULES_HAND_READY 0x38u
#define RULES_HAND_CHAIN 0xC0u
#define RULES_HAND_CHAIN_SHIFT 6u
#define RULES_CHAIN_FROM 0x1Fu /* chain byte: origin point */
#define RULES_CHAIN_SLOT_SHIFT 5u /* chain byte: destination's link slot */
#define RULES_MARKED_BOARD 0x01FFFFFFuL /* marked: the bits that are points */
#define RULES_SET_SHIFT 29u
#define RULES_STM_BIT (1uL << 31)

/* A move in 16 bits: from (0-4; RULES_HAND_POINT = placement), to (5-9),
 * return point (10-14; RULES_NO_POINT = none), capture flag (15). */
typedef uint16_t rules_move_t;
#define RULES_MOVE(from, to, ret, cap)                                              \
    ((rules_move_t)((uint16_t)(from) | ((uint16_t)(to) << 5) | ((uint16_t)(ret) << 10) | \
                    ((uint16_t)((cap) ? 1u : 0u) << 15)))
#define RULES_MOVE_FROM(m) ((uint8_t)((m)&0x1Fu))
#define RULES_MOVE_TO(m) ((uint8_t)(((m) >> 5) & 0x1Fu))
#define RULES_MOVE_RET(m) ((uint8_t)(((m) >> 10) & 0x1Fu))
#define RULES_MOVE_IS_CAPTURE(m) (((m) >> 15) != 0u)
#define RULES_MOVE_IS_PLACEMENT(m) (RULES_MOVE_FROM(m) == RULES_HAND_POINT)

/* Bound on the legal moves of any position: the maximum is 51 (ludos),
 * found by the exhaustive enumeration in tests/test_rules.c. */
#define RULES_MAX_MOVES 56u

/* What unmake needs to restore, beyond what the move itself says. */
typedef struct {
    uint8_t hand[2];
    uint8_t chain[2];
    uint8_t flags; /* bit 0: mover was marked, bit 1: victim was marked */
} rules_undo_t;

/* ---- accessors ------------------------------------------------------- */
/* Through the top byte: a 32-bit shift by 29 or 31 is a loop on the AVR,
 * a shift by 24 is a byte move. */
static inline uint8_t rules_flags_byte(const rules_pos_t *p) { return (uint8_t)(p->marked >> 24); }
static inline uint8_t rules_side_to_move(const rules_pos_t *p) { return (uint8_t)(rules_flags_byte(p) >> 7); }
/* (out of line: inline, each file kept its own copy on the AVR, 5 of them) */
uint8_t rules_set_of(const rules_pos_t *p);
static inline uint8_t rules_captured(const rules_pos_t *p, uint8_t side) { return p->hand[side] & 7u; }
static inline uint8_t rules_ready(const rules_pos_t *p, uint8_t side) { return (p->hand[side] >> 3) & 7u; }
/* True when the side has pieces off the board (captured or ready). */
static inline bool rules_has_off_board(const rules_pos_t *p, uint8_t side)
{
    return (p->hand[side] & (RULES_HAND_CAPTURED | RULES_HAND_READY)) != 0u;
}
/* Enemy camp of a side: the row its pieces race to. */
static inline uint32_t rules_enemy_camp(uint8_t side) { return side ? RULES_ROW_MASK(0) : RULES_ROW_MASK(4); }
static inline uint32_t rules_home_row(uint8_t side) { return side ? RULES_ROW_MASK(4) : RULES_ROW_MASK(0); }

uint8_t rules_popcount(uint32_t bits);

/* ---- rule set table -------------------------------------------------- */
#define RULES_SET_NAME_MAX 10u
/* Copies the rule set's name (NUL-terminated) into out. */
void rules_set_name(uint8_t set, char out[RULES_SET_NAME_MAX]);
int8_t rules_set_by_name(const char *name); /* -1 when unknown */
/* The most back-and-forth moves in a row the rule set allows a side (the
 * next is refused): 3 in classic, 4 in brainking; for a set that refuses
 * none (ludos, jasir) it has no meaning. */
uint8_t rules_set_shuttles_max(uint8_t set);

/* ---- the game -------------------------------------------------------- */
void rules_init(rules_pos_t *p, uint8_t set, uint8_t first_mover);
/* True when p is a position the core can play from: a known rule set,
 * sides on distinct points of the board, 5 pieces a side (board + captured
 * + ready), marks only on pieces, chains along links. For anything read
 * from outside (EEPROM). */
bool rules_validate(const rules_pos_t *p);
/* Fills buf (RULES_MAX_MOVES entries) and returns the count; 0 when over. */
uint8_t rules_legal_moves(const rules_pos_t *p, rules_move_t *buf);
/* The legal captures and arrivals in the enemy camp only (for the AI's
 * quiescence search); a subset of rules_legal_moves, except that jasir's
 * shielded captures (legal only as a last resort) are left out. The caller
 * has checked that the game has not ended (rules_ended_by_condition). */
uint8_t rules_tactical_moves(const rules_pos_t *p, rules_move_t *buf, uint8_t cap);
/* rules_legal_moves into a buffer of `cap` entries: RULES_OVERFLOW when the
 * moves do not fit (the buffer then holds the first `cap`). */
#define RULES_OVERFLOW 0xFFu
uint8_t rules_legal_moves_into(const rules_pos_t *p, rules_move_t *buf, uint8_t cap);
void rules_make(rules_pos_t *p, rules_move_t m, rules_undo_t *u);
void rules_unmake(rules_pos_t *p, rules_move_t m, const rules_undo_t *u);
/* Why a step or capture from -> to that is not legal was refused, for a
 * player who tries it: the back-and-forth limit, or jasir's home-row
 * protection (a shielded piece may be taken only as the last resort).
 * RULES_REFUSED_NONE when it is no move at all (no link, an own piece
 * there, backwards in jasir, ...) or when it is legal. */
enum { RULES_REFUSED_NONE = 0, RULES_REFUSED_CHAIN, RULES_REFUSED_SHIELDED };
uint8_t rules_refusal(const rules_pos_t *p, uint8_t from, uint8_t to);
/* True when a game-ending condition other than "no legal move" holds. */
bool rules_ended_by_condition(const rules_pos_t *p);
/* Why the game is over (every ending docs/rules.md lists), and *side the
 * side it names: the one that cannot move, has all its pieces across or
 * has none left; RULES_DRAW for both shuttling (ludos). RULES_END_NONE
 * while the game goes on. */
enum { RULES_END_NONE = 0, RULES_END_NO_MOVES, RULES_END_ACROSS, RULES_END_NO_PIECES, RULES_END_SHUTTLE };
uint8_t rules_end_reason(const rules_pos_t *p, uint8_t *side);
bool rules_game_over(const rules_pos_t *p);
/* Scores of a finished game (also meaningful mid-game as "if it ended now"). */
void rules_score(const rules_pos_t *p, uint8_t score[2]);
/* RULES_WHITE, RULES_BLACK or RULES_DRAW; only meaningful when over. */
uint8_t rules_winner(const rules_pos_t *p);
/* Leaf count at depth (64 bits: perft 9 from the start passes 2^32). */
uint64_t rules_perft(rules_pos_t *p, uint8_t depth);

/* ---- building a position (position text, tests) ----------------------- */
/* An empty board: no pieces anywhere, no chains. Add pieces and hands
 * with the calls below; rules_validate tells whether the result is one. */
void rules_pos_empty(rules_pos_t *p, uint8_t set, uint8_t side_to_move);
void rules_put(rules_pos_t *p, uint8_t side, uint8_t point, bool marked);
/* The side's off-board pieces; its chain length is kept. */
void rules_set_hand(rules_pos_t *p, uint8_t side, uint8_t captured, uint8_t ready);
/* The side's back-and-forth chain: its last move from -> to, the chain
 * `length` moves long (1..4). False (nothing changed) when from-to is no
 * link or the length is out of range. */
bool rules_set_chain(rules_pos_t *p, uint8_t side, uint8_t from, uint8_t to, uint8_t length);
void rules_clear_chain(rules_pos_t *p, uint8_t side);
/* The side's chain; false when it has none. */
bool rules_chain_of(const rules_pos_t *p, uint8_t side, uint8_t *from, uint8_t *to, uint8_t *length);
/* The piece on a point: RULES_WHITE, RULES_BLACK or RULES_NO_SIDE. */
#define RULES_NO_SIDE 0xFFu
uint8_t rules_piece_at(const rules_pos_t *p, uint8_t point, bool *marked);

/* ---- the position as bytes (EEPROM records) --------------------------- */
/* Little-endian, field by field: men[0], men[1], marked (4 bytes each),
 * hand[0], hand[1], chain[0], chain[1]. The same bytes on every target. */
#define RULES_POS_BYTES 16u
void rules_pos_pack(const rules_pos_t *p, uint8_t out[RULES_POS_BYTES]);
void rules_pos_unpack(const uint8_t in[RULES_POS_BYTES], rules_pos_t *p);

/* ---- notation (docs/rules.md, notation) ------------------------------ */
/* "white", "black" or "draw" for RULES_WHITE, RULES_BLACK, RULES_DRAW. */
#define RULES_RESULT_NAME_MAX 6u
void rules_result_name(uint8_t result, char out[RULES_RESULT_NAME_MAX]);
/* "no-moves", "across", "no-pieces", "shuttle" ("none" while it goes on):
 * the fifth word of the debug console's "over" line. */
#define RULES_END_NAME_MAX 10u
void rules_end_name(uint8_t reason, char out[RULES_END_NAME_MAX]);
/* Writes "a1".."e5" (no NUL); returns the position after it. */
char *rules_point_to_text(uint8_t point, char *out);
#define RULES_MOVE_TEXT_MAX 12u /* "b1xd2@a1" + NUL, with room */
/* Writes NUL-terminated text; returns its length. */
uint8_t rules_move_to_text(rules_move_t m, char *out);
/* Finds the legal move written as text; false when it is not one. */
bool rules_move_from_text(const rules_pos_t *p, const char *text, rules_move_t *out);
/* True when m is an arrival written without "@" although the same arrival
 * also exists with return points (in ludos: the recovered piece is held).
 * m must be one of the n legal moves in `moves`. */
bool rules_move_is_hold(const rules_move_t *moves, uint8_t n, rules_move_t m);
/* "a1".."e5" -> 0..24; RULES_NO_POINT when not a point. */
uint8_t rules_point_from_text(const char *text);

/* ---- board links (rules_board.c) ------------------------------------ */
#define RULES_MAX_DEGREE 7u
#define RULES_EXTRA_LINK 0x80u /* flag on a neighbour entry: the b3-c3 link */
/* Raw tables: each point's neighbours, one list after another, and where
 * each point's list starts (the next one's start is where it ends). */
extern const uint8_t rules_links[];
extern const uint8_t rules_link_start[RULES_POINTS + 1];
/* Point p's neighbour in `slot` (RULES_EXTRA_LINK set on b3-c3), or
 * RULES_NO_POINT past its last; p must be a point. */
uint8_t rules_link(uint8_t p, uint8_t slot);
extern const uint32_t rules_neighbour_mask[RULES_POINTS];
/* The slot of `to` in the link list of `from`; RULES_NO_POINT if unlinked. */
uint8_t rules_link_slot(uint8_t from, uint8_t to);
/* True when `from` and `to` are linked on the board of rule set `set`
 * (b3-c3 only where the set has the extra link): what a board is drawn from. */
bool rules_set_has_link(uint8_t set, uint8_t from, uint8_t to);
/* Row 0..4 of a point, without a division (exact for p < 25). */
static inline uint8_t rules_row(uint8_t p) { return (uint8_t)(((uint16_t)p * 205u) >> 10); }
/* File 0..4 (a..e) of a point, and the point of a file and row. */
static inline uint8_t rules_file(uint8_t p) { return (uint8_t)(p - RULES_FILES * rules_row(p)); }
static inline uint8_t rules_point(uint8_t file, uint8_t row) { return (uint8_t)(row * RULES_FILES + file); }
/* Neighbour in slot 0..6 of point p, RULES_NO_POINT past the end; *extra set
 * when the link exists only in rule sets with the extra link (b3-c3). */
uint8_t rules_neighbour(uint8_t p, uint8_t slot, bool *extra);

#endif
