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

#endif
