/* A move list being filled by a generator: the rules core's and the AI
 * board's. It counts past its room, so the caller can report RULES_OVERFLOW
 * as rules_legal_moves() does. */
#ifndef JARMO_RULES_MOVE_LIST_H
#define JARMO_RULES_MOVE_LIST_H

#include <stdint.h>

#include "rules.h"

typedef struct {
    rules_move_t *buf;
    uint8_t n, cap; /* n may pass cap: the caller reports an overflow */
} rules_move_list_t;

static inline __attribute__((always_inline)) void rules_move_list_push(rules_move_list_t *l, rules_move_t m)
{
    if (l->n < l->cap)
        l->buf[l->n] = m;
    l->n++;
}

#endif
