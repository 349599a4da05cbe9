/* One concrete scenario per cell of the rule-set table in docs/rules.md, plus
 * board facts, notation round trip and exact make/unmake restoration. */
#include "helpers.h"

/* ---- board ---- */
/* rules_end_reason: NONE while a game goes on; at its end a reason that
 * fits the position, for every rule set over many random games, and each
 * reason each rule set can give is seen. */
static void test_end_reasons(void **state)
{
    (void)state;
    uint32_t rng = 12345u;
    unsigned seen[RULES_SET_COUNT][5] = {{0}};
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (int game = 0; game < 400; game++) {
            rules_pos_t p;
            rules_init(&p, set, RULES_WHITE);
            uint8_t side;
            for (int ply = 0; ply < 600; ply++) {
                rules_move_t moves[RULES_MAX_MOVES];
                const uint8_t n = rules_legal_moves(&p, moves);
                const uint8_t why = rules_end_reason(&p, &side);
                if (n == 0) {
                    assert_int_not_equal(why, RULES_END_NONE);
                    seen[set][why]++;
                    if (why == RULES_END_NO_MOVES)
                        assert_int_equal(side, rules_side_to_move(&p));
                    if (why == RULES_END_ACROSS)
                        assert_true(p.men[side] && !(p.men[side] & ~rules_enemy_camp(side)));
                    if (why == RULES_END_NO_PIECES)
                        assert_int_equal(p.men[side], 0);
                    if (why == RULES_END_SHUTTLE)
                        assert_int_equal(side, RULES_DRAW);
                    break;
                }
                assert_int_equal(why, RULES_END_NONE);
                rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
                rules_undo_t u;
                rules_make(&p, moves[rng % n], &u);
            }
        }
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        char name[RULES_END_NAME_MAX];
        assert_true(seen[set][RULES_END_ACROSS] > 0u);
        assert_true(seen[set][RULES_END_NO_MOVES] + seen[set][RULES_END_NO_PIECES] > 0u);
        rules_end_name(RULES_END_ACROSS, name);
        assert_string_equal(name, "across");
    }
    assert_true(seen[RULES_LUDOS][RULES_END_SHUTTLE] > 0u);
}

static void test_board_has_38_links_and_jasir_39(void **state)
{
    (void)state;
    for (uint8_t p = 0; p < RULES_POINTS; p++) { /* the mask table agrees */
        uint32_t mask = 0;
        for (uint8_t s = 0; s < RULES_MAX_DEGREE; s++) {
            bool extra;
            const uint8_t q = rules_neighbour(p, s, &extra);
            if (q != RULES_NO_POINT)
                mask |= RULES_BIT(q);
        }
        assert_int_equal(mask, rules_neighbour_mask[p]);
    }
    unsigned plain = 0, extra_count = 0;
    for (uint8_t p = 0; p < RULES_POINTS; p++)
        for (uint8_t s = 0; s < RULES_MAX_DEGREE; s++) {
            bool extra;
            const uint8_t q = rules_neighbour(p, s, &extra);
            if (q == RULES_NO_POINT)
                break;
            /* links are undirected: q lists p back, with the same flag */
            bool found = false;
            for (uint8_t s2 = 0; s2 < RULES_MAX_DEGREE; s2++) {
                bool extra2;
                if (rules_neighbour(q, s2, &extra2) == p) {
                    found = true;
                    assert_int_equal(extra, extra2);
                }
            }
            assert_true(found);
            /* no diagonal-free neighbour is on the same point */
            assert_int_not_equal(p, q);
            if (extra)
                extra_count++;
            else
                plain++;
        }
    assert_int_equal(plain, 2 * 38);
    assert_int_equal(extra_count, 2);
}

static void test_start_position_and_size(void **state)
{
    (void)state;
    rules_pos_t p;
    rules_init(&p, RULES_CLASSIC, RULES_WHITE);
    assert_true(sizeof(rules_pos_t) <= 16);
    assert_string_equal(text_of(&p), "bbbbb/...../...../...../wwwww w classic 0,0 0,0 - -");
    assert_string_equal(legal_text(&p), "a1-b3 a1-c2 b1-a3 b1-d2 c1-a2 c1-d3 c1-e2 d1-b2 d1-c3 e1-c2 e1-d3");
    rules_init(&p, RULES_JASIR, RULES_BLACK);
    assert_string_equal(legal_text(&p), "a5-b3 a5-c4 b5-a3 b5-d4 c5-a4 c5-b3 c5-e4 d5-b4 d5-e3 e5-c4 e5-d3");
}

static void test_reference_perft(void **state)
{
    (void)state;
    static const uint32_t classic[4] = {11, 121, 1452, 17059}, jasir[4] = {11, 121, 1265, 13172};
    for (uint8_t d = 1; d <= 4; d++) {
        rules_pos_t p;
        rules_init(&p, RULES_CLASSIC, RULES_WHITE);
        assert_int_equal(rules_perft(&p, d), classic[d - 1]);
        rules_init(&p, RULES_JASIR, RULES_WHITE);
        assert_int_equal(rules_perft(&p, d), jasir[d - 1]);
    }
}

/* The positions with the most moves: k own pieces, all marked, off their
 * home row (every return point free), one enemy piece anywhere, every split
 * of the off-board pieces into captured and ready. Unmarked pieces, own
 * pieces on the home row or more enemy pieces only remove moves. */
static void test_move_buffer_bound(void **state)
{
    (void)state;
    unsigned best = 0;
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (uint8_t side = 0; side < 2; side++) {
            const uint32_t home = rules_home_row(side);
            for (uint32_t own = 1; own < (1u << RULES_POINTS); own++) {
                const uint8_t k = rules_popcount(own);
                if (k > 5 || (own & home))
                    continue;
                for (uint8_t e = 0; e < RULES_POINTS; e++) {
                    if (own & RULES_BIT(e))
                        continue;
                    for (uint8_t ready = 0; ready <= 5 - k; ready++) {
                        rules_pos_t p;
                        rules_move_t buf[256];
                        rules_init(&p, set, side);
                        p.men[side] = own;
                        p.men[side ^ 1] = RULES_BIT(e);
                        p.marked |= own;
                        p.hand[side] = (uint8_t)((5 - k - ready) | (ready << 3));
                        p.hand[side ^ 1] = 4;
                        const unsigned n = rules_legal_moves(&p, buf);
                        if (n > best)
                            best = n;
                    }
                }
            }
        }
    print_message("most legal moves in one position: %u (buffer %u)\n", best, RULES_MAX_MOVES);
    assert_int_equal(best, 51);
    assert_true(best <= RULES_MAX_MOVES);
}

/* ---- directions ---- */
static void test_directions_any_in_classic(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("bb.../...../..w../...../..... w classic 4,0 3,0 - -");
    assert_string_equal(legal_text(&p), "c3-a2 c3-a4 c3-d1 c3-e4");
}

static void test_directions_forward_or_sideways_in_jasir(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("bb.../...../..w../...../..... w jasir 4,0 3,0 - -");
    assert_string_equal(legal_text(&p), "c3-a4 c3-b3 c3-e4"); /* b3: the Jasir link */
    p = pos_of("...../...../..b../...../ww... b jasir 3,0 4,0 - -");
    assert_string_equal(legal_text(&p), "c3-a2 c3-b3 c3-d1");
}

static void test_pieces_in_enemy_camp_never_move(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("..w../...../b..../...w./..... w classic 3,0 4,0 - -");
    assert_string_equal(legal_text(&p), "d2-b1 d2-b3 d2-c2 d2-d3");
}

/* ---- capturing piece becomes ---- */
static void test_capture_marks_in_classic_and_brainking(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("....b/...../..w../b..../..... w classic 4,0 3,0 - -");
    play(&p, "c3xa2");
    assert_string_equal(text_of(&p), "....b/...../...../W..../..... b classic 4,0 4,0 c3a2:1 -");
    p = pos_of("....b/...../..w../b..../..... w brainking 4,0 3,0 - -");
    play(&p, "c3xa2");
    assert_string_equal(text_of(&p), "....b/...../...../W..../..... b brainking 4,0 4,0 c3a2:1 -");
}

static void test_ludos_guard_only_outside_victims_camp(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("....b/...../..w../b..../..... w ludos 4,0 3,0 - -");
    play(&p, "c3xa2");
    assert_string_equal(text_of(&p), "....b/...../...../W..../..... b ludos 4,0 4,0 c3a2:1 -");
    /* capture inside Black's camp: no guard, so no recovery either */
    p = pos_of("....b/...../...w./b..../..... w ludos 4,0 3,0 - -");
    assert_true(is_legal(&p, "d3xe5"));
    assert_false(is_legal(&p, "d3xe5@a1"));
    play(&p, "d3xe5");
    assert_string_equal(text_of(&p), "....w/...../...../b..../..... b ludos 4,0 4,0 d3e5:1 -");
}

static void test_jasir_capture_promotes(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("....b/...../..w../...../b.... w jasir 4,0 3,0 - -");
    play(&p, "c3-a4");
    play(&p, "e5-c4"); /* black steps down next to nothing; just a move */
    p = pos_of("....b/b..../..w../...../..... w jasir 4,0 3,0 - -");
    play(&p, "c3xa4");
    assert_string_equal(text_of(&p), "....b/W..../...../...../..... b jasir 4,0 4,0 c3a4:1 -");
}

/* ---- captured piece goes ---- */
static void test_captured_piece_goes_to_captors_side(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("....b/...../..w../b..../..... w classic 4,0 3,0 - -");
    play(&p, "c3xa2");
    assert_int_equal(rules_captured(&p, RULES_BLACK), 4);
    assert_int_equal(rules_ready(&p, RULES_BLACK), 0);
}

static void test_jasir_promoted_victim_lives_plain_victim_dies(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("....b/...../...W./...../w.... b jasir 3,0 4,0 - -");
    play(&p, "e5xd3");
    assert_int_equal(rules_ready(&p, RULES_WHITE), 1);
    assert_int_equal(rules_captured(&p, RULES_WHITE), 3);
    p = pos_of("....b/...../...w./...../w.... b jasir 3,0 4,0 - -");
    play(&p, "e5xd3");
    assert_int_equal(rules_ready(&p, RULES_WHITE), 0);
    assert_int_equal(rules_captured(&p, RULES_WHITE), 4);
}

/* ---- return of a captured piece ---- */
static void test_classic_return_is_part_of_the_move(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("b..../...W./...../w..../..... w classic 3,0 4,0 - -");
    assert_string_equal(legal_text(&p),
                        "a2-c1 a2-c3 d4-b5@a1 d4-b5@b1 d4-b5@c1 d4-b5@d1 d4-b5@e1 d4-c4 d4-d3 d4-e2");
    play(&p, "d4-b5@c1");
    /* the mark is spent, the returned piece is plain */
    assert_string_equal(text_of(&p), "bw.../...../...../w..../..w.. b classic 2,0 4,0 d4b5:1 -");
}

static void test_classic_capture_on_arrival_marks_first(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("....b/...../...w./b..../..... w classic 4,0 3,0 - -");
    assert_string_equal(legal_text(&p),
                        "d3-b4 d3-c1 d3-d2 d3-d4 d3-e1 d3xe5@a1 d3xe5@b1 d3xe5@c1 d3xe5@d1 d3xe5@e1");
}

static void test_classic_no_return_without_captured_piece(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("b..../...W./...../...../wwww. w classic 0,0 4,0 - -");
    assert_true(is_legal(&p, "d4-b5"));
    play(&p, "d4-b5");
    assert_string_equal(text_of(&p), "bw.../...../...../...../wwww. b classic 0,0 4,0 d4b5:1 -");
}

static void test_classic_return_owed_when_home_row_full(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("b..../...W./...../...../bbbbw w classic 3,0 0,0 - -");
    assert_string_equal(legal_text(&p), "d4-b5 d4-c4 d4-d3 d4-e2 e1-c2 e1-d3");
    play(&p, "d4-b5");
    assert_int_equal(rules_ready(&p, RULES_WHITE), 1); /* owed */
    assert_int_equal(rules_captured(&p, RULES_WHITE), 2);
    play(&p, "a5-c4");
    assert_string_equal(legal_text(&p), "e1-c2 e1-d3"); /* no free point yet */
    play(&p, "e1-c2");
    play(&p, "c4-d4");
    assert_string_equal(legal_text(&p), "@e1 c2-b2 c2-d2 c2-e1 c2-e3 c2xa1");
    play(&p, "@e1"); /* a whole turn, ends any chain */
    assert_string_equal(text_of(&p), ".w.../...b./...../..w../bbbbw b classic 2,0 0,0 - c4d4:1");
}

static void test_ludos_recover_now_or_hold(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("b..../...W./...../w..../..... w ludos 3,0 4,0 - -");
    assert_string_equal(legal_text(&p),
                        "a2-c1 a2-c3 d4-b5 d4-b5@a1 d4-b5@b1 d4-b5@c1 d4-b5@d1 d4-b5@e1 d4-c4 d4-d3 d4-e2");
    play(&p, "d4-b5"); /* hold */
    assert_int_equal(rules_ready(&p, RULES_WHITE), 1);
    assert_int_equal(rules_captured(&p, RULES_WHITE), 2);
    play(&p, "a5-b3");
    assert_true(is_legal(&p, "@d1"));
    play(&p, "@d1");
    assert_string_equal(text_of(&p), ".w.../...../.b.../w..../...w. b ludos 2,0 4,0 - a5b3:1");
}

static void test_jasir_no_return_on_arrival_but_reserve_drop(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("b..../...W./...../w..../..... w jasir 2,1 4,0 - -");
    assert_string_equal(legal_text(&p), "@a1 @b1 @c1 @d1 @e1 a2-c3 d4-b5 d4-c4");
    play(&p, "d4-b5");
    assert_string_equal(text_of(&p), "bW.../...../...../w..../..... b jasir 2,1 4,0 d4b5:1 -");
}

/* ---- back-and-forth limits ---- */
static const char *const shuttle[] = {"c3-a4", "a5-c4", "a4-c3", "c4-a5", "c3-a4", "a5-c4", "a4-c3", "c4-a5",
                                      "c3-a4"};

static rules_pos_t shuttle_from(const char *set, int plies)
{
    char text[96];
    snprintf(text, sizeof text, "b..../...../..w../...../....w w %s 3,0 4,0 - -", set);
    rules_pos_t p = pos_of(text);
    for (int i = 0; i < plies; i++)
        play(&p, shuttle[i]);
    return p;
}

static void test_classic_fourth_shuttle_move_illegal(void **state)
{
    (void)state;
    rules_pos_t p = shuttle_from("classic", 6);
    assert_false(is_legal(&p, "a4-c3"));
    assert_true(is_legal(&p, "a4-c5"));
    play(&p, "e1-c2"); /* another piece: White's chain ends... */
    assert_false(is_legal(&p, "c4-a5")); /* ...Black's is not broken by it */
    play(&p, "c4-b4");
    assert_true(is_legal(&p, "a4-c3"));
}

/* The refused moves are told apart from non-moves, for the player. */
static void test_refusals_named(void **state)
{
    (void)state;
    rules_pos_t p = shuttle_from("classic", 6);
    assert_int_equal(rules_refusal(&p, 0 + 15, 12), RULES_REFUSED_CHAIN);  /* a4-c3: the 4th shuttle move */
    assert_int_equal(rules_refusal(&p, 15, 22), RULES_REFUSED_NONE);       /* a4-c5 is legal */
    assert_int_equal(rules_refusal(&p, 15, 16), RULES_REFUSED_NONE);       /* a4-b4: no link */
    assert_int_equal(rules_refusal(&p, 4, 12), RULES_REFUSED_NONE);        /* e1-c3: no link */
    p = pos_of(".b.../...../w..../...../....w w jasir 3,0 4,0 - -");
    assert_int_equal(rules_refusal(&p, 10, 21), RULES_REFUSED_SHIELDED);   /* a3xb5: shielded */
    p = pos_of(".b.../...../w..../...../..... w jasir 4,0 4,0 - -");
    assert_int_equal(rules_refusal(&p, 10, 21), RULES_REFUSED_NONE);       /* the last resort: legal */
    p = shuttle_from("jasir", 2);
    assert_int_equal(rules_refusal(&p, 15, 12), RULES_REFUSED_NONE);       /* a4-c3: backwards in jasir */
}

static void test_brainking_fifth_shuttle_move_illegal(void **state)
{
    (void)state;
    rules_pos_t p = shuttle_from("brainking", 6);
    assert_true(is_legal(&p, "a4-c3"));
    p = shuttle_from("brainking", 8);
    assert_false(is_legal(&p, "c3-a4"));
    assert_true(is_legal(&p, "c3-a2"));
}

static void test_ludos_double_shuttle_ends_game(void **state)
{
    (void)state;
    rules_pos_t p = shuttle_from("ludos", 7);
    assert_false(rules_game_over(&p));
    play(&p, "c4-a5");
    assert_true(rules_ended_by_condition(&p));
    assert_true(rules_game_over(&p));
    uint8_t score[2];
    rules_score(&p, score);
    assert_int_equal(score[0], 2);
    assert_int_equal(score[1], 1);
    assert_int_equal(rules_winner(&p), RULES_WHITE);
    /* one side shuttling alone does not end it */
    p = pos_of("b..../...../..w../...../....w w ludos 3,0 4,0 - -");
    const char *const solo[] = {"c3-a4", "a5-c4", "a4-c3", "c4-b4", "c3-a4", "b4-c4", "a4-c3", "c4-b4"};
    for (int i = 0; i < 8; i++)
        play(&p, solo[i]);
    assert_false(rules_game_over(&p));
}

static void test_jasir_no_shuttle_limit(void **state)
{
    (void)state;
    rules_pos_t p = pos_of("b..../...../.w.../...../..... w jasir 4,0 4,0 - -");
    const char *const moves[] = {"b3-c3", "a5-c4", "c3-b3", "c4-b4", "b3-c3", "b4-c4",
                                 "c3-b3", "c4-b4", "b3-c3", "b4-c4"};
    for (int i = 0; i < 10; i++)
        play(&p, moves[i]);
    assert_true(is_legal(&p, "c3-b3"));
}

/* ---- home-row protection ---- */
static void test_jasir_home_row_protection(void **state)
{
    (void)state;
    rules_pos_t p = pos_of(".b.../...../w..../...../....w w jasir 3,0 4,0 - -");
    assert_string_equal(legal_text(&p), "e1-c2 e1-d3");
    p = pos_of(".b.../...../w..../...../..... w jasir 4,0 4,0 - -");
    assert_string_equal(legal_text(&p), "a3xb5"); /* the last resort */
    p = pos_of(".b.../...../w..../...../..... w jasir 3,1 4,0 - -");
    assert_string_equal(legal_text(&p), "@a1 @b1 @c1 @d1 @e1"); /* drops count */
    p = pos_of(".b.../...../w..../...../..... w classic 4,0 4,0 - -");
    /* unprotected, and the capture marks it on arrival: a return follows */
    assert_string_equal(legal_text(&p), "a3-b1 a3xb5@a1 a3xb5@b1 a3xb5@c1 a3xb5@d1 a3xb5@e1");
}

/* ---- game end, score, winner ---- */
static void expect_result(const char *text, bool over, int ws, int bs, int winner)
{
    rules_pos_t p = pos_of(text);
    uint8_t score[2];
    assert_int_equal(rules_game_over(&p), over);
    if (!over)
        return;
    rules_score(&p, score);
    assert_int_equal(score[0], ws);
    assert_int_equal(score[1], bs);
    assert_int_equal(rules_winner(&p), winner);
}

static void test_classic_endings(void **state)
{
    (void)state;
    expect_result("..w../...../b..../...../..... b classic 4,0 4,0 - -", true, 2, 1, RULES_WHITE);
    expect_result("...../...../b..../...../..... b classic 5,0 4,0 - -", true, 0, 1, RULES_BLACK);
    expect_result("..w../...../...../b...b/..... b classic 4,0 3,0 - -", true, 2, 2, RULES_DRAW);
    expect_result("..w../...w./...../b...b/..... b classic 3,0 3,0 - -", false, 0, 0, 0);
    expect_result("ww.../.w.../...../...../bbbbb w brainking 2,0 0,0 - -", true, 5, 10, RULES_BLACK);
}

static void test_ludos_endings(void **state)
{
    (void)state;
    expect_result("..w../...../...../b...b/..... b ludos 4,0 3,0 - -", true, 2, 2, RULES_WHITE);
    expect_result("...../...../b..../...../..... w ludos 5,0 4,0 - -", true, 0, 1, RULES_BLACK);
    expect_result("...../...../b..../...../..... w ludos 4,1 4,0 - -", false, 0, 0, 0);
}

static void test_jasir_endings(void **state)
{
    (void)state;
    expect_result(".w..b/...../w..../...../..... w jasir 3,0 4,0 - -", true, 2, 0, RULES_WHITE);
    expect_result(".w..b/...../...../...../..... w jasir 3,1 4,0 - -", false, 0, 0, 0);
    expect_result(".w.../...../...../...../..... b jasir 4,0 5,0 - -", true, 1, 0, RULES_WHITE);
    expect_result("..w../...../...../...../b.... w jasir 4,0 4,0 - -", true, 0, 0, RULES_DRAW);
    expect_result("..w../...../..b../...../..... w jasir 4,0 3,1 - -", true, 1, 0, RULES_WHITE);
}

/* ---- notation and make/unmake over random games ---- */
static void test_notation_round_trip_and_unmake(void **state)
{
    (void)state;
    srand(1234);
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (int game = 0; game < 300; game++) {
            rules_pos_t p;
            rules_init(&p, set, (uint8_t)(game & 1));
            for (int ply = 0; ply < 200; ply++) {
                rules_move_t moves[RULES_MAX_MOVES];
                const uint8_t n = rules_legal_moves(&p, moves);
                if (n == 0)
                    break;
                for (uint8_t i = 0; i < n; i++) {
                    char text[RULES_MOVE_TEXT_MAX];
                    rules_move_t back;
                    rules_undo_t u;
                    const rules_pos_t before = p;
                    rules_move_to_text(moves[i], text);
                    assert_true(rules_move_from_text(&p, text, &back));
                    assert_int_equal(back, moves[i]);
                    rules_make(&p, moves[i], &u);
                    rules_unmake(&p, moves[i], &u);
                    assert_memory_equal(&p, &before, sizeof p);
                }
                rules_undo_t u;
                rules_make(&p, moves[rand() % n], &u);
            }
        }
}

/* The tactical list is exactly the captures and camp arrivals of the full
 * list (jasir's last-resort shielded captures excepted). */
static void test_tactical_moves_are_the_captures_and_arrivals(void **state)
{
    (void)state;
    srand(99);
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (int game = 0; game < 300; game++) {
            rules_pos_t p;
            rules_init(&p, set, (uint8_t)(game & 1));
            for (int ply = 0; ply < 200; ply++) {
                rules_move_t all[RULES_MAX_MOVES], tac[RULES_MAX_MOVES];
                const uint8_t n = rules_legal_moves(&p, all);
                if (n == 0)
                    break;
                const uint8_t t = rules_ended_by_condition(&p) ? 0 : rules_tactical_moves(&p, tac, RULES_MAX_MOVES);
                /* a buffer too small is reported, never overrun */
                rules_move_t small[4];
                const uint8_t s4 = rules_legal_moves_into(&p, small, 4);
                assert_int_equal(s4, n > 4 ? RULES_OVERFLOW : n);
                const uint32_t camp = rules_enemy_camp(rules_side_to_move(&p));
                uint8_t expected = 0;
                bool all_shielded = true;
                for (uint8_t i = 0; i < n; i++) {
                    const rules_move_t m = all[i];
                    const bool tactical = !RULES_MOVE_IS_PLACEMENT(m) &&
                                          (RULES_MOVE_IS_CAPTURE(m) || (RULES_BIT(RULES_MOVE_TO(m)) & camp));
                    if (!tactical)
                        continue;
                    expected++;
                    bool found = false;
                    for (uint8_t j = 0; j < t; j++)
                        found |= tac[j] == m;
                    all_shielded &= !found;
                }
                if (t != expected) /* only jasir's last-resort captures may be missing */
                    assert_true(set == RULES_JASIR && t == 0 && all_shielded);
                rules_undo_t u;
                rules_make(&p, all[rand() % n], &u);
            }
        }
}

static void test_validate(void **state)
{
    (void)state;
    rules_pos_t p;
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        rules_init(&p, set, RULES_BLACK);
        assert_true(rules_validate(&p));
    }
    p = pos_of("b..../...W./...../w..../..... w ludos 3,0 4,0 d4b5:2 -");
    assert_true(rules_validate(&p));
    rules_pos_t q = p;
    q.men[1] |= RULES_BIT(5); /* a2 held by both */
    assert_false(rules_validate(&q));
    q = p;
    q.hand[0]++; /* six white pieces */
    assert_false(rules_validate(&q));
    q = p;
    q.marked |= RULES_BIT(12); /* a mark on an empty point */
    assert_false(rules_validate(&q));
    q = p;
    q.men[0] |= 1uL << 26; /* off the board */
    q.hand[0]--;
    assert_false(rules_validate(&q));
    q = p;
    q.marked |= (uint32_t)RULES_JASIR << RULES_SET_SHIFT; /* rule set 3 exists... */
    assert_true(rules_validate(&q));
    q = p;
    q.chain[0] = (uint8_t)(0 | (6u << 5)); /* a1 has no 7th link */
    assert_false(rules_validate(&q));
}

static void test_text_rejects_junk(void **state)
{
    (void)state;
    rules_pos_t p, q;
    rules_init(&p, RULES_CLASSIC, RULES_WHITE);
    rules_move_t m;
    const char *const junk[] = {"", "a1", "a1-b3x", "a1xb3", "a1-b4", "f1-b3", "@a1", "a1-b3@c1", "A1-B3", "a1 b3"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        assert_false(rules_move_from_text(&p, junk[i], &m));
    assert_int_equal(rules_point_from_text("e5"), 24);
    assert_int_equal(rules_point_from_text("e6"), RULES_NO_POINT);
    assert_false(rules_pos_from_text("bbbbb/...../...../...../wwwww w classic 0,0 0,0 -", &q, NULL));
    assert_false(rules_pos_from_text("bbbbb/...../...../...../wwww. w classic 0,0 0,0 - -", &q, NULL));
    assert_false(rules_pos_from_text("bbbbb/...../...../...../wwwww x classic 0,0 0,0 - -", &q, NULL));
    assert_false(rules_pos_from_text("bbbbb/...../...../...../wwwww w chess 0,0 0,0 - -", &q, NULL));
    assert_false(rules_pos_from_text("bbbbb/...../...../...../wwwww w classic 0,0 0,0 a1b1:1 -", &q, NULL));
}

/* docs/manual.md's table of every point's neighbours (for a player whose
 * faceplate is missing) against the link table: every point has its row,
 * and each row names exactly its neighbours (jasir's b3-c3 in brackets). */
static void test_manual_neighbour_table(void **state)
{
    (void)state;
    FILE *f = fopen("docs/manual.md", "r");
    assert_non_null(f);
    char line[512];
    uint32_t seen = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "| ", 2) != 0 || !strstr(line, " | "))
            continue;
        /* | point | neighbours | point | neighbours | point | neighbours | */
        char *cells[8];
        int n = 0;
        for (char *c = strtok(line, "|"); c && n < 8; c = strtok(NULL, "|"))
            cells[n++] = c;
        for (int i = 0; i + 1 < n; i += 2) {
            char name[4];
            if (sscanf(cells[i], " %3s", name) != 1 || strlen(name) != 2)
                continue;
            const uint8_t p = rules_point_from_text(name);
            if (p == RULES_NO_POINT)
                continue;
            seen |= RULES_BIT(p);
            uint32_t listed = 0;
            char *w = cells[i + 1];
            for (char *t = strtok_r(w, " ()", &w); t; t = strtok_r(NULL, " ()", &w)) {
                const uint8_t q = strlen(t) == 2 ? rules_point_from_text(t) : RULES_NO_POINT;
                if (q != RULES_NO_POINT)
                    listed |= RULES_BIT(q);
            }
            uint32_t want = 0;
            for (uint8_t slot = 0; slot < RULES_MAX_DEGREE; slot++) {
                bool extra;
                const uint8_t q = rules_neighbour(p, slot, &extra);
                if (q == RULES_NO_POINT)
                    break;
                want |= RULES_BIT(q);
            }
            if (listed != want)
                fail_msg("docs/manual.md: %s's neighbours are not the link table's", name);
        }
    }
    fclose(f);
    if (seen != (1uL << RULES_POINTS) - 1u)
        fail_msg("docs/manual.md's neighbour table has no row for some points (have %07lx)", (unsigned long)seen);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_manual_neighbour_table),
        cmocka_unit_test(test_board_has_38_links_and_jasir_39),
        cmocka_unit_test(test_end_reasons),
        cmocka_unit_test(test_start_position_and_size),
        cmocka_unit_test(test_reference_perft),
        cmocka_unit_test(test_move_buffer_bound),
        cmocka_unit_test(test_directions_any_in_classic),
        cmocka_unit_test(test_directions_forward_or_sideways_in_jasir),
        cmocka_unit_test(test_pieces_in_enemy_camp_never_move),
        cmocka_unit_test(test_capture_marks_in_classic_and_brainking),
        cmocka_unit_test(test_ludos_guard_only_outside_victims_camp),
        cmocka_unit_test(test_jasir_capture_promotes),
        cmocka_unit_test(test_captured_piece_goes_to_captors_side),
        cmocka_unit_test(test_jasir_promoted_victim_lives_plain_victim_dies),
        cmocka_unit_test(test_classic_return_is_part_of_the_move),
        cmocka_unit_test(test_classic_capture_on_arrival_marks_first),
        cmocka_unit_test(test_classic_no_return_without_captured_piece),
        cmocka_unit_test(test_classic_return_owed_when_home_row_full),
        cmocka_unit_test(test_ludos_recover_now_or_hold),
        cmocka_unit_test(test_jasir_no_return_on_arrival_but_reserve_drop),
        cmocka_unit_test(test_classic_fourth_shuttle_move_illegal),
        cmocka_unit_test(test_brainking_fifth_shuttle_move_illegal),
        cmocka_unit_test(test_refusals_named),
        cmocka_unit_test(test_ludos_double_shuttle_ends_game),
        cmocka_unit_test(test_jasir_no_shuttle_limit),
        cmocka_unit_test(test_jasir_home_row_protection),
        cmocka_unit_test(test_classic_endings),
        cmocka_unit_test(test_ludos_endings),
        cmocka_unit_test(test_jasir_endings),
        cmocka_unit_test(test_notation_round_trip_and_unmake),
        cmocka_unit_test(test_tactical_moves_are_the_captures_and_arrivals),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_text_rejects_junk),
    };
    return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
