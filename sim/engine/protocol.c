#include "protocol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "rules/rules_text.h"

#define ARGS_MAX 2

static void say(protocol_t *e, const char *text) { e->write(text, e->write_ctx); }

static void sayf(protocol_t *e, const char *fmt, const char *arg)
{
    char buf[PROTOCOL_LINE_MAX + 64];
    snprintf(buf, sizeof buf, fmt, arg);
    say(e, buf);
}

static void new_game(protocol_t *e, uint8_t first)
{
    rules_init(&e->pos, e->set, first);
    e->hist_len = 0;
}

void protocol_init(protocol_t *e, protocol_write_fn write, void *ctx)
{
    memset(e, 0, sizeof *e);
    e->write = write;
    e->write_ctx = ctx;
    e->set = RULES_CLASSIC;
    e->level = 3;
    e->max_perft = 9;
    new_game(e, RULES_WHITE);
}

static void history_push(protocol_t *e, rules_move_t m, const rules_undo_t *u)
{
    const uint16_t slot = (uint16_t)((e->hist_head + e->hist_len) % PROTOCOL_HISTORY);
    e->history[slot].move = m;
    e->history[slot].undo = *u;
    if (e->hist_len < PROTOCOL_HISTORY)
        e->hist_len++;
    else
        e->hist_head = (uint16_t)((e->hist_head + 1u) % PROTOCOL_HISTORY);
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* ---- commands: one handler each, dispatched through the table below ---- */
typedef struct {
    int nargs;
    char **argv;      /* argv[0] is the command word */
    const char *rest; /* the text after the command word ("position") */
} args_t;

static void cmd_legal(protocol_t *e, const args_t *a)
{
    (void)a;
    rules_move_t moves[RULES_MAX_MOVES];
    char text[RULES_MAX_MOVES][RULES_MOVE_TEXT_MAX];
    char out[RULES_MAX_MOVES * RULES_MOVE_TEXT_MAX + 4] = "=";
    const uint8_t n = rules_legal_moves(&e->pos, moves);
    for (uint8_t i = 0; i < n; i++)
        rules_move_to_text(moves[i], text[i]);
    qsort(text, n, sizeof text[0], cmp_text); /* plain byte order */
    size_t len = 1;
    for (uint8_t i = 0; i < n; i++)
        len += (size_t)sprintf(out + len, " %s", text[i]);
    if (n == 0)
        strcpy(out, "= ");
    say(e, out);
}

static void cmd_result(protocol_t *e, const args_t *a)
{
    (void)a;
    char buf[64], name[RULES_RESULT_NAME_MAX], why[RULES_END_NAME_MAX];
    uint8_t score[2], side;
    if (!rules_game_over(&e->pos)) {
        say(e, "= ongoing");
        return;
    }
    rules_score(&e->pos, score);
    rules_result_name(rules_winner(&e->pos), name);
    rules_end_name(rules_end_reason(&e->pos, &side), why);
    snprintf(buf, sizeof buf, "= over %u %u %s %s", score[0], score[1], name, why);
    say(e, buf);
}

static void cmd_show(protocol_t *e, const args_t *a)
{
    (void)a;
    char buf[128], name[RULES_SET_NAME_MAX];
    const rules_pos_t *p = &e->pos;
    say(e, "= board (W/B: marked, guard or promoted)");
    for (uint8_t row = RULES_ROWS; row-- > 0;) {
        char *o = buf + sprintf(buf, "  %u ", row + 1u);
        for (uint8_t file = 0; file < RULES_FILES; file++) {
            *o++ = rules_piece_char(p, rules_point(file, row));
            *o++ = ' ';
        }
        *o = '\0';
        say(e, buf);
    }
    say(e, "    a b c d e");
    rules_set_name(e->set, name);
    snprintf(buf, sizeof buf, "  %s to move, rules %s", rules_side_to_move(p) ? "black" : "white", name);
    say(e, buf);
    snprintf(buf, sizeof buf, "  off board: white %u captured %u ready, black %u captured %u ready",
             rules_captured(p, 0), rules_ready(p, 0), rules_captured(p, 1), rules_ready(p, 1));
    say(e, buf);
    say(e, "");
}

/* Parses a small non-negative decimal; -1 if it is not one. */
static long small_number(const char *s)
{
    if (!*s || strlen(s) > 3)
        return -1;
    for (const char *c = s; *c; c++)
        if (*c < '0' || *c > '9')
            return -1;
    return strtol(s, NULL, 10);
}

_Static_assert(AI_LEVELS == 6u, "the level messages below say 1..6");
/* An AI level argument, or -1 after saying why it is not one. */
static long ai_level_arg(protocol_t *e, const char *arg)
{
    const long level = small_number(arg);
    if (level < 1 || level > (long)AI_LEVELS) {
        say(e, "? level must be 1..6");
        return -1;
    }
    return level;
}

static void cmd_quit(protocol_t *e, const args_t *a)
{
    (void)a;
    say(e, "= bye");
    e->quit = true;
}

static void cmd_rules(protocol_t *e, const args_t *a)
{
    const int8_t s = rules_set_by_name(a->argv[1]);
    if (s < 0) {
        sayf(e, "? unknown rule set: %.40s", a->argv[1]);
        return;
    }
    e->set = (uint8_t)s;
    new_game(e, RULES_WHITE);
    say(e, "= ok");
}

static void cmd_new(protocol_t *e, const args_t *a)
{
    uint8_t first = RULES_WHITE;
    if (a->nargs == 1) {
        if (strcmp(a->argv[1], "black") == 0)
            first = RULES_BLACK;
        else if (strcmp(a->argv[1], "white") != 0) {
            sayf(e, "? unknown side: %.40s", a->argv[1]);
            return;
        }
    }
    new_game(e, first);
    say(e, "= ok");
}

static void cmd_play(protocol_t *e, const args_t *a)
{
    rules_move_t m;
    rules_undo_t u;
    if (!rules_move_from_text(&e->pos, a->argv[1], &m)) {
        sayf(e, "? illegal move: %.40s", a->argv[1]);
        return;
    }
    rules_make(&e->pos, m, &u);
    history_push(e, m, &u);
    say(e, "= ok");
}

static void cmd_undo(protocol_t *e, const args_t *a)
{
    (void)a;
    if (e->hist_len == 0) {
        say(e, "? nothing to undo");
        return;
    }
    e->hist_len--;
    const protocol_ply_t *ply = &e->history[(e->hist_head + e->hist_len) % PROTOCOL_HISTORY];
    rules_unmake(&e->pos, ply->move, &ply->undo);
    say(e, "= ok");
}

static void cmd_perft(protocol_t *e, const args_t *a)
{
    const long depth = small_number(a->argv[1]);
    char out[40];
    if (depth < 0 || depth > e->max_perft) {
        snprintf(out, sizeof out, "? perft depth must be 0..%u", e->max_perft);
        say(e, out);
        return;
    }
    rules_pos_t copy = e->pos;
    snprintf(out, sizeof out, "= %llu", (unsigned long long)rules_perft(&copy, (uint8_t)depth));
    say(e, out);
}

static void cmd_level(protocol_t *e, const args_t *a)
{
    const long level = ai_level_arg(e, a->argv[1]);
    if (level < 0)
        return;
    e->level = (uint8_t)level;
    say(e, "= ok");
}

static void cmd_genmove(protocol_t *e, const args_t *a)
{
    const long level = a->nargs == 1 ? ai_level_arg(e, a->argv[1]) : e->level;
    if (level < 0)
        return;
    if (rules_game_over(&e->pos)) {
        say(e, "? the game is over");
        return;
    }
    ai_stats_t stats;
    rules_undo_t u;
    char text[RULES_MOVE_TEXT_MAX];
    const rules_move_t m = ai_choose(&e->pos, (uint8_t)level, e->seed, NULL, NULL, &stats);
    rules_make(&e->pos, m, &u);
    history_push(e, m, &u);
    rules_move_to_text(m, text);
    sayf(e, "= %s", text);
}

static void cmd_seed(protocol_t *e, const args_t *a)
{
    const char *c = a->argv[1];
    unsigned long v = 0;
    for (; *c >= '0' && *c <= '9' && v <= 65535u; c++)
        v = v * 10u + (unsigned long)(*c - '0');
    if (*c || c == a->argv[1] || v > 65535u) {
        say(e, "? seed must be 0..65535");
        return;
    }
    e->seed = (uint16_t)v;
    say(e, "= ok");
}

static void cmd_position(protocol_t *e, const args_t *a)
{
    const char *err = NULL;
    rules_pos_t p;
    if (!a->rest || !rules_pos_from_text(a->rest, &p, &err)) {
        sayf(e, "? bad position: %s", err ? err : "usage: position TEXT (see docs/protocol.md)");
        return;
    }
    e->pos = p;
    e->set = rules_set_of(&p);
    e->hist_len = 0;
    say(e, "= ok");
}

static void cmd_fen(protocol_t *e, const args_t *a)
{
    (void)a;
    char text[RULES_POS_TEXT_MAX];
    rules_pos_to_text(&e->pos, text);
    sayf(e, "= %s", text);
}

static const struct {
    const char *name;
    int min, max; /* argument counts; max -1: any (the handler reads the rest) */
    const char *usage;
    void (*run)(protocol_t *e, const args_t *a);
} commands[] = {
    {"quit", 0, 0, "quit", cmd_quit},
    {"rules", 1, 1, "rules classic|brainking|ludos|jasir", cmd_rules},
    {"new", 0, 1, "new [white|black]", cmd_new},
    {"play", 1, 1, "play MOVE", cmd_play},
    {"undo", 0, 0, "undo", cmd_undo},
    {"legal", 0, 0, "legal", cmd_legal},
    {"perft", 1, 1, "perft N", cmd_perft},
    {"result", 0, 0, "result", cmd_result},
    {"show", 0, 0, "show", cmd_show},
    {"level", 1, 1, "level 1..6", cmd_level},
    {"genmove", 0, 1, "genmove [LEVEL]", cmd_genmove},
    {"seed", 1, 1, "seed N", cmd_seed},
    {"position", 0, -1, "position TEXT", cmd_position},
    {"fen", 0, 0, "fen", cmd_fen},
};

void protocol_command(protocol_t *e, const char *line)
{
    char buf[PROTOCOL_LINE_MAX + 1];
    char *argv[ARGS_MAX + 1];
    int argc = 0;
    strncpy(buf, line, PROTOCOL_LINE_MAX);
    buf[PROTOCOL_LINE_MAX] = '\0';
    const char *rest = NULL; /* text after the command word, for "position" */
    for (char *tok = strtok(buf, " \t\r"); tok; tok = strtok(NULL, " \t\r")) {
        if (argc == 1 && !rest)
            rest = line + (tok - buf);
        if (argc <= ARGS_MAX)
            argv[argc] = tok;
        argc++;
    }
    if (argc == 0)
        return; /* blank lines are ignored */
    const args_t a = {argc - 1, argv, rest};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(commands[i].name, argv[0]) != 0)
            continue;
        if (a.nargs < commands[i].min || (commands[i].max >= 0 && a.nargs > commands[i].max)) {
            sayf(e, "? usage: %s", commands[i].usage);
            return;
        }
        commands[i].run(e, &a);
        return;
    }
    sayf(e, "? unknown command: %.40s", argv[0]);
}

static void end_line(protocol_t *e)
{
    if (e->line_too_long)
        say(e, "? line too long (limit 256 bytes)");
    else if (e->line_bad_byte)
        say(e, "? line holds bytes that are not printable text");
    else {
        e->line[e->line_len] = '\0';
        protocol_command(e, e->line);
    }
    e->line_len = 0;
    e->line_too_long = e->line_bad_byte = false;
}

bool protocol_feed(protocol_t *e, const char *data, size_t len)
{
    for (size_t i = 0; i < len && !e->quit; i++) {
        const unsigned char c = (unsigned char)data[i];
        if (c == '\n') {
            end_line(e);
            continue;
        }
        if ((c < 0x20 && c != '\t' && c != '\r') || c > 0x7E)
            e->line_bad_byte = true;
        if (e->line_len >= PROTOCOL_LINE_MAX)
            e->line_too_long = true;
        else
            e->line[e->line_len++] = (char)c;
    }
    return !e->quit;
}

void protocol_end(protocol_t *e)
{
    if (e->line_len > 0 && !e->quit)
        say(e, "? input ended in the middle of a line");
    e->line_len = 0;
}
