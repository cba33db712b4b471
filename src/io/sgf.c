/* Generic SGF FF[4] trees: an iterative parser (no recursion, so any
 * nesting depth is safe), builder, comparison and writer. */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/sgf.h"
#include "io/arena.h"
#include "io/iobuf.h"
#include "io/sgf_store.h"

/* ---- building ---- */

gs_sgf_collection *gs_sgf_collection_new(void) { return calloc(1, sizeof(gs_sgf_collection)); }

/* Nodes, property arrays and values live in a store: an arena of large
 * chunks, so a tree costs a few mallocs instead of two or more per node
 * (a node of an SGF file is a few bytes; each malloc of its own cost 16
 * bytes of overhead and a 112-byte block, over 100 times the text of an
 * empty node).  The parser writes each node, its properties and values as
 * one block sized exactly.  Nothing in a store is freed on its own: a
 * freed node goes on the store's spare list for the next new node, arrays
 * that grow leave their old copy behind, and the chunks go when the last
 * node of the store is freed.  Counting nodes rather than tying the store
 * to a collection keeps the old ownership rules: a subtree detached and
 * freed later, or moved to another tree, stays valid until it is freed.
 * Each node carries its store's address just before it, which is how
 * gs_sgf_add_child and gs_sgf_node_free find it. */
typedef struct node_slot node_slot;
struct io_sgf_store {
    io_arena a;
    size_t live;           /* nodes handed out and not freed */
    node_slot *spare;      /* freed nodes, through their link */
};

/* A freed node's slot links the spare list instead of naming its store,
 * and its node is retired: under ASan a use after gs_sgf_node_free is
 * still reported (a use-after-poison), as when each node was a malloc. */
struct node_slot {
    union {
        io_sgf_store *store;
        node_slot *next_spare;
    } u;
    gs_sgf_node n;
};

static node_slot *slot_of(const gs_sgf_node *n) { return (node_slot *)((uintptr_t)n - offsetof(node_slot, n)); }

static io_sgf_store *store_new(size_t first_cap) {
    io_sgf_store *st = malloc(sizeof *st);
    if (!st) return NULL;
    io_arena_init(&st->a, first_cap);
    st->live = 0;
    st->spare = NULL;
    return st;
}

static void store_free(io_sgf_store *st) {
    io_arena_free(&st->a);
    free(st);
}

/* A cleared node with `extra` bytes after it for its properties (only
 * the parser asks for them; a spare node has none). */
static gs_sgf_node *store_node(io_sgf_store *st, size_t extra) {
    node_slot *b = !extra ? st->spare : NULL;
    if (b) {
        st->spare = b->u.next_spare;
        io_arena_revive(&b->n, sizeof b->n);
    } else if (!(b = io_arena_alloc(&st->a, sizeof *b + extra)))
        return NULL;
    b->u.store = st;
    memset(&b->n, 0, sizeof b->n);
    st->live++;
    return &b->n;
}

void io_sgf_memory(const gs_sgf_node *n, size_t *used, size_t *bytes, int *chunks) {
    io_arena_size(&slot_of(n)->u.store->a, used, bytes, chunks);
}

static int trees_grow(gs_sgf_collection *c) {
    if (c->ntrees < c->cap) return 1;
    int cap = c->cap ? c->cap * 2 : 4;
    gs_sgf_node **t = realloc(c->trees, (size_t)cap * sizeof *t);
    if (!t) return 0;
    c->trees = t;
    c->cap = cap;
    return 1;
}

/* A new tree shares the store of the collection's last one. */
gs_sgf_node *gs_sgf_add_tree(gs_sgf_collection *c) {
    if (!trees_grow(c)) return NULL;
    io_sgf_store *st = c->ntrees ? slot_of(c->trees[c->ntrees - 1])->u.store : store_new(1024);
    gs_sgf_node *n = st ? store_node(st, 0) : NULL;
    if (!n) {
        if (st && !st->live) store_free(st);
        return NULL;
    }
    c->trees[c->ntrees++] = n;
    return n;
}

/* Walks the sibling list (the parser does not use this: it adds in front
 * and reverses once, so many variations stay linear). */
gs_sgf_node *gs_sgf_add_child(gs_sgf_node *parent) {
    gs_sgf_node *n = store_node(slot_of(parent)->u.store, 0);
    if (!n) return NULL;
    n->parent = parent;
    if (!parent->child) parent->child = n;
    else {
        gs_sgf_node *k = parent->child;
        while (k->next) k = k->next;
        k->next = n;
    }
    return n;
}

/* Arrays grow in the node's store by doubling; the old copy stays behind
 * (at most as much again as the arrays themselves), retired. */
static void *store_grow(gs_sgf_node *n, void *old, size_t used, size_t size) {
    void *p = io_arena_alloc(&slot_of(n)->u.store->a, size);
    if (p && used) {
        memcpy(p, old, used);
        io_arena_retire(old, used);
    }
    return p;
}

static gs_sgf_prop *prop_get(gs_sgf_node *n, const char *id, int create) {
    for (int i = 0; i < n->nprops; i++)
        if (!strcmp(n->props[i].id, id)) return &n->props[i];
    if (!create) return NULL;
    if (strlen(id) > GS_SGF_MAX_IDENT || n->nprops >= GS_SGF_MAX_PROPS) return NULL;
    if (n->nprops == n->cap) {
        int cap = n->cap ? n->cap * 2 : 1;
        gs_sgf_prop *p = store_grow(n, n->props, (size_t)n->nprops * sizeof *p, (size_t)cap * sizeof *p);
        if (!p) return NULL;
        n->props = p;
        n->cap = cap;
    }
    gs_sgf_prop *p = &n->props[n->nprops++];
    memset(p, 0, sizeof *p);
    strcpy(p->id, id);
    return p;
}

static gs_status prop_add(gs_sgf_node *n, gs_sgf_prop *p, const char *val, size_t len) {
    if (p->nvals == p->cap) {
        int cap = p->cap ? p->cap * 2 : 1;
        gs_sgf_value *v = store_grow(n, p->vals, (size_t)p->nvals * sizeof *v, (size_t)cap * sizeof *v);
        if (!v) return GS_ERR_NOMEM;
        p->vals = v;
        p->cap = cap;
    }
    char *s = io_arena_strdup(&slot_of(n)->u.store->a, val, len);
    if (!s) return GS_ERR_NOMEM;
    p->vals[p->nvals].s = s;
    p->vals[p->nvals].len = len;
    p->nvals++;
    return GS_OK;
}

static int ident_ok(const char *id) {
    if (!*id || strlen(id) > GS_SGF_MAX_IDENT) return 0;
    for (; *id; id++)
        if (*id < 'A' || *id > 'Z') return 0;
    return 1;
}

gs_status gs_sgf_add_value(gs_sgf_node *n, const char *id, const char *val, size_t len) {
    if (!n || !id || (!val && len) || !ident_ok(id)) return GS_ERR_INVALID_ARG;
    if (n->nprops >= GS_SGF_MAX_PROPS && !prop_get(n, id, 0)) return GS_ERR_LIMIT;
    gs_sgf_prop *p = prop_get(n, id, 1);
    if (!p) return GS_ERR_NOMEM;
    return prop_add(n, p, val ? val : "", len);
}

void gs_sgf_node_free(gs_sgf_node *n) {
    if (!n) return;
    n->next = NULL;
    /* A worklist threaded through the next pointers: splice each node's
     * children in front of the rest, then give the node back to its store
     * (nodes of one tree may come from several stores once subtrees have
     * moved between trees). */
    gs_sgf_node *list = n;
    while (list) {
        gs_sgf_node *x = list;
        list = x->next;
        if (x->child) {
            gs_sgf_node *last = x->child;
            while (last->next) last = last->next;
            last->next = list;
            list = x->child;
        }
        node_slot *b = slot_of(x);
        io_sgf_store *st = b->u.store;
        if (--st->live == 0) store_free(st);
        else {
            b->u.next_spare = st->spare;
            st->spare = b;
            io_arena_retire(x, sizeof *x);
        }
    }
}

void gs_sgf_free(gs_sgf_collection *c) {
    if (!c) return;
    for (int i = 0; i < c->ntrees; i++) gs_sgf_node_free(c->trees[i]);
    free(c->trees);
    free(c);
}

/* ---- lookup, traversal, comparison ---- */

const gs_sgf_prop *gs_sgf_find(const gs_sgf_node *n, const char *id) {
    /* the first letter before strcmp: the loader asks each node for a
     * dozen identifiers, most of which it does not have */
    for (int i = 0; n && i < n->nprops; i++)
        if (n->props[i].id[0] == id[0] && !strcmp(n->props[i].id, id)) return &n->props[i];
    return NULL;
}

const char *gs_sgf_get(const gs_sgf_node *n, const char *id) {
    const gs_sgf_prop *p = gs_sgf_find(n, id);
    return p && p->nvals ? p->vals[0].s : NULL;
}

/* Pre-order successor of x inside the tree rooted at root. */
static const gs_sgf_node *preorder_next(const gs_sgf_node *x, const gs_sgf_node *root) {
    if (x->child) return x->child;
    while (x != root) {
        if (x->next) return x->next;
        x = x->parent;
    }
    return NULL;
}

static int props_equal(const gs_sgf_node *a, const gs_sgf_node *b) {
    if (a->nprops != b->nprops) return 0;
    for (int i = 0; i < a->nprops; i++) {
        const gs_sgf_prop *p = &a->props[i], *q = &b->props[i];
        if (strcmp(p->id, q->id) || p->nvals != q->nvals) return 0;
        for (int j = 0; j < p->nvals; j++)
            if (p->vals[j].len != q->vals[j].len || memcmp(p->vals[j].s, q->vals[j].s, p->vals[j].len))
                return 0;
    }
    return 1;
}

int gs_sgf_tree_equal(const gs_sgf_node *a, const gs_sgf_node *b) {
    const gs_sgf_node *ra = a, *rb = b;
    while (a && b) {
        if (!props_equal(a, b)) return 0;
        if (!a->child != !b->child) return 0;
        if (a != ra && !a->next != !b->next) return 0;
        a = preorder_next(a, ra);
        b = preorder_next(b, rb);
    }
    return !a && !b;
}

int gs_sgf_equal(const gs_sgf_collection *a, const gs_sgf_collection *b) {
    if (a->ntrees != b->ntrees) return 0;
    for (int i = 0; i < a->ntrees; i++)
        if (!gs_sgf_tree_equal(a->trees[i], b->trees[i])) return 0;
    return 1;
}

int gs_sgf_count_nodes(const gs_sgf_node *root) {
    int n = 0;
    for (const gs_sgf_node *x = root; x; x = preorder_next(x, root)) n++;
    return n;
}

/* ---- points ---- */

static int sgf_coord(int c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
}

int gs_sgf_point(const char *s, size_t len, int *x, int *y) {
    if (len != 2) return -1;
    *x = sgf_coord((unsigned char)s[0]);
    *y = sgf_coord((unsigned char)s[1]);
    return *x < 0 || *y < 0 ? -1 : 0;
}

gs_status gs_sgf_points(const gs_sgf_prop *p, int w, int h, int *cells, int *count, gs_error *err) {
    unsigned char seen[52 * 52];
    *count = 0;
    if (w < 1 || h < 1 || w > 52 || h > 52)
        return gs_error_set(err, GS_ERR_INVALID_ARG, "board %dx%d cannot hold SGF points", w, h);
    memset(seen, 0, (size_t)(w * h));
    for (int i = 0; i < p->nvals; i++) {
        const gs_sgf_value *v = &p->vals[i];
        int x0, y0, x1, y1;
        if (v->len == 2 && !gs_sgf_point(v->s, 2, &x0, &y0)) { x1 = x0; y1 = y0; }
        else if (v->len == 5 && v->s[2] == ':' && !gs_sgf_point(v->s, 2, &x0, &y0) &&
                 !gs_sgf_point(v->s + 3, 2, &x1, &y1)) {
            if (x1 < x0) { int t = x0; x0 = x1; x1 = t; }
            if (y1 < y0) { int t = y0; y0 = y1; y1 = t; }
        } else
            return gs_error_set(err, GS_ERR_BAD_VALUE, "%s[%.16s]: not a point or point rectangle", p->id, v->s);
        if (x1 >= w || y1 >= h)
            return gs_error_set(err, GS_ERR_BAD_VALUE, "%s[%.16s]: point off the %dx%d board", p->id, v->s, w, h);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                int idx = y * w + x;
                if (!seen[idx]) { seen[idx] = 1; cells[(*count)++] = idx; }
            }
    }
    return GS_OK;
}

void gs_sgf_linecol(const char *text, size_t len, size_t pos, int *line, int *col) {
    io_linecol(text, len, pos, line, col);
}

/* ---- parser ---- */

/* The parser adds each new variation in front of its siblings (constant
 * time however many there are) and puts every sibling list back in file
 * order once the tree is complete. */
static void reverse_children(gs_sgf_node *root) {
    for (gs_sgf_node *x = root; x; x = (gs_sgf_node *)preorder_next(x, root)) {
        gs_sgf_node *prev = NULL, *k = x->child;
        while (k) {
            gs_sgf_node *nx = k->next;
            k->next = prev;
            prev = k;
            k = nx;
        }
        x->child = prev;
    }
}

/* A node's properties are gathered here (reused from node to node) and
 * written to the store in one block when the node ends, so the tree holds
 * no spare capacity: a property's values follow each other, a repeated
 * identifier's values joining the first one's. */
typedef struct sp_prop {
    char id[GS_SGF_MAX_IDENT + 1];
    int nvals;
    size_t pos;
} sp_prop;
typedef struct sp_val {
    int prop;
    size_t off, len;   /* in val: the bytes, NUL-terminated */
} sp_val;

typedef struct sgf_parser {
    const char *t, *p, *end;
    size_t len;
    gs_error *err;
    io_buf val;        /* the values of the node being read */
    sp_prop *props;
    sp_val *vals;
    int nprops, capprops, nvals, capvals;
    io_sgf_store *store;
} sgf_parser;

static gs_status perr(sgf_parser *ps, gs_status st, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static gs_status perr(sgf_parser *ps, gs_status st, const char *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    st = io_verr_at(ps->err, st, ps->t, ps->len, (size_t)(at - ps->t), fmt, ap);
    va_end(ap);
    return st;
}

static gs_status perr_char(sgf_parser *ps, const char *what) {
    char d[32];
    io_describe_char(ps->p, ps->end, d, sizeof d);
    if (ps->p >= ps->end) return perr(ps, GS_ERR_PARSE, ps->p, "unexpected end of input: %s", what);
    return perr(ps, GS_ERR_PARSE, ps->p, "%s, got %s", what, d);
}

static int sgf_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static void skip_ws(sgf_parser *ps) {
    while (ps->p < ps->end && sgf_space((unsigned char)*ps->p)) ps->p++;
}

static int is_letter(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* One value: p at '['; appends the unescaped text and a NUL to ps->val. */
static gs_status parse_value(sgf_parser *ps) {
    const char *open = ps->p;
    ps->p++;
    for (;;) {
        const char *s = ps->p;
        while (ps->p < ps->end && *ps->p != ']' && *ps->p != '\\') ps->p++;
        io_buf_put(&ps->val, s, (size_t)(ps->p - s));
        if (ps->p >= ps->end) break;
        if (*ps->p == ']') {
            ps->p++;
            io_buf_putc(&ps->val, 0);
            if (ps->val.failed) return perr(ps, GS_ERR_NOMEM, open, "out of memory");
            return GS_OK;
        }
        ps->p++;   /* backslash */
        if (ps->p >= ps->end) break;
        char c = *ps->p++;
        if (c == '\n' || c == '\r') {   /* soft line break: removed */
            if (ps->p < ps->end && (*ps->p == '\n' || *ps->p == '\r') && *ps->p != c) ps->p++;
        } else io_buf_putc(&ps->val, c);
    }
    int line, col;
    io_linecol(ps->t, ps->len, (size_t)(open - ps->t), &line, &col);
    return perr(ps, GS_ERR_PARSE, ps->end,
                "unexpected end of input inside property value (expected ']' closing the '[' at line %d, column %d)",
                line, col);
}

/* The scratch entry of identifier id, a new one when create. */
static int sp_find(sgf_parser *ps, const char *id, int create) {
    for (int i = 0; i < ps->nprops; i++)
        if (!strcmp(ps->props[i].id, id)) return i;
    if (!create) return -1;
    if (ps->nprops == ps->capprops) {
        int cap = ps->capprops ? ps->capprops * 2 : 8;
        sp_prop *p = realloc(ps->props, (size_t)cap * sizeof *p);
        if (!p) return -1;
        ps->props = p;
        ps->capprops = cap;
    }
    sp_prop *p = &ps->props[ps->nprops];
    strcpy(p->id, id);
    p->nvals = 0;
    return ps->nprops++;
}

/* Properties of one node into the scratch: p just after ';'. */
static gs_status parse_props(sgf_parser *ps) {
    ps->nprops = ps->nvals = 0;
    ps->val.len = 0;
    for (;;) {
        skip_ws(ps);
        if (ps->p >= ps->end || !is_letter((unsigned char)*ps->p)) return GS_OK;
        const char *start = ps->p;
        char id[GS_SGF_MAX_IDENT + 1];
        int n = 0;
        while (ps->p < ps->end && is_letter((unsigned char)*ps->p)) {
            char c = *ps->p;
            if (c >= 'A' && c <= 'Z') {
                if (n >= GS_SGF_MAX_IDENT)
                    return perr(ps, GS_ERR_LIMIT, start, "property identifier longer than %d letters", GS_SGF_MAX_IDENT);
                id[n++] = c;
            }
            ps->p++;
        }
        id[n] = 0;
        if (!n)
            return perr(ps, GS_ERR_PARSE, start, "property identifier '%.*s' has no uppercase letter",
                        (int)(ps->p - start > 20 ? 20 : ps->p - start), start);
        skip_ws(ps);
        if (ps->p >= ps->end || *ps->p != '[') {   /* as perr_char says it, the identifier in the format */
            char d[32];
            io_describe_char(ps->p, ps->end, d, sizeof d);
            if (ps->p >= ps->end)
                return perr(ps, GS_ERR_PARSE, ps->p, "unexpected end of input: expected '[' after property identifier '%s'",
                            id);
            return perr(ps, GS_ERR_PARSE, ps->p, "expected '[' after property identifier '%s', got %s", id, d);
        }
        if (ps->nprops >= GS_SGF_MAX_PROPS && sp_find(ps, id, 0) < 0)
            return perr(ps, GS_ERR_LIMIT, start, "more than %d properties in one node", GS_SGF_MAX_PROPS);
        int k = sp_find(ps, id, 1);
        if (k < 0) return perr(ps, GS_ERR_NOMEM, start, "out of memory");
        if (!ps->props[k].nvals) ps->props[k].pos = (size_t)(start - ps->t);
        while (ps->p < ps->end && *ps->p == '[') {
            size_t off = ps->val.len;
            gs_status st = parse_value(ps);
            if (st != GS_OK) return st;
            if (ps->nvals == ps->capvals) {
                int cap = ps->capvals ? ps->capvals * 2 : 16;
                sp_val *v = realloc(ps->vals, (size_t)cap * sizeof *v);
                if (!v) return perr(ps, GS_ERR_NOMEM, start, "out of memory");
                ps->vals = v;
                ps->capvals = cap;
            }
            ps->vals[ps->nvals++] = (sp_val){k, off, ps->val.len - off - 1};
            ps->props[k].nvals++;
            skip_ws(ps);
        }
    }
}

/* The node just read, with the scratch properties after it in one block:
 * the property array, the value arrays one after another, the bytes. */
static gs_sgf_node *commit_node(sgf_parser *ps) {
    size_t np = (size_t)ps->nprops, nv = (size_t)ps->nvals;
    gs_sgf_node *n = store_node(ps->store, np * sizeof(gs_sgf_prop) + nv * sizeof(gs_sgf_value) + ps->val.len);
    if (!n || !np) return n;
    gs_sgf_prop *props = (gs_sgf_prop *)(void *)(slot_of(n) + 1);
    gs_sgf_value *vals = (gs_sgf_value *)(void *)(props + np);
    char *bytes = (char *)(vals + nv);
    memcpy(bytes, ps->val.s, ps->val.len);
    for (size_t i = 0, at = 0; i < np; i++) {
        gs_sgf_prop *p = &props[i];
        memset(p, 0, sizeof *p);
        memcpy(p->id, ps->props[i].id, sizeof p->id);
        p->cap = ps->props[i].nvals;
        p->pos = ps->props[i].pos;
        p->vals = vals + at;
        at += (size_t)p->cap;
    }
    for (size_t j = 0; j < nv; j++) {
        const sp_val *v = &ps->vals[j];
        gs_sgf_prop *p = &props[v->prop];
        p->vals[p->nvals].s = bytes + v->off;
        p->vals[p->nvals].len = v->len;
        p->nvals++;
    }
    n->props = props;
    n->nprops = n->cap = ps->nprops;
    return n;
}

/* One game tree: p at '('. */
static gs_status parse_tree(sgf_parser *ps, gs_sgf_collection *c, gs_sgf_node ***stk, int *stkcap) {
    int depth = 1;
    int after_var = 0;
    gs_sgf_node *cur = NULL;
    (*stk)[0] = NULL;
    ps->p++;
    for (;;) {
        skip_ws(ps);
        if (ps->p >= ps->end)
            return perr(ps, GS_ERR_PARSE, ps->p, "unexpected end of input: expected ')' to close a game tree");
        char ch = *ps->p;
        gs_sgf_node *attach = (*stk)[depth - 1];
        if (ch == ';') {
            if (after_var) return perr_char(ps, "expected '(' or ')' after a variation");
            gs_sgf_node *n;
            const char *semi = ps->p++;
            gs_status st = parse_props(ps);
            if (st != GS_OK) return st;
            gs_sgf_node *parent = cur == attach ? attach : cur;   /* cur has no child yet */
            if ((!parent && !trees_grow(c)) || !(n = commit_node(ps))) return perr(ps, GS_ERR_NOMEM, semi, "out of memory");
            n->pos = (size_t)(semi - ps->t);
            if (parent) {
                n->parent = parent;
                n->next = parent->child;
                parent->child = n;
            } else c->trees[c->ntrees++] = n;
            cur = n;
        } else if (ch == '(') {
            if (cur == attach) return perr_char(ps, "expected ';' to start a node");
            if (depth >= GS_SGF_MAX_DEPTH)
                return perr(ps, GS_ERR_LIMIT, ps->p, "variations nested deeper than %d", GS_SGF_MAX_DEPTH);
            if (depth == *stkcap) {
                int cap = *stkcap * 2;
                gs_sgf_node **s = realloc(*stk, (size_t)cap * sizeof *s);
                if (!s) return perr(ps, GS_ERR_NOMEM, ps->p, "out of memory");
                *stk = s;
                *stkcap = cap;
            }
            (*stk)[depth++] = cur;
            after_var = 0;
            ps->p++;
        } else if (ch == ')') {
            if (cur == attach) return perr_char(ps, "expected ';' to start a node");
            depth--;
            cur = (*stk)[depth];
            after_var = 1;
            ps->p++;
            if (depth == 0) {
                reverse_children(c->trees[c->ntrees - 1]);
                return GS_OK;
            }
        } else if (cur == attach) {
            return perr_char(ps, "expected ';' to start a node");
        } else if (after_var) {
            return perr_char(ps, "expected '(' or ')' after a variation");
        } else if (is_letter((unsigned char)ch)) {
            return perr_char(ps, "expected ';' before a property");
        } else {
            return perr_char(ps, "expected ';', '(' or ')'");
        }
    }
}

gs_status gs_sgf_parse(const char *text, size_t len, gs_sgf_collection **out, gs_error *err) {
    *out = NULL;
    if (!text) return gs_error_set(err, GS_ERR_INVALID_ARG, "no SGF text");
    if (len > GS_SGF_MAX_INPUT)
        return gs_error_set(err, GS_ERR_LIMIT, "SGF text of %zu bytes is over the %u byte limit", len, GS_SGF_MAX_INPUT);
    sgf_parser ps;
    memset(&ps, 0, sizeof ps);
    ps.t = ps.p = text;
    ps.end = text + len;
    ps.len = len;
    ps.err = err;
    /* A tree takes 15 to 60 times its text (56 bytes an empty node, 144
     * for ";B[dd]"): a first chunk in proportion, the later ones double up
     * to 1 MiB. */
    ps.store = store_new(len > (1u << 16) ? 1u << 20 : len * 16);
    gs_sgf_collection *c = gs_sgf_collection_new();
    int stkcap = 64;
    gs_sgf_node **stk = malloc((size_t)stkcap * sizeof *stk);
    gs_status st = GS_OK;
    if (!c || !stk || !ps.store) {
        st = gs_error_set(err, GS_ERR_NOMEM, "out of memory");
        goto done;
    }
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) ps.p += 3;   /* UTF-8 byte order mark */
    for (;;) {
        skip_ws(&ps);
        if (ps.p >= ps.end) break;
        if (*ps.p != '(') {
            st = perr_char(&ps, c->ntrees ? "expected '(' to start another game tree or the end of input"
                                          : "expected '(' to start a game tree");
            goto done;
        }
        if ((st = parse_tree(&ps, c, &stk, &stkcap)) != GS_OK) goto done;
    }
    if (!c->ntrees) st = perr(&ps, GS_ERR_PARSE, ps.p, "no game tree in the input (expected '(')");
done:
    free(stk);
    free(ps.props);
    free(ps.vals);
    io_buf_free(&ps.val);
    /* the store goes with the collection's nodes, or now if it has none */
    if (ps.store && (!c || !c->ntrees)) store_free(ps.store);
    if (st != GS_OK) {
        gs_sgf_free(c);
        return st;
    }
    *out = c;
    return GS_OK;
}

/* ---- writer ---- */

#define WRAP 76

typedef struct sgf_writer {
    io_buf b;
    size_t line_start;
} sgf_writer;

static size_t wcol(const sgf_writer *w) { return w->b.len - w->line_start; }

static void wnewline(sgf_writer *w) {
    io_buf_putc(&w->b, '\n');
    w->line_start = w->b.len;
}

static void write_value(sgf_writer *w, const gs_sgf_value *v) {
    io_buf_putc(&w->b, '[');
    const char *s = v->s, *e = v->s + v->len, *run = s;
    for (; s < e; s++) {
        if (*s == ']' || *s == '\\') {
            io_buf_put(&w->b, run, (size_t)(s - run));
            io_buf_putc(&w->b, '\\');
            run = s;
        } else if (*s == '\n') {
            io_buf_put(&w->b, run, (size_t)(s + 1 - run));
            run = s + 1;
            w->line_start = w->b.len;
        }
    }
    io_buf_put(&w->b, run, (size_t)(e - run));
    io_buf_putc(&w->b, ']');
}

static void write_node(sgf_writer *w, const gs_sgf_node *n) {
    if (wcol(w) + 8 > WRAP) wnewline(w);
    io_buf_putc(&w->b, ';');
    for (int i = 0; i < n->nprops; i++) {
        const gs_sgf_prop *p = &n->props[i];
        size_t need = strlen(p->id) + (p->nvals ? p->vals[0].len + 2 : 0);
        if (wcol(w) > 1 && wcol(w) + need > WRAP) wnewline(w);
        io_buf_puts(&w->b, p->id);
        for (int j = 0; j < p->nvals; j++) {
            if (j && wcol(w) + p->vals[j].len + 2 > WRAP) wnewline(w);
            write_value(w, &p->vals[j]);
        }
    }
}

static void write_tree(sgf_writer *w, const gs_sgf_node *root) {
    io_buf_putc(&w->b, '(');
    const gs_sgf_node *x = root;
    for (;;) {
        write_node(w, x);
        if (x->child) {
            if (x->child->next) {
                wnewline(w);
                io_buf_putc(&w->b, '(');
            }
            x = x->child;
            continue;
        }
        for (;;) {
            if (x == root) {
                io_buf_putc(&w->b, ')');
                wnewline(w);
                return;
            }
            const gs_sgf_node *p = x->parent;
            if (p->child->next) io_buf_putc(&w->b, ')');
            if (x->next) {
                wnewline(w);
                io_buf_putc(&w->b, '(');
                x = x->next;
                break;
            }
            x = p;
        }
    }
}

char *gs_sgf_write(const gs_sgf_collection *c, size_t *len) {
    sgf_writer w;
    io_buf_init(&w.b);
    w.line_start = 0;
    for (int i = 0; i < c->ntrees; i++) write_tree(&w, c->trees[i]);
    size_t n = w.b.len;
    char *s = io_buf_take(&w.b);
    if (len) *len = s ? n : 0;
    return s;
}
