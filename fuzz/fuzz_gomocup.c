/* libFuzzer: the Gomocup protocol line parser and engine state machine:
 * any sequence of lines gets well-formed replies, no crash, no hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ai/gomocup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static gmk_proto P;
    static char out[1 << 16];
    gmk_proto_init(&P);
    P.fast = 2;
    char line[600];
    size_t n = 0;
    int moves = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i == size || data[i] == '\n') {
            line[n] = 0;
            /* keep the number of engine moves per input small */
            if (moves < 8) {
                if (gmk_proto_line(&P, line, out, sizeof out)) break;
                for (char *p = out; *p; p++) moves += *p == '\n';
                size_t l = strlen(out);
                if (l && out[l - 1] != '\n') __builtin_trap();
            }
            n = 0;
        } else if (n + 1 < sizeof line) {
            line[n++] = data[i] ? (char)data[i] : ' ';
        }
    }
    gmk_proto_free(&P);
    return 0;
}
