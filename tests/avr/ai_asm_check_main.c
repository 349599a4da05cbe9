/* Test firmware: the AI's assembler kernels (firmware/ai/ai_board_avr.S)
 * against their C reference (firmware/ai/ai_board.c, built for the AVR),
 * call by call, on the same board: at every position of seeded random
 * games of every rule set (every eighth ply also with a back-and-forth
 * chain of each length, and three crafted positions where an arriving
 * piece's return is owed or may be held), the tactical generator, the
 * shielded captures and the quiet link loop with a random room (so the
 * overflow count too) and for the link loop a random banned step as well
 * as the real one: the same count and the same list in the same order;
 * then for every legal move make from the same board (every byte of the
 * board and of the undo record the same) and unmake from the same made
 * board (every byte the same). tests/test_ai_board.c checks the C against
 * the rules core on the host. Prints
 * "asm ok POSITIONS MAKES GENERAL TACTICAL SHIELDED QUIET CRAFTED" (the
 * calls of each pair compared; GENERAL the moves past the plain step's and
 * the capture's fast paths), or "asm mismatch ..." at the first difference
 * and stops (tests/sim/avr-ai-asm.script waits for the counts, so a run
 * cut short fails too). Built only with AI_ASM=1. */
#include <string.h>

#include "ai/ai_board.h"
#include "test_uart.h"

#define GAMES 12    /* per rule set */
#define MAX_PLIES 80

static uint32_t rng = 0x5EEDu;
static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static uint32_t positions, makes, general_moves, tactical_calls, shielded_calls, quiet_calls;

static void fail(const char *what, uint8_t set, uint8_t game, uint8_t ply, rules_move_t m)
{
    char text[RULES_MOVE_TEXT_MAX] = "-";
    if (m)
        rules_move_to_text(m, text);
    test_uart_puts("asm mismatch ");
    test_uart_puts(what);
    test_uart_puts(" set ");
    test_uart_number(set);
    test_uart_puts(" game ");
    test_uart_number(game);
    test_uart_puts(" ply ");
    test_uart_number(ply);
    test_uart_put(' ');
    test_uart_puts(text);
    test_uart_put('\n');
    for (;;)
        ;
}

/* A plain step: no capture, no return point, not a placement. */
static bool plain_step(rules_move_t m)
{
    return !RULES_MOVE_IS_CAPTURE(m) && RULES_MOVE_RET(m) == RULES_NO_POINT && !RULES_MOVE_IS_PLACEMENT(m);
}

/* A capture on the assembler's capture path: no return point, and the
 * capturing piece does not arrive in its enemy camp. */
static bool fast_capture(rules_move_t m, uint8_t mover)
{
    return RULES_MOVE_IS_CAPTURE(m) && RULES_MOVE_RET(m) == RULES_NO_POINT && !ai_in_camp(mover, RULES_MOVE_TO(m));
}

static rules_move_t core[RULES_MAX_MOVES];
/* each list with a guard past its room: nothing may be written there */
static rules_move_t by_asm[RULES_MAX_MOVES + 4], by_c[RULES_MAX_MOVES + 4];
static ai_board_t start, made_asm, made_c;
static ai_gen_rules_t gen_start;

/* the same count and the same entries (as many as fit, and the guards) */
static bool same_list(uint8_t a, uint8_t c)
{
    return a == c && memcmp(by_asm, by_c, sizeof by_asm) == 0;
}

static void clear_lists(void)
{
    memset(by_asm, 0xA5, sizeof by_asm);
    memset(by_c, 0xA5, sizeof by_c);
}

/* A generator pair from the same board and generator state: the board the
 * same after both, and the same list. */
typedef uint8_t (*gen_fn)(rules_move_t *, uint8_t);
static void check_gen(gen_fn with_asm, gen_fn with_c, const char *what, uint8_t set, uint8_t g, uint8_t ply)
{
    const uint8_t room = (uint8_t)(next_random() % (RULES_MAX_MOVES + 1u));
    clear_lists();
    start = ai_board;
    gen_start = ai_gen_rules;
    const uint8_t a = with_asm(by_asm, room);
    made_asm = ai_board;
    ai_board = start;
    ai_gen_rules = gen_start;
    const uint8_t c = with_c(by_c, room);
    /* (ai_gen_rules is the generators' scratch: the assembler writes
     * banned_to only when a step is banned) */
    if (!same_list(a, c) || memcmp(&made_asm, &ai_board, sizeof ai_board))
        fail(what, set, g, ply, 0);
}

/* The quiet link loop with the real banned step or a random one. */
static void check_quiet(uint8_t set, uint8_t g, uint8_t ply)
{
    for (uint8_t k = 0; k < 2u; k++) {
        uint8_t from = RULES_NO_POINT, to = RULES_NO_POINT;
        const uint8_t s = ai_board.stm;
        if (k == 0u && ai_board.chain_from[s] != RULES_NO_POINT) {
            from = ai_board.chain_to[s];
            to = ai_board.chain_from[s];
        } else if (k == 1u) {
            const uint8_t n = ai_board.count[s];
            from = n ? ai_board.piece[s][next_random() % n] : RULES_NO_POINT;
            to = (uint8_t)(next_random() % RULES_POINTS);
        }
        const uint8_t room = (uint8_t)(next_random() % (RULES_MAX_MOVES + 1u));
        clear_lists();
        rules_move_list_t la = {by_asm, 0, room}, lc = {by_c, 0, room};
        start = ai_board;
        ai_quiet_links_asm(&la, from, to);
        if (memcmp(&start, &ai_board, sizeof ai_board))
            fail("quiet links changed the board", set, g, ply, 0);
        ai_quiet_links_c(&lc, from, to);
        if (la.n != lc.n || la.cap != lc.cap || la.buf != by_asm || !same_list(la.n, lc.n))
            fail("quiet links", set, g, ply, 0);
        quiet_calls++;
    }
}

/* Everything at p; returns the number of legal moves (core[] holds them). */
static uint8_t check_position(const rules_pos_t *p, uint8_t set, uint8_t g, uint8_t ply)
{
    ai_board_load(p);
    const uint8_t n = rules_legal_moves(p, core);
    if (n == 0)
        return 0;
    check_gen(ai_tactical_moves_asm, ai_tactical_moves_c, "tactical moves", set, g, ply);
    tactical_calls++;
    check_gen(ai_shielded_moves_asm, ai_shielded_moves_c, "shielded moves", set, g, ply);
    shielded_calls++;
    check_quiet(set, g, ply);
    start = ai_board;
    for (uint8_t i = 0; i < n; i++) {
        const rules_move_t m = core[i];
        ai_undo_t ua, uc;
        memset(&ua, 0x5A, sizeof ua);
        memset(&uc, 0x5A, sizeof uc);
        ai_make_asm(m, &ua);
        made_asm = ai_board;
        ai_board = start;
        ai_make_c(m, &uc);
        made_c = ai_board;
        if (memcmp(&made_asm, &made_c, sizeof made_c) || memcmp(&ua, &uc, sizeof ua))
            fail("make", set, g, ply, m);
        ai_unmake_asm(m, &ua);
        made_asm = ai_board;
        ai_board = made_c;
        ai_unmake_c(m, &uc);
        if (memcmp(&made_asm, &ai_board, sizeof ai_board))
            fail("unmake", set, g, ply, m);
        /* and the C is back where it started (its own check is the host's) */
        if (ai_board.stm != start.stm || ai_board.value != start.value || memcmp(ai_board.cell, start.cell, RULES_POINTS))
            fail("unmake back", set, g, ply, m);
        ai_board = start;
        if (!plain_step(m) && !fast_capture(m, start.stm))
            general_moves++;
        makes++;
    }
    positions++;
    return n;
}

/* p with the side to move's last move made the reverse of its first plain
 * step, `length` moves long: that step continues the chain, to its limit or
 * past it (where the rule set has one, the generator bans the step). */
static void check_chains(const rules_pos_t *p, uint8_t set, uint8_t g, uint8_t ply)
{
    const uint8_t n = rules_legal_moves(p, core);
    for (uint8_t i = 0; i < n; i++)
        if (plain_step(core[i])) {
            const uint8_t f = RULES_MOVE_FROM(core[i]), t = RULES_MOVE_TO(core[i]);
            for (uint8_t length = 1; length <= 4u; length++) {
                rules_pos_t q = *p;
                if (rules_set_chain(&q, rules_side_to_move(&q), t, f, length) && rules_validate(&q))
                    check_position(&q, set, g, ply);
            }
            return;
        }
}

/* Positions random games rarely reach: White's marked piece on c4 (17)
 * arrives while a captured piece waits and every point of its home row is
 * taken (its own pieces on a1-c1, Black's arrived ones on d1 and e1), so
 * the piece is owed, or in ludos may be held; in every rule set that
 * brings pieces back. Counted in CRAFTED. */
static uint8_t crafted;
static void check_crafted(void)
{
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        if (!(rules_set_flags(set) & RS_RETURN_ON_ARRIVAL))
            continue;
        rules_pos_t p;
        rules_pos_empty(&p, set, RULES_WHITE);
        for (uint8_t q = 0; q < 3u; q++)
            rules_put(&p, RULES_WHITE, q, false);
        rules_put(&p, RULES_WHITE, 17, true);
        rules_put(&p, RULES_BLACK, 3, false);
        rules_put(&p, RULES_BLACK, 4, false);
        rules_put(&p, RULES_BLACK, 12, false);
        rules_set_hand(&p, RULES_WHITE, 1, 0);
        rules_set_hand(&p, RULES_BLACK, 2, 0);
        if (!rules_validate(&p))
            fail("crafted position", set, 0xFF, 0, 0);
        check_position(&p, set, 0xFF, 0);
        crafted++;
    }
}

int main(void)
{
    test_uart_init();
    check_crafted();
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (uint8_t g = 0; g < GAMES; g++) {
            rules_pos_t p;
            rules_init(&p, set, (uint8_t)(next_random() & 1u));
            for (uint8_t ply = 0; ply < MAX_PLIES; ply++) {
                if (ply % 8u == 7u)
                    check_chains(&p, set, g, ply);
                const uint8_t n = check_position(&p, set, g, ply);
                if (n == 0)
                    break;
                rules_undo_t u;
                rules_make(&p, core[next_random() % n], &u);
            }
        }
    test_uart_puts("asm ok ");
    test_uart_number(positions);
    test_uart_put(' ');
    test_uart_number(makes);
    test_uart_put(' ');
    test_uart_number(general_moves);
    test_uart_put(' ');
    test_uart_number(tactical_calls);
    test_uart_put(' ');
    test_uart_number(shielded_calls);
    test_uart_put(' ');
    test_uart_number(quiet_calls);
    test_uart_put(' ');
    test_uart_number(crafted);
    test_uart_put('\n');
    for (;;)
        ;
}
