/* Generic SGF layer: parsing, escapes, variations, errors with positions,
 * round trips, hostile input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "gridstone/sgf.h"
#include "io/arena.h"
#include "io/sgf_store.h"

static gs_sgf_collection *parse_ok(const char *text) {
    gs_sgf_collection *c = NULL;
    gs_error err;
    gs_status st = gs_sgf_parse(text, strlen(text), &c, &err);
    if (st != GS_OK) gs_test_fail(__FILE__, __LINE__, "parse of [%.60s] failed: %s", text, err.msg);
    return c;
}

/* write, parse again, compare */
static int round_trips(const gs_sgf_collection *c) {
    size_t len;
    char *w = gs_sgf_write(c, &len);
    if (!w) return 0;
    gs_sgf_collection *d = NULL;
    gs_error err;
    int ok = gs_sgf_parse(w, len, &d, &err) == GS_OK && gs_sgf_equal(c, d);
    if (!ok) printf("    round trip failed: %s\n    written: %.300s\n", err.msg, w);
    gs_sgf_free(d);
    free(w);
    return ok;
}

TEST(sgf_basic_tree) {
    gs_sgf_collection *c = parse_ok("(;FF[4]GM[1]SZ[9]AB[aa][bb]\n;B[cc];W[dd])");
    REQUIRE(c);
    CHECK_EQ_INT(c->ntrees, 1);
    const gs_sgf_node *r = c->trees[0];
    CHECK_EQ_STR(gs_sgf_get(r, "FF"), "4");
    CHECK_EQ_STR(gs_sgf_get(r, "SZ"), "9");
    const gs_sgf_prop *ab = gs_sgf_find(r, "AB");
    REQUIRE(ab);
    CHECK_EQ_INT(ab->nvals, 2);
    CHECK_EQ_STR(ab->vals[1].s, "bb");
    REQUIRE(r->child && !r->child->next);
    CHECK_EQ_STR(gs_sgf_get(r->child, "B"), "cc");
    CHECK_EQ_STR(gs_sgf_get(r->child->child, "W"), "dd");
    CHECK(r->child->child->child == NULL);
    CHECK_EQ_INT(gs_sgf_count_nodes(r), 3);
    CHECK(round_trips(c));
    gs_sgf_free(c);
}

TEST(sgf_variations_and_collection) {
    gs_sgf_collection *c = parse_ok("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff]))(;W[gg]))\n(;GM[4];B[hh])");
    REQUIRE(c);
    CHECK_EQ_INT(c->ntrees, 2);
    const gs_sgf_node *n = c->trees[0]->child;   /* B[aa] */
    REQUIRE(n && n->child);
    CHECK_EQ_STR(gs_sgf_get(n->child, "W"), "bb");                 /* main line first */
    CHECK_EQ_STR(gs_sgf_get(n->child->child, "B"), "cc");
    REQUIRE(n->child->next);
    CHECK_EQ_STR(gs_sgf_get(n->child->next, "W"), "dd");
    CHECK_EQ_STR(gs_sgf_get(n->child->next->child->next, "B"), "ff");
    CHECK_EQ_STR(gs_sgf_get(n->child->next->next, "W"), "gg");
    CHECK_EQ_INT(gs_sgf_count_nodes(c->trees[0]), 8);
    CHECK_EQ_STR(gs_sgf_get(c->trees[1], "GM"), "4");
    CHECK(round_trips(c));
    gs_sgf_free(c);
}

TEST(sgf_escapes_and_soft_breaks) {
    gs_sgf_collection *c = parse_ok("(;C[a\\]b\\\\c\\:d]GN[soft\\\nbreak]PB[x\\\r\ny]PW[hard\nline];)");
    REQUIRE(c);
    const gs_sgf_node *r = c->trees[0];
    CHECK_EQ_STR(gs_sgf_get(r, "C"), "a]b\\c:d");
    CHECK_EQ_STR(gs_sgf_get(r, "GN"), "softbreak");
    CHECK_EQ_STR(gs_sgf_get(r, "PB"), "xy");
    CHECK_EQ_STR(gs_sgf_get(r, "PW"), "hard\nline");
    CHECK(round_trips(c));
    char *w = gs_sgf_write(c, NULL);
    REQUIRE(w);
    CHECK(strstr(w, "C[a\\]b\\\\c:d]") != NULL);
    free(w);
    gs_sgf_free(c);
}

TEST(sgf_utf8_and_nul_pass_through) {
    static const char text[] = "(;C[\xec\x95\x88\xeb\x85\x95 \xe2\x80\x94 \xff\x00z])";
    gs_sgf_collection *c = NULL;
    gs_error err;
    REQUIRE(gs_sgf_parse(text, sizeof text - 1, &c, &err) == GS_OK);
    const gs_sgf_prop *p = gs_sgf_find(c->trees[0], "C");
    REQUIRE(p);
    CHECK_EQ_INT(p->vals[0].len, 14);
    CHECK(!memcmp(p->vals[0].s, "\xec\x95\x88\xeb\x85\x95 \xe2\x80\x94 \xff\x00z", 14));
    gs_sgf_free(c);
}

TEST(sgf_ff3_identifiers_and_repeats) {
    gs_sgf_collection *c = parse_ok("(;AddBlack[aa]AddBlack[bb]  AB [cc] [dd]\n;Black[ee]Comment[x])");
    REQUIRE(c);
    const gs_sgf_node *r = c->trees[0];
    CHECK_EQ_INT(r->nprops, 1);
    const gs_sgf_prop *ab = gs_sgf_find(r, "AB");
    REQUIRE(ab);
    CHECK_EQ_INT(ab->nvals, 4);
    CHECK_EQ_STR(gs_sgf_get(r->child, "B"), "ee");
    CHECK_EQ_STR(gs_sgf_get(r->child, "C"), "x");
    gs_sgf_free(c);
}

TEST(sgf_compressed_points) {
    gs_sgf_collection *c = parse_ok("(;AB[aa:cb][dd][ba]AW[cc:aa]AE[zz])");
    REQUIRE(c);
    int cells[19 * 19], n;
    gs_error err;
    REQUIRE(gs_sgf_points(gs_sgf_find(c->trees[0], "AB"), 9, 9, cells, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 7);   /* a..c x a..b = 6, dd; ba is a repeat */
    CHECK_EQ_INT(cells[0], 0);
    CHECK_EQ_INT(cells[5], 9 + 2);
    CHECK_EQ_INT(cells[6], 3 * 9 + 3);
    REQUIRE(gs_sgf_points(gs_sgf_find(c->trees[0], "AW"), 9, 9, cells, &n, &err) == GS_OK);
    CHECK_EQ_INT(n, 9);   /* corners in either order */
    CHECK(gs_sgf_points(gs_sgf_find(c->trees[0], "AE"), 9, 9, cells, &n, &err) == GS_ERR_BAD_VALUE);
    CHECK(strstr(err.msg, "off the 9x9 board") != NULL);
    gs_sgf_free(c);
    c = parse_ok("(;AB[]AW[a]AE[aa:b])");
    REQUIRE(c);
    CHECK(gs_sgf_points(gs_sgf_find(c->trees[0], "AB"), 9, 9, cells, &n, &err) == GS_ERR_BAD_VALUE);
    CHECK(gs_sgf_points(gs_sgf_find(c->trees[0], "AW"), 9, 9, cells, &n, &err) == GS_ERR_BAD_VALUE);
    CHECK(gs_sgf_points(gs_sgf_find(c->trees[0], "AE"), 9, 9, cells, &n, &err) == GS_ERR_BAD_VALUE);
    gs_sgf_free(c);
    int x, y;
    CHECK(gs_sgf_point("Az", 2, &x, &y) == 0 && x == 26 && y == 25);
}

static const struct { const char *text; int line, col; const char *msg; } bad_cases[] = {
    {"", 1, 1, "no game tree"},
    {"   \n  ", 2, 3, "no game tree"},
    {"x", 1, 1, "expected '(' to start a game tree, got 'x'"},
    {"(", 1, 2, "unexpected end of input"},
    {"()", 1, 2, "expected ';' to start a node, got ')'"},
    {"(;B[aa]", 1, 8, "expected ')'"},
    {"(;B[aa", 1, 7, "unexpected end of input inside property value"},
    {"(;B[aa\\", 1, 8, "unexpected end of input inside property value"},
    {"(;B\n  x", 2, 3, "expected '[' after property identifier 'B', got 'x'"},
    {"(;B;)", 1, 4, "expected '[' after property identifier 'B'"},
    {"(;abc[x])", 1, 3, "no uppercase letter"},
    {"(;B[aa](;W[bb]);B[cc])", 1, 16, "expected '(' or ')' after a variation, got ';'"},
    {"(;B[aa](;W[bb])x)", 1, 16, "expected '(' or ')' after a variation"},
    {"(;B[aa]())", 1, 9, "expected ';' to start a node, got ')'"},
    {"(;B[aa](W[bb]))", 1, 9, "expected ';' to start a node, got 'W'"},
    {"(B[aa])", 1, 2, "expected ';' to start a node"},
    {"(;B[aa]1)", 1, 8, "expected ';', '(' or ')', got '1'"},
    {"(;B[aa])\n(;W[bb])x", 2, 9, "expected '(' to start another game tree"},
    {"(;C[\xec\x95\x88\xeb\x85\x95]\xff)", 1, 8, "byte 0xFF"},
    {"(;C[a]\r\n;B[aa]\r\n?", 3, 1, "got '?'"},
    {"(;ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGH[x])", 1, 3, "longer than"},
};

TEST(sgf_errors_have_positions) {
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        gs_sgf_collection *c = (gs_sgf_collection *)1;
        gs_error err;
        gs_error_clear(&err);
        gs_status st = gs_sgf_parse(bad_cases[i].text, strlen(bad_cases[i].text), &c, &err);
        CHECKF(st == GS_ERR_PARSE || st == GS_ERR_LIMIT, "case %zu: status %d", i, st);
        CHECKF(c == NULL, "case %zu: something returned", i);
        CHECKF(err.line == bad_cases[i].line && err.col == bad_cases[i].col,
               "case %zu [%s]: at %d:%d, expected %d:%d (%s)", i, bad_cases[i].text, err.line, err.col,
               bad_cases[i].line, bad_cases[i].col, err.msg);
        CHECKF(strstr(err.msg, bad_cases[i].msg) != NULL, "case %zu: message [%s] lacks [%s]", i, err.msg,
               bad_cases[i].msg);
    }
}

static const char sample[] =
    "(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[Black \\] player]C[multi\nline \\\\ comment]\n"
    "AB[dd:ee][pp]AW[dp]PL[W]\n;W[qq]C[first];B[]\n(;W[cc];B[dc]LB[cc:A][dc:B])\n"
    "(;W[tt]\n(;B[aa])(;B[bb]CR[aa:bb])))\n(;GM[4]SZ[15];B[hh])";

TEST(sgf_round_trip_sample) {
    gs_sgf_collection *c = parse_ok(sample);
    REQUIRE(c);
    CHECK(round_trips(c));
    char *w = gs_sgf_write(c, NULL);
    REQUIRE(w);
    /* lines are wrapped */
    size_t col = 0, maxcol = 0;
    for (const char *p = w; *p; p++) {
        col = *p == '\n' ? 0 : col + 1;
        if (col > maxcol) maxcol = col;
    }
    CHECK(maxcol <= 80);
    gs_sgf_collection *d = parse_ok(w);
    char *w2 = d ? gs_sgf_write(d, NULL) : NULL;
    CHECK(w2 && !strcmp(w, w2));   /* writing is a fixed point */
    free(w2);
    gs_sgf_free(d);
    free(w);
    gs_sgf_free(c);
}

TEST(sgf_long_values_and_lines) {
    char *text = malloc(20000);
    REQUIRE(text);
    strcpy(text, "(;C[");
    for (int i = 0; i < 3000; i++) strcat(text, "ab] ");   /* escaped below */
    size_t n = strlen(text);
    /* escape every ']' after the first '[' */
    char *t2 = malloc(n * 2 + 8);
    REQUIRE(t2);
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 3 && text[i] == ']') t2[o++] = '\\';
        t2[o++] = text[i];
    }
    strcpy(t2 + o, "]");
    for (int i = 0; i < 200; i++) strcat(t2, ";B[aa]");
    strcat(t2, ")");
    gs_sgf_collection *c = parse_ok(t2);
    REQUIRE(c);
    CHECK_EQ_INT(gs_sgf_find(c->trees[0], "C")->vals[0].len, 3000 * 4);
    CHECK_EQ_INT(gs_sgf_count_nodes(c->trees[0]), 201);
    CHECK(round_trips(c));
    gs_sgf_free(c);
    free(text);
    free(t2);
}

TEST(sgf_deep_nesting_and_long_main_line) {
    int depth = 20000;
    size_t n = (size_t)depth * 8 + 16, o = 0;
    char *t = malloc(n);
    REQUIRE(t);
    for (int i = 0; i < depth; i++) { memcpy(t + o, "(;B[aa]", 7); o += 7; }
    for (int i = 0; i < depth; i++) t[o++] = ')';
    gs_sgf_collection *c = NULL;
    gs_error err;
    REQUIRE(gs_sgf_parse(t, o, &c, &err) == GS_OK);
    CHECK_EQ_INT(gs_sgf_count_nodes(c->trees[0]), depth);
    CHECK(round_trips(c));
    gs_sgf_free(c);
    /* unclosed: an error, not a crash */
    CHECK(gs_sgf_parse(t, o - 1, &c, &err) == GS_ERR_PARSE && c == NULL);
    /* deeper than the limit */
    free(t);
    depth = GS_SGF_MAX_DEPTH + 1;
    t = malloc((size_t)depth * 3 + 8);
    REQUIRE(t);
    o = 0;
    for (int i = 0; i < depth; i++) { memcpy(t + o, "(;", 2); o += 2; }
    CHECK(gs_sgf_parse(t, o, &c, &err) == GS_ERR_LIMIT && c == NULL);
    CHECK(err.line == 1 && err.col > 1);
    free(t);
    /* a 100000-move main line: free and write are iterative too */
    o = 0;
    t = malloc(100000 * 6 + 8);
    REQUIRE(t);
    t[o++] = '(';
    for (int i = 0; i < 100000; i++) { memcpy(t + o, ";B[aa]", 6); o += 6; }
    t[o++] = ')';
    REQUIRE(gs_sgf_parse(t, o, &c, &err) == GS_OK);
    CHECK(round_trips(c));
    gs_sgf_free(c);
    free(t);
}

TEST(sgf_every_prefix_is_an_error_with_position) {
    size_t n = strlen(sample);
    /* a prefix is complete only right after a game tree's closing ')' */
    for (size_t k = 0; k < n; k++) {
        gs_sgf_collection *c = NULL;
        gs_error err;
        gs_error_clear(&err);
        gs_status st = gs_sgf_parse(sample, k, &c, &err);
        size_t first_end = (size_t)(strstr(sample, "\n(;GM[4]") - sample);
        int complete = k == first_end || k == first_end + 1;
        if (complete) { CHECKF(st == GS_OK, "prefix %zu", k); gs_sgf_free(c); continue; }
        CHECKF(st == GS_ERR_PARSE, "prefix %zu: status %d", k, st);
        CHECKF(c == NULL, "prefix %zu returned a tree", k);
        CHECKF(err.line >= 1 && err.col >= 1, "prefix %zu: no position", k);
    }
}

TEST(sgf_every_byte_mutation_is_safe) {
    size_t n = strlen(sample);
    char *t = malloc(n + 1);
    REQUIRE(t);
    static const char bytes[] = {'(', ')', ';', '[', ']', '\\', 'A', 'a', ':', '\n', 0, (char)0xC3};
    for (size_t k = 0; k < n; k++)
        for (size_t b = 0; b < sizeof bytes; b++) {
            memcpy(t, sample, n);
            t[k] = bytes[b];
            gs_sgf_collection *c = NULL;
            gs_error err;
            if (gs_sgf_parse(t, n, &c, &err) == GS_OK) {
                CHECK(round_trips(c));
                gs_sgf_free(c);
            } else CHECK(c == NULL && err.line >= 1);
        }
    free(t);
}

TEST(sgf_build_api) {
    gs_sgf_collection *c = gs_sgf_collection_new();
    REQUIRE(c);
    gs_sgf_node *r = gs_sgf_add_tree(c);
    REQUIRE(r);
    CHECK(gs_sgf_add_value(r, "GM", "1", 1) == GS_OK);
    CHECK(gs_sgf_add_value(r, "C", "x]y\\", 4) == GS_OK);
    CHECK(gs_sgf_add_value(r, "bad", "1", 1) == GS_ERR_INVALID_ARG);
    gs_sgf_node *a = gs_sgf_add_child(r), *b = gs_sgf_add_child(r);
    REQUIRE(a && b);
    CHECK(gs_sgf_add_value(a, "B", "aa", 2) == GS_OK);
    CHECK(gs_sgf_add_value(b, "B", "", 0) == GS_OK);
    char *w = gs_sgf_write(c, NULL);
    REQUIRE(w);
    CHECK_EQ_STR(w, "(;GM[1]C[x\\]y\\\\]\n(;B[aa])\n(;B[]))\n");
    free(w);
    CHECK(round_trips(c));
    gs_sgf_free(c);
}

TEST(sgf_property_count_limit) {
    size_t cap = (GS_SGF_MAX_PROPS + 2) * 12, o = 0;
    char *t = malloc(cap);
    REQUIRE(t);
    o += (size_t)snprintf(t, cap, "(;");
    for (int i = 0; i <= GS_SGF_MAX_PROPS; i++)
        o += (size_t)snprintf(t + o, cap - o, "X%c%c%c[]", 'A' + i / 676, 'A' + i / 26 % 26, 'A' + i % 26);
    o += (size_t)snprintf(t + o, cap - o, ")");
    gs_sgf_collection *c;
    gs_error err;
    CHECK(gs_sgf_parse(t, o, &c, &err) == GS_ERR_LIMIT && c == NULL);
    CHECK(strstr(err.msg, "properties in one node") != NULL);
    /* repeats of one identifier are not new properties */
    o = (size_t)snprintf(t, cap, "(;");
    for (int i = 0; i <= GS_SGF_MAX_PROPS; i++) o += (size_t)snprintf(t + o, cap - o, "AB[aa]");
    o += (size_t)snprintf(t + o, cap - o, ")");
    REQUIRE(gs_sgf_parse(t, o, &c, &err) == GS_OK);
    CHECK_EQ_INT(gs_sgf_find(c->trees[0], "AB")->nvals, GS_SGF_MAX_PROPS + 1);
    gs_sgf_free(c);
    free(t);
}

/* issue 15 item 1: many sibling variations parse in linear time, in file
 * order, nested levels included (before: every variation walked its
 * siblings, 100000 of them took minutes). */
TEST(sgf_many_sibling_variations) {
    int nvar = 100000;
    char *t = malloc((size_t)nvar * 16 + 64);
    REQUIRE(t);
    size_t o = (size_t)sprintf(t, "(;GM[1]SZ[9]");
    for (int i = 0; i < nvar; i++) o += (size_t)sprintf(t + o, "(;C[%d])", i);
    t[o++] = ')';
    gs_sgf_collection *c = NULL;
    gs_error err;
    REQUIRE(gs_sgf_parse(t, o, &c, &err) == GS_OK);
    int k = 0, in_order = 1;
    for (const gs_sgf_node *x = c->trees[0]->child; x; x = x->next, k++) {
        char want[16];
        snprintf(want, sizeof want, "%d", k);
        if (strcmp(gs_sgf_get(x, "C"), want)) in_order = 0;
    }
    CHECK_EQ_INT(k, nvar);
    CHECK(in_order);
    CHECK(round_trips(c));
    gs_sgf_free(c);
    free(t);
    /* siblings at several levels keep their order too */
    c = parse_ok("(;C[r](;C[a];C[a1](;C[x])(;C[y])(;C[z]))(;C[b])(;C[c](;C[c1])(;C[c2])))");
    REQUIRE(c);
    const gs_sgf_node *r = c->trees[0], *a = r->child;
    CHECK_EQ_STR(gs_sgf_get(a, "C"), "a");
    CHECK_EQ_STR(gs_sgf_get(a->next, "C"), "b");
    CHECK_EQ_STR(gs_sgf_get(a->next->next, "C"), "c");
    CHECK_EQ_STR(gs_sgf_get(a->next->next->child->next, "C"), "c2");
    const gs_sgf_node *a1 = a->child;
    CHECK_EQ_STR(gs_sgf_get(a1->child, "C"), "x");
    CHECK_EQ_STR(gs_sgf_get(a1->child->next->next, "C"), "z");
    CHECK(a1->child->next->next->parent == a1);
    CHECK(round_trips(c));
    gs_sgf_free(c);
}

/* A node's first property and a property's first value live in shared
 * blocks; the second one moves them out.  Every value must survive each
 * move, built one value at a time and parsed. */
TEST(sgf_properties_and_values_grow_past_the_first) {
    gs_sgf_collection *c = gs_sgf_collection_new();
    REQUIRE(c);
    gs_sgf_node *r = gs_sgf_add_tree(c);
    REQUIRE(r);
    char id[4], v[64];
    for (int k = 0; k < 40; k++) {   /* 40 properties of 1..k+1 values: AA, AB, ... */
        snprintf(id, sizeof id, "%c%c", 'A' + k / 26, 'A' + k % 26);
        for (int j = 0; j <= k % 7; j++) {
            int len = snprintf(v, sizeof v, "%d.%d-%s", k, j, j == 1 ? "a longer second value" : "x");
            REQUIRE(gs_sgf_add_value(r, id, v, (size_t)len) == GS_OK);
        }
    }
    CHECK(gs_sgf_add_value(r, "AA", "", 0) == GS_OK);   /* an empty value appended to a one-value property */
    CHECK(gs_sgf_add_value(gs_sgf_add_child(r), "C", "a\0b", 3) == GS_OK);
    CHECK_EQ_INT(r->nprops, 40);
    for (int k = 0; k < 40; k++) {
        snprintf(id, sizeof id, "%c%c", 'A' + k / 26, 'A' + k % 26);
        const gs_sgf_prop *p = gs_sgf_find(r, id);
        REQUIRE(p);
        CHECK_EQ_INT(p->nvals, k % 7 + 1 + (k == 0));
        for (int j = 0; j <= k % 7; j++) {
            snprintf(v, sizeof v, "%d.%d-%s", k, j, j == 1 ? "a longer second value" : "x");
            CHECK_EQ_STR(p->vals[j].s, v);
            CHECK_EQ_INT(p->vals[j].len, strlen(v));
        }
    }
    CHECK_EQ_STR(gs_sgf_find(r, "AA")->vals[1].s, "");
    const gs_sgf_prop *cp = gs_sgf_find(r->child, "C");
    REQUIRE(cp);
    CHECK(cp->vals[0].len == 3 && !memcmp(cp->vals[0].s, "a\0b", 4));
    CHECK(round_trips(c));
    gs_sgf_free(c);
    /* the same shapes through the parser */
    c = parse_ok("(;AB[aa]AW[bb][cc][dd]C[one]C[two]XX[]XX[]XX[3];B[ee](;W[ff])(;W[gg]AB[hh][ii]))");
    REQUIRE(c);
    r = c->trees[0];
    CHECK_EQ_INT(r->nprops, 4);
    CHECK_EQ_INT(gs_sgf_find(r, "AW")->nvals, 3);
    CHECK_EQ_STR(gs_sgf_find(r, "AW")->vals[2].s, "dd");
    CHECK_EQ_STR(gs_sgf_find(r, "C")->vals[1].s, "two");
    CHECK_EQ_INT(gs_sgf_find(r, "XX")->nvals, 3);
    CHECK_EQ_STR(gs_sgf_find(r, "XX")->vals[2].s, "3");
    CHECK_EQ_STR(gs_sgf_find(r->child->child->next, "AB")->vals[1].s, "ii");
    CHECK(round_trips(c));
    gs_sgf_free(c);
}

/* Issue: a tree took over 100 bytes of malloc per empty node (a block of
 * its own per node, property and value).  Nodes now live in chunks of a
 * store: the bytes handed out are what the public structs need (56 per
 * empty node: the node and its store's address; 144 for a node of one
 * one-letter value), the chunks hold at most 1 MiB more, and there are
 * few of them. */
TEST(sgf_tree_memory_is_bounded) {
    static const struct { const char *unit; int count; size_t per_node; } cases[] = {
        {";", 200000, 56}, {"(;C[x])", 100000, 144}, {";B[dd]", 100000, 144}};
    for (int k = 0; k < 3; k++) {
        const char *head = "(;GM[1]SZ[9]";
        size_t ulen = strlen(cases[k].unit), len = strlen(head) + ulen * (size_t)cases[k].count + 1;
        char *text = malloc(len + 1), *p = text;
        REQUIRE(text);
        p += sprintf(p, "%s", head);
        for (int i = 0; i < cases[k].count; i++, p += ulen) memcpy(p, cases[k].unit, ulen);
        strcpy(p, ")");
        gs_sgf_collection *c = NULL;
        gs_error err;
        REQUIREF(gs_sgf_parse(text, len, &c, &err) == GS_OK, "%s", err.msg);
        CHECK_EQ_INT(gs_sgf_count_nodes(c->trees[0]), cases[k].count + 1);
        size_t used, bytes;
        int chunks;
        io_sgf_memory(c->trees[0], &used, &bytes, &chunks);
        size_t want = (cases[k].per_node + IO_ARENA_REDZONE) * (size_t)cases[k].count + 256;   /* one block a node */
        CHECKF(used <= want, "%s x %d: %zu bytes used, at most %zu expected", cases[k].unit, cases[k].count, used, want);
        CHECKF(bytes <= used + (1u << 20) + 4096, "%s: %zu bytes of chunks for %zu used", cases[k].unit, bytes, used);
        CHECKF(chunks <= 2 + (int)(used >> 20), "%s: %d chunks for %zu bytes", cases[k].unit, chunks, used);
        gs_sgf_free(c);
        free(text);
    }
}

/* Edits after a parse: the parser sizes each node's arrays exactly, so
 * every edit grows them; freed subtrees' nodes are reused; a subtree
 * detached from its tree outlives the collection; subtrees moved between
 * collections (two stores in one tree) free cleanly (ASan checks). */
TEST(sgf_edits_after_parse) {
    gs_sgf_collection *c = parse_ok("(;GM[1]SZ[9]AB[aa][bb];B[cc]C[one](;W[dd])(;W[ee];B[ff]))");
    REQUIRE(c);
    gs_sgf_node *r = c->trees[0], *b = r->child;
    CHECK(gs_sgf_add_value(r, "AB", "cc", 2) == GS_OK);
    CHECK(gs_sgf_add_value(r, "AW", "dd", 2) == GS_OK);
    CHECK(gs_sgf_add_value(b, "C", "two", 3) == GS_OK);
    for (int i = 0; i < 20; i++) {
        char id[3] = {'P', (char)('A' + i), 0};
        CHECK(gs_sgf_add_value(b, id, "v", 1) == GS_OK);
    }
    CHECK_EQ_INT(gs_sgf_find(r, "AB")->nvals, 3);
    CHECK_EQ_STR(gs_sgf_find(r, "AB")->vals[2].s, "cc");
    CHECK_EQ_STR(gs_sgf_find(b, "C")->vals[0].s, "one");
    CHECK_EQ_STR(gs_sgf_find(b, "C")->vals[1].s, "two");
    CHECK_EQ_STR(gs_sgf_get(b, "B"), "cc");
    CHECK_EQ_INT(b->nprops, 22);
    /* detach the second variation and keep it past the collection */
    gs_sgf_node *var = b->child->next;
    b->child->next = NULL;
    var->parent = NULL;
    /* free the first, then grow new ones in its place */
    gs_sgf_node *first = b->child;
    b->child = NULL;
    gs_sgf_node_free(first);
    for (int i = 0; i < 3; i++) {
        gs_sgf_node *n = gs_sgf_add_child(b);
        REQUIRE(n);
        CHECK(n->nprops == 0 && !n->child && !n->next && n->parent == b);
        CHECK(gs_sgf_add_value(n, "W", i == 1 ? "gg" : "hh", 2) == GS_OK);
    }
    CHECK(round_trips(c));
    /* a tree of another collection takes the detached variation */
    gs_sgf_collection *d = parse_ok("(;GM[1]SZ[9];B[ii])");
    REQUIRE(d);
    gs_sgf_free(c);
    CHECK_EQ_STR(gs_sgf_get(var, "W"), "ee");
    CHECK_EQ_STR(gs_sgf_get(var->child, "B"), "ff");
    CHECK(gs_sgf_add_value(var->child, "C", "moved", 5) == GS_OK);
    d->trees[0]->child->child = var;
    var->parent = d->trees[0]->child;
    CHECK(gs_sgf_add_child(var->child) != NULL);   /* from var's store */
    CHECK(gs_sgf_add_tree(d) != NULL);
    CHECK(round_trips(d));
    CHECK_EQ_INT(gs_sgf_count_nodes(d->trees[0]), 5);
    gs_sgf_free(d);
}
