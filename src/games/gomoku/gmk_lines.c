/* Gomoku family: the line-pattern machinery and the precise checks.
 *
 * Two layers:
 *  - per cell and direction a 16-bit line code of the 8 neighbours at
 *    offsets -4..+4, kept up to date by gmk_put/gmk_remove (32 additions
 *    per stone), looked up in the game's pattern table (built once per game
 *    from a 3^8 memo of own/empty/blocked windows).  It counts fives as
 *    "five or more"; the evaluator, move ordering and the forbidden-point
 *    prefilter use it.
 *  - precise scans on the padded board for wins and for the RIF forbidden
 *    check, which is recursive: a three needs a completion point that is
 *    itself not forbidden. */
#include <string.h>
#include "games/gomoku/gomoku.h"

const int gmk_dstep[4] = { 1, GMK_STRIDE, GMK_STRIDE + 1, GMK_STRIDE - 1 };

const char *const gmk_rule_names[] = { "freestyle", "standard", "renju", "omok", "caro", NULL };

/* ---- incremental line codes ---- */

void gmk_put(gmk_state *st, int p, int c) {
    st->a[p] = (uint8_t)c;
    for (int d = 0; d < 4; d++) {
        int s = gmk_dstep[d];
        uint16_t *code = st->code[d];
        for (int k = 1; k <= 4; k++) {
            code[p + k * s] = (uint16_t)(code[p + k * s] + (c << (2 * (4 - k))));
            code[p - k * s] = (uint16_t)(code[p - k * s] + (c << (2 * (k + 3))));
        }
    }
}

void gmk_remove(gmk_state *st, int p) {
    int c = st->a[p];
    st->a[p] = 0;
    for (int d = 0; d < 4; d++) {
        int s = gmk_dstep[d];
        uint16_t *code = st->code[d];
        for (int k = 1; k <= 4; k++) {
            code[p + k * s] = (uint16_t)(code[p + k * s] - (c << (2 * (4 - k))));
            code[p - k * s] = (uint16_t)(code[p - k * s] - (c << (2 * (k + 3))));
        }
    }
}

/* ---- the pattern table ---- */

/* Window of 9 cells, centre 4 = own stone; slot s (0..7) is window cell
 * s < 4 ? s : s + 1.  t: 0 empty, 1 own, 2 blocked. */
static int win_run(const int *w, int j) {
    int lo = j, hi = j;
    while (lo > 0 && w[lo - 1] == 1) lo--;
    while (hi < 8 && w[hi + 1] == 1) hi++;
    /* runs that do not contain the centre do not count */
    if (lo > 4 || hi < 4) return 0;
    return hi - lo + 1;
}

static int8_t classify(int8_t *memo, int idx) {
    if (memo[idx] >= 0) return memo[idx];
    int w[9], pw[9], x = idx;
    for (int s = 0; s < 8; s++) {
        int j = s < 4 ? s : s + 1;
        w[j] = x % 3; x /= 3;
    }
    w[4] = 1;
    for (int s = 0, p = 1; s < 8; s++, p *= 3) pw[s < 4 ? s : s + 1] = p;
    int res;
    if (win_run(w, 4) >= 5) {
        res = GMK_P_FIVE;
    } else {
        int fp[8], nf = 0;
        for (int j = 0; j < 9; j++) {
            if (w[j] != 0) continue;
            w[j] = 1;
            if (win_run(w, j) >= 5) fp[nf++] = j;
            w[j] = 0;
        }
        if (nf >= 2) {
            res = GMK_P_FOUR_DOUBLE;
            for (int i = 0; i < nf; i++)
                for (int k = i + 1; k < nf; k++)
                    if (fp[k] - fp[i] == 5) res = GMK_P_FOUR_OPEN;
        } else if (nf == 1) {
            res = GMK_P_FOUR;
        } else {
            res = GMK_P_NONE;
            for (int j = 0; j < 9; j++) {
                if (w[j] != 0) continue;
                int sub = classify(memo, idx + pw[j]);
                int up = sub >= GMK_P_FOUR_DOUBLE ? GMK_P_THREE_OPEN
                       : sub == GMK_P_FOUR ? GMK_P_THREE
                       : sub == GMK_P_THREE_OPEN ? GMK_P_TWO_OPEN
                       : sub == GMK_P_THREE ? GMK_P_TWO : GMK_P_NONE;
                if (up > res) res = up;
            }
            if (res == GMK_P_NONE) {
                /* room for a five through the centre? */
                for (int a = 0; a + 4 < 9 && res == GMK_P_NONE; a++) {
                    if (a > 4 || a + 4 < 4) continue;
                    int ok = 1;
                    for (int j = a; j < a + 5; j++) if (w[j] == 2) ok = 0;
                    if (ok) res = GMK_P_ONE;
                }
            }
        }
    }
    memo[idx] = (int8_t)res;
    return (int8_t)res;
}

void gmk_build_tables(gmk_game *g);
void gmk_build_tables(gmk_game *g) {
    int8_t memo[6561];
    memset(memo, -1, sizeof memo);
    for (int c = 1; c <= 2; c++) {
        for (int code = 0; code < 65536; code++) {
            int idx = 0, p = 1;
            for (int s = 0; s < 8; s++, p *= 3) {
                int v = (code >> (2 * s)) & 3;
                int t = v == 0 ? 0 : v == c ? 1 : 2;
                idx += t * p;
            }
            g->pat[c - 1][code] = (uint8_t)classify(memo, idx);
        }
    }
}

/* ---- precise scans ---- */

int gmk_run(const uint8_t *a, int p, int d, int c, int *lo, int *hi) {
    int s = gmk_dstep[d], l = p, h = p;
    while (a[l - s] == c) l -= s;
    while (a[h + s] == c) h += s;
    if (lo) *lo = l;
    if (hi) *hi = h;
    return (h - l) / s + 1;
}

/* Does a run of len (ends lo..hi, direction d) win for colour c? */
static int run_wins(int rule, const uint8_t *a, int c, int d, int len, int lo, int hi) {
    switch (rule) {
    case GMK_FREESTYLE: return len >= 5;
    case GMK_RENJU: return c == GS_BLACK ? len == 5 : len >= 5;
    case GMK_CARO: {
        int s = gmk_dstep[d], o = 3 - c;
        return len == 5 && !(a[lo - s] == o && a[hi + s] == o);
    }
    default: return len == 5;
    }
}

int gmk_makes_win(const gmk_game *g, const uint8_t *a, int p, int c, int *line, int *nline) {
    for (int d = 0; d < 4; d++) {
        int lo, hi, len = gmk_run(a, p, d, c, &lo, &hi);
        if (len < 5 || !run_wins(g->rule, a, c, d, len, lo, hi)) continue;
        if (line && nline) {
            int n = 0;
            for (int q = lo; q <= hi && n < GS_MAX_LINE; q += gmk_dstep[d]) line[n++] = g->cell_of[q];
            *nline = n;
        }
        return 1;
    }
    return 0;
}

/* Exact-five points of colour c in direction d through p (a[p] == c):
 * empty cells that give a run of exactly five containing p. */
static int five_points(const uint8_t *a, int p, int d, int c, int q[2]) {
    int s = gmk_dstep[d], n = 0;
    for (int k = -4; k <= 4; k++) {
        int r = p + k * s;
        if (k == 0 || a[r] != 0) continue;
        int lo, hi;
        if (gmk_run(a, r, d, c, &lo, &hi) != 5 || p < lo || p > hi) continue;
        if (n < 2) q[n] = r;
        n++;
    }
    return n;
}

/* Fours made in direction d (0, 1 or 2; a straight four is one). */
static int fours_in(const uint8_t *a, int p, int d, int c) {
    int q[2], n = five_points(a, p, d, c, q);
    if (n == 2 && q[1] - q[0] == 5 * gmk_dstep[d]) return 1;
    return n > 2 ? 2 : n;
}

static int makes_exact_five(const uint8_t *a, int p, int c) {
    for (int d = 0; d < 4; d++)
        if (gmk_run(a, p, d, c, NULL, NULL) == 5) return 1;
    return 0;
}

static gs_status forbidden_rec(int rule, uint8_t *a, int p, int c);

/* Is direction d through p (a[p] == c) a three: one more stone r on the
 * line makes a straight four containing p, r makes no five and r is not
 * forbidden itself? */
static int three_in(int rule, uint8_t *a, int p, int d, int c) {
    int s = gmk_dstep[d];
    for (int k = -3; k <= 3; k++) {
        int r = p + k * s;
        if (k == 0 || a[r] != 0) continue;
        a[r] = (uint8_t)c;
        int lo, hi, len = gmk_run(a, p, d, c, &lo, &hi);
        int straight = len == 4 && lo <= r && r <= hi &&
                       a[lo - s] == 0 && a[hi + s] == 0 &&
                       a[lo - 2 * s] != c && a[hi + 2 * s] != c;
        int five = straight && makes_exact_five(a, r, c);
        a[r] = 0;
        if (!straight || five) continue;
        if (forbidden_rec(rule, a, r, c) == GS_OK) return 1;
    }
    return 0;
}

static gs_status forbidden_rec(int rule, uint8_t *a, int p, int c) {
    int over = 0, four[4], nfour = 0;
    a[p] = (uint8_t)c;
    for (int d = 0; d < 4; d++) {
        int len = gmk_run(a, p, d, c, NULL, NULL);
        if (len == 5) { a[p] = 0; return GS_OK; }   /* a five wins */
        if (len > 5) over = 1;
    }
    gs_status st = GS_OK;
    if (over && rule == GMK_RENJU) { st = GS_ERR_FORBIDDEN_OVERLINE; goto done; }
    for (int d = 0; d < 4; d++) { four[d] = fours_in(a, p, d, c); nfour += four[d]; }
    if (nfour >= 2 && rule == GMK_RENJU) { st = GS_ERR_FORBIDDEN_DOUBLE_FOUR; goto done; }
    {
        int cand = 0, nthree = 0;
        for (int d = 0; d < 4; d++) if (!four[d]) cand++;
        for (int d = 0; d < 4 && nthree < 2 && nthree + cand >= 2; d++) {
            if (four[d]) continue;
            cand--;
            if (three_in(rule, a, p, d, c)) nthree++;
        }
        if (nthree >= 2) st = GS_ERR_FORBIDDEN_DOUBLE_THREE;
    }
done:
    a[p] = 0;
    return st;
}

gs_status gmk_forbidden_raw(int rule, uint8_t *a, int p, int c) {
    if (!gmk_has_forbidden(rule, c) || a[p] != 0) return GS_OK;
    return forbidden_rec(rule, a, p, c);
}

gs_status gmk_forbidden(const gmk_state *st, int p, int c) {
    const gmk_game *g = gmk_game_of(&st->base);
    int rule = g->rule;
    if (!gmk_has_forbidden(rule, c) || st->a[p] != 0) return GS_OK;
    /* prefilter: a forbidden point needs two lines that are a three or a
     * four in five-or-more terms, or (renju) a run of five or more */
    int cand = 0, five = 0;
    for (int d = 0; d < 4; d++) {
        int k = gmk_pat(g, st, c, d, p);
        if (k == GMK_P_FIVE) five = 1;
        else if (k == GMK_P_FOUR_DOUBLE) cand += 2;
        else if (k >= GMK_P_THREE_OPEN) cand++;
    }
    if (cand < 2 && !(five && rule == GMK_RENJU)) return GS_OK;
    uint8_t a[GMK_PADN];
    memcpy(a, st->a, sizeof a);
    return forbidden_rec(rule, a, p, c);
}
