/* Reversi trained evaluation (src/ai/reversi_eval.h): the bitboard
 * symmetries, the pattern instances, symmetry of the value, exact scores of
 * finished games, and sign agreement with the exact solver near the end. */
#include <stdlib.h>
#include "ai/reversi_ai.h"
#include "ai/reversi_eval.h"
#include "gridstone/util.h"
#include "test.h"

/* Square sq under symmetry s, by coordinates (the definition of rv_sym). */
static int sym_square(int sq, int s) {
    int x = sq & 7, y = sq >> 3, t;
    if (s & 4) t = x, x = y, y = t;
    if (s & 1) x = 7 - x;
    if (s & 2) y = 7 - y;
    return y * 8 + x;
}

static uint64_t sym_slow(uint64_t b, int s) {
    uint64_t r = 0;
    for (int sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1) r |= 1ull << sym_square(sq, s);
    return r;
}

TEST(reversi_eval_board_symmetries) {
    gs_rng rng;
    gs_rng_seed(&rng, 7);
    for (int i = 0; i < 200; i++) {
        uint64_t b = gs_rng_next(&rng) & gs_rng_next(&rng);
        for (int s = 0; s < 8; s++) CHECKF(rv_sym(b, s) == sym_slow(b, s), "symmetry %d", s);
    }
}

/* Random position after `plies` random moves (fewer if the game ends). */
static void random_position(gs_rng *rng, int plies, uint64_t *P, uint64_t *O) {
    uint64_t p = (1ull << 28) | (1ull << 35), o = (1ull << 27) | (1ull << 36);
    for (int k = 0; k < plies; k++) {
        uint64_t m = rv_moves(p, o);
        if (!m) {
            if (!rv_moves(o, p)) break;
            uint64_t t = p; p = o; o = t;
            continue;
        }
        int n = (int)gs_rng_below(rng, (uint32_t)rv_popcount(m));
        while (n--) m &= m - 1;
        int sq = rv_lsb(m);
        uint64_t f = rv_flips(sq, p, o);
        uint64_t np = o ^ f;
        o = p ^ f ^ (1ull << sq);
        p = np;
    }
    *P = p;
    *O = o;
}

/* Each family's instances (the squares each feature lookup reads) form a
 * set that every board symmetry maps onto itself. */
TEST(reversi_eval_instances_closed_under_symmetry) {
    uint32_t base[RV_EVAL_NF], ix[RV_EVAL_NF];
    int mp, mo;
    uint64_t cells[RV_EVAL_NF] = {0};
    rv_eval_index(0, 0, base, &mp, &mo);
    for (int sq = 0; sq < 64; sq++) {
        rv_eval_index(1ull << sq, 0, ix, &mp, &mo);
        for (int i = 0; i < RV_EVAL_NF - 3; i++)
            if (ix[i] != base[i]) cells[i] |= 1ull << sq;
    }
    for (int i = 0; i < RV_EVAL_NF - 3; i++) {
        CHECKF(cells[i] != 0, "feature %d reads no square", i);
        for (int s = 0; s < 8; s++) {
            uint64_t img = rv_sym(cells[i], s);
            int found = 0;
            for (int j = 0; j < RV_EVAL_NF - 3; j++) found |= cells[j] == img && base[j] == base[i];
            CHECKF(found, "feature %d: image under symmetry %d is no instance of its family", i, s);
            for (int j = 0; j < i; j++)
                CHECKF(!(cells[j] == cells[i] && base[j] == base[i]), "features %d and %d are the same", j, i);
        }
    }
}

TEST(reversi_eval_symmetric_value) {
    gs_rng rng;
    gs_rng_seed(&rng, 11);
    for (int i = 0; i < 600; i++) {
        uint64_t P, O;
        random_position(&rng, (int)gs_rng_below(&rng, 61), &P, &O);
        int v = rv_eval_pattern(P, O);
        CHECK(v >= -64 * RV_EVAL_SCALE && v <= 64 * RV_EVAL_SCALE);
        for (int s = 1; s < 8; s++)
            CHECKF(rv_eval_pattern(rv_sym(P, s), rv_sym(O, s)) == v, "position %d symmetry %d", i, s);
    }
}

TEST(reversi_eval_finished_games_exact) {
    gs_rng rng;
    gs_rng_seed(&rng, 5);
    int n = 0;
    for (int i = 0; i < 300; i++) {
        uint64_t P, O;
        random_position(&rng, 80, &P, &O);   /* played to the end */
        REQUIRE(!rv_moves(P, O) && !rv_moves(O, P));
        CHECK_EQ_INT(rv_eval_pattern(P, O), rv_final_score(P, O, RV_FULL) * RV_EVAL_SCALE);
        CHECK_EQ_INT(rv_eval_pattern(O, P), -rv_final_score(P, O, RV_FULL) * RV_EVAL_SCALE);
        n += rv_popcount(P | O) < 64;
    }
    CHECK(n > 0);   /* some ended before the board was full */
    /* the start: a small value (the game is balanced) */
    int v0 = rv_eval_pattern((1ull << 28) | (1ull << 35), (1ull << 27) | (1ull << 36));
    CHECKF(abs(v0) <= 8 * RV_EVAL_SCALE, "start value %d", v0);
}

/* Near the end the sign of the value agrees with the exact result on most
 * random positions (the training reached a far higher rate on held-out
 * self-play positions; this only guards against a broken table). */
TEST(reversi_eval_sign_vs_exact) {
    rvs_ctx c;
    REQUIRE(rvs_init(&c, 8, 18, NULL, 0, 0) == GS_OK);
    gs_rng rng;
    gs_rng_seed(&rng, 3);
    int agree = 0, total = 0;
    while (total < 80) {
        uint64_t P, O;
        random_position(&rng, 48 + (int)gs_rng_below(&rng, 4), &P, &O);
        int ne = 64 - rv_popcount(P | O);
        if (ne < 9 || ne > 12 || !rv_moves(P, O)) continue;
        int best, exact = rvs_solve(&c, P, O, 0, &best);
        if (exact == 0) continue;
        int v = rv_eval_pattern(P, O);
        agree += (v > 0) == (exact > 0);
        total++;
    }
    rvs_free(&c);
    CHECKF(agree * 100 >= total * 75, "sign agreement %d of %d", agree, total);
}

/* The searchers' evaluation at their horizon (rvs_eval_searcher: per move
 * engine, the pext gathers where the engine has them) equals
 * rv_eval_pattern's, for every engine this machine runs and both gather
 * paths, on positions from random games and on random disc sets. */
TEST(reversi_eval_searchers_agree) {
    rvs_ctx c;
    REQUIRE(rvs_init(&c, 8, 0, NULL, 0, 0) == GS_OK);
    int top = c.cpu, checked = 0;
    gs_rng rng;
    gs_rng_seed(&rng, 23);
    for (int i = 0; i < 3000; i++) {
        uint64_t P, O;
        if (i & 1) random_position(&rng, (int)gs_rng_below(&rng, 61), &P, &O);
        else {
            uint64_t a = gs_rng_next(&rng), b = gs_rng_next(&rng);
            P = a & b;
            O = a & ~b & gs_rng_next(&rng);
        }
        if (!rv_moves(P, O) && !rv_moves(O, P)) continue;
        int want = rv_eval_pattern(P, O) * RVS_WIN_UNIT / RV_EVAL_SCALE;
        for (int cpu = RV_CPU_GENERIC; cpu <= top; cpu++)
            for (int pext = 0; pext <= (cpu > RV_CPU_GENERIC); pext++) {
                c.cpu = cpu;
                c.pext = pext;
                CHECKF(rvs_eval_searcher(&c, P, O) == want, "position %d engine %d pext %d", i, cpu, pext);
                checked++;
            }
    }
    CHECK(checked > 1000);
    rvs_free(&c);
}
