/* libFuzzer: the Gomocup engine through the protocol layer (proto.h): any
 * sequence of lines gets well-formed replies, no crash, no hang.  Engine
 * moves use a node limit (fast = 2) and an input gets at most 8 reply
 * lines' worth of them.  Games come from a shelf kept for the process,
 * and so does the search memory an ended engine leaves for the next (its
 * renewal resets everything the search reads).
 * An input that asks for deep searches (INFO timeout_turn: up to 1,024
 * nodes a move) costs 10-100 times a shallow one, and those took most of
 * the fuzzer's time: it weighs its choice of input by run time
 * (-entropic_scale_per_exec_time=1, as fuzz_gtp), so a fast input is
 * mutated more often; every input still runs in full and a crash
 * reproduces from its input alone.  Side by side, 120 s from one corpus:
 * 3.1-3.8x the executions per CPU second, the same edges.
 * fuzz-flags: -max_len=1024 -entropic_scale_per_exec_time=1 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "io/shelf.h"
#include "proto/proto.h"
/* ASan quarantine 16 MB: one input allocates at most 0.8 MB (mean 100 KB;
 * malloc hook, 20,000 runs, 2026-11-23 night) */
#define GS_FUZZ_QUARANTINE_MB "16"
#include "asan_quarantine.h"

/* Games kept on the shelf: more than the 64 an engine gets elsewhere.
 * The inputs name board sizes (5 to 32 by 5 to 32) and rules: 131 specs in
 * the 3,477 inputs of a 2.9 M-execution run's corpus; with 64 kept, 410
 * of the 2,904 games they asked for were built (47 KB each, cleared), with
 * 256 kept 131, each once.  A game put on
 * the shelf makes its input end with more allocations than it began with
 * (libFuzzer's leak check then runs it again): at most SHELF_KEEP times. */
#define SHELF_KEEP 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* a new engine per input; the games it builds (immutable) go on one
     * shelf for the process, so an input builds only games no earlier
     * input built (at most SHELF_KEEP kept, then engines own theirs) */
    static io_shelf *shelf;
    if (!shelf && !(shelf = io_shelf_new_max(SHELF_KEEP))) abort();
    proto_opts o = {0};
    o.fast = 2;
    o.shelf = shelf;
    gs_error err;
    proto *p = proto_new("gomocup", &o, &err);
    if (!p) abort();
    const char *line = (const char *)data, *end = line + size;
    int moves = 0;
    /* keep the number of engine moves per input small */
    while (line < end && moves < 8 && !proto_done(p)) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        const char *r = proto_handle(p, line, len);
        for (const char *q = r; *q; q++) moves += *q == '\n';
        size_t l = strlen(r);
        if (l && r[l - 1] != '\n') abort();
        /* a failed allocation is no answer here: ASan stops the process
         * first, so the engine's own "ERROR out of memory" line is a wrong
         * reply (it once answered a first INFO).  Only a whole line counts:
         * other errors quote the input, which may hold those words. */
        for (const char *q = r; (q = strstr(q, "ERROR out of memory\n")); q++)
            if (q == r || q[-1] == '\n') abort();
        line = nl ? nl + 1 : end;
    }
    proto_free(p);
    return 0;
}
