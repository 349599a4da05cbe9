/* Small helpers shared by the host test suites (cmocka). */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/rules_text.h"
#include "rules/rules.h"
#include "xorshift32.h"

/* The tests' random numbers, seeded by the test. */
static inline uint32_t test_random(uint32_t *state) { return xorshift32(state); }

static inline rules_pos_t pos_of(const char *text)
{
    rules_pos_t p;
    const char *err = NULL;
    if (!rules_pos_from_text(text, &p, &err))
        fail_msg("bad test position '%s': %s", text, err);
    return p;
}

static inline int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* All legal moves, sorted, space separated (like the protocol's "legal"). */
static inline const char *legal_text(const rules_pos_t *p)
{
    static char out[RULES_MAX_MOVES * RULES_MOVE_TEXT_MAX];
    static char text[RULES_MAX_MOVES][RULES_MOVE_TEXT_MAX];
    char *ptrs[RULES_MAX_MOVES];
    rules_move_t moves[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(p, moves);
    for (uint8_t i = 0; i < n; i++) {
        rules_move_to_text(moves[i], text[i]);
        ptrs[i] = text[i];
    }
    qsort(ptrs, n, sizeof ptrs[0], cmp_str);
    out[0] = '\0';
    for (uint8_t i = 0; i < n; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, ptrs[i]);
    }
    return out;
}

static inline void play(rules_pos_t *p, const char *text)
{
    rules_move_t m;
    rules_undo_t u;
    if (!rules_move_from_text(p, text, &m))
        fail_msg("move %s is not legal in this position; legal: %s", text, legal_text(p));
    rules_make(p, m, &u);
}

static inline bool is_legal(const rules_pos_t *p, const char *text)
{
    rules_move_t m;
    return rules_move_from_text(p, text, &m);
}

static inline const char *text_of(const rules_pos_t *p)
{
    static char out[RULES_POS_TEXT_MAX];
    rules_pos_to_text(p, out);
    return out;
}

#endif
