/* Go counting: area and territory, dead stones (given or estimated by
 * playouts), seki.  The definitions are in include/gridstone/go.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/go/go_rules.h"

#define DEAD_THRESHOLD 0.6
#define LONE_DEAD_THRESHOLD 0.5   /* go_board_lone_chain */
/* The fuzz build asks for fewer (Makefile: a finished territory game's
 * every render estimates its dead stones, and 256 playouts under the
 * sanitizers cost a 19x19 GTP input 10 ms); the count is data, not a path. */
#ifndef GS_GO_EST_PLAYOUTS
#define GS_GO_EST_PLAYOUTS 256
#endif
#define DEFAULT_PLAYOUTS GS_GO_EST_PLAYOUTS
#define ESTIMATE_SEED 0x60D5C0AEull

/* Distinct liberties the chain of a colour-c stone at the empty point p
 * would have (captures ignored: the caller only asks where none happen). */
static int libs_after(const go_board *b, int p, int c) {
    const go_geom *g = b->geo;
    uint64_t seen[(GO_MAXPOS + 63) / 64] = {0};
    int n = 0, libs[GO_MAXPOS];
    seen[p >> 6] |= 1ull << (p & 63);
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k];
        if (b->color[q] == GO_EMPTY && !(seen[q >> 6] >> (q & 63) & 1)) {
            seen[q >> 6] |= 1ull << (q & 63);
            n++;
        } else if (b->color[q] == c) {
            int m = go_board_libs(b, q, libs, GO_MAXPOS);
            for (int i = 0; i < m; i++) {
                int t = libs[i];
                if (seen[t >> 6] >> (t & 63) & 1) continue;
                seen[t >> 6] |= 1ull << (t & 63);
                n++;
            }
        }
    }
    return n;
}

/* Would a stone of colour c at p capture something? */
static int captures_at(const go_board *b, int p, int c) {
    const go_geom *g = b->geo;
    for (int k = 0; k < 4; k++) {
        int q = p + g->off4[k];
        if (b->color[q] == go_other(c) && go_in_atari(b, b->gid[q])) return 1;
    }
    return 0;
}

int gs_go_estimate_dead(const gs_state *gs, int playouts, uint64_t seed, int *out) {
    if (!go_is_go(gs->game)) return 0;
    const go_state *s = (const go_state *)gs;
    const go_geom *geo = &go_game_of(gs)->geo;
    if (playouts <= 0) playouts = DEFAULT_PLAYOUTS;
    int *black = calloc((size_t)geo->npos, sizeof *black);
    go_board *w = malloc(sizeof *w);
    uint8_t owner[GO_MAXPOS];
    int n = 0;
    if (!black || !w) goto done;
    gs_rng rng;
    gs_rng_seed(&rng, seed);
    for (int i = 0; i < playouts; i++) {
        go_board_copy(w, &s->b);
        go_board_playout(w, i & 1 ? GO_WHITE : GO_BLACK, &rng, 3 * geo->n + 20);
        go_board_area_score(w, owner);
        for (int j = 0; j < geo->n; j++) {
            int p = geo->idx2pos[j];
            black[p] += owner[p] == GO_BLACK ? 1 : owner[p] == GO_WHITE ? -1 : 0;
        }
    }
    /* per chain: average ownership of its stones from its own side */
    for (int j = 0; j < geo->n; j++) {
        int p = geo->idx2pos[j], c = s->b.color[p];
        if ((c != GO_BLACK && c != GO_WHITE) || s->b.gid[p] != p) continue;
        int stones[GO_MAXPOS], k = go_board_group(&s->b, p, stones);
        long sum = 0;
        for (int i = 0; i < k; i++) sum += black[stones[i]];
        double own = (double)sum / ((double)k * playouts);   /* -1..1, black positive */
        double opp_share = c == GO_BLACK ? (1 - own) / 2 : (1 + own) / 2;
        if (opp_share >= (go_board_lone_chain(&s->b, stones, k) ? LONE_DEAD_THRESHOLD : DEAD_THRESHOLD))
            for (int i = 0; i < k; i++) out[n++] = geo->pos2idx[stones[i]];
    }
done:
    free(black);
    free(w);
    return n;
}

gs_status gs_go_score_state(const gs_state *gs, const gs_go_rules *rules, const int *dead, int ndead,
                            gs_go_score *out, gs_error *err) {
    if (!gs || !out || !go_is_go(gs->game)) return gs_error_set(err, GS_ERR_INVALID_ARG, "not a Go game");
    const go_state *s = (const go_state *)gs;
    const go_game *g = go_game_of(gs);
    const go_geom *geo = &g->geo;
    gs_go_rules r = rules ? *rules : g->rules;
    int *est = NULL;
    memset(out, 0, sizeof *out);
    out->scoring = r.scoring;
    out->komi = r.komi;
    if (ndead < 0 || (!dead && ndead > 0)) {
        ndead = 0;
        dead = NULL;
        /* the same estimate under both scorings: records of finished games
         * (and two passes in play) leave dead stones on the board, and
         * counting them as alive under area rules named the wrong winner */
        est = malloc(sizeof *est * (size_t)geo->n);
        if (!est) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        ndead = gs_go_estimate_dead(gs, 0, ESTIMATE_SEED, est);
        dead = est;
        out->dead_source = GS_GO_DEAD_ESTIMATE;
    } else {
        out->dead_source = ndead ? GS_GO_DEAD_GIVEN : GS_GO_DEAD_NONE;
    }
    /* the dead chains */
    uint8_t cells[GS_MAX_CELLS];
    memcpy(cells, gs->board.cells, (size_t)geo->n);
    for (int i = 0; i < ndead; i++) {
        int m = dead[i];
        if (m < 0 || m >= geo->n) {
            free(est);
            return gs_error_set(err, GS_ERR_OUT_OF_BOUNDS, "dead stone %d is off the %dx%d board (cells 0..%d)", m,
                                geo->w, geo->h, geo->n - 1);
        }
        if (!cells[m]) {
            char buf[16];
            gs_notation_format_move(GS_NOTE_GTP, geo->w, geo->h, m, buf, sizeof buf);
            free(est);
            return gs_error_set(err, GS_ERR_BAD_VALUE, "dead stone at %s: there is no stone there", buf);
        }
        int stones[GO_MAXPOS], k = go_board_group(&s->b, geo->idx2pos[m], stones);
        for (int j = 0; j < k; j++) out->dead_mask[geo->pos2idx[stones[j]]] = 1;
    }
    free(est);
    for (int i = 0; i < geo->n; i++)
        if (out->dead_mask[i]) {
            out->dead[cells[i]]++;
            cells[i] = GS_EMPTY;
        }
    go_board *b = malloc(sizeof *b);
    if (!b) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    go_board_init(b, geo);
    go_board_set_cells(b, cells);
    /* seki: chains next to a shared liberty where either colour would be
     * left with at most one liberty */
    uint8_t seki[GO_MAXPOS];
    memset(seki, 0, sizeof seki);
    for (int i = 0; i < geo->n; i++) {
        int p = geo->idx2pos[i], m = 0;
        if (b->color[p] != GO_EMPTY) continue;
        for (int k = 0; k < 4; k++) {
            int c = b->color[p + geo->off4[k]];
            if (c == GO_BLACK || c == GO_WHITE) m |= c;
        }
        if (m != 3) continue;
        if (captures_at(b, p, GO_BLACK) || captures_at(b, p, GO_WHITE)) continue;
        if (libs_after(b, p, GO_BLACK) > 1 || libs_after(b, p, GO_WHITE) > 1) continue;
        for (int k = 0; k < 4; k++) {
            int q = p + geo->off4[k], stones[GO_MAXPOS];
            if (b->color[q] != GO_BLACK && b->color[q] != GO_WHITE) continue;
            int n = go_board_group(b, q, stones);
            for (int j = 0; j < n; j++) seki[stones[j]] = 1;
        }
    }
    /* regions of empty points */
    uint8_t mark[GO_MAXPOS];
    uint16_t region[GO_MAXPOS];
    memset(mark, 0, sizeof mark);
    for (int i = 0; i < geo->n; i++) {
        int p = geo->idx2pos[i], c = b->color[p];
        if (c == GO_BLACK || c == GO_WHITE) {
            out->stones[c]++;
            out->owner[i] = (uint8_t)c;
            if (seki[p]) { out->seki_mask[i] = 1; out->seki_stones++; }
            continue;
        }
        if (mark[p]) continue;
        int n = 0, first = 0, reach = 0, touches_seki = 0;
        region[n++] = (uint16_t)p;
        mark[p] = 1;
        while (first < n) {
            int q = region[first++];
            for (int k = 0; k < 4; k++) {
                int t = q + geo->off4[k], col = b->color[t];
                if (col == GO_EMPTY) {
                    if (!mark[t]) { mark[t] = 1; region[n++] = (uint16_t)t; }
                } else if (col != GO_BORDER) {
                    reach |= col;
                    touches_seki |= seki[t];
                }
            }
        }
        int who = reach == GO_BLACK || reach == GO_WHITE ? reach : 0;
        if (who && touches_seki && r.scoring == GS_GO_TERRITORY) who = 0;
        if (who) out->territory[who] += n;
        else {
            out->neutral += n;
            if (touches_seki) out->seki_points += n;
        }
        for (int j = 0; j < n; j++) out->owner[geo->pos2idx[region[j]]] = (uint8_t)who;
    }
    free(b);
    for (int c = GO_BLACK; c <= GO_WHITE; c++) out->prisoners[c] = s->b.caps[c];
    if (r.scoring == GS_GO_AREA) {
        out->black = out->stones[GO_BLACK] + out->territory[GO_BLACK];
        out->white = out->stones[GO_WHITE] + out->territory[GO_WHITE] + r.komi;
    } else {
        out->black = out->territory[GO_BLACK] + out->prisoners[GO_BLACK] + out->dead[GO_WHITE];
        out->white = out->territory[GO_WHITE] + out->prisoners[GO_WHITE] + out->dead[GO_BLACK] + r.komi;
    }
    out->score = out->black - out->white;
    out->winner = out->score > 0 ? GS_BLACK : out->score < 0 ? GS_WHITE : GS_EMPTY;
    return GS_OK;
}

char *gs_go_score_string(const gs_go_score *sc, char *buf, size_t len) {
    gs_result r;
    memset(&r, 0, sizeof r);
    r.over = 1;
    r.how = GS_END_SCORE;
    r.has_score = 1;
    r.score = sc->score;
    r.winner = sc->winner;
    return gs_result_string(&r, buf, len);
}
