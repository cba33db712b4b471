/* SGF <-> states: the game from GS[]/GM[]/SZ[] and the root properties
 * its module reads (props_read: Go's KM[]/RU[]/HA[]), setup stones, the
 * main line replayed through gs_play (docs/FORMATS.md, "SGF").  No game is
 * named here: GM[] numbers, size keys and file properties come from each
 * game's gs_game_ops through the registry. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "gridstone/sgf.h"
#include "io/gameio.h"
#include "io/sgf_game.h"

/* ---- writing ---- */

static gs_status add_str(gs_sgf_node *n, const char *id, const char *v) { return gs_sgf_add_value(n, id, v, strlen(v)); }

static gs_status add_point(gs_sgf_node *n, const char *id, const gs_game *g, gs_move m) {
    char p[8];
    gs_notation_format_move(GS_NOTE_SGF, g->geom.w, g->geom.h, m, p, sizeof p);
    return add_str(n, id, p);
}

static gs_status put_prop(void *ud, const char *id, const char *v) { return add_str(ud, id, v); }

static gs_status write_root(gs_sgf_node *r, const gs_state *s, const uint8_t *start, int start_to_move,
                            const gs_result *res) {
    const gs_game *g = s->game;
    char v[64];
    gs_status st = add_str(r, "FF", "4");
    if (st == GS_OK) st = add_str(r, "CA", "UTF-8");
    if (st == GS_OK && g->sgf_gm > 0) {
        snprintf(v, sizeof v, "%d", g->sgf_gm);
        st = add_str(r, "GM", v);
    }
    if (st == GS_OK) st = add_str(r, "AP", "gridstone:" GS_VERSION);
    if (st == GS_OK) {
        if (g->geom.w == g->geom.h) snprintf(v, sizeof v, "%d", g->geom.w);
        else snprintf(v, sizeof v, "%d:%d", g->geom.w, g->geom.h);
        st = add_str(r, "SZ", v);
    }
    if (st == GS_OK) st = add_str(r, "GS", g->spec);
    /* is the start the initial position, has that stones (the game keeps
     * it: no state made), then the properties only this game knows */
    int initial = io_is_initial(g, start, start_to_move);
    int setup = !initial || io_cells_have_stones(g->init_cells, (size_t)g->geom.n);
    if (st == GS_OK && g->ops->props_write) {
        gs_file_props fp = {r, NULL, put_prop, NULL, NULL};
        st = g->ops->props_write(g, start, start_to_move, &fp);
    }
    if (st == GS_OK && res && res->over) st = add_str(r, "RE", gs_result_string(res, v, sizeof v));
    if (st == GS_OK && setup) {
        for (int i = 0; i < g->geom.n && st == GS_OK; i++)
            if (start[i] == GS_BLACK) st = add_point(r, "AB", g, i);
        for (int i = 0; i < g->geom.n && st == GS_OK; i++)
            if (start[i] == GS_WHITE) st = add_point(r, "AW", g, i);
        if (st == GS_OK) st = add_str(r, "PL", start_to_move == GS_BLACK ? "B" : "W");
    }
    return st;
}

gs_sgf_collection *io_state_sgf(const gs_state *s, const gs_result *res) {
    uint8_t start[GS_MAX_CELLS];
    int start_to_move;
    if (io_start_position(s, start, &start_to_move) != GS_OK) return NULL;
    gs_sgf_collection *c = gs_sgf_collection_new();
    gs_sgf_node *n = c ? gs_sgf_add_tree(c) : NULL;
    gs_status st = n ? write_root(n, s, start, start_to_move, res) : GS_ERR_NOMEM;
    for (int i = 0; i < s->nhist && st == GS_OK; i++) {
        gs_move m = s->hist[i].move;
        if (m == GS_RESIGN) continue;   /* RE[B+R] / RE[W+R] says it */
        n = gs_sgf_add_child(n);
        if (!n) st = GS_ERR_NOMEM;
        else st = add_point(n, s->hist[i].color == GS_BLACK ? "B" : "W", s->game, m);
    }
    if (st != GS_OK) {
        gs_sgf_free(c);
        return NULL;
    }
    return c;
}

char *gs_state_to_sgf(const gs_state *s) {
    gs_result res;
    gs_result_get(s, &res);
    gs_sgf_collection *c = io_state_sgf(s, &res);
    char *out = c ? gs_sgf_write(c, NULL) : NULL;
    gs_sgf_free(c);
    return out;
}

/* ---- reading ---- */

typedef struct sctx {
    const char *text;
    size_t len;
    gs_error *err;
} sctx;

static void pos_of(const sctx *c, size_t pos, int *line, int *col) {
    if (c->text) io_linecol(c->text, c->len, pos, line, col);
    else *line = *col = 0;
}

/* "ID[value]" before a property's error, in both languages. */
static void prop_head(const sctx *c, const gs_sgf_prop *p, gs_error *err) {
    char head[64];
    if (!err) return;
    pos_of(c, p->pos, &err->line, &err->col);
    snprintf(head, sizeof head, "%s[%.20s]", p->id, p->nvals ? p->vals[0].s : "");
    gs_error_prefix(err, head);
}

static gs_status prop_err(const sctx *c, const gs_sgf_prop *p, gs_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static gs_status prop_err(const sctx *c, const gs_sgf_prop *p, gs_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gs_error_setv_at(c->err, st, 0, 0, fmt, ap);
    va_end(ap);
    prop_head(c, p, c->err);
    return st;
}

static int parse_int(const char *s, int lo, int hi, int *out) {
    char *end;
    if (!isdigit((unsigned char)*s)) return 0;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

/* The root node as a game module sees it (gs_file_props). */
typedef struct root_props {
    const sctx *c;
    const gs_sgf_node *root;
    gs_loaded *l;
} root_props;

static const char *rp_get(void *ud, const char *id) {
    const gs_sgf_prop *p = gs_sgf_find(((root_props *)ud)->root, id);
    return p && p->nvals && !memchr(p->vals[0].s, 0, p->vals[0].len) ? p->vals[0].s : NULL;
}

static gs_status rp_fail(void *ud, const char *id, const gs_error *why) {
    root_props *rp = ud;
    const gs_sgf_prop *p = gs_sgf_find(rp->root, id);
    gs_error *err = rp->c->err;
    if (!err) return why->code;
    if (err != why) *err = *why;
    if (p) prop_head(rp->c, p, err);
    else gs_error_prefix(err, id);
    return err->code;
}

static void rp_note(void *ud, const char *id, const char *msg) {
    root_props *rp = ud;
    char what[64];
    const char *v = rp_get(ud, id);
    snprintf(what, sizeof what, "%s[%.40s]", id, v ? v : "");
    io_note(rp->l, "%s: %s", what, msg);
}

/* SGF's default game: GM[1] when a file gives none (the SGF standard). */
static const char *sgf_default_game(void) {
    const gs_game_ops *ops = gs_registry_by_sgf_gm(1);
    return ops ? ops->name : NULL;
}

/* Properties that take one value (SGF FF[4]): given twice in a node (the
 * parser joins a repeated identifier's values) is an error, not "the first". */
static gs_status single_values(const sctx *c, const gs_sgf_node *n) {
    static const char *const ids[] = {"GM", "SZ", "GS", "FF", "CA", "KM", "RU", "HA", "RE", "PL", NULL};
    /* most nodes give every property one value: then none is to blame,
     * found in one pass (ten lookups by name, one per identifier, were 1.4%
     * of fuzz_sgf) */
    int several = 0;
    for (int i = 0; i < n->nprops && !several; i++) several = n->props[i].nvals > 1;
    if (!several) return GS_OK;
    for (int i = 0; ids[i]; i++) {
        const gs_sgf_prop *p = gs_sgf_find(n, ids[i]);
        if (p && p->nvals > 1) {
            return prop_err(c, p, GS_ERR_BAD_VALUE, "%s given %d times (one value expected)", ids[i], p->nvals);
        }
    }
    return GS_OK;
}

static gs_status root_game(const sctx *c, const gs_sgf_node *root, const char *override, io_file_game *fg,
                           gs_loaded *l) {
    memset(fg, 0, sizeof *fg);
    gs_status st0 = single_values(c, root);
    if (st0 != GS_OK) return st0;
    const gs_sgf_prop *gs = gs_sgf_find(root, "GS"), *gm = gs_sgf_find(root, "GM"), *sz = gs_sgf_find(root, "SZ");
    if (gs && gs->nvals) {
        if (gs->vals[0].len >= sizeof fg->spec || memchr(gs->vals[0].s, 0, gs->vals[0].len))
            return prop_err(c, gs, GS_ERR_BAD_VALUE, "not a game spec");
        memcpy(fg->spec, gs->vals[0].s, gs->vals[0].len + 1);
    } else if (gm && gm->nvals) {
        int n = 0;
        if (!parse_int(gm->vals[0].s, 1, 1000, &n)) return prop_err(c, gm, GS_ERR_BAD_VALUE, "not a game number");
        const gs_game_ops *ops = gs_registry_by_sgf_gm(n);
        if (ops) snprintf(fg->spec, sizeof fg->spec, "%s", ops->name);   /* else only an override can name it */
    }
    if (sz && sz->nvals) {
        const char *v = sz->vals[0].s, *colon = strchr(v, ':');
        int w, h;
        char a[16];
        if (colon && (size_t)(colon - v) < sizeof a) {
            memcpy(a, v, (size_t)(colon - v));
            a[colon - v] = 0;
            if (!parse_int(a, 1, 52, &w) || !parse_int(colon + 1, 1, 52, &h))
                return prop_err(c, sz, GS_ERR_BAD_VALUE, "board size must be N or W:H with 1..52");
        } else if (colon || !parse_int(v, 1, 52, &w)) {
            return prop_err(c, sz, GS_ERR_BAD_VALUE, "board size must be N or W:H with 1..52");
        } else h = w;
        fg->w = w;
        fg->h = h;
    }
    /* the game the file's own properties belong to: the file's, else the
     * override's, else SGF's default game */
    gs_spec named;
    const char *which = fg->spec[0] ? fg->spec : override && override[0] ? override : sgf_default_game();
    if (!which || gs_spec_parse(which, &named, NULL) != GS_OK) return GS_OK;   /* reported when the game is built */
    const gs_game_ops *ops = gs_registry_resolve(named.name, NULL);
    if (ops && ops->props_read) {
        root_props rp = {c, root, l};
        gs_file_props fp = {&rp, rp_get, NULL, rp_fail, rp_note};
        snprintf(fg->props_game, sizeof fg->props_game, "%s", ops->name);
        gs_status st = ops->props_read(&fp, &fg->props, c->err);
        if (st != GS_OK) return st;
    }
    return GS_OK;
}

/* What the replay asks each node of the main line: its move (B or W) and
 * whether it holds setup (AB, AW, AE, PL).  One pass over the node's
 * properties instead of six lookups by name, most of them failing: a
 * record's node holds one or two properties, and a long record is
 * thousands of nodes. */
typedef struct node_kind {
    const gs_sgf_prop *b, *w;
    int setup;       /* AB, AW, AE or PL */
    int stones;      /* AB or AW */
} node_kind;

static node_kind kind_of(const gs_sgf_node *n) {
    node_kind k = {NULL, NULL, 0, 0};
    for (int i = 0; i < n->nprops; i++) {
        const gs_sgf_prop *p = &n->props[i];
        const char *id = p->id;
        if (id[0] == 'B' && !id[1]) {
            if (!k.b) k.b = p;
        } else if (id[0] == 'W' && !id[1]) {
            if (!k.w) k.w = p;
        } else if (id[0] == 'A' && (id[1] == 'B' || id[1] == 'W') && !id[2]) {
            k.setup = k.stones = 1;
        } else if ((id[0] == 'A' && id[1] == 'E' && !id[2]) || (id[0] == 'P' && id[1] == 'L' && !id[2])) {
            k.setup = 1;
        }
    }
    return k;
}

static gs_status apply_setup(const sctx *c, const gs_sgf_node *n, const gs_game *g, uint8_t *cells, int *to_move,
                             int *have_pl) {
    static const char *const ids[3] = {"AE", "AB", "AW"};
    int pts[GS_MAX_CELLS];
    uint8_t seen[GS_MAX_CELLS];   /* which of AE/AB/AW (1 + k) named a point in this node */
    memset(seen, 0, (size_t)g->geom.n);
    for (int k = 0; k < 3; k++) {
        const gs_sgf_prop *p = gs_sgf_find(n, ids[k]);
        if (!p) continue;
        int np;
        gs_error e2;
        if (gs_sgf_points(p, g->geom.w, g->geom.h, pts, &np, &e2) != GS_OK) {
            int line, col;   /* e2 names the property and the value */
            pos_of(c, p->pos, &line, &col);
            return gs_error_wrap_at(c->err, GS_ERR_BAD_VALUE, line, col, "%s", &e2);
        }
        for (int i = 0; i < np; i++) {
            if (seen[pts[i]] && seen[pts[i]] != k + 1) {   /* the same point in two of AE/AB/AW */
                char pt[8];
                gs_notation_format_move(GS_NOTE_SGF, g->geom.w, g->geom.h, pts[i], pt, sizeof pt);
                return prop_err(c, p, GS_ERR_BAD_VALUE, "point %s is also in %s[] of this node", pt,
                                ids[seen[pts[i]] - 1]);
            }
            seen[pts[i]] = (uint8_t)(k + 1);
            cells[pts[i]] = (uint8_t)k;   /* AE=empty, AB=black, AW=white */
        }
    }
    const gs_sgf_prop *pl = gs_sgf_find(n, "PL");
    if (pl && pl->nvals) {
        const char *v = pl->vals[0].s;
        if (!strcmp(v, "B") || !strcmp(v, "b") || !strcmp(v, "1")) *to_move = GS_BLACK;
        else if (!strcmp(v, "W") || !strcmp(v, "w") || !strcmp(v, "2")) *to_move = GS_WHITE;
        else return prop_err(c, pl, GS_ERR_BAD_VALUE, "player must be B or W");
        *have_pl = 1;
    }
    return GS_OK;
}

/* When colour c is to play but the other side is to move: an implicit
 * pass where the game allows one now (Go: a repeated colour; Reversi: the
 * side to move can only pass; games without passes: never). */
static int implicit_pass(gs_state *s) { return gs_check(s, GS_PASS) == GS_OK; }

/* Move number moveno (property p) could not be replayed: reported with
 * its text "B[..]" (the value cut at 20 bytes), made only now (a record's
 * replay formatted it for every move, to use it for none but this one). */
static gs_status illegal_move(gs_loaded *l, int flags, int moveno, const gs_sgf_prop *p, gs_status reason,
                              const char *text, size_t len, gs_error *err) {
    char text_mv[GS_SGF_MAX_IDENT + 32];   /* "ID[" + 20 bytes of value + "]" */
    snprintf(text_mv, sizeof text_mv, "%s[%.20s]", p->id, p->nvals ? p->vals[0].s : "");
    return io_illegal(l, flags, moveno, text_mv, reason, text, len, p->pos, err);
}

static void apply_resignation(gs_loaded *l) {
    const char *re = l->result;
    if ((re[0] != 'B' && re[0] != 'W') || re[1] != '+' || (re[2] != 'R' && re[2] != 'r')) return;
    if (re[3] && strcmp(re + 2, "Resign") && strcmp(re + 2, "resign")) return;
    int loser = re[0] == 'B' ? GS_WHITE : GS_BLACK;
    if (l->state->to_move == loser && !gs_is_over(l->state)) gs_play(l->state, GS_RESIGN);
}

gs_status io_sgf_load_tree(const gs_sgf_node *root, const char *text, size_t len, const char *override, int flags,
                           gs_loaded *l, gs_error *err) {
    sctx c = {text, len, err};
    io_file_game fg;
    gs_status st = root_game(&c, root, override, &fg, l);
    if (st != GS_OK) return st;
    if (!fg.spec[0] && (!override || !override[0])) {
        const char *gm = gs_sgf_get(root, "GM");
        if (gm) {
            int line, col;
            pos_of(&c, gs_sgf_find(root, "GM")->pos, &line, &col);
            return gs_error_set_at(err, GS_ERR_UNKNOWN_GAME, line, col,
                                   "GM[%.10s] is not a game gridstone plays (give one with --game)", gm);
        }
    }
    if ((st = io_loaded_make_game(l, &fg, override, sgf_default_game(), err)) != GS_OK) {
        const gs_sgf_prop *gp = gs_sgf_find(root, "GS");   /* point at what named the game */
        if (!gp) gp = gs_sgf_find(root, "SZ");
        if (!gp) gp = gs_sgf_find(root, "GM");
        if (gp && err && !(override && override[0])) pos_of(&c, gp->pos, &err->line, &err->col);
        return st;
    }
    const gs_game *g = l->game;
    if (g->geom.w > 52 || g->geom.h > 52)
        return gs_error_set(err, GS_ERR_UNSUPPORTED, "SGF points cannot name cells on a %dx%d board", g->geom.w, g->geom.h);
    gs_state *s = l->state = io_loaded_new_state(l);
    if (!s) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    const gs_sgf_prop *re = gs_sgf_find(root, "RE");
    if (re && re->nvals) snprintf(l->result, sizeof l->result, "%s", re->vals[0].s);

    /* setup: the nodes before the first move (s stays at the initial
     * position until gs_setup below) */
    uint8_t cells[GS_MAX_CELLS];
    memcpy(cells, s->board.cells, (size_t)g->geom.n);
    int to_move = s->to_move, have_pl = 0, have_setup = 0;
    const gs_sgf_node *n = root;
    node_kind k = {NULL, NULL, 0, 0};
    for (; n && (k = kind_of(n), !k.b && !k.w); n = n->child)
        if (k.setup) {
            if (n != root && (st = single_values(&c, n)) != GS_OK) return st;
            if (!have_setup && k.stones && io_has_stones(s))
                memset(cells, 0, (size_t)g->geom.n);   /* stones listed: the whole position */
            if ((st = apply_setup(&c, n, g, cells, &to_move, &have_pl)) != GS_OK) return st;
            have_setup = 1;
        }
    if (n && k.setup) {   /* setup and the first move in one node */
        if (!have_setup && k.stones && io_has_stones(s))
            memset(cells, 0, (size_t)g->geom.n);
        if ((st = apply_setup(&c, n, g, cells, &to_move, &have_pl)) != GS_OK) return st;
        have_setup = 1;
    }
    if (have_setup) {
        gs_error e2;
        if ((st = gs_setup(s, cells, to_move, &e2)) != GS_OK) {
            int line, col;
            pos_of(&c, root->pos, &line, &col);
            return gs_error_wrap_at(err, st, line, col, "the setup position is not valid: %s", &e2);
        }
    }

    /* the main line */
    int moveno = 0;
    for (; n; n = n->child) {
        k = kind_of(n);
        const gs_sgf_prop *b = k.b, *w = k.w, *p = b ? b : w;
        int line, col;   /* only for an error: finding them scans the text from its start */
        if (n != root && k.setup && moveno > 0) {
            if (flags & GS_LOAD_STRICT) {
                pos_of(&c, n->pos, &line, &col);
                return gs_error_set_at(err, GS_ERR_UNSUPPORTED, line, col,
                                       "setup properties after move %d are not supported", moveno);
            }
            /* lenient: the position after the last move, reported like an
             * illegal move (illegal_at = the first record entry not replayed) */
            l->illegal_at = moveno + 1;
            l->illegal_reason = GS_ERR_UNSUPPORTED;
            io_note(l, "replay stopped after move %d: %s", moveno,
                    "setup properties (AB/AW/AE/PL) after moves are not supported");
            return GS_OK;
        }
        if (!p) continue;
        if (b && w) {
            pos_of(&c, w->pos, &line, &col);
            return gs_error_set_at(err, GS_ERR_PARSE, line, col, "a node with both B[] and W[] (move %d)", moveno + 1);
        }
        moveno++;
        int color = b ? GS_BLACK : GS_WHITE;
        if (p->nvals != 1 || memchr(p->vals[0].s, 0, p->vals[0].len))
            return illegal_move(l, flags, moveno, p, GS_ERR_PARSE, text, len, err);
        gs_move m;
        st = gs_notation_parse_move(GS_NOTE_SGF, g->geom.w, g->geom.h, p->vals[0].s, &m);
        if (st == GS_OK && (m == GS_RESIGN || p->vals[0].len > 2)) st = GS_ERR_PARSE;   /* "pass", "resign", "1,2" */
        if (st != GS_OK) return illegal_move(l, flags, moveno, p, st, text, len, err);
        if (color != s->to_move && moveno == 1 && !have_pl && s->nhist == 0) {
            /* the record starts with that colour: take it as the side to move if the game allows
             * (cells is s's position: the setup's, or the initial one; a refused setup leaves
             * s as it was, so no copy of it is needed) */
            if (gs_setup(s, cells, color, NULL) == GS_ERR_NOMEM) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        }
        if (color != s->to_move && implicit_pass(s)) {
            if ((st = gs_play(s, GS_PASS)) == GS_ERR_NOMEM) return gs_error_set(err, st, "out of memory");
        }
        if (color != s->to_move) st = GS_ERR_NOT_YOUR_TURN;
        else st = gs_play(s, m);
        if (st == GS_ERR_NOMEM) return gs_error_set(err, st, "out of memory");
        if (st != GS_OK) return illegal_move(l, flags, moveno, p, st, text, len, err);
    }
    apply_resignation(l);
    return GS_OK;
}
