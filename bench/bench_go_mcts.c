/* MCTS speed: playouts per second of the Go player's search (heuristic
 * playouts, tree with RAVE) from the empty 9x9 and 19x19 boards, and the
 * same search with light random playouts.  The search stops on wall-clock
 * time; the rate is given per CPU second of the process (what the search
 * got on a shared machine; all its threads) and per wall-clock second
 * (what threads gain: compare 1 and N on an otherwise idle machine).
 *   build/bench/bench_go_mcts [SECONDS [THREADS]]   (default 3 s a
 *   measurement, one thread) */
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "ai/go_mcts.h"

static void run(const char *spec, int light, double secs, int threads) {
    gs_game *g;
    gs_error err;
    if (gs_game_new(spec, &g, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(1); }
    gs_state *s = gs_state_new(g);
    go_mcts_params p = {0};
    p.seed = 1;
    p.max_time = secs;
    p.light = light;
    p.threads = threads;
    static go_mcts_result r;
    clock_t c0 = clock();
    if (go_mcts_search(s, &p, &r, &err) != GS_OK) { fprintf(stderr, "%s\n", err.msg); exit(1); }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("%-34s %-9s %2d thr %8llu playouts, %5.2f s CPU: %7.0f playouts/CPU s (%7.0f/wall s), %d nodes\n",
           spec, light ? "light" : "heuristic", threads, (unsigned long long)r.playouts, cpu,
           r.playouts / (cpu > 0 ? cpu : 1e-9), r.playouts / r.seconds, r.nodes);
    gs_state_free(s);
    gs_game_free(g);
}

int main(int argc, char **argv) {
    double secs = argc > 1 ? atof(argv[1]) : 3.0;
    if (secs <= 0) secs = 3.0;
    int threads = argc > 2 ? atoi(argv[2]) : 1;
    if (threads < 1) threads = 1;
    run("go:size=9,komi=7.5,rules=chinese", 0, secs, threads);
    run("go:size=9,komi=7.5,rules=chinese", 1, secs, threads);
    run("go:size=19,komi=7.5,rules=chinese", 0, secs, threads);
    run("go:size=19,komi=7.5,rules=chinese", 1, secs, threads);
    return 0;
}
