#include "ui.h"

#include <string.h>

#include "ai/ai.h"
#include "render.h"
#include "storage/game_save.h"

#define BLINK_CURSOR_MS 250u
#define BLINK_SLOW_MS 400u
#define SCORE_PHASE_MS 2000u  /* the score screen: this game's score this long, then the totals */
#define TICKER_STEP_MS 110u   /* scrolling text: one column this often */

/* ---- sounds (docs/display.md), unless the sound is off ---------------- */
static void tone(const ui_t *ui, uint16_t hz, uint16_t ms)
{
    if (ui->settings.sound)
        hal_tone(hz, ms);
}
static void sound_move(const ui_t *ui, bool capture) { tone(ui, capture ? 440u : 880u, capture ? 80u : 30u); }
static void sound_error(const ui_t *ui) { tone(ui, 150u, 100u); }
static void sound_over(const ui_t *ui) { tone(ui, 660u, 300u); }
/* the rules refused this move (back-and-forth limit, shielded piece): a
 * longer, higher buzz than the beep of a press that does nothing */
static void sound_refused(const ui_t *ui) { tone(ui, 220u, 250u); }
static void sound_undo(const ui_t *ui) { tone(ui, 1320u, 40u); }

/* A moment for the "since" fields: never 0, which means "not now". */
static uint32_t moment(void) { return hal_millis() | 1u; }

/* ---- debug console ---------------------------------------------------- */
/* "move b1-d2", "undo b1-d2", "hint b1-d2" */
static void say_move(const char *word, rules_move_t m)
{
    char line[8 + RULES_MOVE_TEXT_MAX];
    const uint8_t n = (uint8_t)strlen(word);
    memcpy(line, word, n);
    line[n] = ' ';
    rules_move_to_text(m, line + n + 1);
    hal_debug_line(line);
}

static char *put_number(char *o, uint8_t n)
{
    if (n >= 10u)
        *o++ = (char)('0' + n / 10u);
    *o++ = (char)('0' + n % 10u);
    return o;
}

/* " A B" */
static char *put_pair(char *o, uint8_t a, uint8_t b)
{
    *o++ = ' ';
    o = put_number(o, a);
    *o++ = ' ';
    return put_number(o, b);
}

/* " G/N" */
static char *put_game_of(char *o, const game_match_t *m)
{
    *o++ = ' ';
    o = put_number(o, m->number);
    *o++ = '/';
    return put_number(o, m->games);
}

/* ---- the match ---------------------------------------------------------- */
/* P1 (White in game 1) has White in the odd games. */
static uint8_t p1_colour(const game_match_t *m) { return (m->number & 1u) ? RULES_WHITE : RULES_BLACK; }
/* The human's side in this game: the sides swap after every game. */
static uint8_t human_side(const game_match_t *m) { return (uint8_t)(m->human_side ^ ((m->number - 1u) & 1u)); }

/* Against the console, and the console's side to move. */
static bool consoles_turn(const ui_t *ui)
{
    return ui->match.mode == SETTINGS_MODE_VS_CONSOLE && rules_side_to_move(&ui->pos) != human_side(&ui->match);
}

static bool console_to_move(const ui_t *ui) { return ui->screen == UI_GAME && consoles_turn(ui); }

/* "start|resume RULES first SIDE [console LEVEL human SIDE] match G/N" */
static void announce(ui_t *ui, const char *word)
{
    char line[64];
    const game_match_t *m = &ui->match;
    strcpy(line, word);
    rules_set_name(rules_set_of(&ui->pos), line + strlen(line));
    strcat(line, m->first == RULES_WHITE ? " first white" : " first black");
    char *o = line + strlen(line);
    if (m->mode == SETTINGS_MODE_VS_CONSOLE) {
        strcpy(o, " console ");
        o += 9;
        *o++ = (char)('0' + m->level);
        strcpy(o, human_side(m) == RULES_WHITE ? " human white" : " human black");
        o += strlen(o);
    }
    strcpy(o, " match");
    o = put_game_of(o + 6, m);
    *o = '\0';
    hal_debug_line(line);
}

static void store(const rules_pos_t *pos, uint8_t last_from, const game_match_t *m)
{
    game_save_t g;
    g.pos = *pos;
    g.last_from = last_from;
    g.match = *m;
    game_save_store(&g);
}

static void save_game(const ui_t *ui) { store(&ui->pos, ui->last_from, &ui->match); }

/* The cursor starts in the middle of the first row of the side to play. */
static uint8_t home_cursor(uint8_t side)
{
    return rules_point(RULES_FILES / 2u, side == RULES_WHITE ? 0u : RULES_ROWS - 1u);
}

static void clear_selection(ui_t *ui)
{
    ui->selected = RULES_NO_POINT;
    ui->targets = 0;
    ui->choosing_return = false;
}

/* Game `match.number` of the match: the start position, saved at once. */
static void start_game(ui_t *ui)
{
    rules_init(&ui->pos, rules_set_of(&ui->pos), ui->match.first);
    ui->games++;
    ui->shown_since = 0;
    ui->screen = UI_GAME;
    ui->last_from = RULES_NO_POINT;
    clear_selection(ui);
    ui->cursor = home_cursor(ui->match.mode == SETTINGS_MODE_VS_CONSOLE ? human_side(&ui->match) : ui->match.first);
    ui->thinking = false;
    ui->history_len = 0;
    ui->hint_since = ui->refused_since = 0;
    ui->hint_wanted = false;
    if (ui->match.mode == SETTINGS_MODE_VS_CONSOLE) /* your colour, for a moment */
        ui->intro_since = moment();
    announce(ui, "start ");
    save_game(ui);
}

/* A new match with the settings as they are now. */
static void new_match(ui_t *ui)
{
    const settings_t *s = &ui->settings;
    settings_save(s);
    ui->match = (game_match_t){s->mode, s->level, s->human_side, s->first, s->match_games, 1, {0, 0}};
    rules_init(&ui->pos, s->rules, s->first); /* start_game takes the rule set from here */
    start_game(ui);
}

static bool match_over(const game_match_t *m) { return m->number >= m->games; }

/* The game has ended: its score into the match, the lines on the debug
 * console, and (unless the match is over) the next game saved already, so
 * that switching off between two games resumes the match. */
static void game_over(ui_t *ui)
{
    game_match_t *m = &ui->match;
    char line[40], *o;
    rules_score(&ui->pos, ui->score);
    ui->winner = rules_winner(&ui->pos);
    const uint8_t p1 = p1_colour(m);
    m->total[0] = (uint8_t)(m->total[0] + ui->score[p1]);
    m->total[1] = (uint8_t)(m->total[1] + ui->score[p1 ^ 1u]);
    strcpy(line, "over");
    o = put_pair(line + 4, ui->score[RULES_WHITE], ui->score[RULES_BLACK]);
    *o++ = ' ';
    rules_result_name(ui->winner, o);
    hal_debug_line(line);
    strcpy(line, "match");
    o = put_pair(put_game_of(line + 5, m), m->total[0], m->total[1]);
    *o = '\0';
    hal_debug_line(line);
    if (match_over(m)) {
        strcpy(line, "match over");
        o = put_pair(line + 10, m->total[0], m->total[1]);
        strcpy(o, m->total[0] > m->total[1] ? " p1" : m->total[1] > m->total[0] ? " p2" : " draw");
        hal_debug_line(line);
    } else {
        game_match_t next = *m;
        rules_pos_t start;
        next.number++;
        rules_init(&start, rules_set_of(&ui->pos), m->first);
        store(&start, RULES_NO_POINT, &next);
    }
    ui->screen = UI_OVER;
    sound_over(ui);
}

static void play_move(ui_t *ui, rules_move_t m)
{
    ui_ply_t *ply = &ui->history[(ui->history_head + ui->history_len) % UI_UNDO_PLIES];
    if (ui->history_len < UI_UNDO_PLIES)
        ui->history_len++;
    else /* full: the oldest ply falls off */
        ui->history_head = (uint8_t)((ui->history_head + 1u) % UI_UNDO_PLIES);
    ply->move = m;
    ply->last_from = ui->last_from;
    rules_make(&ui->pos, m, &ply->undo);
    say_move("move", m);
    sound_move(ui, RULES_MOVE_IS_CAPTURE(m));
    ui->last_from = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
    clear_selection(ui);
    if (rules_game_over(&ui->pos))
        game_over(ui);
    else
        save_game(ui); /* every move: switching off loses nothing */
}

/* Destinations of the piece on `from` (one bit per point). */
static uint32_t targets_of(const rules_move_t *moves, uint8_t n, uint8_t from)
{
    uint32_t t = 0;
    for (uint8_t i = 0; i < n; i++)
        if (RULES_MOVE_FROM(moves[i]) == from)
            t |= RULES_BIT(RULES_MOVE_TO(moves[i]));
    return t;
}

/* What A does at the cursor. Returns true with *out set when it completes a
 * move; the move is played by the caller once the move list is gone. */
static bool press_a(ui_t *ui, rules_move_t *out)
{
    rules_move_t moves[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(&ui->pos, moves);
    const uint8_t c = ui->cursor;
    if (ui->choosing_return) {
        /* return points, or (ludos) the arrival point itself to hold */
        for (uint8_t i = 0; i < n; i++) {
            const rules_move_t m = moves[i];
            if (RULES_MOVE_FROM(m) != ui->selected || RULES_MOVE_TO(m) != ui->arrival)
                continue;
            const uint8_t ret = RULES_MOVE_RET(m);
            if (ret == c || (ret == RULES_NO_POINT && c == ui->arrival)) {
                *out = m;
                return true;
            }
        }
        sound_error(ui);
        return false;
    }
    if (ui->selected != RULES_NO_POINT && (ui->targets & RULES_BIT(c))) {
        uint8_t variants = 0;
        uint32_t returns = 0;
        for (uint8_t i = 0; i < n; i++) {
            const rules_move_t m = moves[i];
            if (RULES_MOVE_FROM(m) != ui->selected || RULES_MOVE_TO(m) != c)
                continue;
            variants++;
            *out = m;
            returns |= RULES_MOVE_RET(m) == RULES_NO_POINT ? RULES_BIT(c) : RULES_BIT(RULES_MOVE_RET(m));
        }
        if (variants == 1u)
            return true;
        ui->choosing_return = true; /* the player picks the return point next */
        ui->arrival = c;
        ui->targets = returns;
        return false;
    }
    const uint32_t own = targets_of(moves, n, c);
    if (own) {
        ui->selected = c;
        ui->targets = own;
        return false;
    }
    for (uint8_t i = 0; i < n; i++)
        if (RULES_MOVE_IS_PLACEMENT(moves[i]) && RULES_MOVE_TO(moves[i]) == c) {
            *out = moves[i];
            return true;
        }
    if (ui->selected != RULES_NO_POINT && rules_refusal(&ui->pos, ui->selected, c) != RULES_REFUSED_NONE) {
        ui->refused = c; /* a move the rules forbid here: its own answer */
        ui->refused_since = moment();
        sound_refused(ui);
        return false;
    }
    sound_error(ui);
    return false;
}

static void move_cursor(ui_t *ui, uint8_t button)
{
    uint8_t file = rules_file(ui->cursor), row = rules_row(ui->cursor);
    /* the cursor stops at the edges of the board */
    if (button == HAL_BTN_LEFT && file > 0u)
        file--;
    else if (button == HAL_BTN_RIGHT && file < RULES_FILES - 1u)
        file++;
    else if (button == HAL_BTN_UP && row < RULES_ROWS - 1u)
        row++;
    else if (button == HAL_BTN_DOWN && row > 0u)
        row--;
    ui->cursor = rules_point(file, row);
}

static void cancel(ui_t *ui)
{
    if (ui->choosing_return) {
        rules_move_t moves[RULES_MAX_MOVES];
        const uint8_t n = rules_legal_moves(&ui->pos, moves);
        ui->choosing_return = false;
        ui->targets = targets_of(moves, n, ui->selected);
    } else if (ui->selected != RULES_NO_POINT) {
        ui->selected = RULES_NO_POINT;
        ui->targets = 0;
    } else {
        sound_error(ui); /* nothing to cancel */
    }
}

/* Takes back the newest ply exactly (returns, chains, marks). */
static void take_back(ui_t *ui)
{
    ui->history_len--;
    const ui_ply_t *ply = &ui->history[(ui->history_head + ui->history_len) % UI_UNDO_PLIES];
    rules_unmake(&ui->pos, ply->move, &ply->undo);
    ui->last_from = ply->last_from;
    say_move("undo", ply->move);
}

/* Undo: two players: the last move; against the console: its reply and
 * your move, back to your turn. False when there is nothing to take back. */
static bool undo(ui_t *ui)
{
    if (ui->back_screen != UI_GAME)
        return false;
    uint8_t plies = 1;
    if (ui->match.mode == SETTINGS_MODE_VS_CONSOLE) {
        ui->shown_since = 0; /* a console move still being shown is dropped */
        if (rules_side_to_move(&ui->pos) == human_side(&ui->match))
            plies = 2;
    }
    if (ui->history_len < plies)
        return false;
    while (plies--)
        take_back(ui);
    clear_selection(ui);
    ui->hint_since = 0;
    save_game(ui);
    return true;
}

/* Hint: the console's best move for the player to move, searched in
 * ui_step (the display keeps running) and then shown blinking. */
static bool hint_allowed(const ui_t *ui)
{
    return ui->back_screen == UI_GAME && !consoles_turn(ui) && !rules_game_over(&ui->pos);
}

static void open_menu(ui_t *ui)
{
    ui->back_screen = ui->screen;
    ui->screen = UI_MENU;
    ui->menu_item = UI_ITEM_RESUME;
}

static void game_event(ui_t *ui, const input_event_t *ev)
{
    /* B cancels when it is let go, so that a long B (the menu) leaves the
     * selection as it was */
    if (ev->button == HAL_BTN_B) {
        if (ev->kind == INPUT_PRESS)
            ui->b_down_in_game = true;
        else if (ev->kind == INPUT_RELEASE && ui->b_down_in_game && !console_to_move(ui))
            cancel(ui);
        if (ev->kind == INPUT_RELEASE)
            ui->b_down_in_game = false;
        return;
    }
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return;
    if (console_to_move(ui))
        return; /* the console's turn: buttons wait (long B still opens the menu) */
    switch (ev->button) {
    case HAL_BTN_A:
        if (ev->kind == INPUT_PRESS) {
            rules_move_t m;
            if (press_a(ui, &m))
                play_move(ui, m);
        }
        break;
    default:
        move_cursor(ui, ev->button);
    }
}

/* ---- menu -------------------------------------------------------------- */
/* The value a setting item changes, and how many values it has. */
static uint8_t *item_value(ui_t *ui, uint8_t item, uint8_t *count)
{
    switch (item) {
    case UI_ITEM_MODE: *count = SETTINGS_MODE_COUNT; return &ui->settings.mode;
    case UI_ITEM_RULES: *count = RULES_SET_COUNT; return &ui->settings.rules;
    case UI_ITEM_FIRST: *count = 2; return &ui->settings.first;
    case UI_ITEM_LEVEL: *count = SETTINGS_LEVELS; return &ui->settings.level; /* stored 1..5 */
    case UI_ITEM_SIDE: *count = 2; return &ui->settings.human_side;
    case UI_ITEM_SOUND: *count = 2; return &ui->settings.sound;
    case UI_ITEM_BRIGHTNESS: *count = SETTINGS_BRIGHTNESS_STEPS; return &ui->settings.brightness;
    default: *count = 0; return NULL;
    }
}

static void change_value(ui_t *ui, bool up)
{
    uint8_t count;
    if (ui->menu_item == UI_ITEM_GAMES) {
        ui->settings.match_games = settings_match_games_step(ui->settings.match_games, up);
        return;
    }
    uint8_t *value = item_value(ui, ui->menu_item, &count);
    if (!value)
        return;
    /* values cycle; the level counts 1..5, the others from 0 */
    const uint8_t base = ui->menu_item == UI_ITEM_LEVEL ? 1u : 0u;
    uint8_t v = (uint8_t)(*value - base);
    v = up ? (uint8_t)((v + 1u) % count) : v ? (uint8_t)(v - 1u) : (uint8_t)(count - 1u);
    *value = (uint8_t)(v + base);
    if (ui->menu_item == UI_ITEM_BRIGHTNESS) /* at once, so the player sees it */
        hal_display_brightness(ui->settings.brightness);
}

/* Back to where the menu was opened, exactly as it was. */
static void leave_menu(ui_t *ui)
{
    settings_save(&ui->settings); /* writes only what changed */
    ui->screen = ui->back_screen;
}

/* A match with a move played, or a game behind it, would be lost by a new
 * match: ask first. */
static bool game_in_progress(const ui_t *ui)
{
    rules_pos_t start;
    if (ui->back_screen == UI_RESULT)
        return false; /* the match is over */
    rules_init(&start, rules_set_of(&ui->pos), ui->match.first);
    return ui->match.number > 1u || ui->back_screen != UI_GAME || memcmp(&start, &ui->pos, sizeof start) != 0;
}

static void menu_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return;
    switch (ev->button) {
    case HAL_BTN_UP: ui->menu_item = ui->menu_item ? (uint8_t)(ui->menu_item - 1u) : UI_ITEM_COUNT - 1u; break;
    case HAL_BTN_DOWN: ui->menu_item = (uint8_t)((ui->menu_item + 1u) % UI_ITEM_COUNT); break;
    case HAL_BTN_LEFT:
    case HAL_BTN_RIGHT: change_value(ui, ev->button == HAL_BTN_RIGHT); break;
    case HAL_BTN_B:
        if (ev->kind == INPUT_PRESS)
            leave_menu(ui);
        break;
    case HAL_BTN_A:
        if (ev->kind != INPUT_PRESS)
            break;
        if (ui->menu_item == UI_ITEM_UNDO || ui->menu_item == UI_ITEM_HINT) {
            const bool ok = ui->menu_item == UI_ITEM_UNDO ? undo(ui) : hint_allowed(ui);
            if (!ok) {
                sound_error(ui); /* nothing to take back, or no hint to give now */
                break;
            }
            if (ui->menu_item == UI_ITEM_UNDO)
                sound_undo(ui);
            else
                ui->hint_wanted = true;
            leave_menu(ui);
        } else if (ui->menu_item == UI_ITEM_NEW_MATCH) {
            if (game_in_progress(ui)) {
                ui->screen = UI_CONFIRM;
            } else {
                new_match(ui);
            }
        } else {
            leave_menu(ui); /* Resume, or A on a setting: back to the game */
        }
        break;
    default: break;
    }
}

static void confirm_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS)
        return;
    if (ev->button == HAL_BTN_A)
        new_match(ui);
    else if (ev->button == HAL_BTN_B)
        ui->screen = UI_MENU;
}

/* The end of a game: final position -A-> score -A-> next game, or after
 * the last game: -A-> match result -A-> a new match. */
static void end_event(ui_t *ui, const input_event_t *ev, uint32_t now)
{
    if (ev->kind != INPUT_PRESS || ev->button != HAL_BTN_A)
        return;
    ui->screen_since = now;
    if (ui->screen == UI_OVER) {
        ui->screen = UI_SCORE;
    } else if (ui->screen == UI_SCORE && !match_over(&ui->match)) {
        ui->match.number++;
        start_game(ui);
    } else if (ui->screen == UI_SCORE) {
        ui->screen = UI_RESULT;
    } else {
        new_match(ui);
    }
}

/* ---- drawing -------------------------------------------------------------- */

static void draw_menu(const ui_t *ui, hal_canvas_t c)
{
    static const char rules_letters[RULES_SET_COUNT] = {'C', 'B', 'L', 'J'};
    static const char item_letters[UI_ITEM_COUNT] = {'>', 'U', 'H', 'N', 'M', 'R', 'F', 'L', 'S', 'G', 'T', '*'};
    const settings_t *s = &ui->settings;
    const uint8_t item = ui->menu_item;
    render_clear(c);
    render_glyph(c, item_letters[item], 0, 0, COLOUR_MENU_ITEM);
    switch (item) {
    case UI_ITEM_MODE: render_glyph(c, s->mode == SETTINGS_MODE_VS_CONSOLE ? 'C' : 'P', 5, 0, COLOUR_MENU_VALUE); break;
    case UI_ITEM_RULES: render_glyph(c, rules_letters[s->rules], 5, 0, COLOUR_MENU_VALUE); break;
    case UI_ITEM_LEVEL: render_glyph(c, (char)('0' + s->level), 5, 0, COLOUR_MENU_VALUE); break;
    case UI_ITEM_GAMES: render_glyph(c, (char)('0' + s->match_games), 5, 0, COLOUR_MENU_VALUE); break;
    case UI_ITEM_SOUND: render_glyph(c, s->sound ? '1' : '0', 5, 0, COLOUR_MENU_VALUE); break;
    case UI_ITEM_BRIGHTNESS: render_glyph(c, (char)('1' + s->brightness), 5, 0, COLOUR_MENU_VALUE); break;
    case UI_ITEM_FIRST: render_swatch(c, 5, 0, render_side_colour(s->first)); break; /* the side, as its colour */
    case UI_ITEM_SIDE: render_swatch(c, 5, 0, render_side_colour(s->human_side)); break;
    default: break;
    }
    /* where in the menu: one dot per item on the two bottom rows */
    for (uint8_t i = 0; i < UI_ITEM_COUNT; i++)
        c[6u + i / 8u][i % 8u] = i == item ? COLOUR_CURSOR : COLOUR_TARGET;
}

static void draw_game(const ui_t *ui, hal_canvas_t c, uint32_t now)
{
    render_view_t v;
    v.pos = &ui->pos;
    v.cursor = ui->cursor;
    v.cursor_on = (now / BLINK_CURSOR_MS) % 2u == 0u;
    v.blink_on = (now / BLINK_SLOW_MS) % 2u == 0u;
    v.selected = ui->selected;
    v.targets = ui->targets;
    v.last_from = ui->last_from;
    v.choosing_return = ui->choosing_return;
    v.thinking = ui->thinking;
    v.sweep = (uint8_t)(now / 100u);
    if (ui->shown_since || ui->hint_since) { /* the console's move, or a hint: its points blink */
        const rules_move_t m = ui->shown_since ? ui->shown : ui->hint;
        v.selected = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
        v.targets = RULES_BIT(RULES_MOVE_TO(m));
        if (RULES_MOVE_RET(m) != RULES_NO_POINT)
            v.targets |= RULES_BIT(RULES_MOVE_RET(m));
        v.cursor_on = false;
        /* lit at once, then 150 ms off and on: the phase counts from when
         * the move appeared, however long the console thought */
        const uint32_t since = ui->shown_since ? ui->shown_since : ui->hint_since;
        if (((now - since) / 150u) % 2u)
            v.targets = 0, v.selected = RULES_NO_POINT;
    }
    render_game(c, &v);
    if (ui->refused_since && (now / 100u) % 2u) /* a refused target flickers red */
        c[render_point_y(ui->refused)][render_point_x(ui->refused)] = COLOUR_BLACK_MARKED;
    if (ui->intro_since) /* against the console: your colour on the whole board */
        render_fill_board(c, render_side_colour(human_side(&ui->match)));
}

/* The totals as scrolling text "P1-P2", each in the colour its player had
 * in this game. */
static void draw_totals(const ui_t *ui, hal_canvas_t c, uint32_t elapsed)
{
    const game_match_t *m = &ui->match;
    const uint8_t p1 = p1_colour(m);
    const uint16_t pass = render_ticker_steps(m->total[0], m->total[1]);
    render_ticker_score(c, m->total[0], render_side_colour(p1), m->total[1], render_side_colour(p1 ^ 1u),
                        (uint16_t)((elapsed / TICKER_STEP_MS) % pass));
}

/* The match's winner as the colour that player had in the last game. */
static uint8_t match_winner_colour(const ui_t *ui)
{
    const game_match_t *m = &ui->match;
    const uint8_t p1 = p1_colour(m);
    return render_result_colour(m->total[0] == m->total[1] ? RULES_DRAW
                                : m->total[0] > m->total[1] ? p1
                                                            : (uint8_t)(p1 ^ 1u));
}

static void draw_end(const ui_t *ui, hal_canvas_t c, uint32_t now)
{
    const uint32_t elapsed = now - ui->screen_since;
    if (ui->screen == UI_OVER) {
        render_final(c, &ui->pos, ui->last_from, ui->winner);
    } else if (ui->screen == UI_SCORE) {
        const uint32_t totals_ms =
            (uint32_t)render_ticker_steps(ui->match.total[0], ui->match.total[1]) * TICKER_STEP_MS;
        const uint32_t t = elapsed % (SCORE_PHASE_MS + totals_ms);
        if (t < SCORE_PHASE_MS) {
            render_game_score(c, ui->score, ui->match.number, ui->match.games);
        } else {
            draw_totals(ui, c, t - SCORE_PHASE_MS);
            render_bar(c, COLOUR_TARGET); /* the bottom bar: match totals */
        }
    } else {
        draw_totals(ui, c, elapsed);
        render_bar(c, match_winner_colour(ui)); /* the bottom bar: the match's winner */
    }
}

/* ---- entry points ------------------------------------------------------ */
/* ui_init, ui_event and ui_step stay out of line although the firmware is
 * optimised across files (Makefile: AVR_LTO): inlined into the main loop,
 * their locals would sit in main's frame under every call, the AI's search
 * and its poll included (peak stack 591 B instead of 531 B, make bench). */
__attribute__((noinline)) void ui_init(ui_t *ui, uint32_t boot_count)
{
    memset(ui, 0, sizeof *ui);
    ui->seed_salt = boot_count * 2654435761uL; /* Knuth's multiplicative hash */
    settings_load(&ui->settings);
    hal_display_brightness(ui->settings.brightness);
    game_save_t g;
    if (game_save_load(&g)) { /* the game that was on when it was switched off */
        ui->pos = g.pos;
        ui->last_from = g.last_from;
        ui->match = g.match;
        clear_selection(ui);
        ui->screen = UI_GAME;
        ui->cursor = home_cursor(rules_side_to_move(&ui->pos));
        announce(ui, "resume ");
    } else {
        new_match(ui); /* power on, play: the menu is a long B away */
    }
    ui->dirty = true;
}

__attribute__((noinline)) void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now)
{
    ui->last_input = now;
    ui->dirty = true;
    if (ev->kind == INPUT_PRESS && ui->screen == UI_GAME)
        ui->hint_since = ui->refused_since = 0; /* the player goes on */
    if (ev->kind == INPUT_HOLD && ev->button == HAL_BTN_B) {
        ui->b_down_in_game = false; /* a long B is not a cancel */
        if (ui->screen != UI_MENU && ui->screen != UI_CONFIRM)
            open_menu(ui); /* long B: the menu, from anywhere */
        return;
    }
    switch (ui->screen) {
    case UI_MENU: menu_event(ui, ev); break;
    case UI_CONFIRM: confirm_event(ui, ev); break;
    case UI_GAME: game_event(ui, ev); break;
    default: end_event(ui, ev, now); break;
    }
}

void ui_note_activity(ui_t *ui, uint32_t now) { ui->last_input = now; }
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now) { return now - ui->last_input; }

static ui_think_poll_fn think_poll;
static void poll_adapter(void *ctx)
{
    (void)ctx;
    hal_mark(HAL_MARK_POLL_BEGIN);
    think_poll();
    hal_mark(HAL_MARK_POLL_END);
}

/* The search, with the display and buttons kept alive by `poll`. */
static rules_move_t think(ui_t *ui, uint8_t level, ui_think_poll_fn poll)
{
    ai_stats_t stats;
    ui->thinking = true;
    clear_selection(ui);
    think_poll = poll;
    /* the board as the search starts from it (the player's move) on the
     * display now, not at the search's first poll */
    poll();
    hal_mark(HAL_MARK_THINK_BEGIN);
    const rules_move_t m =
        ai_choose(&ui->pos, level, (uint16_t)(hal_seed() ^ ui->seed_salt ^ ui->games), poll_adapter, NULL, &stats);
    hal_mark(HAL_MARK_THINK_END);
    ui->thinking = false;
    ui->dirty = true;
    return m;
}

static bool expired(uint32_t *since, uint32_t now, uint32_t ms)
{
    /* signed: `since` may be a moment after `now` was read */
    if (*since && (int32_t)(now - *since) >= (int32_t)ms) {
        *since = 0;
        return true;
    }
    return false;
}

__attribute__((noinline)) void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll)
{
    if (expired(&ui->hint_since, now, UI_HINT_MS) | expired(&ui->refused_since, now, UI_REFUSED_MS) |
        expired(&ui->intro_since, now, UI_INTRO_MS))
        ui->dirty = true;
    if (ui->hint_wanted && ui->screen == UI_GAME) {
        ui->hint_wanted = false;
        ui->hint = think(ui, AI_LEVELS, poll);
        say_move("hint", ui->hint);
        ui->hint_since = moment();
        return;
    }
    if (!console_to_move(ui) || ui->intro_since)
        return;
    if (ui->shown_since) { /* the chosen move blinks, then it is played */
        if (now - ui->shown_since >= UI_SHOW_MOVE_MS) {
            ui->shown_since = 0;
            play_move(ui, ui->shown);
            ui->dirty = true;
        }
        return;
    }
    ui->shown = think(ui, ui->match.level, poll);
    ui->shown_since = moment();
}

bool ui_draw(ui_t *ui, hal_canvas_t c, uint32_t now)
{
    /* redraw on change, and whenever a blink phase or the ticker may have moved */
    if (!ui->dirty && now - ui->last_draw < 50u)
        return false;
    ui->dirty = false;
    ui->last_draw = now;
    switch (ui->screen) {
    case UI_MENU: draw_menu(ui, c); break;
    case UI_CONFIRM: render_confirm(c, (now / BLINK_SLOW_MS) % 2u == 0u); break;
    case UI_GAME: draw_game(ui, c, now); break;
    default: draw_end(ui, c, now); break;
    }
    return true;
}
