/* Host tests of the console's screens (firmware/game/) over a fake HAL
 * (tests/fake_hal.c): a fresh console's defaults, the words on the ticker
 * (menu, start, end, refusals, score), the match flow, undo, hint and the
 * console's turn, with no simulator and no timing of a real MCU. */
#include "helpers.h"

#include "ai/ai.h"
#include "fake_hal.h"
#include "game/battery.h"
#include "game/match_query.h"
#include "game/render.h"
#include "game/ui.h"
#include "game/words.h"
#include "storage/settings.h"

static ui_t ui;
static hal_canvas_t canvas;

static void poll(void) {}

/* Time passes in 10 ms steps, as the main loop would see it. */
static void run_for(uint32_t ms)
{
    for (uint32_t t = 0; t < ms; t += 10u) {
        fake_millis += 10u;
        ui_step(&ui, fake_millis, poll);
        ui_draw(&ui, canvas, fake_millis);
    }
}

static void event(uint8_t kind, uint8_t button)
{
    const input_event_t ev = {kind, button};
    ui_event(&ui, &ev, fake_millis);
}

static void tap(uint8_t button)
{
    event(INPUT_PRESS, button);
    event(INPUT_RELEASE, button);
    run_for(20);
}

static void long_b(void)
{
    event(INPUT_PRESS, HAL_BTN_B);
    event(INPUT_HOLD, HAL_BTN_B);
    event(INPUT_RELEASE, HAL_BTN_B);
    run_for(20);
}

static const char *words(void)
{
    static char text[WORDS_MAX];
    words_now(&ui, text, NULL);
    return text;
}

/* A fresh console: erased EEPROM, first power-on. */
static void boot_fresh(void)
{
    fake_reset(1000);
    ui_init(&ui, 1);
}

/* The same console switched off and on again (EEPROM kept). */
static void reboot(void)
{
    fake_millis += 5000u;
    fake_log_clear();
    ui_init(&ui, 2);
}

/* A fresh console set to two players from the menu, a new match started. */
static void menu_to(uint8_t item);
static void boot_two_players(void)
{
    boot_fresh();
    menu_to(UI_ITEM_MODE);
    tap(HAL_BTN_RIGHT);
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A);
}

static void skip_words(void)
{
    assert_int_not_equal(ui.ticker.say, UI_SAY_NOTHING);
    tap(HAL_BTN_B);
    assert_int_equal(ui.ticker.say, UI_SAY_NOTHING);
}

static void cursor_to(uint8_t point)
{
    while (rules_file(ui.play.cursor) < rules_file(point))
        tap(HAL_BTN_RIGHT);
    while (rules_file(ui.play.cursor) > rules_file(point))
        tap(HAL_BTN_LEFT);
    while (rules_row(ui.play.cursor) < rules_row(point))
        tap(HAL_BTN_UP);
    while (rules_row(ui.play.cursor) > rules_row(point))
        tap(HAL_BTN_DOWN);
    assert_int_equal(ui.play.cursor, point);
}

/* "c1-d3": A on c1, A on d3. */
static void play_text(const char *move)
{
    cursor_to(rules_point_from_text(move));
    tap(HAL_BTN_A);
    cursor_to(rules_point_from_text(move + 3));
    tap(HAL_BTN_A);
}

/* Opens the menu and goes to an item. */
static void menu_to(uint8_t item)
{
    long_b();
    assert_int_equal(ui.screen, UI_MENU);
    while (ui.menu.item != item)
        tap(HAL_BTN_DOWN);
}

/* Waits (up to 5 s) for the console's reply; true when it came. */
static bool console_replies(void)
{
    const int before = fake_log_count("move ");
    for (int i = 0; i < 500 && fake_log_count("move ") == before; i++)
        run_for(10);
    return fake_log_count("move ") > before;
}

/* ---- a fresh console --------------------------------------------------------- */
static void test_fresh_console_plays_you_against_the_console(void **state)
{
    (void)state;
    boot_fresh();
    assert_non_null(strstr(fake_log, "start classic first white console 2 human white match 1/2\n"));
    assert_int_equal(ui.screen, UI_GAME);
    assert_int_equal(ui.ticker.say, UI_SAY_START);
    assert_string_equal(words(), "GAME 1 OF 2 - CLASSIC - YOU ARE GREEN - YOU START");
    assert_int_equal(rules_side_to_move(&ui.board.pos), RULES_WHITE);
    skip_words();
    play_text("c1-d3");
    assert_true(console_replies()); /* nobody else to wait for */
}

static void test_start_words_end_by_themselves_and_any_button_skips_only(void **state)
{
    (void)state;
    boot_fresh();
    const uint8_t cursor = ui.play.cursor;
    tap(HAL_BTN_RIGHT); /* skips the words, does not move the cursor */
    assert_int_equal(ui.ticker.say, UI_SAY_NOTHING);
    assert_int_equal(ui.play.cursor, cursor);
    boot_fresh();
    const uint16_t steps = render_text_width(words());
    run_for((uint32_t)steps * UI_TICKER_STEP_MS - 50u);
    assert_int_equal(ui.ticker.say, UI_SAY_START);
    run_for(100);
    assert_int_equal(ui.ticker.say, UI_SAY_NOTHING);
}

/* ---- the console's turn ------------------------------------------------------ */
/* Bug: a reply was played at once when the clock read 1 ms ahead of the
 * main loop's `now` as the move was chosen (an unsigned difference). */
static void test_console_move_blinks_even_when_the_clock_runs_ahead(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    cursor_to(rules_point_from_text("c1"));
    tap(HAL_BTN_A);
    cursor_to(rules_point_from_text("d3"));
    event(INPUT_PRESS, HAL_BTN_A); /* played; the console has not looked yet */
    const int before = fake_log_count("move ");
    assert_int_equal(fake_log_count("move c1-d3"), 1);
    const uint32_t now = fake_millis + 10u;
    fake_millis = now + 2u; /* the search ran: the clock is ahead of `now` */
    ui_step(&ui, now, poll);
    assert_true(ui.opponent.shown_since != 0u);
    ui_step(&ui, now + 1u, poll); /* the next loop's `now`, still before shown_since */
    assert_int_equal(fake_log_count("move "), before);
    fake_millis = now + 500u;
    ui_step(&ui, fake_millis, poll);
    assert_int_equal(fake_log_count("move "), before); /* still blinking */
    fake_millis = now + 3u + UI_SHOW_MOVE_MS;
    ui_step(&ui, fake_millis, poll);
    assert_int_equal(fake_log_count("move "), before + 1);
}

/* Bug: Undo while the console's first move blinked dropped that move and
 * the console thought again. Now nothing changes, and the words say why. */
static void test_undo_while_the_consoles_first_move_blinks_changes_nothing(void **state)
{
    (void)state;
    boot_fresh();
    menu_to(UI_ITEM_SIDE);
    tap(HAL_BTN_RIGHT); /* you: red, the console starts */
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A);
    assert_non_null(strstr(fake_log, "start classic first white console 2 human black match 1/2\n"));
    assert_string_equal(words(), "GAME 1 OF 2 - CLASSIC - YOU ARE RED - CONSOLE STARTS");
    skip_words();
    fake_millis += 10u;
    ui_step(&ui, fake_millis, poll); /* the console chooses its move */
    const rules_move_t shown = ui.opponent.shown;
    assert_true(ui.opponent.shown_since != 0u);
    menu_to(UI_ITEM_UNDO);
    fake_tone_hz = 0;
    tap(HAL_BTN_A);
    assert_int_equal(fake_tone_hz, 150u);
    assert_string_equal(words(), "NOTHING TO UNDO");
    assert_true(ui.opponent.shown_since != 0u);
    tap(HAL_BTN_B); /* skip the words */
    tap(HAL_BTN_B); /* leave the menu */
    fake_log_clear();
    assert_true(console_replies());
    char want[32] = "move ";
    rules_move_to_text(shown, want + 5);
    assert_non_null(strstr(fake_log, want));
    assert_int_equal(fake_log_count("move "), 1);
}

static void test_undo_while_the_reply_blinks_takes_back_your_move(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    play_text("c1-d3");
    fake_millis += 10u;
    ui_step(&ui, fake_millis, poll); /* its reply, blinking */
    assert_true(ui.opponent.shown_since != 0u);
    menu_to(UI_ITEM_UNDO);
    tap(HAL_BTN_A);
    assert_int_equal(ui.screen, UI_GAME);
    assert_int_equal(ui.opponent.shown_since, 0u);
    assert_int_equal(fake_log_count("undo c1-d3"), 1);
    rules_pos_t start;
    rules_init(&start, RULES_CLASSIC, RULES_WHITE);
    assert_memory_equal(&start, &ui.board.pos, sizeof start);
    run_for(2000);
    assert_int_equal(fake_log_count("move "), 1); /* your turn: the console waits */
}

/* ---- the menu in words -------------------------------------------------------- */
static void test_menu_items_and_values_in_words(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    static const char *const want[UI_ITEM_COUNT] = {
        "RESUME", "UNDO", "HINT", "NEW MATCH", "VS CONSOLE", "LEVEL 2", "YOU PLAY GREEN",
        "RULES CLASSIC", "GREEN STARTS", "MATCH OF 2 GAMES", "SOUND ON", "LIGHT 3", "RED PIECES STEADY"};
    long_b();
    for (uint8_t i = 0; i < UI_ITEM_COUNT; i++) {
        assert_int_equal(ui.menu.item, i);
        assert_string_equal(words(), want[i]);
        tap(HAL_BTN_DOWN);
    }
    assert_int_equal(ui.menu.item, UI_ITEM_RESUME); /* round again */
    /* every value of every setting, each told apart by a word */
    menu_to(UI_ITEM_RULES);
    static const char *const rules[] = {"RULES BRAINKING", "RULES LUDOS", "RULES JASIR", "RULES CLASSIC"};
    for (unsigned i = 0; i < 4; i++) {
        tap(HAL_BTN_RIGHT);
        assert_non_null(strstr(words(), rules[i]));
    }
    menu_to(UI_ITEM_MODE);
    tap(HAL_BTN_RIGHT);
    assert_string_equal(words(), "2 PLAYERS - NEXT MATCH");
    tap(HAL_BTN_LEFT);
    assert_string_equal(words(), "VS CONSOLE");
}

static void test_a_changed_setting_says_it_waits_for_the_next_match(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    menu_to(UI_ITEM_LEVEL);
    tap(HAL_BTN_RIGHT);
    assert_string_equal(words(), "LEVEL 3 - NEXT MATCH");
    /* the value is at the left edge at once: the ticker starts at it */
    assert_int_equal(ui.ticker.x0, -(int8_t)render_text_width("LEVEL ") - 1);
    tap(HAL_BTN_DOWN);
    tap(HAL_BTN_UP);
    assert_string_equal(words(), "LEVEL 3 - NEXT MATCH");
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A); /* nothing played yet: no question */
    assert_non_null(strstr(fake_log, "console 3 human white"));
    menu_to(UI_ITEM_LEVEL);
    assert_string_equal(words(), "LEVEL 3");
    /* settings survive a power cycle */
    reboot();
    assert_int_equal(ui.settings.level, 3);
}

static void test_new_match_with_a_game_in_progress_asks_first(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    play_text("c1-d3");
    assert_true(console_replies());
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A);
    assert_int_equal(ui.screen, UI_CONFIRM);
    assert_string_equal(words(), "NEW MATCH - A YES - B NO");
    tap(HAL_BTN_B);
    assert_int_equal(ui.screen, UI_MENU);
    fake_log_clear();
    tap(HAL_BTN_B);
    assert_int_equal(ui.screen, UI_GAME);
    assert_int_equal(fake_log_count("start "), 0);
}

/* ---- during play ------------------------------------------------------------ */
static void test_a_on_the_consoles_piece_says_your_colour(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    cursor_to(rules_point_from_text("c5"));
    tap(HAL_BTN_A);
    assert_string_equal(words(), "YOU ARE GREEN");
}

static void test_b_with_nothing_selected_tells_the_score_now(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    tap(HAL_BTN_B);
    assert_int_equal(ui.ticker.say, UI_SAY_SCORE);
    assert_string_equal(words(), "NOW YOU 5 CONSOLE 5 - MATCH YOU 0 CONSOLE 0 - CLASSIC");
    /* with a piece selected, B only lets it go */
    skip_words();
    cursor_to(rules_point_from_text("c1"));
    tap(HAL_BTN_A);
    assert_int_equal(ui.play.selected, rules_point_from_text("c1"));
    tap(HAL_BTN_B);
    assert_int_equal(ui.play.selected, RULES_NO_POINT);
    assert_int_equal(ui.ticker.say, UI_SAY_NOTHING);
}

/* Two players; White shuttles d3-c1-d3: the fourth move of the chain is
 * refused, shown flickering when d3 is selected, and explained. */
static void test_refused_move_is_shown_and_explained(void **state)
{
    (void)state;
    boot_two_players();
    assert_string_equal(words(), "GAME 1 OF 2 - CLASSIC - P1 GREEN - GREEN STARTS");
    skip_words();
    play_text("c1-d3");
    play_text("c5-e4");
    play_text("d3-c1");
    play_text("e4-c5");
    play_text("c1-d3");
    play_text("c5-e4");
    cursor_to(rules_point_from_text("d3"));
    tap(HAL_BTN_A);
    const uint32_t c1 = RULES_BIT(rules_point_from_text("c1"));
    assert_true(ui.play.refused & c1);
    assert_false(ui.play.targets & c1);
    cursor_to(rules_point_from_text("c1"));
    fake_tone_hz = 0;
    tap(HAL_BTN_A);
    assert_int_equal(fake_tone_hz, 220u);
    assert_string_equal(words(), "ONLY 3 TIMES BACK AND FORTH");
}

/* Brainking allows one back-and-forth move more: the fifth is refused, and
 * the words say the rule set's own number (issue 52 item 3: they said 3). */
static void test_refused_shuttle_says_the_rule_sets_number(void **state)
{
    (void)state;
    boot_fresh();
    menu_to(UI_ITEM_MODE);
    tap(HAL_BTN_RIGHT);
    menu_to(UI_ITEM_RULES);
    tap(HAL_BTN_RIGHT);
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A);
    assert_string_equal(words(), "GAME 1 OF 2 - BRAINKING - P1 GREEN - GREEN STARTS");
    skip_words();
    for (int i = 0; i < 2; i++) {
        play_text("c1-d3");
        play_text("c5-e4");
        play_text("d3-c1");
        play_text("e4-c5");
    }
    cursor_to(rules_point_from_text("c1"));
    tap(HAL_BTN_A);
    cursor_to(rules_point_from_text("d3"));
    tap(HAL_BTN_A);
    assert_string_equal(words(), "ONLY 4 TIMES BACK AND FORTH");
}

/* Two players: each finds the cursor where they left it. */
static void test_hot_seat_keeps_a_cursor_for_each_side(void **state)
{
    (void)state;
    boot_two_players();
    skip_words();
    play_text("c1-d3");
    assert_int_equal(ui.play.cursor, rules_point_from_text("c5")); /* Black's home */
    play_text("c5-e4");
    assert_int_equal(ui.play.cursor, rules_point_from_text("d3")); /* where White left it */
    play_text("d3-c1");
    assert_int_equal(ui.play.cursor, rules_point_from_text("e4")); /* where Black left it */
}

/* ---- the end of a game and of a match, from the player's side --------------- */
static void end_game(uint8_t white, uint8_t black)
{
    ui.result.score[RULES_WHITE] = white;
    ui.result.score[RULES_BLACK] = black;
    ui.result.winner = white > black ? RULES_WHITE : black > white ? RULES_BLACK : RULES_DRAW;
    const uint8_t p1 = match_p1_colour(&ui.match);
    ui.match.total[0] = (uint8_t)(ui.match.total[0] + ui.result.score[p1]);
    ui.match.total[1] = (uint8_t)(ui.match.total[1] + ui.result.score[p1 ^ 1u]);
    ui.screen = UI_SCORE;
    ui.ticker.say = UI_SAY_NOTHING;
}

static void test_results_in_words_from_your_side(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    end_game(6, 2); /* you are green in game 1 */
    assert_string_equal(words(), "YOU WIN 6-2 - MATCH YOU 6 CONSOLE 2 - A NEXT GAME");
    tap(HAL_BTN_A);
    assert_int_equal(ui.match.number, 2);
    assert_string_equal(words(), "GAME 2 OF 2 - CLASSIC - YOU ARE RED - CONSOLE STARTS");
    skip_words();
    end_game(12, 3); /* the console (green now) wins game 2 */
    /* the last game's words carry the match's result, and A does what they say */
    assert_string_equal(words(), "CONSOLE WINS 12-3 - MATCH - CONSOLE WINS 14-9 - A NEW MATCH");
    fake_log_clear();
    tap(HAL_BTN_A);
    assert_int_equal(fake_log_count("start classic first white console 2 human white match 1/2"), 1);
}

static void test_two_player_results_name_colours_then_p1_p2(void **state)
{
    (void)state;
    boot_two_players();
    skip_words();
    end_game(4, 4);
    assert_string_equal(words(), "DRAW 4-4 - MATCH P1 4 P2 4 - A NEXT GAME");
    tap(HAL_BTN_A);
    assert_string_equal(words(), "GAME 2 OF 2 - CLASSIC - P1 RED - GREEN STARTS");
    skip_words();
    end_game(2, 7); /* red (P1) wins */
    assert_string_equal(words(), "RED WINS 7-2 - MATCH - P1 WINS 11-6 - A NEW MATCH");
    fake_log_clear();
    tap(HAL_BTN_A);
    assert_int_equal(fake_log_count("start classic first white match 1/2"), 1);
}

/* A drawn match says so in the last game's words. */
static void test_a_drawn_match_in_the_last_games_words(void **state)
{
    (void)state;
    boot_two_players();
    skip_words();
    end_game(3, 5);
    tap(HAL_BTN_A);
    skip_words();
    end_game(2, 4); /* P1 (red now) 3 + 4, P2 5 + 2 */
    assert_string_equal(words(), "RED WINS 4-2 - MATCH DRAWN 7-7 - A NEW MATCH");
}

/* Why a game ended, in the words and as the over line's fifth word, for
 * every ending the rules have (positions built for each). */
static void test_every_ending_says_why(void **state)
{
    (void)state;
    for (uint8_t reason = RULES_END_NO_MOVES; reason <= RULES_END_SHUTTLE; reason++) {
        boot_two_players();
        skip_words();
        end_game(4, 2);
        ui.result.end_reason = reason;
        ui.result.end_side = reason == RULES_END_SHUTTLE ? RULES_DRAW : RULES_BLACK;
        static const char *const want[] = {"", "GREEN WINS 4-2 - RED CANNOT MOVE - MATCH P1 4 P2 2 - A NEXT GAME",
                                           "GREEN WINS 4-2 - RED ACROSS FIRST - MATCH P1 4 P2 2 - A NEXT GAME",
                                           "GREEN WINS 4-2 - RED LOST ALL - MATCH P1 4 P2 2 - A NEXT GAME",
                                           "GREEN WINS 4-2 - BOTH BACK AND FORTH - MATCH P1 4 P2 2 - A NEXT GAME"};
        assert_string_equal(words(), want[reason]);
        char name[RULES_END_NAME_MAX];
        rules_end_name(reason, name);
        assert_true(strlen(name) > 3u && strcmp(name, "none") != 0);
    }
}

/* Against the console the ending names the side as the player knows it
 * (YOU or CONSOLE, never a colour that reads as the winner's), with the
 * score in the order of the side the words name: the winner's first. */
static void test_the_ending_names_you_or_the_console(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    end_game(7, 2); /* you (green in game 1) win 7-2 */
    ui.result.end_reason = RULES_END_ACROSS;
    ui.result.end_side = RULES_BLACK;
    assert_string_equal(words(), "YOU WIN 7-2 - CONSOLE ACROSS FIRST - MATCH YOU 7 CONSOLE 2 - A NEXT GAME");
    ui.result.end_reason = RULES_END_NO_MOVES;
    ui.result.end_side = RULES_WHITE;
    assert_string_equal(words(), "YOU WIN 7-2 - YOU CANNOT MOVE - MATCH YOU 7 CONSOLE 2 - A NEXT GAME");
}

/* A move whose returning piece has more than one point to go to: the
 * console says so on its debug console ("return e5"), for make play's and
 * the page's status. */
static void test_choosing_a_return_is_said(void **state)
{
    (void)state;
    boot_two_players();
    skip_words();
    rules_pos_t p;
    rules_pos_empty(&p, RULES_CLASSIC, RULES_WHITE);
    rules_put(&p, RULES_WHITE, rules_point_from_text("c4"), true); /* marked: it brings one back */
    rules_put(&p, RULES_WHITE, rules_point_from_text("a1"), false);
    rules_put(&p, RULES_WHITE, rules_point_from_text("b1"), false);
    rules_put(&p, RULES_WHITE, rules_point_from_text("d1"), false);
    rules_put(&p, RULES_BLACK, rules_point_from_text("a5"), false);
    rules_put(&p, RULES_BLACK, rules_point_from_text("b5"), false);
    rules_put(&p, RULES_BLACK, rules_point_from_text("c5"), false);
    rules_put(&p, RULES_BLACK, rules_point_from_text("d5"), false);
    rules_set_hand(&p, RULES_WHITE, 1, 0);
    rules_set_hand(&p, RULES_BLACK, 1, 0);
    assert_true(rules_validate(&p));
    ui.board.pos = p;
    fake_log_clear();
    cursor_to(rules_point_from_text("c4"));
    tap(HAL_BTN_A);
    cursor_to(rules_point_from_text("e5"));
    tap(HAL_BTN_A);
    assert_true(ui.play.choosing_return);
    assert_int_equal(fake_log_count("return e5"), 1);
}

/* While a hint blinks, the last move's origin does not blink with it
 * (once three yellow points lit at once). */
static void test_hint_blinks_alone(void **state)
{
    (void)state;
    boot_two_players();
    skip_words();
    play_text("c1-d3"); /* c1: the last move's origin, dim yellow while nothing blinks */
    const uint8_t c1 = rules_point_from_text("c1");
    ui.dirty = true;
    ui_draw(&ui, canvas, fake_millis);
    assert_int_equal(canvas[render_point_y(c1)][render_point_x(c1)], COLOUR_LAST_MOVE);
    rules_move_t moves[RULES_MAX_MOVES];
    assert_true(rules_legal_moves(&ui.board.pos, moves) > 0u);
    ui.opponent.hint = moves[0];
    ui.opponent.hint_since = fake_millis;
    for (uint32_t t = 0; t < 1200u; t += 50u) { /* both phases of the blink */
        ui.dirty = true;
        ui_draw(&ui, canvas, fake_millis + t);
        assert_int_equal(canvas[render_point_y(c1)][render_point_x(c1)], 0);
    }
}

/* jasir: A on a piece whose only move would take a piece on that piece's
 * own first row (shielded: only a last resort) says why; so does every
 * other refusal, and an own piece with no move at all. */
static void test_every_refusal_in_words(void **state)
{
    (void)state;
    boot_fresh();
    menu_to(UI_ITEM_MODE);
    tap(HAL_BTN_RIGHT);
    menu_to(UI_ITEM_RULES);
    while (ui.settings.rules != RULES_JASIR)
        tap(HAL_BTN_RIGHT);
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A);
    skip_words();
    static const char *const moves[] = {"b1-a3", "d5-e3", "d1-c3", "e3-c2", "a1-b3", "e5-d3", "b3-b4",
                                        "a5-b3", "c1xd3", "c2-a1", "b4-d5", "b5xa3", "c3-e4", "a3-b1"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        rules_move_t m;
        assert_true(rules_move_from_text(&ui.board.pos, moves[i], &m));
        ui_play(&ui, m);
    }
    run_for(20);
    cursor_to(rules_point_from_text("e4"));
    tap(HAL_BTN_A);
    assert_int_equal(ui.ticker.say, UI_SAY_SHIELDED);
    assert_string_equal(words(), "HOME ROW PIECE - TAKE IT LAST");
    /* every message the console can give has its words */
    for (uint8_t say = UI_SAY_START; say <= UI_SAY_SAVE_LOST; say++) {
        ui.ticker.say = say;
        assert_true(strlen(words()) > 5u);
    }
    ui.ticker.say = UI_SAY_NO_MOVE;
    assert_string_equal(words(), "THIS PIECE HAS NO MOVE");
    ui.ticker.say = UI_SAY_SAVE_LOST; /* at power-on, a save that cannot be read */
    assert_string_equal(words(), "SAVED GAME LOST");
}

/* A real game to its end: the final position, then the result in words by
 * itself; the next game is saved already. */
static void test_a_whole_game_ends_in_words(void **state)
{
    (void)state;
    boot_two_players(); /* the test plays both sides with the AI */
    skip_words();
    for (int ply = 0; ply < 400 && ui.screen == UI_GAME; ply++) {
        ai_stats_t st;
        const rules_move_t m = ai_choose(&ui.board.pos, 1, (uint16_t)ply, NULL, NULL, &st);
        ui_play(&ui, m);
    }
    assert_int_equal(ui.screen, UI_OVER);
    assert_int_equal(fake_log_count("over "), 1);
    run_for(UI_OVER_MS + 20u);
    assert_int_equal(ui.screen, UI_SCORE);
    const char *w = words();
    assert_true(strstr(w, " WINS ") || strncmp(w, "DRAW ", 5) == 0);
    reboot(); /* switched off here: game 2 waits */
    assert_int_equal(ui.match.number, 2);
}

/* The last game of a match: switched off at its end, the console starts a
 * new match (it once resumed that game one move before its end). */
static void test_off_after_the_last_game_starts_a_new_match(void **state)
{
    (void)state;
    boot_two_players();
    menu_to(UI_ITEM_GAMES);
    tap(HAL_BTN_LEFT); /* a match of one game */
    menu_to(UI_ITEM_NEW_MATCH);
    tap(HAL_BTN_A);
    skip_words();
    for (int ply = 0; ply < 400 && ui.screen == UI_GAME; ply++) {
        ai_stats_t st;
        ui_play(&ui, ai_choose(&ui.board.pos, 1, (uint16_t)ply, NULL, NULL, &st));
    }
    assert_int_equal(ui.screen, UI_OVER);
    assert_non_null(strstr(fake_log, "match over"));
    reboot();
    assert_int_equal(fake_log_count("start classic first white match 1/1"), 1);
    assert_int_equal(fake_log_count("resume"), 0);
}

/* ---- drawing -------------------------------------------------------------- */
static void test_turn_bar_steady_for_you_and_sweeping_for_the_console(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    ui_draw(&ui, canvas, fake_millis + 100u);
    for (uint8_t x = 0; x < 5u; x++)
        assert_int_equal(canvas[7][x], COLOUR_WHITE_PIECE);
    play_text("c1-d3");
    ui.dirty = true;
    ui_draw(&ui, canvas, fake_millis);
    uint8_t lit = 0;
    for (uint8_t x = 0; x < 5u; x++)
        lit += canvas[7][x] != 0;
    assert_int_equal(lit, 1); /* the console's turn: a single sweeping pixel */
}

static void test_red_blink_aid_darkens_black_pieces_for_a_moment(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    menu_to(UI_ITEM_BLINK);
    tap(HAL_BTN_RIGHT);
    assert_string_equal(words(), "RED PIECES BLINK");
    tap(HAL_BTN_B);
    ui.dirty = true;
    ui_draw(&ui, canvas, 10000u); /* the dark phase */
    assert_int_equal(canvas[0][0], 0);
    assert_int_equal(canvas[4][0], COLOUR_WHITE_PIECE);
    ui.dirty = true;
    ui_draw(&ui, canvas, 10500u);
    assert_int_equal(canvas[0][0], COLOUR_BLACK_PIECE);
}

/* Low cells: nothing for a short dip; low for 3 s running, the warning in
 * words and the line "battery low", then the main loop may power down. */
static void test_low_battery_warns_then_asks_to_power_down(void **state)
{
    (void)state;
    boot_fresh();
    skip_words();
    fake_battery_low = true;
    run_for(2000); /* a dip: no warning yet */
    fake_battery_low = false;
    run_for(1000);
    assert_int_equal(fake_log_count("battery low"), 0);
    fake_battery_low = true;
    run_for(UI_BATTERY_CHECK_MS * (UI_BATTERY_LOW_LOOKS + 1u));
    assert_int_equal(fake_log_count("battery low"), 1);
    assert_int_equal(ui.ticker.say, UI_SAY_BATTERY);
    assert_string_equal(words(), "BATTERY LOW - GAME SAVED - SWITCH OFF");
    assert_false(ui_battery_empty(&ui)); /* the words first */
    tap(HAL_BTN_B);
    assert_true(ui_battery_empty(&ui));
    ui_woke(&ui, fake_millis);
    assert_false(ui_battery_empty(&ui)); /* looks again after a wake */
}

static void test_ticker_scrolls_and_comes_back(void **state)
{
    (void)state;
    assert_int_equal(render_text_width("AB"), 7);
    assert_int_equal(render_text_width("A B"), 9);
    assert_int_equal(render_ticker_x(7, 0, 0), 0);
    assert_int_equal(render_ticker_x(7, 0, 3), -3);
    assert_int_equal(render_ticker_x(7, 0, 7), 8); /* gone: back in from the right */
    assert_int_equal(render_ticker_x(7, -4, 0), -4);
    hal_canvas_t c;
    render_clear(c);
    render_text(c, "I", 0, 1, COLOUR_CURSOR);
    assert_int_equal(c[1][0], COLOUR_CURSOR);
    assert_int_equal(c[2][1], COLOUR_CURSOR);
    assert_int_equal(c[2][0], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fresh_console_plays_you_against_the_console),
        cmocka_unit_test(test_start_words_end_by_themselves_and_any_button_skips_only),
        cmocka_unit_test(test_console_move_blinks_even_when_the_clock_runs_ahead),
        cmocka_unit_test(test_undo_while_the_consoles_first_move_blinks_changes_nothing),
        cmocka_unit_test(test_undo_while_the_reply_blinks_takes_back_your_move),
        cmocka_unit_test(test_menu_items_and_values_in_words),
        cmocka_unit_test(test_a_changed_setting_says_it_waits_for_the_next_match),
        cmocka_unit_test(test_new_match_with_a_game_in_progress_asks_first),
        cmocka_unit_test(test_a_on_the_consoles_piece_says_your_colour),
        cmocka_unit_test(test_b_with_nothing_selected_tells_the_score_now),
        cmocka_unit_test(test_refused_move_is_shown_and_explained),
        cmocka_unit_test(test_refused_shuttle_says_the_rule_sets_number),
        cmocka_unit_test(test_hot_seat_keeps_a_cursor_for_each_side),
        cmocka_unit_test(test_results_in_words_from_your_side),
        cmocka_unit_test(test_a_drawn_match_in_the_last_games_words),
        cmocka_unit_test(test_every_ending_says_why),
        cmocka_unit_test(test_the_ending_names_you_or_the_console),
        cmocka_unit_test(test_every_refusal_in_words),
        cmocka_unit_test(test_choosing_a_return_is_said),
        cmocka_unit_test(test_hint_blinks_alone),
        cmocka_unit_test(test_two_player_results_name_colours_then_p1_p2),
        cmocka_unit_test(test_a_whole_game_ends_in_words),
        cmocka_unit_test(test_off_after_the_last_game_starts_a_new_match),
        cmocka_unit_test(test_turn_bar_steady_for_you_and_sweeping_for_the_console),
        cmocka_unit_test(test_red_blink_aid_darkens_black_pieces_for_a_moment),
        cmocka_unit_test(test_low_battery_warns_then_asks_to_power_down),
        cmocka_unit_test(test_ticker_scrolls_and_comes_back),
    };
    return cmocka_run_group_tests_name("test_ui", tests, NULL, NULL);
}
