/* Hunting super-linear loads (run by hand):
 *   build/bench/bench_scaling [--whole] DIR [K]
 * Every file of DIR is a fuzz_load_many input (fuzz/load_many_input.h: byte
 * 0 picks the shape, bytes 0-1 the count, the rest is the unit repeated);
 * with --whole, any file (an SGF, JSON or OBF corpus) is the unit, repeated
 * as a whole.
 * Each unit is repeated K times (default 1,000) and 4K times in its shape,
 * loaded lazily and every position's state built and released, and the
 * CPU seconds of the two compared: a load that grows linearly takes about
 * 4x as long at 4K.  Prints the files whose ratio is over 8 and whose 4K
 * load took over 20 ms, worst first, then how many files were run.  The
 * fuzzer cannot see these (an input expands to at most 1,024 units, and a
 * slow input is no failure); a quadratic file is one a user can send. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "../fuzz/load_many_input.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds to load the text and build every state (a failed load
 * counts too: its time is what the user waits for). */
static double load_time(const char *t, size_t len) {
    gs_loaded *l;
    int n;
    gs_error err;
    double t0 = now();
    if (gs_load_positions(t, len, NULL, GS_LOAD_LAZY, &l, &n, &err) == GS_OK) {
        for (int i = 0; i < n; i++)
            if (gs_loaded_state(&l[i])) gs_loaded_release(&l[i]);
        gs_loaded_free(l, n);
    }
    return now() - t0;
}

typedef struct { char name[256]; int shape; double t1, t4; } result;

static int worse(const void *a, const void *b) {
    const result *x = a, *y = b;
    double rx = x->t4 / (x->t1 > 1e-6 ? x->t1 : 1e-6), ry = y->t4 / (y->t1 > 1e-6 ? y->t1 : 1e-6);
    return (rx < ry) - (rx > ry);
}

int main(int argc, char **argv) {
    int whole = argc >= 2 && !strcmp(argv[1], "--whole");
    argv += whole, argc -= whole;
    if (argc < 2) {
        fprintf(stderr, "usage: bench_scaling [--whole] DIR [K]\n");
        return 2;
    }
    int k = argc >= 3 ? atoi(argv[2]) : 1000;
    if (k < 1) k = 1;
    DIR *d = opendir(argv[1]);
    if (!d) {
        perror(argv[1]);
        return 2;
    }
    result *r = NULL;
    int nr = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[4096];
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", argv[1], e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        char buf[4096];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        if (n < (whole ? 1u : 3u)) continue;
        int shape = whole ? 1 : (unsigned char)buf[0] & 3;
        size_t skip = whole ? 0 : 2, l1, l4;
        char *t1 = lm_build(shape, buf + skip, n - skip, k, &l1), *t4 = lm_build(shape, buf + skip, n - skip, 4 * k, &l4);
        if (!t1 || !t4) return 2;
        if (nr == cap) {
            cap = cap ? 2 * cap : 256;
            result *r2 = realloc(r, (size_t)cap * sizeof *r);
            if (!r2) return 2;
            r = r2;
        }
        result *x = &r[nr++];
        snprintf(x->name, sizeof x->name, "%s", e->d_name);
        x->shape = shape;
        x->t1 = load_time(t1, l1);
        x->t4 = load_time(t4, l4);
        free(t1);
        free(t4);
    }
    closedir(d);
    qsort(r, (size_t)nr, sizeof *r, worse);
    int flagged = 0;
    for (int i = 0; i < nr; i++) {
        double ratio = r[i].t4 / (r[i].t1 > 1e-6 ? r[i].t1 : 1e-6);
        if (ratio <= 8 || r[i].t4 <= 0.02) continue;
        printf("%-44s shape %d  K %6.3f s  4K %7.3f s  ratio %5.1f\n", r[i].name, r[i].shape, r[i].t1, r[i].t4, ratio);
        flagged++;
    }
    printf("%d files, K = %d: %d grow faster than linearly\n", nr, k, flagged);
    free(r);
    return 0;
}
