/* A deliberately naive second implementation of docs/rules.md, written apart
 * from the core: a 5x5 array of characters, links parsed from the text of
 * docs/rules.md, one branch per rule set. Only tests use it. */
#ifndef NAIVE_RULES_H
#define NAIVE_RULES_H

#include <stdbool.h>

#define NAIVE_MAX_MOVES 200

typedef struct {
    char cell[5][5]; /* [row 0..4][file 0..4]: '.', 'w', 'W', 'b', 'B' */
    char set[12];
    int stm; /* 0 white, 1 black */
    int captured[2], ready[2];
    int last_from[2], last_to[2], chain_len[2]; /* -1: no chain */
} naive_t;

void naive_init(naive_t *n, const char *set, int first);
int naive_legal(const naive_t *n, char moves[][16]);
/* Applies a move given as text; false if it is not a legal one. */
bool naive_play(naive_t *n, const char *move);
bool naive_over(const naive_t *n);
/* Scores and winner (0 white, 1 black, 2 draw) of a finished game. */
void naive_result(const naive_t *n, int score[2], int *winner);
long naive_perft(const naive_t *n, int depth);

#endif
