/* build/host/jarmo-arena: strength of the console's AI against reference
 * opponents written independently of it (docs/strength.md).
 *
 *   jarmo-arena [-g GAMES] [-r RULES] [-s SEED] [-o PLIES] [-b MARGIN] [-j LEVEL] [-p NODES] [-v 1] PLAYER PLAYER
 *   players: ai:LEVEL  ref:LEVEL  random  greedy  uct:PLAYOUTS
 *
 * ref:LEVEL is the AI frozen at commit ed8511a (tools/arena/reference/), the
 * fixed yardstick the live AI is measured against. Built with ARENA_BASE
 * (tools/arena/base_player.sh, `make arena-base BASE=COMMIT`), base:LEVEL
 * is the AI of another commit, e.g. today's AI before a change.
 *
 * Games are played in pairs with sides swapped (the board is asymmetric),
 * GAMES pairs per rule set, over every rule set unless -r names one. The
 * seed only breaks ties, so two deterministic players repeat many games
 * (level 5 against itself: 12 different jasir games in 200); -o PLIES
 * starts each pair from its own PLIES random moves, which makes the games
 * independent enough for the interval to hold (docs/strength.md), and -b
 * keeps only the openings that level 5 (or -j's) finds near even; -p
 * lets the AI ponder on its opponent's time (below). The
 * result line gives the first player's score, W/D/L and an Elo difference
 * with a 95% interval. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "reference/ref_ai.h"
#include "rules/rules.h"
#include "rules/rules_text.h"
#include "parse_count.h"
#include "xorshift32.h"

#define MAX_GAME_PLIES 300 /* a game this long is adjudicated on the score */
static bool verbose;

/* ---- randomness (per player) ------------------------------------------ */
static uint32_t next_u32(uint32_t *s) { return xorshift32(s); }

/* ---- reference players ------------------------------------------------ */
typedef enum { P_AI, P_REF, P_BASE, P_RANDOM, P_GREEDY, P_UCT } kind_t;

#ifdef ARENA_BASE
/* the other commit's ai_choose, its symbols renamed by base_player.sh */
rules_move_t base_ai_choose(const rules_pos_t *p, uint8_t level, uint16_t seed, ai_poll_fn poll, void *ctx,
                            ai_stats_t *stats);
void base_rules_pos_to_text(const rules_pos_t *p, char out[RULES_POS_TEXT_MAX]);
extern const unsigned char base_ai_levels_built;
#define BASE_LEVELS 6uL
#else
#define BASE_LEVELS 0uL
#endif
/* -p NODES: every ai: player ponders (ai.h) while its opponent moves,
 * as the console would on a player's time. The opponent's time is NODES
 * of the AI's nodes (on the handheld about 15,000 a second in a game);
 * the guess of its move, a PREDICT_LEVEL search, is taken off it. A hit
 * turns the pondering into the move's search when that time is up; a miss
 * is a search as without -p. PONDER_HIT_PCT (a -D) counts only that share
 * of the hits, for a player who is harder to guess than the AI. */
#define ARENA_NO_MOVE 0xFFFFu /* not a move: every field at its "none" */
#ifndef PREDICT_LEVEL
#define PREDICT_LEVEL 5u
#endif
#ifndef PONDER_HIT_PCT
#define PONDER_HIT_PCT 100u
#endif
static unsigned long ponder_nodes, ponder_hits, ponder_guesses;
typedef struct {
    unsigned long polled, move_at;
    bool moved;
} opponent_clock_t;

static void opponent_poll(void *ctx)
{
    opponent_clock_t *c = ctx;
    c->polled += AI_POLL_NODES;
    if (!c->moved && c->polled >= c->move_at) {
        c->moved = true;
        ai_ponder_hit(); /* only hits are pondered here: a miss is not searched */
    }
}

typedef struct {
    kind_t kind;
    rules_move_t guess;         /* -p: the opponent's move this player expects */
    unsigned long guess_nodes;  /* what guessing it took of the opponent's time */
    unsigned param; /* AI level or UCT playouts */
    uint32_t rng;
    char name[24];
} player_t;

static rules_move_t play_random(const rules_pos_t *p, player_t *pl)
{
    rules_move_t m[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(p, m);
    return m[next_u32(&pl->rng) % n];
}

/* Best immediate change of (own score - enemy score); a winning move first. */
static rules_move_t play_greedy(const rules_pos_t *p, player_t *pl)
{
    rules_move_t m[RULES_MAX_MOVES];
    const uint8_t n = rules_legal_moves(p, m), me = rules_side_to_move(p);
    int best = -1000000;
    rules_move_t pick = m[0];
    for (uint8_t i = 0; i < n; i++) {
        rules_pos_t q = *p;
        rules_undo_t u;
        uint8_t sc[2];
        rules_make(&q, m[i], &u);
        rules_score(&q, sc);
        int v = ((int)sc[me] - (int)sc[me ^ 1u]) * 16 + (int)(next_u32(&pl->rng) % 16u);
        if (rules_game_over(&q)) {
            const uint8_t w = rules_winner(&q);
            v += w == me ? 100000 : w == RULES_DRAW ? 0 : -100000;
        }
        if (v > best) {
            best = v;
            pick = m[i];
        }
    }
    return pick;
}

/* Plain UCT: random playouts, UCB1 with c = 1.4 on results in [0, 1]. */
typedef struct {
    rules_move_t move;
    int32_t parent, first_child;
    uint16_t children, expanded;
    double wins; /* for the player who made `move` */
    uint32_t visits;
} uct_node_t;

static uct_node_t *tree;
static size_t tree_cap;

static double playout(rules_pos_t q, uint8_t for_side, uint32_t *rng)
{
    for (int ply = 0; ply < MAX_GAME_PLIES; ply++) {
        rules_move_t m[RULES_MAX_MOVES];
        rules_undo_t u;
        const uint8_t n = rules_legal_moves(&q, m);
        if (n == 0)
            break;
        rules_make(&q, m[next_u32(rng) % n], &u);
    }
    const uint8_t w = rules_winner(&q);
    return w == RULES_DRAW ? 0.5 : w == for_side ? 1.0 : 0.0;
}

static rules_move_t play_uct(const rules_pos_t *root, player_t *pl)
{
    const size_t need = (size_t)pl->param * RULES_MAX_MOVES + RULES_MAX_MOVES + 1;
    if (tree_cap < need) {
        uct_node_t *grown = realloc(tree, need * sizeof *tree);
        if (!grown) {
            fprintf(stderr, "jarmo-arena: not enough memory for %u playouts\n", pl->param);
            exit(2);
        }
        tree = grown;
        tree_cap = need;
    }
    size_t used = 1;
    tree[0] = (uct_node_t){0, -1, -1, 0, 0, 0, 0};
    for (unsigned it = 0; it < pl->param; it++) {
        rules_pos_t q = *root;
        rules_undo_t u;
        int32_t node = 0;
        /* select */
        for (;;) {
            uct_node_t *nd = &tree[node];
            if (nd->first_child < 0) {
                rules_move_t m[RULES_MAX_MOVES];
                const uint8_t n = rules_legal_moves(&q, m);
                nd->first_child = (int32_t)used;
                nd->children = n;
                for (uint8_t i = 0; i < n; i++)
                    tree[used++] = (uct_node_t){m[i], node, -1, 0, 0, 0, 0};
            }
            if (nd->children == 0)
                break; /* game over here */
            if (nd->expanded < nd->children) { /* expand the next untried child */
                node = nd->first_child + nd->expanded++;
                rules_make(&q, tree[node].move, &u);
                break;
            }
            double best = -1;
            int32_t pick = nd->first_child;
            const double log_n = log((double)nd->visits);
            for (uint16_t i = 0; i < nd->children; i++) {
                const uct_node_t *c = &tree[nd->first_child + i];
                const double ucb = c->wins / c->visits + 1.4 * sqrt(log_n / c->visits);
                if (ucb > best) {
                    best = ucb;
                    pick = nd->first_child + i;
                }
            }
            node = pick;
            rules_make(&q, tree[node].move, &u);
        }
        /* simulate, from the point of view of the player who moved into `node` */
        const uint8_t mover = rules_side_to_move(&q) ^ 1u;
        double result = playout(q, mover, &pl->rng);
        /* back up, flipping the point of view at each level */
        for (int32_t n = node; n >= 0; n = tree[n].parent) {
            tree[n].visits++;
            tree[n].wins += result;
            result = 1.0 - result;
        }
    }
    uint32_t most = 0;
    rules_move_t pick = tree[tree[0].first_child].move;
    for (uint16_t i = 0; i < tree[0].children; i++) {
        const uct_node_t *c = &tree[tree[0].first_child + i];
        if (c->visits > most) {
            most = c->visits;
            pick = c->move;
        }
    }
    return pick;
}

/* The AI, pondering with -p: the move from what it pondered if the
 * opponent's last move was its guess, then its guess of the next one. */
static rules_move_t play_ai(const rules_pos_t *p, player_t *pl, uint16_t game_seed, rules_move_t last)
{
    ai_stats_t st;
    rules_move_t m;
    if (pl->guess != ARENA_NO_MOVE && pl->guess == last && next_u32(&pl->rng) % 100u < PONDER_HIT_PCT) {
        ponder_hits++;
        opponent_clock_t c = {0, ponder_nodes > pl->guess_nodes ? ponder_nodes - pl->guess_nodes : 1, false};
        m = ai_ponder(p, (uint8_t)pl->param, game_seed, opponent_poll, &c, &st);
    } else {
        m = ai_choose(p, (uint8_t)pl->param, game_seed, NULL, NULL, &st);
    }
    pl->guess = ARENA_NO_MOVE;
    if (!ponder_nodes)
        return m;
    rules_pos_t q = *p;
    rules_undo_t u;
    rules_make(&q, m, &u);
    if (!rules_game_over(&q)) {
        pl->guess = ai_choose(&q, PREDICT_LEVEL, game_seed, NULL, NULL, &st);
        pl->guess_nodes = st.nodes;
        ponder_guesses++;
    }
    return m;
}

static rules_move_t choose(const rules_pos_t *p, player_t *pl, uint16_t game_seed, rules_move_t last)
{
    ref_ai_stats_t ref_st;
    switch (pl->kind) {
    case P_AI: return play_ai(p, pl, game_seed, last);
    case P_REF: return ref_ai_choose(p, (uint8_t)pl->param, game_seed, NULL, NULL, &ref_st);
#ifdef ARENA_BASE
    case P_BASE: { /* another build's rules core: it must read the position as
                    * ours does, and its move must be one of ours */
        char ours[RULES_POS_TEXT_MAX], theirs[RULES_POS_TEXT_MAX];
        rules_pos_to_text(p, ours);
        base_rules_pos_to_text(p, theirs);
        if (strcmp(ours, theirs) != 0) {
            fprintf(stderr, "jarmo-arena: %s reads the position as %s, not %s: another position layout?\n",
                    pl->name, theirs, ours);
            exit(3);
        }
        ai_stats_t st;
        const rules_move_t m = base_ai_choose(p, (uint8_t)pl->param, game_seed, NULL, NULL, &st);
        rules_move_t legal[RULES_MAX_MOVES];
        const uint8_t n = rules_legal_moves(p, legal);
        for (uint8_t i = 0; i < n; i++)
            if (legal[i] == m)
                return m;
        fprintf(stderr, "jarmo-arena: %s played an illegal move (%04x): another position layout?\n", pl->name, m);
        exit(3);
    }
#endif
    case P_RANDOM: return play_random(p, pl);
    case P_GREEDY: return play_greedy(p, pl);
    default: return play_uct(p, pl);
    }
}

#define UCT_MAX_PLAYOUTS 1000000uL

/* The players that take a number: "ai:5", "ref:5", "uct:20000". */
static const struct {
    const char *prefix;
    kind_t kind;
    unsigned long max;
} numbered[] = {
    {"ai:", P_AI, AI_LEVELS},
    {"ref:", P_REF, REF_AI_LEVELS},
    {"base:", P_BASE, BASE_LEVELS},
    {"uct:", P_UCT, UCT_MAX_PLAYOUTS},
};

static bool parse_player(const char *s, player_t *pl)
{
    memset(pl, 0, sizeof *pl);
    snprintf(pl->name, sizeof pl->name, "%s", s);
    for (size_t i = 0; i < sizeof numbered / sizeof numbered[0]; i++) {
        const size_t len = strlen(numbered[i].prefix);
        if (strncmp(s, numbered[i].prefix, len) == 0) {
            unsigned long v;
            pl->kind = numbered[i].kind;
            if (!parse_count(s + len, 1, numbered[i].max, &v))
                return false;
            pl->param = (unsigned)v;
#ifdef ARENA_BASE
            if (pl->kind == P_BASE && v > base_ai_levels_built)
                return false; /* that commit has fewer levels */
#endif
            return true;
        }
    }
    pl->kind = strcmp(s, "random") == 0 ? P_RANDOM : P_GREEDY;
    return strcmp(s, "random") == 0 || strcmp(s, "greedy") == 0;
}

/* A game's moves hashed (FNV-1a), to count how many games differ. */
static uint64_t hash_step(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++, v >>= 8)
        h = (h ^ (v & 0xFFu)) * 1099511628211u;
    return h;
}

/* Openings kept only when a search scores them within this many
 * centi-pieces of even (-b; 0: every opening): today's AI at the judge's
 * level (-j, 5 unless told) and, in an arena built with another commit's
 * AI, that one's level 5 too. A random move can cost a side a piece or a
 * race; a pair from such a position is often won by the same colour twice,
 * 1-1, whoever plays better, which pulls every score towards 50%. */
static unsigned balance_margin, judge_level = 5;
#define BALANCE_TRIES 10000u

typedef rules_move_t (*choose_fn)(const rules_pos_t *, uint8_t, uint16_t, ai_poll_fn, void *, ai_stats_t *);
/* A position with one move is not searched (its score says nothing): not kept. */
static bool near_even(const rules_pos_t *p, choose_fn choose_with, unsigned level, uint16_t seed)
{
    ai_stats_t st;
    (void)choose_with(p, (uint8_t)level, seed, NULL, NULL, &st);
    return st.depth > 0 && st.score >= -(int32_t)balance_margin && st.score <= (int32_t)balance_margin;
}

/* A pair's opening: `plies` random moves from the start (fewer if the game
 * ends), the same for both games of the pair, and its moves' hash; false
 * when no balanced one was found. */
static bool opening(uint8_t set, unsigned plies, uint32_t seed, rules_pos_t *p, uint64_t *hash)
{
    uint32_t rng = seed * 2891336453u | 1u;
    for (unsigned tries = 0; tries < BALANCE_TRIES; tries++) {
        uint64_t h = hash_step(14695981039346656037u, set);
        rules_init(p, set, RULES_WHITE);
        for (unsigned i = 0; i < plies && !rules_game_over(p); i++) {
            rules_move_t m[RULES_MAX_MOVES];
            rules_undo_t u;
            const uint8_t n = rules_legal_moves(p, m);
            const rules_move_t pick = m[next_u32(&rng) % n];
            h = hash_step(h, pick);
            rules_make(p, pick, &u);
        }
        *hash = h;
        if (!balance_margin)
            return true;
        if (rules_game_over(p))
            continue;
        if (near_even(p, ai_choose, judge_level, (uint16_t)seed)
#ifdef ARENA_BASE
            && near_even(p, base_ai_choose, 5u, (uint16_t)seed)
#endif
        )
            return true;
        if (plies == 0u)
            break; /* the start position, every time */
    }
    return false;
}

static int cmp_u64(const void *x, const void *y)
{
    const uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Plays one game from the opening; returns the first player's points (1,
 * 0.5, 0) and adds its moves and who played White to *h. */
static double play_game(const rules_pos_t *start, player_t *a, player_t *b, bool a_white, uint16_t seed, uint64_t *h)
{
    *h = hash_step(*h, a_white);
    rules_pos_t p = *start;
    rules_move_t last = ARENA_NO_MOVE;
    a->guess = b->guess = ARENA_NO_MOVE;
    for (int ply = 0; ply < MAX_GAME_PLIES && !rules_game_over(&p); ply++) {
        player_t *who = (rules_side_to_move(&p) == RULES_WHITE) == a_white ? a : b;
        rules_undo_t u;
        const rules_move_t m = choose(&p, who, seed, last);
        last = m;
        *h = hash_step(*h, m);
        if (verbose) {
            char t[RULES_MOVE_TEXT_MAX];
            rules_move_to_text(m, t);
            printf("%s ", t);
        }
        rules_make(&p, m, &u);
    }
    const uint8_t w = rules_winner(&p);
    if (verbose) {
        uint8_t sc[2];
        rules_score(&p, sc);
        printf("\n  %s (white) vs %s: %u-%u %s\n", a_white ? a->name : b->name, a_white ? b->name : a->name, sc[0],
               sc[1], w == RULES_DRAW ? "draw" : w == RULES_WHITE ? "white wins" : "black wins");
    }
    if (w == RULES_DRAW)
        return 0.5;
    return (w == RULES_WHITE) == a_white ? 1.0 : 0.0;
}

static double elo(double score) { return score <= 0 ? -999 : score >= 1 ? 999 : -400.0 * log10(1.0 / score - 1.0); }

static int usage(const char *why, const char *what)
{
    fprintf(stderr, "jarmo-arena: %s: %s\n", why, what);
    fprintf(stderr, "usage: jarmo-arena [-g PAIRS] [-r RULES] [-s SEED] [-o PLIES] [-b MARGIN] [-j LEVEL] [-p NODES] [-v 0|1] PLAYER PLAYER\n"
                    "players: ai:1..%u ref:1..%u random greedy uct:1..%lu\n", AI_LEVELS, REF_AI_LEVELS,
                    UCT_MAX_PLAYOUTS);
    return 2;
}

int main(int argc, char **argv)
{
    int pairs = 10, only = -1;
    unsigned open_plies = 0;
    uint32_t seed = 1;
    bool judge_given = false;
    int opt = 1;
    for (; opt < argc && argv[opt][0] == '-'; opt += 2) {
        const char *name = argv[opt];
        unsigned long v;
        if (strcmp(name, "-g") != 0 && strcmp(name, "-r") != 0 && strcmp(name, "-s") != 0 && strcmp(name, "-v") != 0 &&
            strcmp(name, "-o") != 0 && strcmp(name, "-p") != 0 && strcmp(name, "-b") != 0 &&
            strcmp(name, "-j") != 0)
            return usage("unknown option", name);
        if (opt + 1 >= argc)
            return usage("missing value after", name);
        const char *value = argv[opt + 1];
        if (name[1] == 'r') {
            only = rules_set_by_name(value);
            if (only < 0)
                return usage("unknown rule set (classic, brainking, ludos, jasir)", value);
        } else if (name[1] == 'g') {
            if (!parse_count(value, 1, 1000000, &v))
                return usage("-g takes a number of game pairs 1..1000000", value);
            pairs = (int)v;
        } else if (name[1] == 's') {
            if (!parse_count(value, 0, 0xFFFFFFFFuL, &v))
                return usage("-s takes a seed 0..4294967295", value);
            seed = (uint32_t)v;
        } else if (name[1] == 'p') {
            if (!parse_count(value, 0, 10000000, &v))
                return usage("-p takes the opponent's time in the AI's nodes 0..10000000", value);
            ponder_nodes = v;
        } else if (name[1] == 'b') {
            if (!parse_count(value, 1, 1000, &v))
                return usage("-b takes a margin in centi-pieces 1..1000", value);
            balance_margin = (unsigned)v;
        } else if (name[1] == 'j') {
            if (!parse_count(value, 1, AI_LEVELS, &v))
                return usage("-j takes the judge's level, an ai: level", value);
            judge_level = (unsigned)v;
            judge_given = true;
        } else if (name[1] == 'o') {
            if (!parse_count(value, 0, 40, &v))
                return usage("-o takes a number of random opening plies 0..40", value);
            open_plies = (unsigned)v;
        } else {
            if (!parse_count(value, 0, 1, &v))
                return usage("-v takes 0 or 1", value);
            verbose = v != 0;
        }
    }
    if (judge_given && !balance_margin)
        return usage("-j judges the openings -b keeps: give -b too", "-j");
    player_t a, b;
    if (argc - opt != 2)
        return usage("two players wanted", argc - opt < 2 ? "too few" : "too many");
    if (!parse_player(argv[opt], &a))
        return usage("not a player", argv[opt]);
    if (!parse_player(argv[opt + 1], &b))
        return usage("not a player", argv[opt + 1]);
    int wins = 0, draws = 0, losses = 0, games = 0, pairs_won = 0, pairs_lost = 0, pairs_split = 0;
    double sum = 0, sum2 = 0;
    uint64_t *hashes = malloc(sizeof *hashes * 2u * (size_t)pairs * RULES_SET_COUNT);
    if (!hashes) {
        fprintf(stderr, "jarmo-arena: not enough memory for %d game pairs\n", pairs);
        return 1;
    }
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++) {
        if (only >= 0 && set != only)
            continue;
        for (int g = 0; g < pairs; g++) {
            const uint16_t game_seed = (uint16_t)(seed * 7919u + (uint32_t)g * 31u + set);
            rules_pos_t start;
            uint64_t opening_hash;
            if (!opening(set, open_plies, seed * 1000003u + (uint32_t)g * 8u + set, &start, &opening_hash)) {
                fprintf(stderr, "jarmo-arena: no opening of %u plies within %u of even in %u tries\n", open_plies,
                        balance_margin, open_plies ? BALANCE_TRIES : 1u);
                free(hashes);
                return 1;
            }
            double pair = 0;
            bool pair_drawn = false;
            for (int swap = 0; swap < 2; swap++) {
                a.rng = game_seed * 2654435761u | 1u;
                b.rng = game_seed * 2246822519u | 1u;
                hashes[games] = opening_hash;
                const double r = play_game(&start, &a, &b, swap == 0, game_seed, &hashes[games]);
                wins += r == 1.0;
                draws += r == 0.5;
                losses += r == 0.0;
                sum += r;
                sum2 += r * r;
                pair += r;
                pair_drawn |= r == 0.5;
                games++;
            }
            /* a pair split 1-1 was won twice by the same colour (the sides
             * swap): its opening or the first move decided it, not the players */
            pairs_won += pair > 1.0;
            pairs_lost += pair < 1.0;
            pairs_split += pair == 1.0 && !pair_drawn;
        }
    }
    const double mean = sum / games;
    const double sd = sqrt(fmax(sum2 / games - mean * mean, 0.0) / games);
    printf("%s vs %s: %d games, +%d =%d -%d, score %.1f%%, elo %+.0f [%+.0f, %+.0f]\n", a.name, b.name, games, wins,
           draws, losses, 100.0 * mean, elo(mean), elo(mean - 1.96 * sd), elo(mean + 1.96 * sd));
    /* repeated games weigh the score but add no information: the interval
     * above assumes every game is new */
    qsort(hashes, (size_t)games, sizeof *hashes, cmp_u64);
    int distinct = games > 0;
    for (int i = 1; i < games; i++)
        distinct += hashes[i] != hashes[i - 1];
    printf("distinct: %d of %d games; pairs won %d, split %d, drawn %d, lost %d\n", distinct, games, pairs_won,
           pairs_split, games / 2 - pairs_won - pairs_lost - pairs_split, pairs_lost);
    free(hashes);
    if (ponder_nodes)
        printf("pondering: %lu of %lu guesses hit (%.1f%%)\n", ponder_hits, ponder_guesses,
               ponder_guesses ? 100.0 * ponder_hits / ponder_guesses : 0.0);
    free(tree);
    return 0;
}
