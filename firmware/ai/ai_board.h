/* The AI's own board: the rules of firmware/rules/rules.c on a layout that
 * is cheap on an 8-bit MCU. One byte per point, each side's pieces in a
 * short list, counters kept move by move, link lists per point in flash;
 * no 32-bit masks and no shifts by a variable in the hot path.
 *
 * The rules core stays the reference: tests/test_ai_board.c checks that
 * this board generates exactly the core's legal and tactical moves, makes
 * and unmakes to the same positions and ends and scores games the same,
 * on the AI suite and on random games of every rule set.
 *
 * Moves are the core's rules_move_t, so a move found here plays there. */
#ifndef JARMO_AI_BOARD_H
#define JARMO_AI_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "flash.h"
#include "rules/rules.h"
#include "rules/rules_move_list.h"
#include "rules/rules_sets.h"

/* AI_ASM: 1 (the default on the AVR) makes the kernels below the
 * assembler's (ai_board_avr.S), 0 (make AI_ASM=0; always on the host) the
 * C ones (ai_board.c). The one place that chooses. */
#if !defined(__AVR__)
#undef AI_ASM
#define AI_ASM 0
#elif !defined(AI_ASM)
#define AI_ASM 1
#endif

/* Code that runs once per move or at a game's end, not at every node: on
 * the AVR compiled for size, not speed like the rest of the AI objects
 * (firmware/firmware.mk: AVR_AI_FAST), which leaves flash for the evaluation. */
#ifdef __AVR__
#define AI_FOR_SIZE __attribute__((optimize("Os")))
#else
#define AI_FOR_SIZE
#endif
#define AI_RARELY_RUN AI_FOR_SIZE
/* The quiescence loop, where the search spends most of its time: compiled
 * for speed inside ai_search.c, which the AVR build compiles for size
 * (firmware/firmware.mk: -306 B of flash for 2.4% of the nodes per second). */
#if defined(__AVR__) && AI_ASM /* (the Nano's C AI is all for size) */
#define AI_HOT __attribute__((optimize("O2")))
#else
#define AI_HOT
#endif

/* cell byte: side bits, mark, and the piece's slot in its side's list */
#define AI_CELL_WHITE 0x01u
#define AI_CELL_BLACK 0x02u
#define AI_CELL_SIDES 0x03u
#define AI_CELL_MARK 0x04u
#define AI_CELL_SLOT_SHIFT 4u
#define AI_CELL_SLOT 0x70u
#define AI_SIDE_PIECES 5u

/* hand byte, as the rules core lays out its own: captured pieces, ready
 * pieces, the back-and-forth chain's length - 1 */
#define AI_HAND_CAPTURED 0x07u
#define AI_HAND_READY_ONE 0x08u
#define AI_HAND_CHAIN 0xC0u
#define AI_HAND_CHAIN_SHIFT 6u

typedef struct {
    uint8_t cell[RULES_POINTS];
    uint8_t piece[2][AI_SIDE_PIECES]; /* the first count[s] are the side's pieces */
    uint8_t count[2];                 /* pieces on the board */
    uint8_t in_camp[2];               /* of those, in the enemy camp */
    uint8_t marks[2];                 /* marked pieces on the board */
    uint8_t hand[2];                  /* the core's hand byte: captured, ready, chain length - 1 */
    uint8_t chain_from[2];            /* the side's last move; RULES_NO_POINT: no chain */
    uint8_t chain_to[2];
    uint8_t stm;                      /* side to move */
    int16_t value;                    /* White's lead in piece-square values: each piece's row value
                                       * summed (Black's rows are negated: ai_tables.h) */
    /* the rule set, read once per search */
    uint8_t set, flags, chain_limit, end_rule, win_rule;
    const uint8_t *links[2]; /* each side's link table (flash: ai_tables.h) */
    const int16_t *values[2]; /* each side's piece-square row (flash), as it counts in value */
} ai_board_t;

/* Link lists: the points a piece of a side may step to, per rule set (the
 * extra link where it exists, never backwards where that is forbidden),
 * 0xFF-terminated, at most AI_LINK_SLOTS - 1 links. Generated into
 * build/gen/ai_tables.c. */
#define AI_LINK_SLOTS 8u
#define AI_LINK_END 0xFFu

/* A move's capture flag and return point: both clear in a quiet move or a
 * plain step (m & AI_PLAIN_STEP_BITS == AI_PLAIN_STEP) */
#define AI_PLAIN_STEP_BITS 0xFC00u
#define AI_PLAIN_STEP ((rules_move_t)(RULES_NO_POINT << 10))

/* What ai_unmake needs beyond the move. */
typedef struct {
    uint8_t hand[2];
    uint8_t chain_from, chain_to; /* the mover's */
    uint8_t flags;                /* AI_UNDO_*, victim's list slot in bits 4-6 */
    int16_t value;                /* the board's value before the move */
} ai_undo_t;
#define AI_UNDO_MOVER_MARKED 0x01u
#define AI_UNDO_VICTIM_MARKED 0x02u
#define AI_UNDO_MARKED_AFTER 0x04u

/* The AI's one board: file-scope, so the hot path addresses it directly
 * instead of through a pointer (cheaper on the AVR). */
extern ai_board_t ai_board;

void ai_board_load(const rules_pos_t *p);
/* The same position in the core's layout (for tests). */
void ai_board_save(rules_pos_t *p);

/* ---- the kernels: make, unmake and the generators' link loops ---------
 * Each in C (NAME_c, ai_board.c, both targets) and on the AVR in assembler
 * (NAME_asm, ai_board_avr.S); the public NAME below calls the one AI_ASM
 * picks. tests/avr/ai_asm_check_main.c calls both, call by call. */
void ai_make_c(rules_move_t m, ai_undo_t *u);
void ai_unmake_c(rules_move_t m, const ai_undo_t *u);
uint8_t ai_tactical_moves_c(rules_move_t *buf, uint8_t cap);
/* jasir's shielded captures only (the tactical loop, told to keep them) */
uint8_t ai_shielded_moves_c(rules_move_t *buf, uint8_t cap);
/* the quiet generator's link loop: every step of the side to move's pieces
 * outside the enemy camp to an empty point outside it but the banned one
 * (banned_from -> banned_to), pushed on l (counted past its room) */
void ai_quiet_links_c(rules_move_list_t *l, uint8_t banned_from, uint8_t banned_to);
#ifdef __AVR__
void ai_make_asm(rules_move_t m, ai_undo_t *u);
void ai_unmake_asm(rules_move_t m, const ai_undo_t *u);
uint8_t ai_tactical_moves_asm(rules_move_t *buf, uint8_t cap);
uint8_t ai_shielded_moves_asm(rules_move_t *buf, uint8_t cap);
void ai_quiet_links_asm(rules_move_list_t *l, uint8_t banned_from, uint8_t banned_to);
#endif
#if AI_ASM
#define AI_KERNEL(name) name##_asm
#else
#define AI_KERNEL(name) name##_c
#endif
static inline void ai_make(rules_move_t m, ai_undo_t *u) { AI_KERNEL(ai_make)(m, u); }
static inline void ai_unmake(rules_move_t m, const ai_undo_t *u) { AI_KERNEL(ai_unmake)(m, u); }
/* rules_tactical_moves: captures (not jasir's shielded ones) and arrivals,
 * the first of ai_legal_moves' two parts. */
static inline uint8_t ai_tactical_moves(rules_move_t *buf, uint8_t cap) { return AI_KERNEL(ai_tactical_moves)(buf, cap); }
static inline uint8_t ai_shielded_moves(rules_move_t *buf, uint8_t cap) { return AI_KERNEL(ai_shielded_moves)(buf, cap); }
static inline void ai_quiet_links(rules_move_list_t *l, uint8_t banned_from, uint8_t banned_to)
{
    AI_KERNEL(ai_quiet_links)(l, banned_from, banned_to);
}
/* The generators' state for the rare cases (ai_board.c): the banned step,
 * and for the C tactical loop whether only shielded captures are wanted
 * and whether an arrival can bring a piece back. The assembler writes
 * banned_to. */
typedef struct {
    uint8_t banned_from, banned_to;
    bool want_shielded, can_recover;
} ai_gen_rules_t;
extern ai_gen_rules_t ai_gen_rules;

/* rules_legal_moves_into: 0 when the game is over, RULES_OVERFLOW when the
 * moves do not fit in cap entries. The tactical moves come first. */
uint8_t ai_legal_moves(rules_move_t *buf, uint8_t cap);
/* The other part: placements and steps to an empty point outside the camp;
 * where there are none and no tactical move either (after_tactical false),
 * jasir's shielded captures, the last resort. The search asks for them only
 * when the tactical moves and the killer have not cut the node off. */
uint8_t ai_quiet_moves(rules_move_t *buf, uint8_t cap, bool after_tactical);
/* Is m one of ai_quiet_moves' placements or steps here? For the search's
 * killer move, tried before the quiet moves are generated: m must be 0 or a
 * move generated for the same side in the same rule set (a sibling
 * position's), so its points and its link need no checking. */
bool ai_quiet_move_is_legal(rules_move_t m);

/* rules_ended_by_condition, rules_score and rules_winner. The ending test
 * runs at every node: its common answer ("no: both sides still have pieces
 * on the way, and shuttling cannot end the game: the rule set says it
 * cannot, or a side's chain is not full") is inline. */
bool ai_ended_slow(void);
static inline bool ai_ended_by_condition(void)
{
    if (ai_board.count[0] != ai_board.in_camp[0] && ai_board.count[1] != ai_board.in_camp[1] &&
        (!(ai_board.flags & RS_CHAIN_ENDS_GAME) ||
         (ai_board.hand[0] & ai_board.hand[1] & AI_HAND_CHAIN) != AI_HAND_CHAIN))
        return false;
    return ai_ended_slow();
}
void ai_score(uint8_t score[2]);
uint8_t ai_winner(void);

/* Is the point in the side's enemy camp (the row it races to)? */
static inline bool ai_in_camp(uint8_t side, uint8_t point)
{
    return side == RULES_WHITE ? point >= RULES_POINTS - RULES_FILES : point < RULES_FILES;
}
/* The piece-square value of a piece of `side` on point q as it counts in
 * ai_board.value (flash; negative for Black). */
static inline int16_t ai_piece_square(uint8_t side, uint8_t q)
{
    return (int16_t)flash_word(&ai_board.values[side][q]);
}
/* The board's value for the side to move: White's lead, or Black's. */
static inline int16_t ai_value_for_mover(void)
{
    return ai_board.stm == RULES_WHITE ? ai_board.value : (int16_t)-ai_board.value;
}
/* What a plain step f -> t of the side to move adds to its piece-square
 * value (a quiet step: nothing else the evaluation reads changes). */
static inline int16_t ai_step_gain(uint8_t f, uint8_t t)
{
    const int16_t d = (int16_t)(ai_piece_square(ai_board.stm, t) - ai_piece_square(ai_board.stm, f));
    return ai_board.stm == RULES_WHITE ? d : (int16_t)-d;
}
/* Can no quiet step of the side to move end the game? It cannot end it by
 * arriving; in a rule set where both sides shuttling a full chain ends it,
 * it can when the other side's chain is full. */
static inline bool ai_quiet_steps_cannot_end(void)
{
    const uint8_t o = (uint8_t)(ai_board.stm ^ 1u);
    return !(ai_board.flags & RS_CHAIN_ENDS_GAME) || (ai_board.hand[o] & AI_HAND_CHAIN) != AI_HAND_CHAIN ||
           ai_board.chain_from[o] == RULES_NO_POINT;
}
static inline uint8_t ai_ready(uint8_t side) { return (ai_board.hand[side] >> 3) & 7u; }
static inline uint8_t ai_captured(uint8_t side) { return ai_board.hand[side] & 7u; }

#endif
