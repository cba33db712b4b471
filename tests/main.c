/* The unit/property test runner: runs every registered TEST (or those whose
 * name contains argv[1]) and ends with "N passed, N failed, N skipped".
 * A test that calls gs_test_skip (SLOW_ONLY without GS_SLOW=1) prints
 * "skip NAME: why", never "ok". */
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>
#include "test.h"

#define MAX_TESTS 4096
static struct { const char *name, *file; gs_test_fn fn; } tests[MAX_TESTS];
static int ntests, cur_failed;
static const char *cur_skip;

void gs_test_register(const char *name, const char *file, gs_test_fn fn) {
    if (ntests < MAX_TESTS) {
        tests[ntests].name = name; tests[ntests].file = file; tests[ntests].fn = fn;
        ntests++;
    }
}

void gs_test_fail(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    if (cur_failed < 10) {
        fprintf(stdout, "    %s:%d: ", file, line);
        va_start(ap, fmt);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
    }
    cur_failed++;
}

int gs_test_failed_now(void) { return cur_failed; }

void gs_test_skip(const char *why) { cur_skip = why ? why : "skipped"; }

int gs_test_slow(void) {
    const char *e = getenv("GS_SLOW");
    return e && e[0] == '1';
}

const char *gs_testdata(void) {
    const char *e = getenv("GS_TESTDATA");
    return e ? e : "tests/data";
}

const char *gs_cli(void) {
    const char *e = getenv("GS_CLI");
    return e ? e : "build/gridstone";
}

static int cmp_tests(const void *a, const void *b) {
    const char *fa = ((const __typeof__(tests[0]) *)a)->file, *fb = ((const __typeof__(tests[0]) *)b)->file;
    int c = strcmp(fa, fb);
    return c ? c : strcmp(((const __typeof__(tests[0]) *)a)->name, ((const __typeof__(tests[0]) *)b)->name);
}

int main(int argc, char **argv) {
    int passed = 0, failed = 0, skipped = 0;
    const char *filter = argc > 1 ? argv[1] : NULL;
    qsort(tests, (size_t)ntests, sizeof tests[0], cmp_tests);
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int i = 0; i < ntests; i++) {
        if (filter && !strstr(tests[i].name, filter)) continue;
        cur_failed = 0;
        cur_skip = NULL;
        clock_t t0 = clock();
        tests[i].fn();
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (cur_failed) { failed++; printf("FAIL %s (%d checks failed)\n", tests[i].name, cur_failed); }
        else if (cur_skip) { skipped++; printf("skip %s: %s\n", tests[i].name, cur_skip); }
        else { passed++; printf("ok   %s%s\n", tests[i].name, secs > 2 ? " (slow)" : ""); }
    }
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
