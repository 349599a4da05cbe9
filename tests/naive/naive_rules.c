#include "naive_rules.h"

#include <stdio.h>
#include <string.h>

/* The links exactly as docs/rules.md (the board) lists them. */
static const char *const LINKS =
    "b2-b3 b3-b4 d2-d3 d3-d4 b2-c2 c2-d2 b4-c4 c4-d4 "
    "a1-b3 a3-b1 a3-b5 a5-b3 b2-c4 b3-c5 c1-d3 c3-d1 d3-e1 d3-e5 d4-e2 d5-e3 "
    "a1-c2 a2-c1 a2-c3 a4-c3 a4-c5 a5-c4 b1-d2 b2-d1 b3-d2 b4-d3 b4-d5 b5-d4 "
    "c1-e2 c2-e1 c2-e3 c3-e4 c4-e5 c5-e4";
static const char *const JASIR_LINK = "b3-c3";

static bool is(const naive_t *n, const char *set) { return strcmp(n->set, set) == 0; }

static bool linked_by_text(bool jasir, int r1, int f1, int r2, int f2)
{
    char a[3] = {(char)('a' + f1), (char)('1' + r1), 0};
    char b[3] = {(char)('a' + f2), (char)('1' + r2), 0};
    char ab[6], ba[6];
    sprintf(ab, "%s-%s", a, b);
    sprintf(ba, "%s-%s", b, a);
    if (strstr(LINKS, ab) || strstr(LINKS, ba))
        return true;
    if (jasir && (strcmp(ab, JASIR_LINK) == 0 || strcmp(ba, JASIR_LINK) == 0))
        return true;
    return false;
}

/* The text search is slow, so its answers are kept: [jasir][from][to]. */
static bool linked(const naive_t *n, int r1, int f1, int r2, int f2)
{
    static signed char cache[2][25][25];
    static bool filled;
    if (!filled) {
        for (int j = 0; j < 2; j++)
            for (int a = 0; a < 25; a++)
                for (int b = 0; b < 25; b++)
                    cache[j][a][b] = (signed char)linked_by_text(j, a / 5, a % 5, b / 5, b % 5);
        filled = true;
    }
    return cache[is(n, "jasir")][r1 * 5 + f1][r2 * 5 + f2];
}

static char own_of(int side) { return side == 0 ? 'w' : 'b'; }
static bool belongs(char c, int side) { return c != '.' && (c == own_of(side) || c == own_of(side) - 32); }
static bool is_marked(char c) { return c == 'W' || c == 'B'; }
static int camp_row(int side) { return side == 0 ? 4 : 0; }
static int home_row(int side) { return side == 0 ? 0 : 4; }

void naive_init(naive_t *n, const char *set, int first)
{
    memset(n, 0, sizeof *n);
    for (int r = 0; r < 5; r++)
        for (int f = 0; f < 5; f++)
            n->cell[r][f] = r == 0 ? 'w' : r == 4 ? 'b' : '.';
    snprintf(n->set, sizeof n->set, "%s", set);
    n->stm = first;
    for (int s = 0; s < 2; s++)
        n->last_from[s] = n->last_to[s] = n->chain_len[s] = -1;
}

static int count_on_board(const naive_t *n, int side)
{
    int c = 0;
    for (int r = 0; r < 5; r++)
        for (int f = 0; f < 5; f++)
            if (belongs(n->cell[r][f], side))
                c++;
    return c;
}

static int count_in_camp(const naive_t *n, int side)
{
    int c = 0;
    for (int f = 0; f < 5; f++)
        if (belongs(n->cell[camp_row(side)][f], side))
            c++;
    return c;
}

static bool all_in_camp(const naive_t *n, int side)
{
    return count_on_board(n, side) == count_in_camp(n, side);
}

static bool ended_by_condition(const naive_t *n)
{
    for (int s = 0; s < 2; s++) {
        if (is(n, "classic") || is(n, "brainking")) {
            if (all_in_camp(n, s))
                return true;
        } else if (is(n, "ludos")) {
            if (count_on_board(n, s) >= 1 && all_in_camp(n, s))
                return true;
            if (count_on_board(n, s) == 0 && n->ready[s] == 0)
                return true;
        } else { /* jasir */
            if (n->ready[s] == 0 && all_in_camp(n, s))
                return true;
        }
    }
    if (is(n, "ludos") && n->chain_len[0] >= 4 && n->chain_len[1] >= 4)
        return true;
    return false;
}

static void add(char moves[][16], int *count, const char *text) { strcpy(moves[(*count)++], text); }

int naive_legal(const naive_t *n, char moves[][16])
{
    int count = 0, shielded_count = 0;
    static char shielded[NAIVE_MAX_MOVES][16];
    if (ended_by_condition(n))
        return 0;
    const int s = n->stm;
    const int limit = is(n, "classic") ? 4 : is(n, "brainking") ? 5 : 0;
    char text[16];
    if (n->ready[s] > 0)
        for (int f = 0; f < 5; f++)
            if (n->cell[home_row(s)][f] == '.') {
                sprintf(text, "@%c%c", 'a' + f, '1' + home_row(s));
                add(moves, &count, text);
            }
    for (int r = 0; r < 5; r++)
        for (int f = 0; f < 5; f++) {
            const char piece = n->cell[r][f];
            if (!belongs(piece, s) || r == camp_row(s))
                continue;
            for (int r2 = 0; r2 < 5; r2++)
                for (int f2 = 0; f2 < 5; f2++) {
                    if (!linked(n, r, f, r2, f2))
                        continue;
                    const char target = n->cell[r2][f2];
                    if (belongs(target, s))
                        continue;
                    if (is(n, "jasir") && (s == 0 ? r2 < r : r2 > r))
                        continue;
                    const bool capture = target != '.';
                    const int from = r * 5 + f, to = r2 * 5 + f2;
                    if (limit && n->chain_len[s] >= 1 && n->last_from[s] == to && n->last_to[s] == from &&
                        n->chain_len[s] + 1 >= limit)
                        continue;
                    sprintf(text, "%c%c%c%c%c", 'a' + f, '1' + r, capture ? 'x' : '-', 'a' + f2, '1' + r2);
                    if (is(n, "jasir") && capture && r2 == home_row(1 - s)) {
                        add(shielded, &shielded_count, text);
                        continue;
                    }
                    bool marked_after = is_marked(piece);
                    if (capture && (!is(n, "ludos") || r2 != home_row(1 - s)))
                        marked_after = true;
                    if (!is(n, "jasir") && r2 == camp_row(s) && marked_after && n->captured[s] > 0) {
                        int empties = 0;
                        for (int hf = 0; hf < 5; hf++)
                            if (n->cell[home_row(s)][hf] == '.') {
                                char with[24];
                                snprintf(with, 16, "%.5s@%c%c", text, 'a' + hf, '1' + home_row(s));
                                add(moves, &count, with);
                                empties++;
                            }
                        if (empties == 0 || is(n, "ludos"))
                            add(moves, &count, text);
                    } else {
                        add(moves, &count, text);
                    }
                }
        }
    if (count == 0)
        for (int i = 0; i < shielded_count; i++)
            add(moves, &count, shielded[i]);
    return count;
}

bool naive_play(naive_t *n, const char *move)
{
    static char moves[NAIVE_MAX_MOVES][16];
    const int count = naive_legal(n, moves);
    bool found = false;
    for (int i = 0; i < count; i++)
        if (strcmp(moves[i], move) == 0)
            found = true;
    if (!found)
        return false;
    const int s = n->stm;
    if (move[0] == '@') {
        n->cell[move[2] - '1'][move[1] - 'a'] = own_of(s);
        n->ready[s]--;
        n->chain_len[s] = -1;
        n->last_from[s] = n->last_to[s] = -1;
        n->stm = 1 - s;
        return true;
    }
    const int f = move[0] - 'a', r = move[1] - '1', f2 = move[3] - 'a', r2 = move[4] - '1';
    char piece = n->cell[r][f];
    const char victim = n->cell[r2][f2];
    n->cell[r][f] = '.';
    if (victim != '.') {
        if (is(n, "jasir") && is_marked(victim))
            n->ready[1 - s]++;
        else
            n->captured[1 - s]++;
        if (!is(n, "ludos") || r2 != home_row(1 - s))
            piece = (char)(own_of(s) - 32);
    }
    if (!is(n, "jasir") && r2 == camp_row(s) && is_marked(piece)) {
        piece = own_of(s);
        if (n->captured[s] > 0) {
            n->captured[s]--;
            if (move[5] == '@')
                n->cell[move[7] - '1'][move[6] - 'a'] = own_of(s);
            else
                n->ready[s]++;
        }
    }
    n->cell[r2][f2] = piece;
    const int from = r * 5 + f, to = r2 * 5 + f2;
    if (n->chain_len[s] >= 1 && n->last_from[s] == to && n->last_to[s] == from)
        n->chain_len[s]++;
    else
        n->chain_len[s] = 1;
    n->last_from[s] = from;
    n->last_to[s] = to;
    n->stm = 1 - s;
    return true;
}

bool naive_over(const naive_t *n)
{
    static char moves[NAIVE_MAX_MOVES][16];
    return naive_legal(n, moves) == 0;
}

void naive_result(const naive_t *n, int score[2], int *winner)
{
    const int camp0 = count_in_camp(n, 0), camp1 = count_in_camp(n, 1);
    if (is(n, "jasir")) {
        int living[2], wins[2];
        for (int s = 0; s < 2; s++)
            living[s] = count_on_board(n, s) + n->ready[s];
        for (int s = 0; s < 2; s++)
            wins[s] = living[s] > 0 && ((n->ready[s] == 0 && all_in_camp(n, s)) || living[1 - s] == 0);
        if (wins[0] && !wins[1])
            *winner = 0;
        else if (wins[1] && !wins[0])
            *winner = 1;
        else
            *winner = camp0 > camp1 ? 0 : camp1 > camp0 ? 1 : 2;
        score[0] = *winner == 0 ? living[0] : 0;
        score[1] = *winner == 1 ? living[1] : 0;
        return;
    }
    score[0] = count_on_board(n, 0) + camp0;
    score[1] = count_on_board(n, 1) + camp1;
    *winner = score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : 2;
    if (*winner == 2 && is(n, "ludos"))
        *winner = camp0 > camp1 ? 0 : camp1 > camp0 ? 1 : 2;
}

long naive_perft(const naive_t *n, int depth)
{
    char moves[NAIVE_MAX_MOVES][16];
    if (depth == 0)
        return 1;
    const int count = naive_legal(n, moves);
    if (depth == 1)
        return count;
    long total = 0;
    for (int i = 0; i < count; i++) {
        naive_t next = *n;
        naive_play(&next, moves[i]);
        total += naive_perft(&next, depth - 1);
    }
    return total;
}
