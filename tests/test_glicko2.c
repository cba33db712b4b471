/* Glicko-2 against the worked example of Glickman's "Example of the
 * Glicko-2 system": a 1500/200/0.06 player beats 1400/30, loses to 1550/100
 * and 1700/300 (tau 0.5) and ends at 1464.06 / 151.52 / 0.05999. */
#include <math.h>
#include "test.h"
#include "server/glicko2.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

TEST(glicko2_paper_example) {
    g2_rating p = {1500, 200, 0.06}, out;
    g2_result res[3] = {
        {{1400, 30, 0.06}, 1.0},
        {{1550, 100, 0.06}, 0.0},
        {{1700, 300, 0.06}, 0.0},
    };
    REQUIRE(g2_update(&p, res, 3, 0.5, &out) == 0);
    /* The paper rounds its intermediate values to 4 decimals, so its
     * figures agree with the exact computation to about 0.01. */
    CHECKF(NEAR(out.rating, 1464.06, 0.02), "rating %.4f", out.rating);
    CHECKF(NEAR(out.rd, 151.52, 0.02), "RD %.4f", out.rd);
    CHECKF(NEAR(out.vol, 0.05999, 0.00001), "vol %.6f", out.vol);
    /* The Glicko-2 scale values of step 8's input: mu' = -0.2069, phi' = 0.8722. */
    CHECKF(NEAR((out.rating - 1500) / G2_SCALE, -0.2069, 0.0001), "mu' %.5f", (out.rating - 1500) / G2_SCALE);
    CHECKF(NEAR(out.rd / G2_SCALE, 0.8722, 0.0001), "phi' %.5f", out.rd / G2_SCALE);
}

TEST(glicko2_no_games_grows_rd) {
    g2_rating p = {1500, 200, 0.06}, out;
    REQUIRE(g2_update(&p, NULL, 0, 0.5, &out) == 0);
    CHECK(out.rating == 1500 && out.vol == 0.06);
    /* phi* = sqrt(phi^2 + sigma^2) */
    CHECKF(NEAR(out.rd, sqrt(pow(200 / G2_SCALE, 2) + 0.06 * 0.06) * G2_SCALE, 1e-9), "RD %.6f", out.rd);
    CHECK(out.rd > 200);
}

TEST(glicko2_one_game_symmetry) {
    g2_rating a = g2_default(), b = g2_default(), na, nb;
    REQUIRE(g2_game(&a, &b, 1.0, 0, &na, &nb) == 0);
    /* Equal players: the winner gains what the loser loses, both RDs shrink. */
    CHECK(na.rating > 1500 && nb.rating < 1500);
    CHECKF(NEAR(na.rating - 1500, 1500 - nb.rating, 1e-9), "%.6f %.6f", na.rating, nb.rating);
    CHECK(na.rd < 350 && nb.rd < 350 && NEAR(na.rd, nb.rd, 1e-9));
    /* A draw between equals changes no rating. */
    REQUIRE(g2_game(&a, &b, 0.5, 0, &na, &nb) == 0);
    CHECK(NEAR(na.rating, 1500, 1e-9) && NEAR(nb.rating, 1500, 1e-9));
    /* Beating a stronger player gains more than beating a weaker one. */
    g2_rating strong = {1800, 80, 0.06}, weak = {1200, 80, 0.06}, s1, s2, t;
    REQUIRE(g2_game(&a, &strong, 1.0, 0, &s1, &t) == 0);
    REQUIRE(g2_game(&a, &weak, 1.0, 0, &s2, &t) == 0);
    CHECK(s1.rating > s2.rating);
}

TEST(glicko2_bad_input) {
    g2_rating p = {1500, 200, 0.06}, out, bad = {1500, 0, 0.06}, nan_r = {NAN, 200, 0.06};
    g2_result r = {{1500, 200, 0.06}, 1.5};
    CHECK(g2_update(&p, &r, 1, 0.5, &out) == -1);
    CHECK(out.rating == p.rating && out.rd == p.rd && out.vol == p.vol);
    CHECK(g2_update(&bad, NULL, 0, 0.5, &out) == -1);
    CHECK(g2_update(&nan_r, NULL, 0, 0.5, &out) == -1);
    CHECK(g2_update(&p, NULL, 1, 0.5, &out) == -1);
}

TEST(glicko2_many_games_stay_finite) {
    /* A long streak of one-game periods keeps every value finite and RD positive. */
    g2_rating a = g2_default(), b = {1700, 60, 0.06};
    for (int i = 0; i < 2000; i++) {
        g2_rating na, nb;
        REQUIRE(g2_game(&a, &b, (i % 7) ? 1.0 : 0.0, 0, &na, &nb) == 0);
        a = na; b = nb;
        REQUIRE(isfinite(a.rating) && isfinite(a.rd) && isfinite(a.vol) && a.rd > 0);
        REQUIRE(isfinite(b.rating) && isfinite(b.rd) && isfinite(b.vol) && b.rd > 0);
    }
    CHECK(a.rating > b.rating);
}
