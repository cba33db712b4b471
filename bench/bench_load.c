/* Loading many positions (run by hand):
 *   build/bench/bench_load [CASE [COUNT]]
 * Without arguments runs every case in its own process (so each peak RSS
 * is its own) with COUNT 100000.  A case builds its input in memory, then
 * times gs_load_positions (GS_LOAD_LAZY unless the case says eager), then
 * builds and releases every state once, and prints the input size, the
 * CPU seconds of each step and the process's peak resident set (input text
 * included).  Figures go to docs/PERFORMANCE.md ("Loading"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"

/* CPU seconds of this process: the machine is shared, wall time is not
 * this program's alone. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const struct { const char *name, *head, *unit, *tail; int flags; } cases[] = {
    {"go9-one-move-games", "", "(;GM[1]SZ[9];B[ee])\n", "", GS_LOAD_LAZY},
    {"renju-one-move-games", "", "(;GS[renju];B[hh])\n", "", GS_LOAD_LAZY},
    {"go19-jsonl-one-move", "", "{\"format\":\"gridstone\",\"version\":1,\"game\":\"go\",\"moves\":[\"D4\"]}\n", "",
     GS_LOAD_LAZY},
    {"obf-lines", "", "---------------------------OX------XO--------------------------- X;\n", "", GS_LOAD_LAZY},
    {"sgf-sibling-variations", "(;GM[1]SZ[9]", "(;C[x])", ")", GS_LOAD_LAZY},
    {"go9-one-move-games-eager", "", "(;GM[1]SZ[9];B[ee])\n", "", 0},
    /* handicap stones, then white's first move: the record sets white to move */
    {"go19-handicap-games", "", "(;GM[1]SZ[19]HA[2]AB[dp][pd];W[dd])\n", "", GS_LOAD_LAZY},
};
#define NCASES (int)(sizeof cases / sizeof cases[0])

static int run(int c, int count) {
    size_t hl = strlen(cases[c].head), ul = strlen(cases[c].unit), tl = strlen(cases[c].tail);
    size_t len = hl + ul * (size_t)count + tl;
    char *text = malloc(len + 1), *p = text;
    if (!text) return 2;
    memcpy(p, cases[c].head, hl), p += hl;
    for (int i = 0; i < count; i++) memcpy(p, cases[c].unit, ul), p += ul;
    memcpy(p, cases[c].tail, tl), p += tl;
    *p = 0;
    gs_loaded *l;
    int n;
    gs_error err;
    double t0 = now();
    if (gs_load_positions(text, len, NULL, cases[c].flags, &l, &n, &err) != GS_OK) {
        fprintf(stderr, "%s: %s\n", cases[c].name, err.msg);
        return 1;
    }
    double t1 = now();
    long moves = 0;
    for (int i = 0; i < n; i++) {
        gs_state *s = gs_loaded_state(&l[i]);
        if (!s) return 2;
        moves += s->nhist;
        gs_loaded_release(&l[i]);
    }
    double t2 = now();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%-26s %7d x %-5s %8.2f MB input  load %6.3f cpu-s  states %6.3f cpu-s  peak RSS %7.1f MB  (%d positions, %ld moves)\n",
           cases[c].name, count, cases[c].flags & GS_LOAD_LAZY ? "lazy" : "eager", (double)len / 1e6, t1 - t0, t2 - t1,
           (double)ru.ru_maxrss / 1024.0, n, moves);
    gs_loaded_free(l, n);
    free(text);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2) {
        int count = argc >= 3 ? atoi(argv[2]) : 100000;
        for (int c = 0; c < NCASES; c++)
            if (!strcmp(argv[1], cases[c].name)) return run(c, count > 0 ? count : 1);
        fprintf(stderr, "unknown case '%s'\n", argv[1]);
        return 2;
    }
    int rc = 0;
    for (int c = 0; c < NCASES; c++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, "'%s' %s %d", argv[0], cases[c].name, c == NCASES - 1 ? 10000 : 100000);
        fflush(stdout);
        if (system(cmd) != 0) rc = 1;
    }
    return rc;
}
