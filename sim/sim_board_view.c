/* The console in the terminal as a person sees it on a real board: the
 * LEDs of the matrix over the Jarmo board's lines, which are drawn from the
 * rules core's link table (never a copy; b3-c3 only in the rule sets that
 * have it) in braille dots, the files a..e and rows 1..5 beside it, and
 * below, in words, what the console shows: who plays, whose turn, the score
 * if the game ended now, and the last sound. The game comes from the saved
 * game in the simulated EEPROM, read by the firmware's own storage code. */
#include "sim_board_view.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "part_uart.h"
#include "rules/rules.h"
#include "sim_nv.h"
#include "status_text.h"

/* An LED every `cols` characters and `lines` lines: 6 and 3 in the full
 * picture, 4 and 2 in the compact one (an 80 x 24 terminal). A braille
 * cell is 2 dots wide and 4 tall. */
#define FULL_COLS 6
#define FULL_LINES 3
#define ROWS ((int)RULES_ROWS)
#define FILES ((int)RULES_FILES)
#define W (MATRIX_N * FULL_COLS)
#define H (MATRIX_N * FULL_LINES)

typedef struct {
    int cols, lines; /* characters and lines per LED */
    uint8_t dots[H][W]; /* braille bits per character cell */
} lines_t;

static void dot(lines_t *l, int x, int y)
{
    static const uint8_t bit[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};
    if (x >= 0 && y >= 0 && x < W * 2 && y < H * 4)
        l->dots[y / 4][x / 2] |= bit[y % 4][x % 2];
}

/* The centre of a board point in dots: file a..e left to right, row 5 at
 * the top (the matrix's layout, docs/display.md). */
static void centre(const lines_t *l, uint8_t p, int *x, int *y)
{
    *x = rules_file(p) * l->cols * 2 + 1;
    *y = (RULES_ROWS - 1 - rules_row(p)) * l->lines * 4 + 1;
}

static void draw_link(lines_t *l, uint8_t a, uint8_t b)
{
    int x0, y0, x1, y1;
    centre(l, a, &x0, &y0);
    centre(l, b, &x1, &y1);
    const int steps = abs(x1 - x0) > abs(y1 - y0) ? abs(x1 - x0) : abs(y1 - y0);
    for (int i = 0; i <= steps; i++)
        dot(l, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
}

/* The rule set in play, from the debug console's latest start/resume line. */
static int rules_in_play(const sim_t *s)
{
    const char *start = sim_uart_last_line(s, "start "), *resume = sim_uart_last_line(s, "resume ");
    const char *line = resume > start ? resume : start;
    char name[16];
    return line && sscanf(strchr(line, ' ') + 1, "%15s", name) == 1 ? rules_set_by_name(name) : -1;
}

static void links(lines_t *l, int set, bool compact)
{
    memset(l, 0, sizeof *l);
    l->cols = compact ? 4 : FULL_COLS;
    l->lines = compact ? 2 : FULL_LINES;
    for (uint8_t p = 0; p < RULES_POINTS; p++)
        for (uint8_t slot = 0; slot < RULES_MAX_DEGREE; slot++) {
            bool extra;
            const uint8_t q = rules_neighbour(p, slot, &extra);
            if (q == RULES_NO_POINT)
                break;
            /* before a game is known, the links every rule set has */
            if (q > p && (set >= 0 ? rules_set_has_link((uint8_t)set, p, q) : !extra))
                draw_link(l, p, q);
        }
}

static const char *tone_meaning(double hz)
{
    static const struct { int hz; const char *what; } tones[] = {
        {880, "a move"}, {440, "a capture"}, {150, "nothing to do there"}, {660, "the game is over"},
        {220, "the rules refuse that move"}, {1320, "undone"}};
    for (unsigned i = 0; i < sizeof tones / sizeof tones[0]; i++)
        if (fabs(hz - tones[i].hz) < tones[i].hz * 0.03)
            return tones[i].what;
    return "a tone";
}

/* the end of a line: "clear to the end of the line" first, on a terminal */
static const char *eol = "\n";

#define LOG_GAME_MOVES 1000 /* far more than a game lasts */

/* The side a game's end names (the one that cannot move, got all across
 * first or lost all: rules_end_reason), the game replayed from the debug
 * console's lines since its "start" up to its "over" line (at `over` in
 * the log): "white", "black", or "" when it cannot be told (the game was
 * resumed, so its first moves are not in the log; a line that does not
 * replay). */
static const char *end_side_from_log(const sim_t *s, const char *over)
{
    static char side[RULES_RESULT_NAME_MAX];
    static rules_move_t moves[LOG_GAME_MOVES];
    /* the last answer's log and its over line's place: the log only grows
     * (the answer once a frame would replay the game every frame) */
    static const char *answered_log;
    static size_t answered_at = (size_t)-1;
    if (s->uart.text == answered_log && (size_t)(over - s->uart.text) == answered_at)
        return side;
    answered_log = s->uart.text;
    answered_at = (size_t)(over - s->uart.text);
    side[0] = '\0';
    const char *start = NULL;
    for (const char *p = s->uart.text; p && p < over; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, "start ", 6) == 0 || strncmp(p, "resume ", 7) == 0)
            start = p;
    char set_name[16], first[8];
    if (!start || sscanf(start, "start %15s first %7s", set_name, first) != 2)
        return "";
    const int8_t set = rules_set_by_name(set_name);
    if (set < 0)
        return "";
    const uint8_t first_mover = strcmp(first, "black") == 0 ? RULES_BLACK : RULES_WHITE;
    rules_pos_t pos;
    rules_undo_t u;
    rules_init(&pos, (uint8_t)set, first_mover);
    unsigned n = 0;
    for (const char *p = strchr(start, '\n'); p && p + 1 < over; p = strchr(p + 1, '\n')) {
        const char *line = p + 1;
        char word[16];
        if (strncmp(line, "move ", 5) == 0 && sscanf(line + 5, "%15s", word) == 1) {
            if (n == LOG_GAME_MOVES || !rules_move_from_text(&pos, word, &moves[n]))
                return "";
            rules_make(&pos, moves[n++], &u);
        } else if (strncmp(line, "undo ", 5) == 0 && n) { /* taken back: the game again without it */
            n--;
            rules_init(&pos, (uint8_t)set, first_mover);
            for (unsigned i = 0; i < n; i++)
                rules_make(&pos, moves[i], &u);
        }
    }
    if (!rules_game_over(&pos))
        return "";
    uint8_t named;
    rules_end_reason(&pos, &named);
    rules_result_name(named, side);
    return side;
}

/* The console's newest line of the game (status_text.h), NUL-ended in buf;
 * NULL when it has printed none. An "over" line gets the side its end
 * names, from the game replayed (status_text.h); "menu " comes before it
 * while the console's menu is open. */
static const char *latest_line(const sim_t *s, char *buf, size_t len)
{
    static const char *const prefixes[] = STATUS_LATEST_PREFIXES;
    /* the menu is open from its "menu" line until "menu closed", a new
     * game's start or the console's start-up line */
    static const char *const menu_prefixes[] = {"menu", "start ", "jarmo "};
    const char *latest = sim_uart_newest_line(s, prefixes, sizeof prefixes / sizeof prefixes[0]);
    const char *menu = sim_uart_newest_line(s, menu_prefixes, sizeof menu_prefixes / sizeof menu_prefixes[0]);
    const char *open = menu && strcspn(menu, "\r\n") == 4u && strncmp(menu, "menu", 4) == 0 ? "menu " : "";
    if (!latest) {
        snprintf(buf, len, "%.4s", open);
        return *open ? buf : NULL;
    }
    const int n = (int)strcspn(latest, "\r\n");
    snprintf(buf, len, "%s%.*s", open, n, latest);
    if (strncmp(latest, "over ", 5) == 0)
        snprintf(buf, len, "%s%.*s %s", open, n, latest, end_side_from_log(s, latest));
    return buf;
}

bool sim_status(sim_t *s, char *out, size_t len)
{
    char latest[64];
    sim_nv_attach(s);
    return status_text(out, len, latest_line(s, latest, sizeof latest));
}

/* The status in words, from the saved game (status_text.c), two lines. */
static void status(sim_t *s, FILE *out, bool compact)
{
    char text[300];
    if (!sim_status(s, text, sizeof text)) {
        fprintf(out, "  (%s)%s%s", text, eol, compact ? "" : eol);
        return;
    }
    char *nl = strchr(text, '\n');
    fprintf(out, "  %.*s%s  %s%s", (int)(nl - text), text, eol, nl + 1, eol);
}

const char *sim_words_newest(const sim_t *s, char *buf, size_t len)
{
    const char *w = sim_uart_last_line(s, "words ");
    const char *nl = w ? strchr(w, '\n') : NULL;
    if (!nl || nl[1] != '\0')
        return NULL;
    snprintf(buf, len, "%.*s", (int)(nl - w - 6), w + 6);
    return buf;
}

/* Whether anything is lit on matrix row r. */
static bool row_lit(const matrix_view_t *v, int r)
{
    for (int c = 0; c < MATRIX_N; c++)
        if (v->red[r][c] >= 0.01 || v->green[r][c] >= 0.01)
            return true;
    return false;
}

void sim_board_view(sim_t *s, bool colour, const char *words, FILE *out, bool compact)
{
    eol = colour || isatty(fileno(out)) ? "\x1b[K\n" : "\n";
    matrix_view_t v;
    char letters[MATRIX_N][MATRIX_N + 1];
    lines_t l;
    sim_view(s, &v);
    matrix_dump(&v, letters);
    links(&l, rules_in_play(s), compact);
    const int height = MATRIX_N * l.lines, width = MATRIX_N * l.cols;
    for (int line = 0; line < height; line++) {
        const int r = line / l.lines;
        const bool led_line = line % l.lines == 0;
        /* compact: the rows off the board (5..7) folded to one line each,
         * and rows 5 and 6 left out while they are dark */
        if (compact && r >= ROWS && (!led_line || (r < MATRIX_N - 1 && !row_lit(&v, r))))
            continue;
        if (led_line && r < ROWS)
            fprintf(out, "  %d  ", ROWS - r);
        else
            fprintf(out, "     ");
        for (int col = 0; col < width; col++) {
            const int c = col / l.cols;
            if (led_line && col % l.cols == 0) {
                const double red = v.red[r][c] > 1 ? 1 : v.red[r][c], green = v.green[r][c] > 1 ? 1 : v.green[r][c];
                const bool lit = red >= 0.01 || green >= 0.01;
                if (!colour) {
                    fputc(letters[r][c], out);
                } else if (!lit) {
                    fprintf(out, "\x1b[38;2;90;90;90m%s", r < ROWS && c < FILES ? "\xe2\x97\x8b" : "\xc2\xb7");
                } else {
                    /* square root: a dim plain piece at the lowest brightness stays visible */
                    const int rr = red >= 0.01 ? (int)(70 + 185 * sqrt(red)) : 0;
                    const int gg = green >= 0.01 ? (int)(70 + 185 * sqrt(green)) : 0;
                    fprintf(out, "\x1b[38;2;%d;%d;0m\xe2\x97\x8f", rr, gg);
                }
                continue;
            }
            const uint8_t d = l.dots[line][col];
            if (d) {
                if (colour)
                    fprintf(out, "\x1b[38;2;110;110;110m");
                /* U+2800 + dots, in UTF-8 */
                fputc(0xE2, out);
                fputc(0xA0 + (d >> 6), out);
                fputc(0x80 + (d & 0x3F), out);
            } else {
                fputc(' ', out);
            }
        }
        fprintf(out, "%s%s", colour ? "\x1b[0m" : "", eol);
        if (line == (ROWS - 1) * l.lines) { /* below row 1: the files */
            fprintf(out, "     ");
            for (int c = 0; c < FILES; c++)
                fprintf(out, "%-*c", l.cols, 'a' + c);
            fprintf(out, "%s", eol);
            line++;
        }
    }
    /* the words scrolling on the matrix, as plain text right under it (3x5
     * letters among the board's lines are hard to read in a terminal) */
    if (words)
        fprintf(out, "  %swords:%s %s%s", colour ? "\x1b[1m" : "", colour ? "\x1b[0m" : "", words, eol);
    else
        fprintf(out, "%s", eol);
    if (!compact)
        fprintf(out, "%s", eol);
    status(s, out, compact);
    /* the last sound, for a moment, in words: the terminal has no piezo */
    const sim_buzzer_t *b = &s->buzzer;
    if (b->tone_count && sim_now_ms(s) - b->tones[b->tone_count - 1].start_ms < 1500.0) {
        const sim_tone_t *t = &b->tones[b->tone_count - 1];
        fprintf(out, "  %s\xe2\x99\xaa %.0f Hz: %s%s%s", colour ? "\x1b[1;33m" : "", t->freq_hz,
                tone_meaning(t->freq_hz), colour ? "\x1b[0m" : "", eol);
    } else {
        fprintf(out, "%s", eol);
    }
}
