/* The internal strict JSON reader/writer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "gridstone/io.h"
#include "io/arena.h"
#include "io/json.h"

static io_json *jparse(const char *text) {
    io_json *v = NULL;
    gs_error err;
    if (io_json_parse(text, strlen(text), &v, &err) != GS_OK)
        gs_test_fail(__FILE__, __LINE__, "parse of [%.60s] failed: %s", text, err.msg);
    return v;
}

TEST(json_values) {
    io_json *v = jparse(" {\"a\": [1, -2.5e3, true, false, null, \"x\"], \"b\": {}, \"c\": []} ");
    REQUIRE(v);
    CHECK(v->type == IO_JSON_OBJECT && v->n == 3);
    const io_json *a = io_json_get(v, "a");
    REQUIRE(a && a->type == IO_JSON_ARRAY && a->n == 6);
    CHECK(a->items[0]->type == IO_JSON_NUMBER && a->items[0]->num == 1);
    CHECK(a->items[1]->num == -2500);
    CHECK(a->items[2]->type == IO_JSON_TRUE);
    CHECK(a->items[3]->type == IO_JSON_FALSE);
    CHECK(a->items[4]->type == IO_JSON_NULL);
    CHECK_EQ_STR(a->items[5]->str, "x");
    CHECK(io_json_get(v, "b")->type == IO_JSON_OBJECT);
    CHECK(io_json_get(v, "zz") == NULL);
    char *w = io_json_write(v);
    CHECK_EQ_STR(w, "{\"a\":[1,-2.5e3,true,false,null,\"x\"],\"b\":{},\"c\":[]}");
    free(w);
    io_json_free(v);
}

TEST(json_strings_escapes_utf8) {
    io_json *v = jparse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\uD834\\uDD1E \xec\x95\x88 \\u0000z\"");
    REQUIRE(v);
    static const char want[] = "q\" b\\ s/ \b\f\n\r\t \xc3\xa9 \xf0\x9d\x84\x9e \xec\x95\x88 \0z";
    CHECK_EQ_INT(v->len, sizeof want - 1);
    CHECK(!memcmp(v->str, want, sizeof want - 1));
    char *w = io_json_write(v);
    REQUIRE(w);
    io_json *v2 = jparse(w);
    CHECK(v2 && io_json_equal(v, v2));
    CHECK(strstr(w, "\\u0000") != NULL);
    free(w);
    io_json_free(v2);
    io_json_free(v);
}

static const struct { const char *text; int line, col; const char *msg; } bad[] = {
    {"", 1, 1, "expected a JSON value"},
    {"{", 1, 2, "expected a string key"},
    {"{\"a\" 1}", 1, 6, "expected ':' after object key, got '1'"},
    {"{\"a\":1,}", 1, 8, "expected a string key in object, got '}'"},
    {"[1,]", 1, 4, "expected a JSON value, got ']'"},
    {"[1 2]", 1, 4, "expected ',' or ']' in array, got '2'"},
    {"{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}' in object"},
    {"{\"a\":1,\"a\":2}", 1, 8, "duplicate key \"a\""},
    /* a key read from the input's bytes meets the same key decoded */
    {"{\"ab\":1,\"a\\u0062\":2}", 1, 9, "duplicate key \"ab\""},
    {"{\"\\u00e9\":1,\"\xc3\xa9\":2}", 1, 13, "duplicate key \"\xc3\xa9\" in object"},
    {"{\"0123456789012345678901234567890123456789xyz\":1,\"0123456789012345678901234567890123456789xyz\":2}", 1,
     50, "duplicate key \"0123456789012345678901234567890123456789\" in object"},
    {"01", 1, 2, "leading zero"},
    {"-", 1, 2, "expected a digit"},
    {"1.", 1, 3, "expected a digit after '.'"},
    {"1e+", 1, 4, "exponent"},
    {"tru", 1, 1, "expected a JSON value, got 't'"},
    {"\"abc", 1, 5, "unexpected end of input inside string (started at line 1, column 1)"},
    {"\"a\nb\"", 1, 3, "control character 0x0A"},
    {"\"\\x\"", 1, 2, "invalid escape '\\x'"},
    {"\"\\u12G4\"", 1, 2, "bad \\u escape"},
    {"\"\\uDC00\"", 1, 2, "lone low surrogate"},
    {"\"\\uD800x\"", 1, 2, "not followed by a low surrogate"},
    {"\"\xc3\x28\"", 1, 2, "invalid UTF-8"},
    {"\"\xed\xa0\x80\"", 1, 2, "invalid UTF-8"},
    {"\"\xc0\xaf\"", 1, 2, "invalid UTF-8"},
    {"{}\n x", 2, 2, "expected the end of input after the JSON value, got 'x'"},
    {"[\n  1,\n  nul\n]", 3, 3, "expected a JSON value"},
    {"{\"\xec\x95\x88\":\"\xeb\x85\x95\", x}", 1, 11, "expected a string key"},
    {"// c\n{}", 1, 1, "expected a JSON value, got '/'"},
    {"\xef\xbb\xbf{}", 1, 1, "byte 0xEF"},
};

TEST(json_errors_have_positions) {
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        io_json *v = (io_json *)1;
        gs_error err;
        gs_error_clear(&err);
        gs_status st = io_json_parse(bad[i].text, strlen(bad[i].text), &v, &err);
        CHECKF(st == GS_ERR_PARSE && v == NULL, "case %zu: status %d", i, st);
        CHECKF(err.line == bad[i].line && err.col == bad[i].col, "case %zu [%s]: at %d:%d, expected %d:%d (%s)", i,
               bad[i].text, err.line, err.col, bad[i].line, bad[i].col, err.msg);
        CHECKF(strstr(err.msg, bad[i].msg) != NULL, "case %zu: message [%s] lacks [%s]", i, err.msg, bad[i].msg);
    }
}

TEST(json_depth_limit) {
    char t[300];
    int d = IO_JSON_MAX_DEPTH;
    for (int i = 0; i < d; i++) { t[i] = '['; t[2 * d - 1 - i] = ']'; }
    io_json *v;
    gs_error err;
    CHECK(io_json_parse(t, (size_t)(2 * d), &v, &err) == GS_OK);
    io_json_free(v);
    for (int i = 0; i <= d; i++) { t[i] = '['; t[2 * d + 1 - i] = ']'; }
    CHECK(io_json_parse(t, (size_t)(2 * d + 2), &v, &err) == GS_ERR_PARSE && v == NULL);
    CHECK(strstr(err.msg, "nested deeper") != NULL && err.col == d + 1);
    /* 100000 open brackets: stops at the limit */
    char *big = malloc(100000);
    REQUIRE(big);
    memset(big, '[', 100000);
    CHECK(io_json_parse(big, 100000, &v, &err) == GS_ERR_PARSE);
    free(big);
}

TEST(json_parse_at_sequence) {
    const char *t = "{\"a\":1}\n{\"a\":2}\n  [3]";
    size_t off = 0, len = strlen(t);
    int count = 0;
    for (;;) {
        while (off < len && (t[off] == '\n' || t[off] == ' ')) off++;
        if (off >= len) break;
        io_json *v;
        gs_error err;
        REQUIRE(io_json_parse_at(t, len, &off, &v, &err) == GS_OK);
        count++;
        io_json_free(v);
    }
    CHECK_EQ_INT(count, 3);
    /* an error in the third document is reported at the file's line */
    const char *u = "{}\n{}\n[1,,2]";
    off = 6;
    io_json *v;
    gs_error err;
    CHECK(io_json_parse_at(u, strlen(u), &off, &v, &err) == GS_ERR_PARSE);
    CHECK(err.line == 3 && err.col == 4);
}

TEST(json_every_prefix_and_mutation_is_safe) {
    static const char doc[] = "{\"format\":\"gridstone\",\"v\":[1,2.5,-3e2,true,null],\"s\":\"\\u00e9\\n\xec\x95\x88\"}";
    size_t n = sizeof doc - 1;
    for (size_t k = 0; k < n; k++) {
        io_json *v = NULL;
        gs_error err;
        CHECKF(io_json_parse(doc, k, &v, &err) == GS_ERR_PARSE && !v && err.line == 1 && err.col >= 1,
               "prefix %zu", k);
    }
    char t[sizeof doc];
    static const char bytes[] = {'{', '}', '[', ']', '"', '\\', ',', ':', '0', 'e', 0, (char)0x80};
    for (size_t k = 0; k < n; k++)
        for (size_t b = 0; b < sizeof bytes; b++) {
            memcpy(t, doc, n);
            t[k] = bytes[b];
            io_json *v = NULL;
            gs_error err;
            if (io_json_parse(t, n, &v, &err) == GS_OK) {
                char *w = io_json_write(v);
                io_json *v2 = NULL;
                CHECK(w && io_json_parse(w, strlen(w), &v2, &err) == GS_OK && io_json_equal(v, v2));
                io_json_free(v2);
                free(w);
                io_json_free(v);
            } else CHECK(v == NULL && err.line >= 1);
        }
}

TEST(json_large_object_duplicate_keys) {
    /* 5000 distinct keys then a repeat of key 17: found by the sort check */
    size_t cap = 5002 * 16, o = 0;
    char *t = malloc(cap);
    REQUIRE(t);
    t[o++] = '{';
    for (int i = 0; i < 5000; i++) o += (size_t)snprintf(t + o, cap - o, "%s\"k%d\":%d", i ? "," : "", i, i);
    size_t dup = o + 1;
    o += (size_t)snprintf(t + o, cap - o, ",\"k17\":1}");
    io_json *v;
    gs_error err;
    CHECK(io_json_parse(t, o, &v, &err) == GS_ERR_PARSE);
    CHECK(strstr(err.msg, "duplicate key \"k17\"") != NULL);
    CHECK(err.line == 1 && err.col == (int)dup + 7);   /* at the repeated member's value */
    memcpy(t + dup, "\"zz7\"", 5);
    REQUIRE(io_json_parse(t, o, &v, &err) == GS_OK);
    CHECK_EQ_INT(v->n, 5001);
    CHECK(io_json_get(v, "k4999") && io_json_get(v, "k4999")->num == 4999);
    io_json_free(v);
    free(t);
}

/* issue 15 item 10: whatever bytes a string holds, the writer's output is
 * valid JSON: valid UTF-8 is kept, every other byte becomes \ufffd. */
TEST(json_writer_never_emits_invalid_utf8) {
    static const struct { const char *in; size_t len; const char *out; } cases[] = {
        {"\xff\xfe", 2, "\"\\ufffd\\ufffd\""},
        {"a\xc3\xa9z", 4, "\"a\xc3\xa9z\""},                  /* e-acute kept */
        {"\xc3", 1, "\"\\ufffd\""},                             /* truncated sequence */
        {"\xe2\x82", 2, "\"\\ufffd\\ufffd\""},
        {"\xed\xa0\x80", 3, "\"\\ufffd\\ufffd\\ufffd\""},       /* encoded surrogate */
        {"\xc0\xaf", 2, "\"\\ufffd\\ufffd\""},                  /* overlong */
        {"\xf0\x9f\x98\x80!", 5, "\"\xf0\x9f\x98\x80!\""},      /* 4-byte kept */
        {"q\"\\\x01\x7f", 5, "\"q\\\"\\\\\\u0001\\u007f\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *q = gs_json_quote(cases[i].in, cases[i].len);
        REQUIRE(q);
        CHECKF(!strcmp(q, cases[i].out), "case %zu: got [%s]", i, q);
        io_json *v = NULL;
        gs_error err;
        CHECKF(io_json_parse(q, strlen(q), &v, &err) == GS_OK, "case %zu: [%s] does not parse: %s", i, q, err.msg);
        io_json_free(v);
        free(q);
    }
    /* every 3-byte string: the output always parses */
    for (unsigned a = 0x80; a < 0x100; a += 3)
        for (unsigned b = 0; b < 0x100; b += 5) {
            char in[3] = {(char)a, (char)b, (char)0xa9};
            char *q = gs_json_quote(in, 3);
            io_json *v = NULL;
            gs_error err;
            REQUIRE(q);
            CHECKF(io_json_parse(q, strlen(q), &v, &err) == GS_OK, "%02x %02x: %s", a, b, err.msg);
            io_json_free(v);
            free(q);
        }
}

/* The tree lives in an arena (io/arena.h): values of every kind keep
 * their text and order across many chunks, and a region allocation is
 * aligned and separate from its neighbours. */
TEST(json_tree_across_arena_chunks) {
    io_buf b;
    io_buf_init(&b);
    io_buf_puts(&b, "{");
    for (int i = 0; i < 3000; i++)
        io_buf_printf(&b, "%s\"k%d\":[%d,\"s%d\",{\"x\":%s}]", i ? "," : "", i, i, i, i % 2 ? "true" : "null");
    io_buf_puts(&b, "}");
    REQUIRE(!b.failed);
    io_json *v = jparse(b.s);
    REQUIRE(v && v->type == IO_JSON_OBJECT && v->n == 3000);
    for (int i = 0; i < 3000; i += 7) {
        char key[16], s[16];
        snprintf(key, sizeof key, "k%d", i);
        snprintf(s, sizeof s, "s%d", i);
        const io_json *a = io_json_get(v, key);
        REQUIRE(a && a->type == IO_JSON_ARRAY && a->n == 3);
        CHECK(a->items[0]->num == i);
        CHECK_EQ_STR(a->items[1]->str, s);
        CHECK(io_json_get(a->items[2], "x")->type == (i % 2 ? IO_JSON_TRUE : IO_JSON_NULL));
    }
    char *w = io_json_write(v);
    CHECK_EQ_STR(w, b.s);
    free(w);
    io_json_free(v);
    io_buf_free(&b);

    io_arena a;
    io_arena_init(&a, 0);
    char *prev = NULL;
    for (size_t n = 1; n < 3000; n += 37) {
        char *p = io_arena_alloc(&a, n);
        REQUIRE(p);
        CHECK(((uintptr_t)p & 7) == 0);
        memset(p, 'x', n);
        if (prev) CHECK(prev[0] == 'x');
        prev = p;
    }
    char *d = io_arena_strdup(&a, "abc", 2);
    CHECK_EQ_STR(d, "ab");
    io_arena_free(&a);
    CHECK(a.first == NULL);
}
