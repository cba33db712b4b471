/* gridstone test framework: TEST(name) { ... } registers itself; CHECK
 * records a failure and goes on, REQUIRE records it and leaves the test. */
#ifndef GS_TEST_H
#define GS_TEST_H

#include <stdio.h>
#include <string.h>

typedef void (*gs_test_fn)(void);
void gs_test_register(const char *name, const char *file, gs_test_fn fn);
void gs_test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int gs_test_failed_now(void);
/* Mark the running test skipped (reported "skip NAME: why" unless a check
 * failed); the test should return right after. */
void gs_test_skip(const char *why);
/* 1 when GS_SLOW=1 asks for the long tests. */
int gs_test_slow(void);
/* At the top of a test that only runs with GS_SLOW=1. */
#define SLOW_ONLY() do { if (!gs_test_slow()) { gs_test_skip("needs GS_SLOW=1"); return; } } while (0)
/* Path of the reference data, tests/data (env GS_TESTDATA overrides). */
const char *gs_testdata(void);
/* Path of the built CLI (env GS_CLI, default build/gridstone). */
const char *gs_cli(void);

#define TEST(name)                                                        \
    static void test_##name(void);                                        \
    __attribute__((constructor)) static void reg_##name(void) {           \
        gs_test_register(#name, __FILE__, test_##name);                   \
    }                                                                     \
    static void test_##name(void)

#define CHECK(cond) do { if (!(cond)) gs_test_fail(__FILE__, __LINE__, "%s", #cond); } while (0)
#define CHECKF(cond, ...) do { if (!(cond)) gs_test_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define REQUIRE(cond) do { if (!(cond)) { gs_test_fail(__FILE__, __LINE__, "%s", #cond); return; } } while (0)
#define REQUIREF(cond, ...) do { if (!(cond)) { gs_test_fail(__FILE__, __LINE__, __VA_ARGS__); return; } } while (0)
#define CHECK_EQ_INT(a, b) do { long long a_ = (long long)(a), b_ = (long long)(b); \
    if (a_ != b_) gs_test_fail(__FILE__, __LINE__, "%s == %lld, expected %lld", #a, a_, b_); } while (0)
#define CHECK_EQ_STR(a, b) do { const char *a_ = (a), *b_ = (b); \
    if (!a_ || !b_ || strcmp(a_, b_)) gs_test_fail(__FILE__, __LINE__, "%s == \"%s\", expected \"%s\"", #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); } while (0)

/* ---- shared helpers (tests/tl.c): each fails the running test with the
 * caller's file and line when it cannot deliver, and returns NULL/0. ---- */
#include <stddef.h>
#include <stdint.h>
typedef struct gs_game gs_game;
typedef struct gs_state gs_state;
typedef struct io_json io_json;

/* The game of spec (the test fails naming spec and the error otherwise). */
gs_game *tl_game_at(const char *file, int line, const char *spec);
#define tl_game(spec) tl_game_at(__FILE__, __LINE__, (spec))

/* ASCII positions: 'X' black, 'O' white, '.' empty, cells in row-major
 * order from the top-left; every other character (spaces, '/', newlines)
 * is ignored.  tl_cells fills cells and returns how many it read. */
int tl_cells(const char *rows, uint8_t *cells, int max);
/* A state of g set up from rows (the cell count must be the board's);
 * to_move GS_BLACK/GS_WHITE, or 0: white when black has more stones. */
gs_state *tl_position_at(const char *file, int line, const gs_game *g, const char *rows, int to_move);
#define tl_position(g, rows, to_move) tl_position_at(__FILE__, __LINE__, (g), (rows), (to_move))
/* The same from an array of g's height rows. */
gs_state *tl_position_rows_at(const char *file, int line, const gs_game *g, const char *const *rows, int to_move);
#define tl_position_rows(g, rows, to_move) tl_position_rows_at(__FILE__, __LINE__, (g), (rows), (to_move))
/* 1 when s's board is rows (same cells, same count). */
int tl_same_board(const gs_state *s, const char *rows);

/* Texts in two languages: the printf conversions of fmt concatenated
 * ("%s%d"; "%%" is not one), and whether s is valid UTF-8 with a Hangul
 * syllable in it. */
void tl_conversions(const char *fmt, char *out, size_t len);
int tl_has_hangul(const char *s);

/* JSON Lines through the project's JSON reader (src/io/json.c).  Opens
 * tests/data/<name> (the test fails if it cannot); tl_jsonl_next parses
 * the next non-blank line into *out (free with tl_json_free) and returns
 * its line number, 0 at the end or on a parse error (which fails the test). */
typedef struct tl_jsonl tl_jsonl;
tl_jsonl *tl_jsonl_open_at(const char *file, int line, const char *name);
#define tl_jsonl_open(name) tl_jsonl_open_at(__FILE__, __LINE__, (name))
int tl_jsonl_next(tl_jsonl *r, io_json **out);
void tl_jsonl_close(tl_jsonl *r);
void tl_json_free(io_json *v);
/* Members of an object: a number (def if absent or not a number), a string
 * (NULL if absent), an array's length and items (0 / NULL if not one). */
double tl_json_num(const io_json *o, const char *key, double def);
const char *tl_json_str(const io_json *o, const char *key);
int tl_json_len(const io_json *v);
const io_json *tl_json_at(const io_json *v, int i);
const io_json *tl_json_get(const io_json *o, const char *key);

#endif
