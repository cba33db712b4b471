/* A main for a fuzz target instead of libFuzzer's (build-fuzz/timed/TARGET,
 * bench/fuzz_slowest): runs LLVMFuzzerTestOneInput once on each file named
 * and prints the CPU time it took in microseconds (the process's: a busy
 * machine's other work does not count) and the file, one line each.
 * The input is a fresh heap copy of exactly its bytes, as libFuzzer gives
 * it, so a read past the end is still reported. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "fuzz_timed: %s: cannot open\n", argv[i]);
            return 2;
        }
        size_t cap = 4096, n = 0, r;
        uint8_t *buf = malloc(cap);
        while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0)
            if ((n += r) == cap) buf = realloc(buf, cap *= 2);
        fclose(f);
        if (!buf) return 2;
        uint8_t *in = malloc(n ? n : 1);
        if (!in) return 2;
        memcpy(in, buf, n);
        free(buf);
        double t = now();
        LLVMFuzzerTestOneInput(in, n);
        t = now() - t;
        free(in);
        printf("%.1f %s\n", t * 1e6, argv[i]);
    }
    return 0;
}
