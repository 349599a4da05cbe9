/* Interactive mode: the matrix in the terminal, in real time, played with
 * the keyboard. ANSI colours, or letters where the terminal has none. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "part_buttons.h"
#include "part_eeprom.h"
#include "part_uart.h"
#include "sim_board_view.h"
#include "sim_term.h"

#define HOLD_B_MS 1000.0 /* m: a long B (the menu) */
#define KEY_QUEUE 64
#define FRAME_MS 33.0

static struct termios saved;
static bool raw_on;
static volatile sig_atomic_t stop;

static void on_signal(int sig) { (void)sig, stop = 1; }

static void terminal_restore(void)
{
    if (raw_on) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        printf("\x1b[0m\x1b[?25h\n");
        fflush(stdout);
        raw_on = false;
    }
}

/* A signal that ends the program at once (a crash, abort()): the terminal
 * back as it was (only async-signal-safe calls), then the signal's own
 * ending, core dump and exit status as without the handler. The EEPROM
 * file is whole: it is written only by renaming a finished copy. */
static void on_fatal(int sig)
{
    if (raw_on) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        static const char reset[] = "\x1b[0m\x1b[?25h\n";
        const ssize_t w = write(STDOUT_FILENO, reset, sizeof reset - 1u);
        (void)w;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Every signal whose default ends the program: the ones a terminal or a
 * person sends end the loop (and so save, then restore the terminal);
 * the crashes restore it in the handler. */
static void catch_signals(void)
{
    static const int ending[] = {SIGINT,  SIGTERM, SIGHUP,    SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                                 SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO,   SIGPWR};
    static const int fatal[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS};
    for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++)
        signal(ending[i], on_signal);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        signal(fatal[i], on_fatal);
    signal(SIGPIPE, SIG_IGN); /* writes to a closed terminal fail quietly */
}

static bool terminal_raw(void)
{
    struct termios t;
    if (tcgetattr(STDIN_FILENO, &saved) != 0)
        return false;
    t = saved;
    t.c_lflag &= (tcflag_t) ~(ICANON | ECHO | ISIG);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &t);
    raw_on = true;
    return true;
}

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Every key is a tap of its own: queued, and played one after another in
 * simulated time (down SIM_TAP_MS, or HOLD_B_MS for m, then up
 * SIM_TAP_MS), however fast the keys come: two quick Rights move the
 * cursor twice, and a key after m waits for the long B to end. */
typedef struct {
    int button[KEY_QUEUE];
    double hold[KEY_QUEUE];
    unsigned head, len;
    unsigned taps;    /* taps queued so far */
    int down;         /* the button held now, or -1 */
    double up_at;     /* when it goes up (simulated ms) */
    double free_at;   /* when the next may go down */
} key_queue_t;

static void enqueue(key_queue_t *q, int button, double hold)
{
    if (q->len == KEY_QUEUE)
        return; /* 64 taps behind: a held key's repeats, dropped */
    const unsigned at = (q->head + q->len++) % KEY_QUEUE;
    q->taps++;
    q->button[at] = button;
    q->hold[at] = hold;
}

/* Plays the queue up to simulated time `now`; false if the MCU stopped. */
static bool play_queue(sim_t *s, key_queue_t *q, double now)
{
    for (;;) {
        if (q->down >= 0) {
            if (q->up_at > now)
                return true;
            if (q->up_at > sim_now_ms(s) && !sim_run_until_ms(s, q->up_at))
                return false;
            sim_button(s, q->down, false, NULL, NULL); /* no chatter: only a script asks for it */
            q->down = -1;
            q->free_at = q->up_at + SIM_TAP_MS;
        } else if (q->len) {
            const double at = q->free_at > sim_now_ms(s) ? q->free_at : sim_now_ms(s);
            if (at > now)
                return true;
            if (at > sim_now_ms(s) && !sim_run_until_ms(s, at))
                return false;
            q->down = q->button[q->head];
            q->up_at = at + q->hold[q->head];
            q->head = (q->head + 1u) % KEY_QUEUE;
            q->len--;
            sim_button(s, q->down, true, NULL, NULL);
        } else {
            return true;
        }
    }
}

/* Maps pending input to queued taps; 'q' or Ctrl-C quits. */
static void read_keys(key_queue_t *q)
{
    unsigned char buf[64];
    const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
    for (ssize_t i = 0; i < n; i++) {
        int b = -1;
        double hold = SIM_TAP_MS;
        const unsigned char c = buf[i];
        if (c == 'q' || c == 3) {
            stop = 1;
            return;
        }
        if (c == 0x1b && i + 2 < n && buf[i + 1] == '[') {
            const unsigned char k = buf[i + 2];
            b = k == 'A' ? SIM_BTN_UP : k == 'B' ? SIM_BTN_DOWN : k == 'C' ? SIM_BTN_RIGHT : k == 'D' ? SIM_BTN_LEFT : -1;
            i += 2;
        } else if (c == 'z' || c == ' ' || c == '\r' || c == '\n') {
            b = SIM_BTN_A;
        } else if (c == 'x' || c == 127 || c == 8) {
            b = SIM_BTN_B;
        } else if (c == 'm') {
            b = SIM_BTN_B; /* a long B: back to the menu */
            hold = HOLD_B_MS;
        } else if (c == 'w' || c == 'k') {
            b = SIM_BTN_UP;
        } else if (c == 's' || c == 'j') {
            b = SIM_BTN_DOWN;
        } else if (c == 'a' || c == 'h') {
            b = SIM_BTN_LEFT;
        } else if (c == 'd' || c == 'l') {
            b = SIM_BTN_RIGHT;
        }
        if (b >= 0)
            enqueue(q, b, hold);
    }
}

/* The words scrolling on the matrix, shown as text under it from when the
 * console prints them until a key is pressed or it prints another line. */
static struct {
    size_t at;        /* where the shown line starts in the UART text */
    unsigned keys_at; /* the taps queued when it came */
} caption = {(size_t)-1, 0};

static const char *caption_now(sim_t *s, const key_queue_t *q, char *buf, size_t len)
{
    const char *w = sim_words_newest(s, buf, len);
    if (!w)
        return NULL;
    const size_t at = (size_t)(sim_uart_last_line(s, "words ") - s->uart.text);
    if (at != caption.at) {
        caption.at = at;
        caption.keys_at = q->taps;
    }
    return q->taps == caption.keys_at && q->down < 0 ? w : NULL;
}

/* The pane's size in characters; 0 when unknown (no limit). */
static void pane_size(int *cols, int *rows)
{
    struct winsize w;
    *cols = *rows = 0;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0 && w.ws_row > 0) {
        *cols = w.ws_col;
        *rows = w.ws_row;
    }
}

/* One visible character of a line: its bytes, after the escape sequences
 * (colours) that come before it. */
typedef struct {
    const char *at; /* the escapes and the character */
    int len;
    bool space;
} cell_t;

#define LINE_CELLS 1024

/* A line's cells (escape sequences ride on the next character; a line's
 * own erase codes, \x1b[K and \x1b[J, are dropped: the frame adds its
 * own); how many. *tail: the escapes after the last character, or NULL. */
static int cells_of(const char *p, const char *end, cell_t cells[LINE_CELLS], const char **tail, int *tail_len)
{
    int n = 0;
    const char *pending = NULL; /* escapes waiting for their character */
    *tail_len = 0;
    while (p < end && n < LINE_CELLS) {
        if (*p == '\x1b' && p + 1 < end && p[1] == '[') {
            const char *e = p + 2;
            while (e < end && !(*e >= '@' && *e <= '~'))
                e++;
            const bool erase = e < end && (*e == 'K' || *e == 'J');
            /* an erase is dropped (each line ends in its own); the colours
             * and resets around it are kept: a reset lost before a line's
             * erase left the next lines in that line's colour */
            if (!erase && !pending)
                pending = p;
            p = e < end ? e + 1 : end;
            continue;
        }
        const char *start = pending ? pending : p;
        const unsigned char c = (unsigned char)*p;
        int k = c < 0x80u ? 1 : c >= 0xF0u ? 4 : c >= 0xE0u ? 3 : c >= 0xC0u ? 2 : 1;
        if (p + k > end)
            k = (int)(end - p);
        cells[n++] = (cell_t){start, (int)(p + k - start), c == ' '};
        pending = NULL;
        p += k;
    }
    *tail = pending;
    if (pending)
        *tail_len = (int)(p - pending);
    return n;
}

/* Writes the frame's text so that every line fits the pane: a line wider
 * than the pane is wrapped by this program (at a space where it can, the
 * rest indented), never by the terminal; each line ends by erasing what an
 * earlier frame left on it; the frame stops a line short of the pane's
 * height, so nothing scrolls; then the rest of the pane is erased. A
 * terminal that wrapped a line itself would push every later line down
 * and leave stale copies behind when the frame shrinks again. */
#define WRAP_INDENT 4
/* With `print` false it only counts: the lines the text takes. */
static int emit_fitted(const char *text, size_t len, int cols, int rows, bool print)
{
    static cell_t cells[LINE_CELLS];
    const int width = cols > 2 * WRAP_INDENT ? cols - 1 : 0; /* the last column stays free: no pending wrap */
    const int most = rows > 1 ? rows - 1 : 1 << 30;
    int lines = 0;
    const char *p = text, *end = text + len;
    while (p < end && lines < most) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = nl ? nl : end;
        const char *tail;
        int tail_len;
        const int n = cells_of(p, line_end, cells, &tail, &tail_len);
        int i = 0;
        do {
            const int indent = i ? WRAP_INDENT : 0;
            int take = n - i;
            if (width && indent + take > width) {
                take = width - indent;
                for (int j = take; j > take / 2; j--) /* at a space in the second half of the room */
                    if (cells[i + j].space) {
                        take = j;
                        break;
                    }
            }
            if (i && print)
                printf("%*s", WRAP_INDENT, "");
            for (int j = 0; j < take && print; j++)
                fwrite(cells[i + j].at, 1, (size_t)cells[i + j].len, stdout);
            i += take;
            while (i < n && cells[i].space) /* the spaces it broke at */
                i++;
            if (i >= n && tail && print)
                fwrite(tail, 1, (size_t)tail_len, stdout);
            if (print)
                fputs("\x1b[K\n", stdout);
            lines++;
        } while (i < n && lines < most);
        p = nl ? nl + 1 : end;
    }
    if (print)
        fputs("\x1b[0m\x1b[J", stdout);
    return lines;
}

/* Below this many lines the picture is the compact one (all of the full
 * one, with its key help, takes 36 lines before the debug console). */
#define FULL_PICTURE_ROWS 38
#define DEBUG_LINES_MAX 10

/* The newest `want` lines of the debug console, indented. */
static void debug_lines(const sim_t *s, FILE *out, int want)
{
    const char *end = s->uart.text ? s->uart.text + s->uart.len : NULL, *p = end;
    int lines = 0;
    while (p && p > s->uart.text && lines < want)
        if (*--p == '\n' && p != end - 1)
            lines++;
    if (!p)
        return;
    const char *first = p == s->uart.text && lines < want ? p : p + 1;
    for (const char *c = first; c < end; c++) {
        if (c == first || c[-1] == '\n')
            fputs("    ", out);
        fputc(*c, out);
    }
}

/* The picture, the words, the status, the key help, then as many of the
 * debug console's newest lines as the pane has room for: in a small pane
 * (80 x 24) the compact picture and a one-line key help, and the debug
 * console the first thing left out; in any pane the newest lines shown. */
static void draw(sim_t *s, bool color, const key_queue_t *q)
{
    char words[128];
    char *frame = NULL;
    size_t frame_len = 0;
    int cols, rows;
    pane_size(&cols, &rows);
    const bool compact = rows > 0 && rows < FULL_PICTURE_ROWS;
    FILE *out = open_memstream(&frame, &frame_len);
    if (!out)
        return;
    fprintf(out, "  Jarmo console (simulated ATmega328P, %.1f s)\n%s", sim_now_ms(s) / 1000.0, compact ? "" : "\n");
    sim_board_view(s, color, caption_now(s, q, words, sizeof words), out, compact);
    if (compact) {
        fprintf(out, "  arrows: move  z/space: A  x: B  m: menu  B alone: the score  q: quit\n");
    } else {
        fprintf(out, "\n  arrows/wasd: move   z, space, enter: A (select/confirm)   x, backspace: B (back)\n");
        fprintf(out, "  m: hold B (menu: mode, level, rules...)   B with nothing selected: the score   q or Ctrl-C: quit\n");
    }
    /* a save that failed: said at once, until one works (each frame tries) */
    if (s->eeprom.save_error[0])
        fprintf(out, "%s  NOT SAVED: %s; trying again, the file keeps the last save%s\n", color ? "\x1b[1;31m" : "",
                s->eeprom.save_error, color ? "\x1b[0m" : "");
    else if (!compact)
        fputc('\n', out);
    fflush(out);
    /* the debug console in the lines left (the frame stops a line short
     * of the pane): its heading and its newest lines, or nothing */
    const int used = emit_fitted(frame, frame_len, cols, 0, false);
    const int room = rows > 0 ? rows - 1 - used - 1 : DEBUG_LINES_MAX;
    /* the newest lines that fit, as the pane wraps them */
    for (int want = room < DEBUG_LINES_MAX ? room : DEBUG_LINES_MAX; want > 0; want--) {
        char *text = NULL;
        size_t text_len = 0;
        FILE *d = open_memstream(&text, &text_len);
        if (!d)
            break;
        debug_lines(s, d, want);
        fclose(d);
        const bool fits = emit_fitted(text, text_len, cols, 0, false) <= room;
        if (fits) {
            fprintf(out, "  debug console:\n");
            fwrite(text, 1, text_len, out);
        }
        free(text);
        if (fits)
            break;
    }
    fclose(out);
    printf("\x1b[H");
    emit_fitted(frame, frame_len, cols, rows, true);
    free(frame);
    fflush(stdout);
}

int sim_interactive(sim_t *s, bool color)
{
    key_queue_t keys = {.down = -1};
    if (!isatty(STDIN_FILENO) || !terminal_raw()) {
        fprintf(stderr, "jarmo-sim: interactive mode needs a terminal (use --script or --dump-frame-at)\n");
        return 2;
    }
    /* every way a terminal ends a program ends the loop, and so saves:
     * Ctrl-C (raw mode passes it as a key), kill, a closed window (SIGHUP),
     * the quit key where a terminal sends it (SIGQUIT), and every other
     * signal that would end it (SIGUSR1, SIGALRM, ...); a crash (SIGSEGV,
     * SIGBUS, SIGABRT, ...) restores the terminal before it ends */
    catch_signals();
    atexit(terminal_restore);
    s->eeprom.quiet = true; /* a failed save is shown on the screen, at once */
    printf("\x1b[2J\x1b[?25l");
    const double start = wall_ms();
    while (!stop) {
        const double now = wall_ms() - start;
        /* the queued taps at their own times, not at the next frame */
        const bool alive = play_queue(s, &keys, now);
        if (!alive || !sim_run_until_ms(s, now))
            break;
        /* the EEPROM file follows the chip's EEPROM, a frame behind at most */
        sim_eeprom_flush(s);
        if (stop)
            break;
        read_keys(&keys);
        draw(s, color, &keys);
        const double spare = FRAME_MS - (wall_ms() - start - now);
        if (spare > 0)
            usleep((useconds_t)(spare * 1000.0));
    }
    terminal_restore();
    s->eeprom.quiet = false; /* the last save (sim_close) says so on stderr if it fails */
    return s->crashed ? 1 : 0; /* a crash or a stack overflow: as docs/sim.md says */
}
