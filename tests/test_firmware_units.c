/* Host tests of the firmware parts that need no hardware: debouncing, the
 * input event state machine, rendering into a canvas, and the EEPROM
 * settings store (with a fake EEPROM that can lose power mid-write). */
#include "helpers.h"

#include "button_changes.h"
#include "debounce.h"
#include "storage/game_save.h"
#include "hal.h"
#include "game/input.h"
#include "game/render.h"
#include "storage/eeprom_map.h"
#include "storage/nv_record.h"
#include "storage/settings.h"

/* ---- fake EEPROM ------------------------------------------------------ */
static uint8_t eeprom[HAL_NV_SIZE];
static int writes_left = -1; /* bytes written before the "power cut"; -1: no cut */
static unsigned bytes_written;

void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, eeprom + addr, len); }
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len)
{
    const uint8_t *b = buf;
    for (uint16_t i = 0; i < len; i++) {
        if (writes_left == 0)
            return; /* power is gone: the rest is never written */
        if (eeprom[addr + i] != b[i]) {
            eeprom[addr + i] = b[i];
            bytes_written++;
        }
        if (writes_left > 0)
            writes_left--;
    }
}

/* ---- debounce ----------------------------------------------------------- */
static void test_debounce_ignores_chatter(void **state)
{
    (void)state;
    debounce_t d = {0, {0}};
    /* chatter for 4 ms, then held */
    const uint8_t raw[] = {1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    int flips = 0;
    uint8_t last = 0;
    for (size_t i = 0; i < sizeof raw; i++) {
        const uint8_t s = debounce_step(&d, raw[i]);
        if (s != last)
            flips++;
        last = s;
    }
    assert_int_equal(flips, 1);
    assert_int_equal(last, 1);
    /* a 3 ms glitch while held is not a release */
    for (int i = 0; i < 3; i++)
        assert_int_equal(debounce_step(&d, 0), 1);
    assert_int_equal(debounce_step(&d, 1), 1);
}

/* ---- input events ------------------------------------------------------- */
static uint8_t run_input(input_t *in, uint8_t buttons, uint32_t from, uint32_t to, input_event_t *all, uint8_t max)
{
    uint8_t total = 0;
    for (uint32_t t = from; t <= to; t++) {
        input_event_t ev[INPUT_MAX_EVENTS];
        const uint8_t n = input_update(in, buttons, t, ev);
        for (uint8_t i = 0; i < n && total < max; i++)
            all[total++] = ev[i];
    }
    return total;
}

/* Taps that came and went while the main loop was busy (an EEPROM save):
 * the tick ISR's list of changes keeps their order and count, and the
 * input turns them into presses and releases in that order. */
static void test_button_changes_keep_taps(void **state)
{
    (void)state;
    button_changes_t c = {0, {0}};
    /* right, A, right again: down and up each */
    const uint8_t taps[] = {HAL_BTN_RIGHT, 0, HAL_BTN_A, 0, HAL_BTN_RIGHT, 0};
    for (uint8_t i = 0; i < sizeof taps; i++)
        button_changes_add(&c, taps[i]);
    uint8_t states[HAL_BUTTON_CHANGES];
    const uint8_t k = button_changes_take(&c, states);
    assert_int_equal(k, 6);
    assert_int_equal(button_changes_take(&c, states + k), 0); /* taken: empty */
    input_t in;
    input_init(&in);
    const uint8_t want[][2] = {{INPUT_PRESS, HAL_BTN_RIGHT}, {INPUT_RELEASE, HAL_BTN_RIGHT}, {INPUT_PRESS, HAL_BTN_A},
                               {INPUT_RELEASE, HAL_BTN_A},   {INPUT_PRESS, HAL_BTN_RIGHT}, {INPUT_RELEASE, HAL_BTN_RIGHT}};
    for (uint8_t i = 0; i < k; i++) {
        input_event_t ev[INPUT_MAX_EVENTS];
        assert_int_equal(input_update(&in, states[i], 100, ev), 1);
        assert_int_equal(ev[0].kind, want[i][0]);
        assert_int_equal(ev[0].button, want[i][1]);
    }
}

/* More changes than the list holds: the newest replace the last, so the
 * last state is the current one and no button is left down. */
static void test_button_changes_full_ends_current(void **state)
{
    (void)state;
    button_changes_t c = {0, {0}};
    for (uint8_t i = 0; i < 3u * HAL_BUTTON_CHANGES + 1u; i++) /* UP down and up, ending down */
        button_changes_add(&c, (uint8_t)(i % 2u == 0u ? HAL_BTN_UP : 0u));
    button_changes_add(&c, 0); /* let go */
    uint8_t states[HAL_BUTTON_CHANGES];
    const uint8_t k = button_changes_take(&c, states);
    assert_int_equal(k, HAL_BUTTON_CHANGES);
    assert_int_equal(states[0], HAL_BTN_UP);
    assert_int_equal(states[k - 1u], 0);
    input_t in;
    input_init(&in);
    input_event_t ev[INPUT_MAX_EVENTS];
    for (uint8_t i = 0; i < k; i++)
        (void)input_update(&in, states[i], 100, ev);
    assert_int_equal(in.down, 0);
    /* no repeat later: nothing is held */
    assert_int_equal(input_update(&in, 0, 2000, ev), 0);
}

static void test_input_press_release(void **state)
{
    (void)state;
    input_t in;
    input_event_t ev[32];
    input_init(&in);
    uint8_t n = run_input(&in, HAL_BTN_A, 0, 100, ev, 32);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].kind, INPUT_PRESS);
    assert_int_equal(ev[0].button, HAL_BTN_A);
    n = run_input(&in, 0, 101, 110, ev, 32);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].kind, INPUT_RELEASE);
}

static void test_input_arrow_auto_repeat(void **state)
{
    (void)state;
    input_t in;
    input_event_t ev[64];
    input_init(&in);
    /* held 1000 ms: press, then repeats at 400, 520, 640, 760, 880, 1000 */
    const uint8_t n = run_input(&in, HAL_BTN_RIGHT, 0, 1000, ev, 64);
    assert_int_equal(n, 7);
    for (uint8_t i = 1; i < n; i++) {
        assert_int_equal(ev[i].kind, INPUT_REPEAT);
        assert_int_equal(ev[i].button, HAL_BTN_RIGHT);
    }
}

static void test_input_long_hold_once(void **state)
{
    (void)state;
    input_t in;
    input_event_t ev[64];
    input_init(&in);
    uint8_t n = run_input(&in, HAL_BTN_B, 0, 3000, ev, 64);
    assert_int_equal(n, 2); /* press, then one hold; B never repeats */
    assert_int_equal(ev[1].kind, INPUT_HOLD);
    /* a short press gives no hold */
    input_init(&in);
    n = run_input(&in, HAL_BTN_B, 0, 500, ev, 64);
    n = (uint8_t)(n + run_input(&in, 0, 501, 2000, ev + n, 32));
    assert_int_equal(n, 2);
    assert_int_equal(ev[1].kind, INPUT_RELEASE);
}

/* ---- rendering ------------------------------------------------------------ */
static void test_render_start_position(void **state)
{
    (void)state;
    hal_canvas_t c;
    rules_pos_t p;
    rules_init(&p, RULES_CLASSIC, RULES_WHITE);
    render_view_t v = {.pos = &p, .cursor = 2, .cursor_on = false, .selected = RULES_NO_POINT,
                       .last_from = RULES_NO_POINT};
    render_game(c, &v);
    for (uint8_t x = 0; x < 5; x++) {
        assert_int_equal(c[0][x], COLOUR_BLACK_PIECE); /* row 5 on top */
        assert_int_equal(c[4][x], COLOUR_WHITE_PIECE);
        assert_int_equal(c[7][x], COLOUR_WHITE_MARKED); /* white's turn */
        for (uint8_t y = 1; y < 4; y++)
            assert_int_equal(c[y][x], 0);
    }
    v.cursor_on = true;
    render_game(c, &v);
    assert_int_equal(c[4][2], COLOUR_CURSOR);
}

static void test_render_selection_marks_hands(void **state)
{
    (void)state;
    hal_canvas_t c;
    rules_pos_t p = pos_of("b..../...W./...../w..../..... w classic 3,0 2,2 - -");
    /* d4 selected, its targets highlighted, b5 hidden behind nothing */
    render_view_t v = {.pos = &p, .cursor = 0, .cursor_on = false, .blink_on = true,
                       .selected = 18, .targets = RULES_BIT(21) | RULES_BIT(17),
                       .last_from = RULES_NO_POINT};
    render_game(c, &v);
    assert_int_equal(c[1][3], COLOUR_SELECTED);  /* d4 */
    assert_int_equal(c[0][1], COLOUR_TARGET);    /* b5 */
    assert_int_equal(c[1][2], COLOUR_TARGET);    /* c4 */
    assert_int_equal(c[0][0], COLOUR_BLACK_PIECE);
    assert_int_equal(c[3][0], COLOUR_WHITE_PIECE); /* a2 */
    /* white: 3 captured (dim); black: 2 ready (bright) then 2 captured */
    assert_int_equal(c[0][6], COLOUR_WHITE_PIECE);
    assert_int_equal(c[2][6], COLOUR_WHITE_PIECE);
    assert_int_equal(c[3][6], 0);
    assert_int_equal(c[0][7], COLOUR_BLACK_MARKED);
    assert_int_equal(c[1][7], COLOUR_BLACK_MARKED);
    assert_int_equal(c[2][7], COLOUR_BLACK_PIECE);
    assert_int_equal(c[3][7], COLOUR_BLACK_PIECE);
    assert_int_equal(c[4][7], 0);
    /* a marked piece is brighter than a plain one */
    p = pos_of("b..../...W./...../w..../..... w classic 3,0 4,0 - -");
    v.selected = RULES_NO_POINT;
    v.targets = 0;
    render_game(c, &v);
    assert_int_equal(c[1][3], COLOUR_WHITE_MARKED);
}

/* Words in the 3x5 font: "6-10" drawn from the left edge, a column
 * between letters. */
static void test_render_text_digits(void **state)
{
    (void)state;
    hal_canvas_t c;
    render_clear(c);
    render_text(c, "6-10", 0, 0, COLOUR_CURSOR);
    static const char rows[5][9] = {".YY.....", "Y.......", "YYY.YYY.", "Y.Y.....", "YYY....."}; /* the 1 is past the edge */
    for (uint8_t y = 0; y < 5u; y++)
        for (uint8_t x = 0; x < 8u; x++)
            assert_int_equal(c[y][x] ? 'Y' : '.', rows[y][x]);
    assert_int_equal(render_text_width("6-10"), 15);
}

/* The final position keeps the pieces and shows the winner below. */
static void test_render_final_shows_winner(void **state)
{
    (void)state;
    hal_canvas_t c;
    const rules_pos_t p = pos_of("..w../...../b..../...../..... b classic 4,0 4,0 - -");
    render_final(c, &p, RULES_NO_POINT, RULES_WHITE);
    assert_int_equal(c[0][2], COLOUR_WHITE_PIECE);
    assert_int_equal(c[2][0], COLOUR_BLACK_PIECE);
    for (uint8_t x = 0; x < 8u; x++)
        assert_int_equal(c[7][x], COLOUR_WHITE_MARKED);
    render_final(c, &p, RULES_NO_POINT, RULES_DRAW);
    assert_int_equal(c[7][7], COLOUR_CURSOR);
}

/* ---- settings in EEPROM --------------------------------------------------- */
static void erase(void)
{
    memset(eeprom, 0xFF, sizeof eeprom);
    writes_left = -1;
    bytes_written = 0;
}

static void test_settings_defaults_on_erased_or_corrupt(void **state)
{
    (void)state;
    settings_t s;
    erase();
    assert_false(settings_load(&s));
    assert_int_equal(s.rules, RULES_CLASSIC);
    for (unsigned i = 0; i < NV_RECORD_SLOTS * EE_SETTINGS_SLOT; i++)
        eeprom[i] = (uint8_t)(i * 37u + 11u); /* garbage */
    assert_false(settings_load(&s));
    assert_int_equal(s.level, 2);
    assert_int_equal(s.mode, SETTINGS_MODE_VS_CONSOLE);
}

static void test_settings_round_trip_and_no_needless_writes(void **state)
{
    (void)state;
    settings_t s, back;
    erase();
    settings_defaults(&s);
    s.rules = RULES_JASIR;
    s.level = 5;
    settings_save(&s);
    assert_true(settings_load(&back));
    assert_memory_equal(&s, &back, sizeof s);
    const unsigned before = bytes_written;
    settings_save(&s);
    assert_int_equal(bytes_written, before); /* unchanged: nothing written */
    for (int i = 0; i < 600; i++) { /* sequence numbers wrap around */
        s.rules = (uint8_t)(i % RULES_SET_COUNT);
        settings_save(&s);
        assert_true(settings_load(&back));
        assert_int_equal(back.rules, s.rules);
    }
}

static void test_settings_survive_power_cut_mid_save(void **state)
{
    (void)state;
    settings_t s, back;
    erase();
    settings_defaults(&s);
    s.rules = RULES_LUDOS;
    settings_save(&s);
    s.rules = RULES_BRAINKING;
    settings_save(&s);
    for (int cut = 0; cut < (int)EE_SETTINGS_SLOT; cut++) {
        uint8_t saved[HAL_NV_SIZE];
        memcpy(saved, eeprom, sizeof eeprom);
        s.rules = RULES_JASIR;
        writes_left = cut; /* the power fails after `cut` bytes */
        settings_save(&s);
        writes_left = -1;
        assert_true(settings_load(&back));
        /* either the old settings or, if the last byte made it, the new */
        assert_true(back.rules == RULES_BRAINKING || back.rules == RULES_JASIR);
        memcpy(eeprom, saved, sizeof eeprom);
    }
}

/* ---- the saved game ------------------------------------------------------ */
static void assert_same_save(const game_save_t *a, const game_save_t *b)
{
    assert_memory_equal(&a->pos, &b->pos, sizeof a->pos);
    assert_int_equal(a->last_from, b->last_from);
    assert_memory_equal(&a->match, &b->match, sizeof a->match); /* bytes, no padding */
}

/* The record's bytes are the documented ones (eeprom_map.h), whatever the
 * compiler's struct layout: the same on the AVR and the host. */
static void test_game_record_bytes(void **state)
{
    (void)state;
    game_save_t g;
    rules_init(&g.pos, RULES_LUDOS, RULES_BLACK);
    g.last_from = 7;
    g.match = (game_match_t){SETTINGS_MODE_VS_CONSOLE, 4, RULES_BLACK, RULES_BLACK, 6, 3, {12, 9}};
    erase();
    game_save_store(&g);
    const uint8_t want[EE_GAME_SLOT] = {
        EE_GAME_MAGIC, 0,                                  /* magic, sequence */
        0x1F, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x01,    /* white a1-e1, black a5-e5 */
        0x00, 0x00, 0x00, 0xC0,                            /* rule set 2, Black to move */
        0x00, 0x00, 0xFF, 0xFF,                            /* hands, no chains */
        7,                                                 /* last_from */
        1, 4, 1, 1, 6, 3, 12, 9,                           /* the match: console 4, human black, black first, game 3/6 */
        nv_record_crc8(eeprom + EE_GAME_ADDR, EE_GAME_BYTES + 2u)};
    assert_memory_equal(eeprom + EE_GAME_ADDR, want, sizeof want);
    rules_pos_t back;
    rules_pos_unpack(eeprom + EE_GAME_ADDR + 2, &back);
    assert_memory_equal(&back, &g.pos, sizeof back);
}

static void test_game_save_resumes_only_sound_games(void **state)
{
    (void)state;
    const game_match_t two = {SETTINGS_MODE_TWO_PLAYERS, 3, RULES_WHITE, RULES_WHITE, 2, 1, {0, 0}};
    game_save_t g = {pos_of("b.b.b/...../.w.b./...../w.w.w w classic 1,0 1,0 - -"), 12, two}, back;
    erase();
    assert_false(game_save_load(&back)); /* erased: nothing to resume */
    game_save_store(&g);
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    /* a later move, then its copy damaged: the earlier copy is resumed */
    game_save_t later = g;
    later.pos.men[0] ^= RULES_BIT(11) | RULES_BIT(16); /* b3 -> b4 */
    later.pos.marked ^= RULES_STM_BIT;
    game_save_store(&later);
    assert_true(game_save_load(&back));
    assert_same_save(&later, &back);
    /* the first save went to slot 0, the later one to slot 1: flip one bit
     * of its payload */
    eeprom[EE_GAME_ADDR + EE_GAME_SLOT + 3u] ^= 0x40u;
    assert_true(game_save_load(&back));
    assert_same_save(&g, &back);
    /* a record with a good CRC but an impossible position is refused */
    game_save_t bad = g;
    bad.pos.men[1] |= RULES_BIT(0); /* a1 held by both sides */
    erase();
    game_save_store(&bad);
    assert_false(game_save_load(&back));
    /* a match that cannot be (game 3 of 2) is refused */
    bad = g;
    bad.match.number = 3;
    erase();
    game_save_store(&bad);
    assert_false(game_save_load(&back));
    /* a finished game is not resumed */
    game_save_t over = {pos_of("..w../...../b..../...../..... b classic 4,0 4,0 - -"), RULES_NO_POINT, two};
    erase();
    game_save_store(&over);
    assert_false(game_save_load(&back));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_debounce_ignores_chatter),
        cmocka_unit_test(test_game_record_bytes),
        cmocka_unit_test(test_input_press_release),
        cmocka_unit_test(test_button_changes_keep_taps),
        cmocka_unit_test(test_button_changes_full_ends_current),
        cmocka_unit_test(test_input_arrow_auto_repeat),
        cmocka_unit_test(test_input_long_hold_once),
        cmocka_unit_test(test_render_start_position),
        cmocka_unit_test(test_render_selection_marks_hands),
        cmocka_unit_test(test_render_text_digits),
        cmocka_unit_test(test_render_final_shows_winner),
        cmocka_unit_test(test_settings_defaults_on_erased_or_corrupt),
        cmocka_unit_test(test_settings_round_trip_and_no_needless_writes),
        cmocka_unit_test(test_settings_survive_power_cut_mid_save),
        cmocka_unit_test(test_game_save_resumes_only_sound_games),
    };
    return cmocka_run_group_tests_name("firmware units", tests, NULL, NULL);
}
