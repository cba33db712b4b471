/* Generate the Connect Four opening book src/ai/mnk_c4_book.c: values
 * (win/draw/loss for the side to move) of 7x6 positions with PLY stones,
 * solved by the gravity solver without a book, by canonical key.
 *
 *   c4_book --ply N --part FILE [--start | --perfect | --from I --to J] [--tt-bits B]
 *           [--merge FILE]... [--out FILE.c]
 *
 * --part FILE   the results, one "key value" line a position (hex canonical
 *               key, -1/0/1); read first if it exists, so an interrupted run
 *               resumes where it stopped; new results are appended at once.
 * --start       solve the positions with N stones that `gridstone solve
 *               connect4` meets from the empty board (its own search, run
 *               with this book being built: the same search then finds every
 *               one of them in the book).
 * --perfect     also what `perfect` asks as the first player from the start
 *               against any replies: the same search from every position with
 *               fewer than N stones where the first player has played the
 *               move that search chose and the second player anything.
 * --from/--to   solve the canonical positions I..J-1 with N stones in the
 *               order of c4_book_enumerate (deterministic chunks: run several
 *               with their own part files, then merge them).
 * --merge FILE  also read these part files (results of other chunks).
 * --out FILE.c  write the book (every result read or solved) as C source.
 *
 * The values are exact, so any run, chunking or order gives the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai/mnk_c4.h"

typedef struct memo {
    uint64_t *keys;     /* open addressing; key 0 is never canonical here (ply > 0) */
    signed char *vals;
    size_t cap, n;
} memo;

static int memo_find(const memo *m, uint64_t key, size_t *slot) {
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 17) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    *slot = i;
    return m->keys[i] == key;
}

static void memo_put(memo *m, uint64_t key, int v) {
    size_t i;
    if (2 * (m->n + 1) > m->cap) {   /* grow */
        memo o = *m;
        m->cap = o.cap ? 2 * o.cap : 1 << 16;
        m->keys = calloc(m->cap, sizeof *m->keys);
        m->vals = calloc(m->cap, 1);
        m->n = 0;
        if (!m->keys || !m->vals) {
            fprintf(stderr, "c4_book: out of memory\n");
            exit(1);
        }
        for (size_t j = 0; j < o.cap; j++)
            if (o.keys[j]) memo_put(m, o.keys[j], o.vals[j]);
        free(o.keys);
        free(o.vals);
    }
    if (!memo_find(m, key, &i)) m->n++;
    m->keys[i] = key;
    m->vals[i] = (signed char)v;
}

static void read_part(memo *m, const char *path, int must_exist) {
    FILE *f = fopen(path, "r");
    if (!f) {
        if (!must_exist) return;
        perror(path);
        exit(1);
    }
    unsigned long long k;
    int v;
    long n = 0;
    while (fscanf(f, "%llx %d", &k, &v) == 2 && k && v >= -1 && v <= 1) {
        memo_put(m, (uint64_t)k, v);
        n++;
    }
    fclose(f);
    fprintf(stderr, "c4_book: %ld results read from %s\n", n, path);
}

typedef struct gen {
    memo m;
    c4_ctx sub;          /* the solver for positions not known yet */
    FILE *part;
    long solved;
    double t0;
} gen;

static int solve_one(gen *g, const c4_pos *p, uint64_t canon) {
    size_t i;
    if (g->m.cap && memo_find(&g->m, canon, &i)) return g->m.vals[i];
    int v = c4_solve(&g->sub, p, 1);
    memo_put(&g->m, canon, v);
    fprintf(g->part, "%016llx %d\n", (unsigned long long)canon, v);
    fflush(g->part);
    if (++g->solved % 50 == 0)
        fprintf(stderr, "  %ld solved, %.0f s, %llu nodes\n", g->solved, gs_now() - g->t0,
                (unsigned long long)g->sub.bud.nodes);
    return v;
}

static int miss(void *ud, const c4_pos *p, uint64_t canon) {
    return solve_one(ud, p, canon);
}

/* The first player's moves chosen by c4_run, every reply, while fewer
 * than ply stones (cells: mnk_pos layout, row 0 at the top). */
static long walk(gen *g, uint8_t *cells, int stones, int ply) {
    if (stones >= ply) return 0;
    mnk_pos p = {C4_BOOK_W, C4_BOOK_H, C4_BOOK_K, 1, cells, GS_BLACK};
    mnk_solution sol;
    if (c4_run_generating(&p, &sol, ply, miss, g) != GS_OK || sol.best < 0) return 0;
    long runs = 1;
    cells[sol.best] = GS_BLACK;
    c4_ctx *c = &g->sub;
    c4_pos q;
    if (!c4_pos_from(c, &p, &q))   /* no line yet: every reply */
        for (int x = 0; x < C4_BOOK_W; x++) {
            int y = C4_BOOK_H - 1;
            while (y >= 0 && cells[y * C4_BOOK_W + x]) y--;
            if (y < 0) continue;
            cells[y * C4_BOOK_W + x] = GS_WHITE;
            p.to_move = GS_BLACK;
            if (!c4_pos_from(c, &p, &q)) runs += walk(g, cells, stones + 2, ply);
            cells[y * C4_BOOK_W + x] = GS_EMPTY;
        }
    cells[sol.best] = GS_EMPTY;
    if (stones <= 2)
        fprintf(stderr, "c4_book: perfect walk, %d stones done: %ld searches, %ld solved, %.0f s\n", stones, runs,
                g->solved, gs_now() - g->t0);
    return runs;
}

static int key_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int write_book(const memo *m, int ply, int covers, const char *out, const char *how) {
    uint64_t *keys = malloc(sizeof *keys * (m->n + 1));
    if (!keys) return 1;
    size_t n = 0, i;
    for (size_t j = 0; j < m->cap; j++)
        if (m->keys[j]) keys[n++] = m->keys[j];
    qsort(keys, n, sizeof *keys, key_cmp);
    FILE *f = fopen(out, "w");
    if (!f) {
        perror(out);
        return 1;
    }
    fprintf(f, "/* Generated by tools/c4_book.c (%s); do not edit.\n"
               " * Values of %zu canonical 7x6 Connect Four positions with %d stones, by\n"
               " * canonical key (sorted): value + 1 (0 loss, 1 draw, 2 win for the side to move)\n"
               " * in two bits, four a byte, the first in the lowest bits. */\n"
               "#include \"ai/mnk_c4.h\"\n\nconst int c4_book_covers = %d;\nconst int c4_book_ply = %d;\n"
               "const long c4_book_count = %zu;\nconst uint64_t c4_book_keys[%zu] = {\n",
            how, n, ply, covers, ply, n, n ? n : 1);
    for (size_t j = 0; j < n; j++) fprintf(f, "0x%llx,%s", (unsigned long long)keys[j], j % 6 == 5 ? "\n" : "");
    if (!n) fprintf(f, "0");
    fprintf(f, "\n};\nconst unsigned char c4_book_vals[%zu] = {\n", n ? (n + 3) / 4 : 1);
    for (size_t j = 0; j < n; j += 4) {
        int b = 0;
        for (size_t t = 0; t < 4 && j + t < n; t++) {
            memo_find(m, keys[j + t], &i);
            b |= (m->vals[i] + 1) << (2 * t);
        }
        fprintf(f, "%d,%s", b, (j / 4) % 24 == 23 ? "\n" : "");
    }
    if (!n) fprintf(f, "0");
    fprintf(f, "\n};\n");
    free(keys);
    if (fclose(f)) {
        perror(out);
        return 1;
    }
    fprintf(stderr, "c4_book: %zu positions written to %s\n", n, out);
    return 0;
}

static void usage(void) {
    fprintf(stderr, "usage: c4_book --ply N --part FILE [--start | --perfect | --from I --to J] [--tt-bits B] "
                    "[--merge FILE]... [--out FILE.c]\n");
    exit(2);
}

int main(int argc, char **argv) {
    int ply = -1, bits = 22, start = 0, perfect = 0;
    long from = -1, to = -1;
    const char *out = NULL, *partname = NULL;
    gen g;
    memset(&g, 0, sizeof g);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--start") || !strcmp(a, "--perfect")) {
            start = 1;
            perfect |= a[2] == 'p';
            continue;
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL;
        char *end;
        if (!v) usage();
        long x = strtol(v, &end, 10);
        int num = !*end && end != v;
        if (!strcmp(a, "--out")) out = v;
        else if (!strcmp(a, "--part")) partname = v;
        else if (!strcmp(a, "--merge")) read_part(&g.m, v, 1);
        else if (!strcmp(a, "--ply") && num && x >= 1 && x <= 20) ply = (int)x;
        else if (!strcmp(a, "--tt-bits") && num && x >= 10 && x <= 28) bits = (int)x;
        else if (!strcmp(a, "--from") && num && x >= 0) from = x;
        else if (!strcmp(a, "--to") && num && x >= 0) to = x;
        else usage();
    }
    if (ply < 0 || !partname || (start && from >= 0)) usage();
    read_part(&g.m, partname, 0);
    g.part = fopen(partname, "a");
    if (!g.part || c4_ctx_init(&g.sub, C4_BOOK_W, C4_BOOK_H, C4_BOOK_K, bits, 0, NULL) != GS_OK) {
        fprintf(stderr, "c4_book: cannot open %s or out of memory\n", partname);
        return 1;
    }
    g.t0 = gs_now();
    if (start) {   /* what `gridstone solve connect4` asks the book */
        uint8_t cells[C4_BOOK_W * C4_BOOK_H] = {0};
        mnk_pos p = {C4_BOOK_W, C4_BOOK_H, C4_BOOK_K, 1, cells, GS_BLACK};
        mnk_solution sol;
        if (c4_run_generating(&p, &sol, ply, miss, &g) != GS_OK) return 1;
        fprintf(stderr, "c4_book: the start: value %d, best cell %d; %ld positions solved now\n", sol.value,
                (int)sol.best, g.solved);
        if (perfect) {
            long runs = walk(&g, cells, 0, ply);
            fprintf(stderr, "c4_book: perfect walk: %ld searches; %ld positions solved now\n", runs, g.solved);
        }
    }
    if (from >= 0) {
        long n = c4_book_enumerate(&g.sub, ply, NULL, NULL, 0);
        c4_pos *pos = n > 0 ? malloc(sizeof *pos * (size_t)n) : NULL;
        uint64_t *keys = n > 0 ? malloc(sizeof *keys * (size_t)n) : NULL;
        if (!pos || !keys || c4_book_enumerate(&g.sub, ply, keys, pos, n) != n) {
            fprintf(stderr, "c4_book: out of memory\n");
            return 1;
        }
        if (to < 0 || to > n) to = n;
        fprintf(stderr, "c4_book: %ld positions with %d stones; solving %ld..%ld\n", n, ply, from, to);
        for (long i = from; i < to; i++) solve_one(&g, &pos[i], keys[i]);
        free(pos);
        free(keys);
    }
    fprintf(stderr, "c4_book: %ld solved in %.1f s, %llu nodes\n", g.solved, gs_now() - g.t0,
            (unsigned long long)g.sub.bud.nodes);
    fclose(g.part);
    c4_ctx_free(&g.sub);
    int rc = 0;
    if (out) {
        char how[160];
        snprintf(how, sizeof how, "c4_book --ply %d %s", ply, perfect ? "--perfect" : start ? "--start" : "--from/--to chunks");
        rc = write_book(&g.m, ply, (start ? C4_BOOK_START : 0) | (perfect ? C4_BOOK_PERFECT : 0), out, how);
    }
    free(g.m.keys);
    free(g.m.vals);
    return rc;
}
