/* The engine protocol (docs/protocol.md): one command per line in, one
 * answer per command out ("= ..." or "? message"). Byte-oriented so that
 * any input, including binary junk, is handled without crashing. */
#ifndef JARMO_PROTOCOL_H
#define JARMO_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define PROTOCOL_LINE_MAX 256u
#define PROTOCOL_HISTORY 1024u

typedef void (*protocol_write_fn)(const char *text, void *ctx);

typedef struct {
    rules_move_t move;
    rules_undo_t undo;
} protocol_ply_t;

typedef struct {
    rules_pos_t pos;
    uint8_t set;
    uint8_t level;      /* AI level for genmove */
    uint16_t seed;      /* AI tie-break seed */
    uint8_t max_perft;  /* deepest perft accepted (the fuzzer keeps it small) */
    bool quit;
    /* undo history: a ring; the oldest plies fall off when it is full */
    protocol_ply_t history[PROTOCOL_HISTORY];
    uint16_t hist_head, hist_len;
    /* line assembly */
    char line[PROTOCOL_LINE_MAX + 1];
    uint16_t line_len;
    bool line_too_long, line_bad_byte;
    protocol_write_fn write;
    void *write_ctx;
} protocol_t;

void protocol_init(protocol_t *e, protocol_write_fn write, void *ctx);
/* Feeds raw input bytes; complete lines are executed as they arrive.
 * Returns false once "quit" has been executed. */
bool protocol_feed(protocol_t *e, const char *data, size_t len);
/* End of input: an unterminated last line is reported, not executed. */
void protocol_end(protocol_t *e);
/* Executes one complete command line (no newline). */
void protocol_command(protocol_t *e, const char *line);

#endif
