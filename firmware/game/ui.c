#include "ui.h"

#include <string.h>

#include "ai/ai.h"
#include "storage/game_save.h"
#include "render.h"

#define BLINK_CURSOR_MS 250u
#define BLINK_SLOW_MS 400u
#define MENU_ITEMS UI_ITEM_COUNT

/* ---- sounds ---------------------------------------------------------- */
static void sound_move(bool capture) { hal_tone(capture ? 440u : 880u, capture ? 80u : 30u); }
static void sound_error(void) { hal_tone(150u, 100u); }
static void sound_over(void) { hal_tone(660u, 300u); }

/* ---- debug console ---------------------------------------------------- */
static void say_move(rules_move_t m)
{
    char line[8 + RULES_MOVE_TEXT_MAX] = "move ";
    rules_move_to_text(m, line + 5);
    hal_debug_line(line);
}

static char *put_number(char *o, uint8_t n)
{
    if (n >= 10u)
        *o++ = (char)('0' + n / 10u);
    *o++ = (char)('0' + n % 10u);
    return o;
}

static void say_over(const ui_t *ui)
{
    char line[24] = "over ", *o = line + 5;
    o = put_number(o, ui->score[0]);
    *o++ = ' ';
    o = put_number(o, ui->score[1]);
    *o++ = ' ';
    rules_result_name(ui->winner, o);
    hal_debug_line(line);
}

/* ---- game ------------------------------------------------------------ */
static bool console_to_move(const ui_t *ui)
{
    return ui->screen == UI_GAME && ui->settings.mode == SETTINGS_MODE_VS_CONSOLE &&
           rules_side_to_move(&ui->pos) != ui->settings.human_side;
}

/* "start|resume RULES first SIDE [console LEVEL human SIDE]" */
static void announce(ui_t *ui, const char *word)
{
    char line[56];
    strcpy(line, word);
    rules_set_name(rules_set_of(&ui->pos), line + strlen(line));
    strcat(line, ui->settings.first == RULES_WHITE ? " first white" : " first black");
    if (ui->settings.mode == SETTINGS_MODE_VS_CONSOLE) {
        char *o = line + strlen(line);
        strcpy(o, " console ");
        o += 9;
        *o++ = (char)('0' + ui->settings.level);
        strcpy(o, ui->settings.human_side == RULES_WHITE ? " human white" : " human black");
    }
    hal_debug_line(line);
}

static void save_game(const ui_t *ui)
{
    game_save_t g;
    g.pos = ui->pos;
    g.last_from = ui->last_from;
    game_save_store(&g);
}

/* The cursor starts in the middle of the first row of the side to play. */
static uint8_t home_cursor(uint8_t side)
{
    return rules_point(RULES_FILES / 2u, side == RULES_WHITE ? 0u : RULES_ROWS - 1u);
}

static void start_game(ui_t *ui)
{
    rules_init(&ui->pos, ui->settings.rules, ui->settings.first);
    ui->games++;
    ui->shown_since = 0;
    ui->screen = UI_GAME;
    ui->selected = RULES_NO_POINT;
    ui->targets = 0;
    ui->choosing_return = false;
    ui->last_from = RULES_NO_POINT;
    ui->cursor = home_cursor(ui->settings.mode == SETTINGS_MODE_VS_CONSOLE ? ui->settings.human_side
                                                                            : ui->settings.first);
    ui->thinking = false;
    announce(ui, "start ");
    save_game(ui);
}

static void play_move(ui_t *ui, rules_move_t m)
{
    rules_undo_t u;
    rules_make(&ui->pos, m, &u);
    say_move(m);
    sound_move(RULES_MOVE_IS_CAPTURE(m));
    ui->last_from = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
    ui->selected = RULES_NO_POINT;
    ui->targets = 0;
    ui->choosing_return = false;
    save_game(ui); /* every move: switching off loses nothing */
    if (rules_game_over(&ui->pos)) {
        rules_score(&ui->pos, ui->score);
        ui->winner = rules_winner(&ui->pos);
        ui->screen = UI_OVER;
        say_over(ui);
        sound_over();
    }
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
        sound_error();
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
    sound_error();
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
    } else {
        ui->selected = RULES_NO_POINT;
        ui->targets = 0;
    }
}

static void game_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind == INPUT_HOLD && ev->button == HAL_BTN_B) {
        ui->screen = UI_MENU; /* long B: leave the game */
        return;
    }
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return;
    if (console_to_move(ui))
        return; /* the console's turn: buttons wait (long B still leaves) */
    switch (ev->button) {
    case HAL_BTN_A:
        if (ev->kind == INPUT_PRESS) {
            rules_move_t m;
            if (press_a(ui, &m))
                play_move(ui, m);
        }
        break;
    case HAL_BTN_B:
        if (ev->kind == INPUT_PRESS)
            cancel(ui);
        break;
    default:
        move_cursor(ui, ev->button);
    }
}

/* ---- menu -------------------------------------------------------------- */
static uint8_t *item_value(ui_t *ui, uint8_t item, uint8_t *count)
{
    switch (item) {
    case UI_ITEM_MODE: *count = SETTINGS_MODE_COUNT; return &ui->settings.mode;
    case UI_ITEM_RULES: *count = RULES_SET_COUNT; return &ui->settings.rules;
    case UI_ITEM_FIRST: *count = 2; return &ui->settings.first;
    case UI_ITEM_LEVEL: *count = SETTINGS_LEVELS; return &ui->settings.level; /* stored 1..5 */
    default: *count = 2; return &ui->settings.human_side;
    }
}

static void menu_event(ui_t *ui, const input_event_t *ev)
{
    if (ev->kind != INPUT_PRESS && ev->kind != INPUT_REPEAT)
        return;
    uint8_t count;
    uint8_t *value = item_value(ui, ui->menu_item, &count);
    switch (ev->button) {
    case HAL_BTN_UP: ui->menu_item = ui->menu_item ? (uint8_t)(ui->menu_item - 1u) : MENU_ITEMS - 1u; break;
    case HAL_BTN_DOWN: ui->menu_item = (uint8_t)((ui->menu_item + 1u) % MENU_ITEMS); break;
    case HAL_BTN_LEFT:
    case HAL_BTN_RIGHT: {
        /* values cycle; the level counts 1..5, the others from 0 */
        const uint8_t base = ui->menu_item == UI_ITEM_LEVEL ? 1u : 0u;
        uint8_t v = (uint8_t)(*value - base);
        v = ev->button == HAL_BTN_RIGHT ? (uint8_t)((v + 1u) % count) : v ? (uint8_t)(v - 1u) : (uint8_t)(count - 1u);
        *value = (uint8_t)(v + base);
        break;
    }
    case HAL_BTN_A:
        if (ev->kind == INPUT_PRESS) {
            settings_save(&ui->settings);
            start_game(ui);
        }
        break;
    default: break;
    }
}

static void draw_menu(const ui_t *ui, hal_canvas_t c)
{
    static const char rules_letters[RULES_SET_COUNT] = {'C', 'B', 'L', 'J'};
    static const char item_letters[MENU_ITEMS] = {'M', 'R', 'F', 'L', 'S'};
    const uint8_t item = ui->menu_item;
    char value;
    switch (item) {
    case UI_ITEM_MODE: value = ui->settings.mode == SETTINGS_MODE_VS_CONSOLE ? 'C' : 'P'; break;
    case UI_ITEM_RULES: value = rules_letters[ui->settings.rules]; break;
    case UI_ITEM_FIRST: value = ui->settings.first == RULES_WHITE ? 'W' : 'B'; break;
    case UI_ITEM_LEVEL: value = (char)('0' + ui->settings.level); break;
    default: value = ui->settings.human_side == RULES_WHITE ? 'W' : 'B'; break;
    }
    render_clear(c);
    render_glyph(c, item_letters[item], 0, 0, HAL_PIXEL(1, 1));
    render_glyph(c, value, 4, 0, HAL_PIXEL(0, 3));
    for (uint8_t i = 0; i < MENU_ITEMS; i++)
        c[7][i] = i == item ? HAL_PIXEL(3, 3) : HAL_PIXEL(1, 1);
}

/* ---- entry points ------------------------------------------------------ */
void ui_init(ui_t *ui, uint32_t boot_count)
{
    memset(ui, 0, sizeof *ui);
    ui->seed_salt = boot_count * 2654435761uL; /* Knuth's multiplicative hash */
    settings_load(&ui->settings);
    game_save_t g;
    if (game_save_load(&g)) { /* the game that was on when it was switched off */
        ui->pos = g.pos;
        ui->last_from = g.last_from;
        ui->selected = RULES_NO_POINT;
        ui->screen = UI_GAME;
        ui->cursor = home_cursor(rules_side_to_move(&ui->pos));
        announce(ui, "resume ");
    } else {
        start_game(ui); /* power on, play: the menu is a long B away */
    }
    ui->dirty = true;
}

void ui_event(ui_t *ui, const input_event_t *ev, uint32_t now)
{
    ui->last_input = now;
    ui->dirty = true;
    switch (ui->screen) {
    case UI_MENU: menu_event(ui, ev); break;
    case UI_GAME: game_event(ui, ev); break;
    default:
        if (ev->kind == INPUT_PRESS && ev->button == HAL_BTN_A)
            start_game(ui);
        else if (ev->kind == INPUT_PRESS && ev->button == HAL_BTN_B)
            ui->screen = UI_MENU;
    }
}

void ui_note_activity(ui_t *ui, uint32_t now) { ui->last_input = now; }
uint32_t ui_idle_ms(const ui_t *ui, uint32_t now) { return now - ui->last_input; }

static ui_think_poll_fn think_poll;
static void poll_adapter(void *ctx)
{
    (void)ctx;
    think_poll();
}

void ui_step(ui_t *ui, uint32_t now, ui_think_poll_fn poll)
{
    if (!console_to_move(ui))
        return;
    if (ui->shown_since) { /* the chosen move blinks, then it is played */
        if (now - ui->shown_since >= UI_SHOW_MOVE_MS) {
            ui->shown_since = 0;
            play_move(ui, ui->shown);
            ui->dirty = true;
        }
        return;
    }
    ai_stats_t stats;
    ui->thinking = true;
    ui->selected = RULES_NO_POINT;
    ui->targets = 0;
    think_poll = poll;
    hal_mark(HAL_MARK_THINK_BEGIN);
    ui->shown = ai_choose(&ui->pos, ui->settings.level, (uint16_t)(hal_seed() ^ ui->seed_salt ^ ui->games), poll_adapter, NULL,
                          &stats);
    hal_mark(HAL_MARK_THINK_END);
    ui->thinking = false;
    ui->shown_since = hal_millis();
    if (!ui->shown_since)
        ui->shown_since = 1;
    ui->dirty = true;
}

bool ui_draw(ui_t *ui, hal_canvas_t c, uint32_t now)
{
    /* redraw on change, and whenever a blink phase may have turned */
    if (!ui->dirty && now - ui->last_draw < 50u)
        return false;
    ui->dirty = false;
    ui->last_draw = now;
    if (ui->screen == UI_MENU) {
        draw_menu(ui, c);
    } else if (ui->screen == UI_OVER) {
        render_over(c, ui->score, ui->winner);
    } else {
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
        if (ui->shown_since) { /* the console's move: its points blink */
            const rules_move_t m = ui->shown;
            v.selected = RULES_MOVE_IS_PLACEMENT(m) ? RULES_NO_POINT : RULES_MOVE_FROM(m);
            v.targets = RULES_BIT(RULES_MOVE_TO(m));
            if (RULES_MOVE_RET(m) != RULES_NO_POINT)
                v.targets |= RULES_BIT(RULES_MOVE_RET(m));
            v.cursor_on = false;
            if (!v.cursor_on && (now / 150u) % 2u)
                v.targets = 0, v.selected = RULES_NO_POINT;
        }
        render_game(c, &v);
    }
    return true;
}
