/* Light random playouts per second on the fast Go board (one core):
 * from the empty board, uniformly random legal moves that do not fill the
 * mover's own eyes, until two passes (or 3 * points moves), then an area
 * count.  Timed in CPU seconds of this process.
 * Usage: bench_go [seconds-per-size, default 2] [9|13|19] [PLAYOUTS]
 * With PLAYOUTS: exactly that many (the time is ignored), and a checksum of
 * the final positions (their hashes) with the moves and wins, so that two
 * builds can be shown to play the same playouts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "games/go/go_board.h"

static void run(int size, double secs, long count) {
    static go_geom g;
    static go_board empty, b;
    go_geom_init(&g, size, size);
    go_board_init(&empty, &g);
    gs_rng r;
    gs_rng_seed(&r, 42);
    long playouts = 0, moves = 0, black_wins = 0;
    uint64_t check = 0;
    /* CPU time of this process (other jobs on the machine do not count) */
    clock_t c0 = clock();
    double t;
    do {
        for (int i = 0; i < 1000; i++) {
            go_board_copy(&b, &empty);
            moves += go_board_playout(&b, GO_BLACK, &r, 3 * g.n);
            black_wins += go_board_area_score(&b, NULL) * 2 > 15;   /* komi 7.5 */
            check = check * 0x9E3779B97F4A7C15ull ^ b.hash;
            playouts++;
            if (playouts == count) break;
        }
        t = (double)(clock() - c0) / CLOCKS_PER_SEC;
    } while (count ? playouts < count : t < secs);
    if (count) printf("%dx%d: %ld playouts, %ld moves, %ld black wins, checksum %016llx\n", size, size, playouts, moves,
                      black_wins, (unsigned long long)check);
    if (count) return;
    printf("%dx%d: %.0f playouts/s (%ld playouts), %.1f moves/playout, black wins %.1f%% (komi 7.5)\n",
           size, size, playouts / t, playouts, (double)moves / playouts, 100.0 * black_wins / playouts);
}

int main(int argc, char **argv) {
    double secs = argc > 1 ? atof(argv[1]) : 2.0;
    if (secs <= 0) secs = 2.0;
    int only = argc > 2 ? atoi(argv[2]) : 0;   /* optional: one size only */
    long count = argc > 3 ? atol(argv[3]) : 0;
    if (count < 0) count = 0;
    if (!only || only == 9) run(9, secs, count);
    if (only == 13) run(13, secs, count);
    if (!only || only == 19) run(19, secs, count);
    return 0;
}
