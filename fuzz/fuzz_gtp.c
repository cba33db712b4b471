/* libFuzzer target: the GTP engine through the protocol layer (proto.h).
 * The input is split into lines and fed to one engine; every reply must be
 * a complete GTP reply and the engine must survive anything.  Searches
 * are kept tiny and an input gets at most 2 commands that search or
 * estimate (genmove, reg_genmove, kgs-genmove_cleanup, final_score,
 * final_status_list): later ones are not sent, so one input costs at most
 * a few searches; everything else is fuzzed at full rate.  The input
 * chooses the searches' size: a first line "# playouts N" (a GTP comment,
 * which the engine ignores too) gives N playouts, 1..64; without it 2.  A
 * heavy playout on 19x19 costs about 0.5 ms under the sanitizers, so most
 * inputs search little and the deeper trees are there for those that ask.
 * fuzz-flags: -max_len=1024 */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <strings.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "io/shelf.h"
#include "proto/proto.h"
/* one input allocates at most 1.8 MB (measured on 966 inputs, 2026-11-23) */
#define GS_FUZZ_QUARANTINE_MB "16"
#include "asan_quarantine.h"

/* Does the line (an optional id, then the command) name a searching command? */
static int searches(const char *line, size_t len) {
    size_t i = 0;
    while (i < len && (isspace((unsigned char)line[i]) || isdigit((unsigned char)line[i]))) i++;
    static const char *const names[] = {"genmove", "reg_genmove", "kgs-genmove_cleanup", "final_score",
                                        "final_status_list", NULL};
    for (int k = 0; names[k]; k++) {
        size_t n = strlen(names[k]);
        if (len - i >= n && !strncasecmp(line + i, names[k], n)) return 1;
    }
    return 0;
}

/* The playouts a first line "# playouts N" asks for (1..64), else 2. */
static uint64_t budget(const uint8_t *data, size_t size) {
    static const char key[] = "# playouts ";
    size_t k = sizeof key - 1, i = k;
    if (size <= k || memcmp(data, key, k)) return 2;
    uint64_t n = 0;
    while (i < size && i < k + 3 && isdigit(data[i])) n = n * 10 + (uint64_t)(data[i++] - '0');
    return n < 1 ? 1 : n > 64 ? 64 : n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* a new engine per input; the games it builds (immutable) go on one
     * shelf for the process, so an input builds only games no earlier
     * input built (at most IO_SHELF_MAX kept, then engines own theirs) */
    static io_shelf *shelf;
    if (!shelf && !(shelf = io_shelf_new())) abort();
    proto_opts o = {0};
    o.level = "beginner";
    o.playouts = o.est_playouts = budget(data, size);
    o.seed = 1;
    o.size = 7;   /* small boards keep each input fast; inputs may change it */
    o.shelf = shelf;
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    if (!p) abort();
    const char *line = (const char *)data, *end = line + size;
    int heavy = 0;
    for (int n = 0; line < end && n < 64 && !proto_done(p); n++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        if (!searches(line, len) || heavy++ < 2) {
            const char *r = proto_handle(p, line, len);
            size_t rl = strlen(r);
            /* a line with a command always gets "=..."/"?..." ended by an empty line */
            if (rl && ((r[0] != '=' && r[0] != '?') || rl < 3 || strcmp(r + rl - 2, "\n\n"))) abort();
        }
        line = nl ? nl + 1 : end;
    }
    proto_free(p);
    return 0;
}
