/* Glicko-2, following the steps of Glickman's "Example of the Glicko-2
 * system" (the step numbers below are the paper's). */
#include <math.h>
#include "server/glicko2.h"

#define G2_EPS 1e-6 /* convergence tolerance of step 5 */
#define G2_PI 3.14159265358979323846

g2_rating g2_default(void) {
    g2_rating r = {G2_DEFAULT_RATING, G2_DEFAULT_RD, G2_DEFAULT_VOL};
    return r;
}

static int g2_valid(const g2_rating *r) {
    return isfinite(r->rating) && isfinite(r->rd) && isfinite(r->vol) && r->rd > 0 &&
           r->vol > 0 && r->rd < 1e6 && r->vol < 10;
}

static double g2_g(double phi) {
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (G2_PI * G2_PI));
}

static double g2_e(double mu, double mu_j, double phi_j) {
    return 1.0 / (1.0 + exp(-g2_g(phi_j) * (mu - mu_j)));
}

/* Step 5's f(x). */
static double g2_f(double x, double delta, double phi, double v, double a, double tau) {
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

int g2_update(const g2_rating *p, const g2_result *res, int n, double tau, g2_rating *out) {
    double mu, phi, v = 0, dsum = 0, sigma, phistar;
    *out = *p;
    if (!g2_valid(p) || n < 0 || (n > 0 && !res)) return -1;
    if (!(tau > 0)) tau = G2_TAU;
    for (int j = 0; j < n; j++)
        if (!g2_valid(&res[j].opp) || !(res[j].score >= 0 && res[j].score <= 1)) return -1;
    /* Step 2: to the Glicko-2 scale. */
    mu = (p->rating - G2_DEFAULT_RATING) / G2_SCALE;
    phi = p->rd / G2_SCALE;
    if (n == 0) { /* no games: only the RD grows (step 6 with sigma unchanged) */
        out->rd = sqrt(phi * phi + p->vol * p->vol) * G2_SCALE;
        return 0;
    }
    /* Steps 3 and 4: the estimated variance v and improvement delta. */
    for (int j = 0; j < n; j++) {
        double mu_j = (res[j].opp.rating - G2_DEFAULT_RATING) / G2_SCALE;
        double phi_j = res[j].opp.rd / G2_SCALE;
        double g = g2_g(phi_j), e = g2_e(mu, mu_j, phi_j);
        v += g * g * e * (1.0 - e);
        dsum += g * (res[j].score - e);
    }
    v = 1.0 / v;
    double delta = v * dsum;
    /* Step 5: the new volatility (Illinois algorithm). */
    {
        double a = log(p->vol * p->vol), A = a, B, fa, fb;
        if (delta * delta > phi * phi + v) {
            B = log(delta * delta - phi * phi - v);
        } else {
            int k = 1;
            while (g2_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000) k++;
            B = a - k * tau;
        }
        fa = g2_f(A, delta, phi, v, a, tau);
        fb = g2_f(B, delta, phi, v, a, tau);
        for (int it = 0; fabs(B - A) > G2_EPS && it < 200; it++) {
            double C = A + (A - B) * fa / (fb - fa), fc = g2_f(C, delta, phi, v, a, tau);
            if (fc * fb <= 0) { A = B; fa = fb; }
            else fa /= 2.0;
            B = C; fb = fc;
        }
        sigma = exp(A / 2.0);
    }
    /* Steps 6 and 7: the new RD and rating. */
    phistar = sqrt(phi * phi + sigma * sigma);
    phi = 1.0 / sqrt(1.0 / (phistar * phistar) + 1.0 / v);
    mu = mu + phi * phi * dsum;
    /* Step 8: back to the Glicko scale. */
    out->rating = G2_SCALE * mu + G2_DEFAULT_RATING;
    out->rd = G2_SCALE * phi;
    out->vol = sigma;
    return 0;
}

int g2_game(const g2_rating *a, const g2_rating *b, double score_a, double tau,
            g2_rating *a_out, g2_rating *b_out) {
    g2_result ra = {*b, score_a}, rb = {*a, 1.0 - score_a};
    g2_rating na, nb;
    if (g2_update(a, &ra, 1, tau, &na) || g2_update(b, &rb, 1, tau, &nb)) {
        *a_out = *a; *b_out = *b;
        return -1;
    }
    *a_out = na; *b_out = nb;
    return 0;
}
