/* Generic SGF FF[4] trees: an iterative parser (no recursion, so any
 * nesting depth is safe), builder, comparison and writer. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/sgf.h"
#include "io/iobuf.h"

/* ---- building ---- */

gs_sgf_collection *gs_sgf_collection_new(void) { return calloc(1, sizeof(gs_sgf_collection)); }

/* A node is allocated with room for one property after it, and a
 * property's first value shares one allocation with its value array: most
 * nodes hold one property of one value (B[dd]), so a node costs two
 * allocations instead of four.  A second property or value moves the
 * array (and the first value's bytes) to allocations of their own. */
typedef struct node_block {
    gs_sgf_node n;   /* first: a node pointer is its block's pointer */
    gs_sgf_prop p1;
} node_block;

static gs_sgf_node *node_new(void) {
    node_block *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->n.props = &b->p1;
    b->n.cap = 1;
    return &b->n;
}

static int props_inline(const gs_sgf_node *n) { return n->props == &((const node_block *)(const void *)n)->p1; }

/* The first value's bytes right after a one-entry value array. */
static int value_inline(const gs_sgf_prop *p) { return p->cap == 1 && p->vals[0].s == (char *)(p->vals + 1); }

gs_sgf_node *gs_sgf_add_tree(gs_sgf_collection *c) {
    if (c->ntrees == c->cap) {
        int cap = c->cap ? c->cap * 2 : 4;
        gs_sgf_node **t = realloc(c->trees, (size_t)cap * sizeof *t);
        if (!t) return NULL;
        c->trees = t;
        c->cap = cap;
    }
    gs_sgf_node *n = node_new();
    if (n) c->trees[c->ntrees++] = n;
    return n;
}

/* Walks the sibling list (the parser does not use this: it adds in front
 * and reverses once, so many variations stay linear). */
gs_sgf_node *gs_sgf_add_child(gs_sgf_node *parent) {
    gs_sgf_node *n = node_new();
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

static gs_sgf_prop *prop_get(gs_sgf_node *n, const char *id, int create) {
    for (int i = 0; i < n->nprops; i++)
        if (!strcmp(n->props[i].id, id)) return &n->props[i];
    if (!create) return NULL;
    if (strlen(id) > GS_SGF_MAX_IDENT || n->nprops >= GS_SGF_MAX_PROPS) return NULL;
    if (n->nprops == n->cap) {
        int cap = n->cap ? n->cap * 2 : 1;
        gs_sgf_prop *p;
        if (props_inline(n)) {
            if ((p = malloc((size_t)cap * sizeof *p))) memcpy(p, n->props, (size_t)n->nprops * sizeof *p);
        } else p = realloc(n->props, (size_t)cap * sizeof *p);
        if (!p) return NULL;
        n->props = p;
        n->cap = cap;
    }
    gs_sgf_prop *p = &n->props[n->nprops++];
    memset(p, 0, sizeof *p);
    strcpy(p->id, id);
    return p;
}

static gs_status prop_add(gs_sgf_prop *p, const char *val, size_t len) {
    char *s;
    if (p->cap == 0) {   /* the first value: array and bytes in one block */
        gs_sgf_value *v = len < SIZE_MAX - sizeof *v ? malloc(sizeof *v + len + 1) : NULL;
        if (!v) return GS_ERR_NOMEM;
        p->vals = v;
        p->cap = 1;
        s = (char *)(v + 1);
    } else {
        if (p->nvals == p->cap) {
            int cap = p->cap * 2;
            gs_sgf_value *v;
            if (value_inline(p)) {   /* the first value's bytes move out */
                char *first = malloc(p->vals[0].len + 1);
                v = first ? malloc((size_t)cap * sizeof *v) : NULL;
                if (!v) { free(first); return GS_ERR_NOMEM; }
                memcpy(first, p->vals[0].s, p->vals[0].len + 1);
                v[0].s = first;
                v[0].len = p->vals[0].len;
                free(p->vals);
            } else if (!(v = realloc(p->vals, (size_t)cap * sizeof *v))) return GS_ERR_NOMEM;
            p->vals = v;
            p->cap = cap;
        }
        if (!(s = malloc(len + 1))) return GS_ERR_NOMEM;
    }
    if (len) memcpy(s, val, len);
    s[len] = 0;
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
    return prop_add(p, val ? val : "", len);
}

static void node_free_props(gs_sgf_node *n) {
    for (int i = 0; i < n->nprops; i++) {
        gs_sgf_prop *p = &n->props[i];
        for (int j = value_inline(p) ? 1 : 0; j < p->nvals; j++) free(p->vals[j].s);
        free(p->vals);
    }
    if (!props_inline(n)) free(n->props);
}

void gs_sgf_node_free(gs_sgf_node *n) {
    if (!n) return;
    n->next = NULL;
    /* A worklist threaded through the next pointers: splice each node's
     * children in front of the rest, then free the node. */
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
        node_free_props(x);
        free(x);
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
    for (int i = 0; n && i < n->nprops; i++)
        if (!strcmp(n->props[i].id, id)) return &n->props[i];
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
static gs_sgf_node *add_child_front(gs_sgf_node *parent) {
    gs_sgf_node *n = node_new();
    if (!n) return NULL;
    n->parent = parent;
    n->next = parent->child;
    parent->child = n;
    return n;
}

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

typedef struct sgf_parser {
    const char *t, *p, *end;
    size_t len;
    gs_error *err;
    io_buf val;
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

/* One value: p at '['; leaves the unescaped text in ps->val. */
static gs_status parse_value(sgf_parser *ps) {
    const char *open = ps->p;
    ps->val.len = 0;
    if (ps->val.s) ps->val.s[0] = 0;
    ps->p++;
    for (;;) {
        const char *s = ps->p;
        while (ps->p < ps->end && *ps->p != ']' && *ps->p != '\\') ps->p++;
        io_buf_put(&ps->val, s, (size_t)(ps->p - s));
        if (ps->p >= ps->end) break;
        if (*ps->p == ']') {
            ps->p++;
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

/* Properties of one node: p just after ';'. */
static gs_status parse_props(sgf_parser *ps, gs_sgf_node *node) {
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
        if (node->nprops >= GS_SGF_MAX_PROPS && !prop_get(node, id, 0))
            return perr(ps, GS_ERR_LIMIT, start, "more than %d properties in one node", GS_SGF_MAX_PROPS);
        gs_sgf_prop *prop = prop_get(node, id, 1);
        if (!prop) return perr(ps, GS_ERR_NOMEM, start, "out of memory");
        if (!prop->nvals) prop->pos = (size_t)(start - ps->t);
        while (ps->p < ps->end && *ps->p == '[') {
            gs_status st = parse_value(ps);
            if (st != GS_OK) return st;
            if (prop_add(prop, ps->val.s ? ps->val.s : "", ps->val.len) != GS_OK)
                return perr(ps, GS_ERR_NOMEM, start, "out of memory");
            skip_ws(ps);
        }
    }
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
            if (cur == attach) n = attach ? add_child_front(attach) : gs_sgf_add_tree(c);
            else n = add_child_front(cur);   /* cur has no child yet */
            if (!n) return perr(ps, GS_ERR_NOMEM, ps->p, "out of memory");
            n->pos = (size_t)(ps->p - ps->t);
            cur = n;
            ps->p++;
            gs_status st = parse_props(ps, n);
            if (st != GS_OK) return st;
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
    sgf_parser ps = {text, text, text + len, len, err, {0}};
    gs_sgf_collection *c = gs_sgf_collection_new();
    int stkcap = 64;
    gs_sgf_node **stk = malloc((size_t)stkcap * sizeof *stk);
    gs_status st = GS_OK;
    if (!c || !stk) {
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
    io_buf_free(&ps.val);
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
