/* Go rules: the gs_game_ops "go" over the fast board (go_board.c).
 * Spec keys (go_keys): size (N or WxH, 2..25), rules (preset), komi, ko,
 * suicide, scoring; the preset gives the defaults of the last four.  The
 * rule presets - names, aliases, SGF RU[] spellings, values - are listed
 * once, here. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/go/go_rules.h"

static const char *const preset_names[] = {
    "tromp-taylor", "chinese", "japanese", "korean", "aga", "new-zealand", NULL};
/* other spellings accepted in specs, GTP and SGF RU[] (pairs: alias, preset) */
static const char *const preset_aliases[] = {
    "tt", "tromp-taylor", "tromp_taylor", "tromp-taylor", "cn", "chinese", "jp", "japanese",
    "ko", "korean", "kr", "korean", "american", "aga", "nz", "new-zealand", "new_zealand", "new-zealand",
    "newzealand", "new-zealand", NULL};
/* what RU[] says for each preset when we write SGF */
static const char *const preset_sgf[GS_GO_PRESET_COUNT] = {"Tromp-Taylor", "Chinese", "Japanese", "Korean",
                                                           "AGA", "NZ"};
static const gs_go_rules presets[GS_GO_PRESET_COUNT] = {
    {GS_GO_TROMP_TAYLOR, 7.5, GS_GO_KO_POSITIONAL, 1, GS_GO_AREA},
    {GS_GO_CHINESE, 7.5, GS_GO_KO_POSITIONAL, 0, GS_GO_AREA},
    {GS_GO_JAPANESE, 6.5, GS_GO_KO_SIMPLE, 0, GS_GO_TERRITORY},
    {GS_GO_KOREAN, 6.5, GS_GO_KO_SIMPLE, 0, GS_GO_TERRITORY},
    {GS_GO_AGA, 7.5, GS_GO_KO_SITUATIONAL, 0, GS_GO_AREA},
    {GS_GO_NEW_ZEALAND, 7.0, GS_GO_KO_SITUATIONAL, 1, GS_GO_AREA},
};
static const char *const ko_names[] = {"simple", "positional", "situational", NULL};
static const char *const scoring_names[] = {"area", "territory", NULL};

enum { K_SIZE, K_RULES, K_KOMI, K_KO, K_SUICIDE, K_SCORING };
static const gs_spec_key go_keys[] = {
    [K_SIZE] = {"size", GS_KEY_SIZE, "19", GO_MIN_SIDE, GO_MAX_SIDE, 0, NULL, NULL, "board size", GS_ROLE_SIZE, "판 크기"},
    [K_RULES] = {"rules", GS_KEY_ENUM, "korean", 0, 0, 0, preset_names, preset_aliases,
                 "rule preset: the defaults of komi, ko, suicide and scoring", GS_ROLE_NONE, "규칙"},
    [K_KOMI] = {"komi", GS_KEY_NUMBER, NULL, -1000, 1000, 0.5, NULL, NULL,
                "points added to White's score (default: the preset's)", GS_ROLE_NONE, "덤"},
    [K_KO] = {"ko", GS_KEY_ENUM, NULL, 0, 0, 0, ko_names, NULL,
              "which earlier positions a move may not repeat (default: the preset's)", GS_ROLE_NONE, "패 규칙"},
    [K_SUICIDE] = {"suicide", GS_KEY_BOOL, NULL, 0, 1, 0, NULL, NULL,
                   "1: multi-stone suicide is legal (default: the preset's)", GS_ROLE_NONE, "자살수 허용"},
    [K_SCORING] = {"scoring", GS_KEY_ENUM, NULL, 0, 0, 0, scoring_names, NULL,
                   "area (stones + territory) or territory (+ prisoners) (default: the preset's)", GS_ROLE_NONE, "계가 방식"},
    {NULL, 0, NULL, 0, 0, 0, NULL, NULL, NULL, GS_ROLE_NONE, NULL}};

const char *gs_go_preset_name(gs_go_preset p) {
    return (unsigned)p < GS_GO_PRESET_COUNT ? preset_names[p] : "?";
}

void gs_go_preset_rules(gs_go_preset p, gs_go_rules *out) {
    *out = presets[(unsigned)p < GS_GO_PRESET_COUNT ? p : GS_GO_KOREAN];
}

int gs_go_preset_from_name(const char *name) { return gs_spec_key_enum(&go_keys[K_RULES], name); }

/* ---- game ---- */
static gs_status go_create(gs_spec_val *v, gs_game **out, gs_error *err) {
    int w = v[K_SIZE].i, h = v[K_SIZE].h, preset = v[K_RULES].i;
    gs_go_rules r;
    gs_go_preset_rules((gs_go_preset)preset, &r);
    /* the keys the spec did not give come from the preset */
    if (v[K_KOMI].set) r.komi = v[K_KOMI].d;
    else v[K_KOMI].d = r.komi;
    if (v[K_KO].set) r.ko = (gs_go_ko)v[K_KO].i;
    else v[K_KO].i = (int)r.ko;
    if (v[K_SUICIDE].set) r.suicide = v[K_SUICIDE].i;
    else v[K_SUICIDE].i = r.suicide;
    if (v[K_SCORING].set) r.scoring = (gs_go_scoring)v[K_SCORING].i;
    else v[K_SCORING].i = (int)r.scoring;
    go_game *g = calloc(1, sizeof *g);
    if (!g) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    if (go_geom_init(&g->geo, w, h) != GS_OK || gs_geom_init(&g->base.geom, w, h) != GS_OK) {
        free(g);
        return gs_error_set(err, GS_ERR_BAD_VALUE, "go: bad size %dx%d", w, h);
    }
    g->rules = r;
    g->base.ops = &gs_go_ops;
    g->base.notation = GS_NOTE_GTP;
    g->base.sym_mask = w == h ? 0xFFu : 0x0Fu;
    *out = &g->base;
    return GS_OK;
}

/* ---- SGF root properties only Go has: KM, RU, HA ---- */

/* lower-case without spaces, '-' and '_': "New Zealand" = "new-zealand" */
static void squash(const char *s, char *out, size_t n) {
    size_t o = 0;
    for (; *s && o + 1 < n; s++)
        if (!strchr(" -_", *s)) out[o++] = (char)tolower((unsigned char)*s);
    out[o] = 0;
}

static int preset_from_sgf(const char *v) {
    char a[64], b[64];
    squash(v, a, sizeof a);
    for (int i = 0; preset_names[i]; i++) {
        squash(preset_names[i], b, sizeof b);
        if (!strcmp(a, b)) return i;
    }
    for (int i = 0; preset_aliases[i]; i += 2) {
        squash(preset_aliases[i], b, sizeof b);
        if (!strcmp(a, b)) return gs_spec_key_enum(&go_keys[K_RULES], preset_aliases[i + 1]);
    }
    return -1;
}

static gs_status go_props_read(const gs_file_props *fp, gs_spec *keys, gs_error *err) {
    char val[40];
    const char *km = fp->get(fp->ud, "KM"), *ru = fp->get(fp->ud, "RU"), *ha = fp->get(fp->ud, "HA");
    gs_status st;
    if (km && *km) {
        char t[64];
        size_t n = strlen(km);
        while (n && isspace((unsigned char)km[n - 1])) n--;
        while (n && isspace((unsigned char)*km)) km++, n--;
        snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t ? n : sizeof t - 1), km);
        static const gs_spec_key any_number = {"KM", GS_KEY_NUMBER, NULL, -HUGE_VAL, HUGE_VAL, 0, NULL, NULL, NULL,
                                               GS_ROLE_NONE, NULL};
        gs_spec_val x;
        const gs_spec_key *k = &go_keys[K_KOMI];
        gs_error why;   /* io puts "KM[value]" and the position before it */
        if (n >= sizeof t || gs_spec_key_parse(&any_number, t, &x, NULL) != GS_OK) {
            gs_error_set(&why, GS_ERR_BAD_VALUE, "komi is not a number");
            return fp->fail(fp->ud, "KM", &why);
        }
        if (x.d < k->lo || x.d > k->hi) {
            gs_error_set(&why, GS_ERR_BAD_VALUE, "komi is out of range (%g..%g)", k->lo, k->hi);
            return fp->fail(fp->ud, "KM", &why);
        }
        if (x.d / k->step != floor(x.d / k->step)) {
            gs_error_set(&why, GS_ERR_BAD_VALUE, "komi must be a multiple of %g", k->step);
            return fp->fail(fp->ud, "KM", &why);
        }
        snprintf(val, sizeof val, "%g", x.d == 0 ? 0.0 : x.d);
        if ((st = gs_spec_set(keys, "komi", val, err)) != GS_OK) return st;
    }
    if (ru && *ru) {
        int p = preset_from_sgf(ru);
        if (p >= 0) {
            if ((st = gs_spec_set(keys, "rules", preset_names[p], err)) != GS_OK) return st;
        } else fp->note(fp->ud, "RU", "rules not understood; the game's default rules apply");
    }
    if (ha && *ha) {
        char *end;
        long n = strtol(ha, &end, 10);
        if (!isdigit((unsigned char)*ha) || *end || n > GS_MAX_CELLS)
            fp->note(fp->ud, "HA", "not a number of handicap stones; ignored (the AB[] stones count)");
    }
    return GS_OK;
}

static gs_status go_props_write(const gs_game *gg, const uint8_t *start, int to_move, const gs_file_props *fp) {
    const go_game *g = (const go_game *)gg;
    char v[40];
    snprintf(v, sizeof v, "%g", g->rules.komi == 0 ? 0.0 : g->rules.komi);
    gs_status st = fp->put(fp->ud, "KM", v);
    if (st == GS_OK && (unsigned)g->rules.preset < GS_GO_PRESET_COUNT)
        st = fp->put(fp->ud, "RU", preset_sgf[g->rules.preset]);
    /* a handicap start: only black stones, white to move */
    int nb = 0, nw = 0;
    for (int i = 0; i < gg->geom.n; i++) nb += start[i] == GS_BLACK, nw += start[i] == GS_WHITE;
    if (st == GS_OK && nb >= 2 && nw == 0 && to_move == GS_WHITE) {
        snprintf(v, sizeof v, "%d", nb);
        st = fp->put(fp->ud, "HA", v);
    }
    return st;
}

static void go_destroy(gs_game *g) { free(g); }

int gs_go_is_go(const gs_game *g) { return go_is_go(g); }

gs_status gs_go_get_rules(const gs_game *g, gs_go_rules *out) {
    if (!go_is_go(g)) return GS_ERR_INVALID_ARG;
    *out = ((const go_game *)g)->rules;
    return GS_OK;
}

/* The group of the stone at cell on a plain board (cells, row-major):
 * its stones into out[] (the count is returned), each marked in seen[];
 * *has_lib (if not NULL) = 1 when the group touches an empty point. */
static int go_cells_group(const gs_geom *g, const uint8_t *cells, int cell, uint8_t *seen, int16_t *out,
                          int *has_lib) {
    uint8_t c = cells[cell];
    int n = 0, lib = 0;
    out[n++] = (int16_t)cell;
    seen[cell] = 1;
    for (int i = 0; i < n; i++) {
        int p = out[i];
        for (int d = 0; d < g->nnb4[p]; d++) {
            int q = g->nb4[p][d];
            if (cells[q] == GS_EMPTY) lib = 1;
            else if (!seen[q] && cells[q] == c) {
                seen[q] = 1;
                out[n++] = (int16_t)q;
            }
        }
    }
    if (has_lib) *has_lib = lib;
    return n;
}

/* ---- states ---- */
static gs_status ply_reserve(go_state *s, int n) {
    if (n <= s->ply_cap) return GS_OK;
    int cap = s->ply_cap ? s->ply_cap : 64;
    while (cap < n) cap *= 2;
    go_ply *p = realloc(s->ply, (size_t)cap * sizeof *p);
    if (!p) return GS_ERR_NOMEM;
    s->ply = p;
    s->ply_cap = cap;
    return GS_OK;
}

static gs_state *go_state_new(const gs_game *gg) {
    const go_game *g = (const go_game *)gg;
    /* not calloc: the board (most of the state) is cleared by go_board_init */
    go_state *s = malloc(sizeof *s);
    if (!s) return NULL;
    gs_state_init_base(&s->base, gg);
    go_board_init(&s->b, &g->geo);
    go_undo_init(&s->u);
    s->b.u = &s->u;
    s->ply = NULL;
    s->ply_cap = 0;
    memset(s->start_cells, 0, sizeof s->start_cells);
    if (ply_reserve(s, 64) != GS_OK) { free(s); return NULL; }
    s->ply[0].hash = 0;
    s->ply[0].to_move = GS_BLACK;
    s->start_to_move = GS_BLACK;
    return &s->base;
}

static void go_state_free(gs_state *gs) {
    go_state *s = (go_state *)gs;
    gs_state_free_base(gs);
    go_undo_free(&s->u);
    free(s->ply);
    free(s);
}

static gs_status go_state_copy(gs_state *gd, const gs_state *gsrc) {
    go_state *d = (go_state *)gd;
    const go_state *s = (const go_state *)gsrc;
    if (ply_reserve(d, s->base.nhist + 1) != GS_OK || go_undo_copy(&d->u, &s->u) != GS_OK)
        return GS_ERR_NOMEM;
    gs_status st = gs_state_copy_base(gd, gsrc);
    if (st != GS_OK) return st;
    memcpy(d->ply, s->ply, (size_t)(s->base.nhist + 1) * sizeof *d->ply);
    go_board_copy(&d->b, &s->b);
    d->b.u = &d->u;
    memcpy(d->start_cells, s->start_cells, sizeof d->start_cells);
    d->start_to_move = s->start_to_move;
    return GS_OK;
}

static void go_start(const gs_state *gs, uint8_t *cells, int *to_move) {
    const go_state *s = (const go_state *)gs;
    memcpy(cells, s->start_cells, (size_t)gs->game->geom.n);
    *to_move = s->start_to_move;
}

int gs_go_trailing_passes(const gs_state *s) {
    int n = 0;
    for (int i = s->nhist - 1; i >= 0 && s->hist[i].move == GS_PASS; i--) n++;
    return n;
}

int gs_go_prisoners(const gs_state *s, int c) {
    if (!go_is_go(s->game) || (c != GS_BLACK && c != GS_WHITE)) return 0;
    return ((const go_state *)s)->b.caps[c];
}

/* Does a position with stone hash h and next_to_move to move break the ko
 * rule?  (A move that changes no stone - a single-stone suicide - is never
 * a repetition: like a pass it leaves the position as it is.) */
static gs_status repetition(const go_state *s, uint64_t h, int next_to_move) {
    const go_game *g = go_game_of(&s->base);
    int k = s->base.nhist;
    if (h == s->b.hash) return GS_OK;
    if (k >= 1 && s->ply[k - 1].hash == h) return GS_ERR_KO;
    if (g->rules.ko == GS_GO_KO_POSITIONAL) {
        for (int i = 0; i <= k; i++)
            if (s->ply[i].hash == h) return GS_ERR_POSITIONAL_SUPERKO;
    } else if (g->rules.ko == GS_GO_KO_SITUATIONAL) {
        for (int i = 0; i <= k; i++)
            if (s->ply[i].hash == h && s->ply[i].to_move == next_to_move) return GS_ERR_SITUATIONAL_SUPERKO;
    }
    return GS_OK;
}

static gs_status go_check(const gs_state *gs, gs_move m) {
    const go_state *s = (const go_state *)gs;
    const go_game *g = go_game_of(gs);
    if (gs->resigned || gs_go_trailing_passes(gs) >= 2) return GS_ERR_GAME_OVER;
    if (m == GS_PASS) return GS_OK;
    if (m < 0 || m >= g->geo.n) return GS_ERR_OUT_OF_BOUNDS;
    int p = g->geo.idx2pos[m], c = gs->to_move;
    if (s->b.color[p] != GO_EMPTY) return GS_ERR_OCCUPIED;
    if (!g->rules.suicide && go_board_is_suicide(&s->b, p, c)) return GS_ERR_SUICIDE;
    return repetition(s, go_board_hash_after(&s->b, p, c), go_other(c));
}

static int go_legal_moves(const gs_state *gs, gs_move *out) {
    if (gs->resigned || gs_go_trailing_passes(gs) >= 2) return 0;
    int n = 0;
    for (int i = 0; i < gs->game->geom.n; i++)
        if (go_check(gs, i) == GS_OK) out[n++] = i;
    out[n++] = GS_PASS;
    return n;
}

static gs_status go_play(gs_state *gs, gs_move m) {
    go_state *s = (go_state *)gs;
    const go_game *g = go_game_of(gs);
    gs_status st = go_check(gs, m);
    if (st != GS_OK) return st;
    if (ply_reserve(s, gs->nhist + 2) != GS_OK || gs_hist_reserve(gs, gs->nhist + 1) != GS_OK
        || go_undo_reserve(&s->u, &s->b) != GS_OK)
        return GS_ERR_NOMEM;
    int c = gs->to_move;
    if (m == GS_PASS) {
        go_board_pass(&s->b);
    } else {
        go_board_play(&s->b, g->geo.idx2pos[m], c);
        gs_board_set(&gs->board, m, (uint8_t)c);
        for (int i = 0; i < s->b.nremoved; i++)
            gs_board_set(&gs->board, g->geo.pos2idx[s->b.removed[i]], GS_EMPTY);
    }
    gs_hist_push(gs, m, (uint8_t)c);
    gs->to_move = GS_OTHER(c);
    s->ply[gs->nhist].hash = s->b.hash;
    s->ply[gs->nhist].to_move = gs->to_move;
    return GS_OK;
}

/* Make the generic cells equal to the fast board again. */
static void sync_cells(go_state *s) {
    const go_geom *geo = &go_game_of(&s->base)->geo;
    for (int i = 0; i < geo->n; i++) {
        uint8_t c = s->b.color[geo->idx2pos[i]];
        if (s->base.board.cells[i] != c) gs_board_set(&s->base.board, i, c);
    }
}

static gs_status go_undo_move(gs_state *gs) {
    go_state *s = (go_state *)gs;
    if (gs->nhist == 0) return GS_ERR_NO_UNDO;
    if (go_board_undo(&s->b) != GS_OK) return GS_ERR_NO_UNDO;
    sync_cells(s);
    gs->nhist--;
    gs->to_move = gs->hist[gs->nhist].color;
    return GS_OK;
}

/* Two passes end the game (go_result then counts it). */
static int go_over(const gs_state *gs) { return gs_go_trailing_passes(gs) >= 2; }

static void go_result(const gs_state *gs, gs_result *r) {
    memset(r, 0, sizeof *r);
    if (gs_go_trailing_passes(gs) < 2) return;
    gs_go_score *sc = malloc(sizeof *sc);
    r->over = 1;
    r->how = GS_END_SCORE;
    if (!sc || gs_go_score_state(gs, NULL, NULL, -1, sc, NULL) != GS_OK) {
        free(sc);
        return;
    }
    r->has_score = 1;
    r->score = sc->score;
    r->winner = sc->winner;
    free(sc);
}

/* Replace the position; the caller checked the cells. */
static void go_set_position(go_state *s, const uint8_t *cells, int to_move) {
    const go_game *g = go_game_of(&s->base);
    go_board_set_cells(&s->b, cells);
    go_undo_clear(&s->u);
    gs_board_init(&s->base.board, &g->base.geom);
    for (int i = 0; i < g->geo.n; i++)
        if (cells[i]) gs_board_set(&s->base.board, i, cells[i]);
    s->base.nhist = 0;
    s->base.to_move = (uint8_t)to_move;
    s->ply[0].hash = s->b.hash;
    s->ply[0].to_move = (uint8_t)to_move;
    memcpy(s->start_cells, cells, (size_t)g->geo.n);
    s->start_to_move = (uint8_t)to_move;
}

static gs_status go_setup(gs_state *gs, const uint8_t *cells, int to_move, gs_error *err) {
    go_state *s = (go_state *)gs;
    const go_game *g = go_game_of(gs);
    /* every group needs a liberty (checked on the cells: no board built) */
    int16_t group[GS_MAX_CELLS];
    uint8_t seen[GS_MAX_CELLS];
    memset(seen, 0, (size_t)g->geo.n);
    for (int i = 0; i < g->geo.n; i++) {
        int lib;
        if (cells[i] == GS_EMPTY || seen[i]) continue;
        go_cells_group(&g->base.geom, cells, i, seen, group, &lib);
        if (!lib) {
            char buf[16];
            gs_notation_format_move(GS_NOTE_GTP, g->geo.w, g->geo.h, i, buf, sizeof buf);
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go: the group at %s has no liberty", buf);
        }
    }
    go_set_position(s, cells, to_move);
    return GS_OK;
}

static gs_status go_validate(const gs_state *gs, gs_error *err) {
    const go_state *s = (const go_state *)gs;
    const go_game *g = go_game_of(gs);
    const go_geom *geo = &g->geo;
    gs_status st = go_board_check_invariants(&s->b, err);
    if (st != GS_OK) return st;
    for (int i = 0; i < geo->n; i++)
        if (gs->board.cells[i] != s->b.color[geo->idx2pos[i]])
            return gs_error_set(err, GS_ERR_BAD_POSITION, "go: cell %d differs from the board", i);
    if (gs->board.hash != s->b.hash)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "go: hash differs from the board's");
    int dead = go_board_find_dead_group(&s->b);
    if (dead != GO_NOPOS)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "go: a group without liberties at cell %d", geo->pos2idx[dead]);
    int k = gs_moves_played(gs);
    if (s->ply[k].hash != s->b.hash || s->ply[k].to_move != gs->to_move)
        return gs_error_set(err, GS_ERR_BAD_POSITION, "go: position history out of step");
    /* replay the history from the start position (on the stack, as the
     * AI's boards: validating many positions costs no allocations) */
    go_board tb, *t = &tb;
    t->geo = geo;
    t->u = NULL;
    go_board_set_cells(t, s->start_cells);   /* clears the board first */
    int c = s->start_to_move, passes = 0;
    st = GS_OK;
    for (int i = 0; i < k && st == GS_OK; i++) {
        gs_move m = gs->hist[i].move;
        if (gs->hist[i].color != c)
            st = gs_error_set(err, GS_ERR_BAD_POSITION, "go: move %d by the wrong colour", i + 1);
        else if (passes >= 2)
            st = gs_error_set(err, GS_ERR_BAD_POSITION, "go: move %d after two passes", i + 1);
        else if (m == GS_PASS) {
            go_board_pass(t);
            passes++;
        } else if (m < 0 || m >= geo->n || t->color[geo->idx2pos[m]] != GO_EMPTY) {
            st = gs_error_set(err, GS_ERR_BAD_POSITION, "go: move %d is not on an empty point", i + 1);
        } else {
            go_board_play(t, geo->idx2pos[m], c);
            passes = 0;
        }
        c = go_other(c);
        if (st == GS_OK && (t->hash != s->ply[i + 1].hash || s->ply[i + 1].to_move != c))
            st = gs_error_set(err, GS_ERR_BAD_POSITION, "go: replay differs at move %d", i + 1);
    }
    if (st == GS_OK && (t->hash != s->b.hash || t->caps[GO_BLACK] != s->b.caps[GO_BLACK]
                        || t->caps[GO_WHITE] != s->b.caps[GO_WHITE]))
        st = gs_error_set(err, GS_ERR_BAD_POSITION, "go: position or prisoners differ from the replayed history");
    return st;
}

static void go_describe(const gs_state *gs, gs_lang lang, char *buf, size_t len) {
    const go_state *s = (const go_state *)gs;
    int passes = gs_go_trailing_passes(gs);
    if (lang == GS_LANG_KO)
        snprintf(buf, len, "따낸 돌 흑 %d 백 %d%s", s->b.caps[GO_BLACK], s->b.caps[GO_WHITE],
                 passes >= 2 ? ", 두 번 연속 패스" : passes == 1 ? ", 마지막 수는 패스" : "");
    else
        snprintf(buf, len, "captures B %d W %d%s", s->b.caps[GO_BLACK], s->b.caps[GO_WHITE],
                 passes >= 2 ? ", both passed" : passes == 1 ? ", last move a pass" : "");
}

/* ---- counting phase hooks (gs_dead_estimate, gs_dead_toggle, gs_count_dead) ---- */
static int go_captures(const gs_state *gs, int c) { return gs_go_prisoners(gs, c); }

static void go_dead_estimate(const gs_state *gs, uint64_t seed, uint8_t *dead) {
    int n = gs->game->geom.n, *cells = malloc(sizeof *cells * (size_t)n);
    memset(dead, 0, (size_t)n);
    if (!cells) return;
    int k = gs_go_estimate_dead(gs, 0, seed, cells);
    for (int i = 0; i < k; i++) dead[cells[i]] = 1;
    free(cells);
}

static gs_status go_dead_toggle(const gs_state *gs, uint8_t *dead, int cell) {
    uint8_t c = gs->board.cells[cell];
    if (c == GS_EMPTY) return GS_ERR_INVALID_ARG;
    int16_t group[GS_MAX_CELLS];
    uint8_t seen[GS_MAX_CELLS] = {0};
    int n = go_cells_group(&gs->game->geom, gs->board.cells, cell, seen, group, NULL);
    uint8_t to = dead[cell] ? 0 : 1;
    for (int i = 0; i < n; i++) dead[group[i]] = to;
    return GS_OK;
}

static gs_status go_count(const gs_state *gs, const uint8_t *dead, gs_count *out, gs_error *err) {
    int n = gs->game->geom.n, k = 0;
    int *cells = malloc(sizeof *cells * (size_t)n);
    gs_go_score *sc = malloc(sizeof *sc);
    if (!cells || !sc) {
        free(cells);
        free(sc);
        return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < n; i++)
        if (dead[i] && gs->board.cells[i] != GS_EMPTY) cells[k++] = i;
    gs_status st = gs_go_score_state(gs, NULL, cells, k, sc, err);
    if (st == GS_OK) {
        out->result.over = 1;
        out->result.how = GS_END_SCORE;
        out->result.has_score = 1;
        out->result.score = sc->score;
        out->result.winner = sc->winner;
        out->points[GS_BLACK] = sc->black;
        out->points[GS_WHITE] = sc->white;
        memcpy(out->owner, sc->owner, (size_t)n);
        memcpy(out->dead, sc->dead_mask, (size_t)n);
    }
    free(cells);
    free(sc);
    return st;
}

const gs_game_ops gs_go_ops = {
    .name = "go",
    .summary = "Go (baduk): area or territory scoring, ko/superko, handicap",
    .ko_name = "바둑",
    .ko_summary = "바둑: 중국식(영역)·한국/일본식(집) 계가, 패·동형반복 규칙, 접바둑",
    .keys = go_keys,
    .aliases = NULL,
    .sgf_gm = 1,
    .create = go_create,
    .destroy = go_destroy,
    .state_new = go_state_new,
    .state_free = go_state_free,
    .state_copy = go_state_copy,
    .check = go_check,
    .legal_moves = go_legal_moves,
    .play = go_play,
    .undo = go_undo_move,
    .result = go_result,
    .over = go_over,
    .start = go_start,
    .setup = go_setup,
    .validate = go_validate,
    .describe = go_describe,
    .perft = NULL,
    .captures = go_captures,
    .dead_estimate = go_dead_estimate,
    .dead_toggle = go_dead_toggle,
    .count = go_count,
    .handicap = gs_go_fixed_handicap,
    .props_read = go_props_read,
    .props_write = go_props_write,
    .ko_score_unit = "집",
    .ko_resign_win = "불계승",
};

/* ---- handicap ---- */
int gs_go_fixed_handicap_points(int w, int h, int n, int out[9]) {
    if (w != h || w < 7 || w > GO_MAX_SIDE || n < 2 || n > 9) return 0;
    if ((w % 2 == 0 || w == 7) && n > 4) return 0;
    int e = w >= 12 ? 3 : 2, lo = e, hi = w - 1 - e, mid = w / 2, k = 0;
#define HP(x, y) (out[k++] = (y) * w + (x))
    HP(hi, lo);                    /* top right, bottom left */
    HP(lo, hi);
    if (n >= 3) HP(lo, lo);        /* top left */
    if (n >= 4) HP(hi, hi);        /* bottom right */
    if (n >= 6) { HP(lo, mid); HP(hi, mid); }          /* sides */
    if (n >= 8) { HP(mid, lo); HP(mid, hi); }          /* top, bottom */
    if (n % 2 == 1 && n >= 5) HP(mid, mid);            /* centre */
#undef HP
    return k;
}

static gs_status handicap_position(gs_state *gs, const int *cells, int n, gs_error *err) {
    if (!go_is_go(gs->game)) return gs_error_set(err, GS_ERR_INVALID_ARG, "handicap: not a Go game");
    const go_game *g = go_game_of(gs);
    if (gs->nhist || gs->resigned || ((go_state *)gs)->b.nempty != g->geo.n)
        return gs_error_set(err, GS_ERR_INVALID_ARG, "handicap: the board must be empty, with no moves played");
    if (n < 2 || n > g->geo.n - 1)
        return gs_error_set(err, GS_ERR_BAD_VALUE, "handicap: %d stones (2..%d allowed)", n, g->geo.n - 1);
    uint8_t pos[GS_MAX_CELLS];
    memset(pos, 0, (size_t)g->geo.n);
    for (int i = 0; i < n; i++) {
        if (cells[i] < 0 || cells[i] >= g->geo.n)
            return gs_error_set(err, GS_ERR_OUT_OF_BOUNDS, "handicap: point %d is off the board", cells[i]);
        if (pos[cells[i]]) return gs_error_set(err, GS_ERR_BAD_VALUE, "handicap: a point is given twice");
        pos[cells[i]] = GS_BLACK;
    }
    go_set_position((go_state *)gs, pos, GS_WHITE);
    return GS_OK;
}

gs_status gs_go_fixed_handicap(gs_state *s, int n, gs_error *err) {
    int pts[9];
    int k = gs_go_fixed_handicap_points(s->game->geom.w, s->game->geom.h, n, pts);
    if (!k) return gs_error_set(err, GS_ERR_BAD_VALUE, "handicap: no fixed placement of %d stones on %dx%d",
                                n, s->game->geom.w, s->game->geom.h);
    return handicap_position(s, pts, k, err);
}

gs_status gs_go_free_handicap(gs_state *s, const int *cells, int n, gs_error *err) {
    return handicap_position(s, cells, n, err);
}
