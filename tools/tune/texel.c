/* build/host/jarmo-texel: the evaluation's weights fitted to games
 * (Texel's method: the weights that best predict the results of many
 * well-played games from the positions in them). docs/ai.md, "Tuned by
 * data", has the method and the measured outcome.
 *
 *   jarmo-texel play [-g GAMES] [-l LEVEL] [-s SEED] [-r RULES] > games.txt
 *       self-play by the AI, a few random moves at the start of each game
 *       so that no two games are alike; one game a line:
 *       RULES RESULT MOVE...   (RESULT: white, black or draw; a game
 *       still going after 300 plies is judged on the score, as the arena
 *       judges it)
 *   jarmo-texel fit [-i ITERATIONS] [-w NAME,NAME...] games.txt...
 *       every quiet position of the games (no capture or arrival for
 *       either side), its features, the result from its mover's view;
 *       fits K, then the weights (AI_W_PIECE stays 100: a piece is the
 *       unit), on four games in five, and reports the error on the fifth
 *       (held out) before and after, with the fitted weights as -D flags
 *       for tools/tune.sh. -w fits only the weights named (CAMP,STEP:
 *       AI_W_ left off), the others held at their built-in values.
 *   jarmo-texel check games.txt...
 *       only checks that the features times the built-in weights give
 *       ai_evaluate() at every position (the fit's premise).
 *
 * The evaluation is linear in its weights: every term is a weight times a
 * count read off the position (ai_eval.c, the tables gen_ai_tables.c
 * writes from ai_weights.h). features() reads the same counts; the check
 * keeps the two in step. Exit status: 0, 1 for a failed check or bad
 * games file, 2 for bad arguments. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/ai_board.h"
#include "ai/ai_eval.h"
#include "ai/ai_weights.h"
#include "rules/rules.h"
#include "rules/rules_sets.h"
#include "rules/rules_text.h"
#include "../aigen/ai_distance.h"
#include "parse_count.h"
#include "xorshift32.h"

/* ---- the weights ------------------------------------------------------- */
enum {
    W_PIECE, W_CAMP, W_STEP, W_STUCK, W_READY, W_CAPTURED, W_MARK, W_PROMOTED, W_TEMPO,
    W_RACE_PIECE, W_RACE_STEP, W_RACE_STUCK, W_RACE_BLOCKED, W_COUNT
};
static const char *const weight_name[W_COUNT] = {
    "AI_W_PIECE", "AI_W_CAMP", "AI_W_STEP", "AI_W_STUCK", "AI_W_READY", "AI_W_CAPTURED", "AI_W_MARK",
    "AI_W_PROMOTED", "AI_W_TEMPO", "AI_W_RACE_PIECE", "AI_W_RACE_STEP", "AI_W_RACE_STUCK", "AI_W_RACE_BLOCKED",
};
static const double built_in[W_COUNT] = {
    AI_W_PIECE, AI_W_CAMP, AI_W_STEP, AI_W_STUCK, AI_W_READY, AI_W_CAPTURED, AI_W_MARK,
    AI_W_PROMOTED, AI_W_TEMPO, AI_W_RACE_PIECE, AI_W_RACE_STEP, AI_W_RACE_STUCK, AI_W_RACE_BLOCKED,
};
_Static_assert(AI_W_RACE_READY == AI_W_RACE_PIECE - 4 * AI_W_RACE_STEP,
               "features() counts a ready jasir piece as a piece 4 steps away");
#define W_FIXED W_PIECE /* the unit: not fitted */

/* ---- features: the counts each weight multiplies ------------------------ */
static uint8_t dist[RULES_SET_COUNT][2][RULES_POINTS], maxd[RULES_SET_COUNT][2];

static void distances_init(void)
{
    for (uint8_t set = 0; set < RULES_SET_COUNT; set++)
        for (uint8_t side = 0; side < 2; side++) {
            ai_distances(set, side, dist[set][side]);
            maxd[set][side] = ai_distance_max(dist[set][side]);
        }
}

/* Jasir's blocked pieces are counted by the evaluation itself
 * (ai_blocked_value: the weight times the difference), read back here. */
_Static_assert(AI_W_RACE_BLOCKED > 0, "features() divides ai_blocked_value() by its weight");

/* The counts for the position on the AI board, for its side to move. */
static void features(double f[W_COUNT])
{
    memset(f, 0, sizeof(double) * W_COUNT);
    const uint8_t set = ai_board.set, s = ai_board.stm, o = (uint8_t)(s ^ 1u), flags = ai_board.flags;
    const bool race = ai_board.win_rule == RS_WIN_FINISHER;
    for (uint8_t side = 0; side < 2; side++) {
        const double sign = side == s ? 1 : -1;
        for (uint8_t i = 0; i < ai_board.count[side]; i++) {
            const uint8_t d = dist[set][side][ai_board.piece[side][i]];
            if (race) {
                f[W_RACE_PIECE] += sign;
                if (d == AI_DISTANCE_NEVER)
                    f[W_RACE_STUCK] += sign;
                else
                    f[W_RACE_STEP] -= sign * d;
                continue;
            }
            f[W_PIECE] += sign;
            if (d == 0)
                f[W_CAMP] += sign;
            else if (d == AI_DISTANCE_NEVER)
                f[W_STUCK] += sign;
            else
                f[W_STEP] += sign * (maxd[set][side] - d);
        }
    }
    f[W_TEMPO] = 1;
    const uint8_t hs = ai_board.hand[s], ho = ai_board.hand[o];
    if (flags & RS_RESERVE_IF_MARKED) {
        f[W_PROMOTED] = (double)ai_board.marks[s] - ai_board.marks[o];
        f[W_RACE_BLOCKED] = ai_blocked_value() / AI_W_RACE_BLOCKED;
    }
    if ((hs | ho) & 0x3Fu) {
        const double ready = (double)ai_ready(s) - ai_ready(o);
        if (race) {
            f[W_RACE_PIECE] += ready;
            f[W_RACE_STEP] -= 4 * ready;
        } else {
            f[W_READY] += ready;
        }
        if (flags & RS_RETURN_ON_ARRIVAL) {
            f[W_CAPTURED] += (double)ai_captured(s) - ai_captured(o);
            if (ai_captured(s))
                f[W_MARK] += ai_board.marks[s];
            if (ai_captured(o))
                f[W_MARK] -= ai_board.marks[o];
        }
    }
}

static double dot(const double w[W_COUNT], const double f[W_COUNT])
{
    double v = 0;
    for (int i = 0; i < W_COUNT; i++)
        v += w[i] * f[i];
    return v;
}

/* ---- self-play --------------------------------------------------------- */
#define MAX_GAME_PLIES 300
#define LINE_MAX_CHARS (MAX_GAME_PLIES * (RULES_MOVE_TEXT_MAX + 1) + 64)

static void play(unsigned games, uint8_t level, uint32_t seed, int only)
{
    uint32_t rng = seed * 2654435761u | 1u;
    for (unsigned g = 0; g < games; g++) {
        const uint8_t set = only >= 0 ? (uint8_t)only : (uint8_t)(g % RULES_SET_COUNT);
        rules_pos_t p;
        rules_init(&p, set, RULES_WHITE);
        static char line[LINE_MAX_CHARS];
        size_t len = 0;
        const unsigned random_plies = 2u + xorshift32(&rng) % 5u; /* 2..6 */
        const uint16_t game_seed = (uint16_t)xorshift32(&rng);
        for (unsigned ply = 0; ply < MAX_GAME_PLIES && !rules_game_over(&p); ply++) {
            rules_move_t m;
            if (ply < random_plies) {
                rules_move_t legal[RULES_MAX_MOVES];
                const uint8_t n = rules_legal_moves(&p, legal);
                m = legal[xorshift32(&rng) % n];
            } else {
                ai_stats_t st;
                m = ai_choose(&p, level, game_seed, NULL, NULL, &st);
            }
            char t[RULES_MOVE_TEXT_MAX];
            rules_move_to_text(m, t);
            len += (size_t)snprintf(line + len, sizeof line - len, " %s", t);
            rules_undo_t u;
            rules_make(&p, m, &u);
        }
        char name[RULES_SET_NAME_MAX];
        rules_set_name(set, name);
        const uint8_t w = rules_winner(&p);
        printf("%s %s%s\n", name, w == RULES_DRAW ? "draw" : w == RULES_WHITE ? "white" : "black", line);
    }
}

/* ---- the positions ----------------------------------------------------- */
typedef struct {
    float f[W_COUNT];
    float result; /* for the side to move: 1, 0.5, 0 */
    uint8_t held_out;
} sample_t;
static sample_t *samples;
static size_t n_samples, cap_samples;
static unsigned long checked, mismatches;

static void add_sample(const double f[W_COUNT], double result, bool held_out)
{
    if (n_samples == cap_samples) {
        cap_samples = cap_samples ? cap_samples * 2 : 65536;
        samples = realloc(samples, cap_samples * sizeof *samples);
        if (!samples) {
            fprintf(stderr, "jarmo-texel: out of memory\n");
            exit(1);
        }
    }
    sample_t *x = &samples[n_samples++];
    for (int i = 0; i < W_COUNT; i++)
        x->f[i] = (float)f[i];
    x->result = (float)result;
    x->held_out = held_out;
}

/* Quiet: neither side has a capture or an arrival to make (the side to
 * move's, and the other side's were it to move), so the static evaluation
 * is what a search would settle on. */
static bool quiet_board(void) /* the AI board; it leaves the side to move turned */
{
    rules_move_t t[RULES_MAX_MOVES];
    if (ai_tactical_moves(t, RULES_MAX_MOVES) != 0)
        return false;
    ai_board.stm ^= 1u;
    return ai_tactical_moves(t, RULES_MAX_MOVES) == 0;
}

/* Reads a games file: every position checked, the quiet ones kept. */
static bool read_games(const char *path, unsigned long *game_no)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "jarmo-texel: %s: %s\n", path, strerror(errno));
        return false;
    }
    static char line[LINE_MAX_CHARS];
    unsigned long line_no = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, in)) {
        line_no++;
        if (!strchr(line, '\n') && !feof(in)) {
            fprintf(stderr, "jarmo-texel: %s:%lu: line too long (a game of more than %d plies?)\n", path, line_no,
                    MAX_GAME_PLIES);
            ok = false;
            break;
        }
        char *save = NULL, *tok = strtok_r(line, " \r\n", &save);
        if (!tok)
            continue;
        const int8_t set = rules_set_by_name(tok);
        const char *res = strtok_r(NULL, " \r\n", &save);
        uint8_t winner = 0xFF;
        if (res)
            winner = !strcmp(res, "white") ? RULES_WHITE : !strcmp(res, "black") ? RULES_BLACK
                     : !strcmp(res, "draw") ? RULES_DRAW : 0xFF;
        if (set < 0 || winner == 0xFF) {
            fprintf(stderr, "jarmo-texel: %s:%lu: want RULES RESULT MOVE... (white, black or draw)\n", path, line_no);
            ok = false;
            break;
        }
        const bool held_out = (*game_no)++ % 5u == 4u;
        rules_pos_t p;
        rules_init(&p, (uint8_t)set, RULES_WHITE);
        unsigned ply = 0;
        for (char *mv; (mv = strtok_r(NULL, " \r\n", &save)); ply++) {
            if (!rules_game_over(&p)) {
                ai_board_load(&p);
                double f[W_COUNT];
                features(f);
                checked++;
                const long from_features = (long)dot(built_in, f), evaluated = ai_evaluate_board();
                if (from_features != evaluated && mismatches++ < 5) {
                    char text[RULES_POS_TEXT_MAX];
                    rules_pos_to_text(&p, text);
                    fprintf(stderr, "jarmo-texel: %s:%lu ply %u: features give %ld, ai_evaluate %ld: %s\n", path,
                            line_no, ply, from_features, evaluated, text);
                }
                if (quiet_board()) {
                    const uint8_t stm = rules_side_to_move(&p);
                    add_sample(f, winner == RULES_DRAW ? 0.5 : winner == stm ? 1.0 : 0.0, held_out);
                }
            }
            rules_move_t m;
            if (!rules_move_from_text(&p, mv, &m) || rules_game_over(&p)) {
                fprintf(stderr, "jarmo-texel: %s:%lu: move %u (%s) is not legal\n", path, line_no, ply + 1, mv);
                ok = false;
                break;
            }
            rules_undo_t u;
            rules_make(&p, m, &u);
        }
        if (ok && rules_winner(&p) != winner && rules_game_over(&p)) {
            fprintf(stderr, "jarmo-texel: %s:%lu: the moves end in another result\n", path, line_no);
            ok = false;
        }
    }
    fclose(in);
    return ok;
}

/* ---- the fit: least squares of sigmoid(K * eval / 100) against results -- */
static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Mean squared error over the training or the held-out positions. */
static double error(const double w[W_COUNT], double k, bool held_out)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < n_samples; i++) {
        if (samples[i].held_out != held_out)
            continue;
        double e = 0;
        for (int j = 0; j < W_COUNT; j++)
            e += w[j] * samples[i].f[j];
        const double r = sigmoid(k * e / 100.0) - samples[i].result;
        sum += r * r;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* K by golden-section search, the weights held. */
static double fit_k(const double w[W_COUNT])
{
    double a = 0.01, b = 10.0;
    const double g = (sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 60; it++) {
        const double c = b - g * (b - a), d = a + g * (b - a);
        if (error(w, c, false) < error(w, d, false))
            b = d;
        else
            a = c;
    }
    return (a + b) / 2;
}

/* Solves the n x n system a x = b in place (Gaussian elimination with
 * partial pivoting); false when singular. */
static bool solve(int n, double a[W_COUNT][W_COUNT], double b[W_COUNT], double x[W_COUNT])
{
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        if (fabs(a[piv][c]) < 1e-300)
            return false;
        for (int j = 0; j < n; j++) {
            const double t = a[c][j];
            a[c][j] = a[piv][j];
            a[piv][j] = t;
        }
        const double t = b[c];
        b[c] = b[piv];
        b[piv] = t;
        for (int r = c + 1; r < n; r++) {
            const double m = a[r][c] / a[c][c];
            for (int j = c; j < n; j++)
                a[r][j] -= m * a[c][j];
            b[r] -= m * b[c];
        }
    }
    for (int r = n - 1; r >= 0; r--) {
        double s = b[r];
        for (int j = r + 1; j < n; j++)
            s -= a[r][j] * x[j];
        x[r] = s / a[r][r];
    }
    return true;
}

/* Levenberg-Marquardt on the training positions: the weights but W_FIXED,
 * K held. Weights no position exercises stay as they are. */
static void fit_weights(double w[W_COUNT], double k, int iterations, const unsigned long used[W_COUNT],
                        const bool fitted[W_COUNT])
{
    int free_at[W_COUNT], n = 0;
    for (int j = 0; j < W_COUNT; j++)
        if (j != W_FIXED && used[j] && fitted[j])
            free_at[n++] = j;
    double lambda = 1e-3, err = error(w, k, false);
    for (int it = 0; it < iterations; it++) {
        double jtj[W_COUNT][W_COUNT] = {{0}}, jtr[W_COUNT] = {0};
        for (size_t i = 0; i < n_samples; i++) {
            if (samples[i].held_out)
                continue;
            double e = 0;
            for (int j = 0; j < W_COUNT; j++)
                e += w[j] * samples[i].f[j];
            const double s = sigmoid(k * e / 100.0), r = s - samples[i].result, ds = s * (1 - s) * k / 100.0;
            for (int a = 0; a < n; a++) {
                const double ja = ds * samples[i].f[free_at[a]];
                jtr[a] += ja * r;
                for (int b = 0; b <= a; b++)
                    jtj[a][b] += ja * ds * samples[i].f[free_at[b]];
            }
        }
        for (int a = 0; a < n; a++)
            for (int b = 0; b < a; b++)
                jtj[b][a] = jtj[a][b];
        for (int tries = 0; tries < 20; tries++) {
            double m[W_COUNT][W_COUNT], rhs[W_COUNT], step[W_COUNT], trial[W_COUNT];
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++)
                    m[a][b] = jtj[a][b] + (a == b ? lambda * jtj[a][a] : 0);
                rhs[a] = -jtr[a];
            }
            if (!solve(n, m, rhs, step)) {
                fprintf(stderr, "jarmo-texel: the fit's equations are singular; the weights stay\n");
                return;
            }
            memcpy(trial, w, sizeof trial);
            for (int a = 0; a < n; a++)
                trial[free_at[a]] += step[a];
            const double e2 = error(trial, k, false);
            if (e2 < err) {
                memcpy(w, trial, sizeof trial);
                err = e2;
                lambda = fmax(lambda / 10, 1e-9);
                break;
            }
            lambda *= 10;
        }
    }
}

/* ---- the command line --------------------------------------------------- */
static int usage(const char *why, const char *what)
{
    fprintf(stderr, "jarmo-texel: %s: %s\n", why, what);
    fprintf(stderr, "usage: jarmo-texel play [-g GAMES] [-l LEVEL] [-s SEED] [-r RULES]\n"
                    "       jarmo-texel fit [-i ITERATIONS] [-w NAME,NAME...] GAMES-FILE...\n"
                    "       jarmo-texel check GAMES-FILE...\n");
    return 2;
}

static int fit(int files, char **paths, int iterations, bool only_check, const bool fitted[W_COUNT])
{
    unsigned long games = 0;
    for (int i = 0; i < files; i++)
        if (!read_games(paths[i], &games))
            return 1;
    printf("%lu games, %lu positions checked, %lu mismatches; %zu quiet positions kept\n", games, checked,
           mismatches, n_samples);
    if (mismatches || only_check)
        return mismatches ? 1 : 0;
    unsigned long used[W_COUNT] = {0};
    for (size_t i = 0; i < n_samples; i++) /* the training positions' */
        for (int j = 0; j < W_COUNT; j++)
            used[j] += !samples[i].held_out && samples[i].f[j] != 0;
    double w[W_COUNT];
    memcpy(w, built_in, sizeof w);
    const double k = fit_k(w);
    const double train0 = error(w, k, false), held0 = error(w, k, true);
    fit_weights(w, k, iterations, used, fitted);
    const double k2 = fit_k(w);
    printf("K %.4f (refit on the new weights: %.4f)\n", k, k2);
    printf("error on the training positions %.6f -> %.6f, held out %.6f -> %.6f\n", train0, error(w, k, false),
           held0, error(w, k, true));
    printf("\n%-18s %8s %8s %10s\n", "weight", "built-in", "fitted", "positions");
    for (int j = 0; j < W_COUNT; j++)
        printf("%-18s %8.0f %8.1f %10lu%s\n", weight_name[j], built_in[j], w[j], used[j],
               j == W_FIXED ? "  (the unit)" : !used[j] ? "  (no position: kept)" : !fitted[j] ? "  (held)" : "");
    printf("\nfor tools/tune.sh: VARIANTS=\"texel:");
    for (int j = 0, first = 1; j < W_COUNT; j++)
        if (j != W_FIXED && used[j] && fitted[j]) {
            printf("%s-D%s=%ld", first ? "" : ",", weight_name[j], lround(w[j]));
            first = 0;
        }
    printf("\"\n");
    return 0;
}

/* "CAMP,STEP": the weights to fit (names without AI_W_), the rest held. */
static bool pick_weights(const char *list, bool fitted[W_COUNT])
{
    for (int j = 0; j < W_COUNT; j++)
        fitted[j] = false;
    while (*list) {
        const size_t len = strcspn(list, ",");
        int j = 0;
        while (j < W_COUNT && !(strlen(weight_name[j]) == len + 5 && !strncmp(weight_name[j] + 5, list, len)))
            j++;
        if (j == W_COUNT || j == W_FIXED)
            return false;
        fitted[j] = true;
        list += len + (list[len] == ',');
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage("a command wanted", "play, fit or check");
    distances_init();
    const char *cmd = argv[1];
    const bool is_play = !strcmp(cmd, "play"), is_fit = !strcmp(cmd, "fit"), is_check = !strcmp(cmd, "check");
    if (!is_play && !is_fit && !is_check)
        return usage("unknown command", cmd);
    unsigned long games = 100, level = AI_LEVELS, seed = 1, iterations = 30;
    int only = -1, opt = 2;
    bool fitted[W_COUNT];
    for (int j = 0; j < W_COUNT; j++)
        fitted[j] = true;
    for (; opt < argc && argv[opt][0] == '-'; opt += 2) {
        const char *name = argv[opt], *value = opt + 1 < argc ? argv[opt + 1] : NULL;
        if (!value)
            return usage("missing value after", name);
        bool ok;
        if (is_play && !strcmp(name, "-g"))
            ok = parse_count(value, 1, 10000000, &games);
        else if (is_play && !strcmp(name, "-l"))
            ok = parse_count(value, 1, AI_LEVELS, &level);
        else if (is_play && !strcmp(name, "-s"))
            ok = parse_count(value, 1, 0xFFFFFFFFuL, &seed);
        else if (is_play && !strcmp(name, "-r"))
            ok = (only = rules_set_by_name(value)) >= 0;
        else if (is_fit && !strcmp(name, "-i"))
            ok = parse_count(value, 1, 10000, &iterations);
        else if (is_fit && !strcmp(name, "-w"))
            ok = pick_weights(value, fitted);
        else
            return usage("unknown option", name);
        if (!ok)
            return usage("bad value", value);
    }
    if (is_play) {
        if (opt != argc)
            return usage("play takes no files", argv[opt]);
        play((unsigned)games, (uint8_t)level, (uint32_t)seed, only);
        return 0;
    }
    if (opt == argc)
        return usage("a games file wanted", cmd);
    return fit(argc - opt, argv + opt, (int)iterations, is_check, fitted);
}
