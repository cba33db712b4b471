/* libFuzzer target: the GTP engine through the protocol layer (proto.h).
 * The input is split into lines and fed to one engine; every reply must be
 * a complete GTP reply and the engine must survive anything.  Searches
 * are kept tiny and an input gets at most 2 commands that search or
 * estimate (genmove, reg_genmove, kgs-genmove_cleanup, final_score,
 * final_status_list, printsgf): later ones are not sent, so one input costs at most
 * a few searches; everything else is fuzzed at full rate.  A line is
 * classified as the engine reads it (control bytes dropped, '#' starts a
 * comment, an optional numeric id), so "\x15genmove w" counts too.
 *
 * The input chooses the searches' size: a first line "# playouts N" (a GTP
 * comment, which the engine ignores too) gives N playouts, 1..64; without
 * it 1 (2 until 2026-12-01: the searches were a third of a replay of the
 * corpus; 1 replays it 1.08-1.12x faster).  N is counted in 9x9 playouts: a search's cost grows with the
 * points of the board (a heavy playout on 19x19 costs about 0.5 ms under
 * the sanitizers, 4.5 times a 9x9 one), so on a bigger board the engine
 * gets N * 81 / points playouts (at least 1), where the
 * board is the largest the input can reach (its boardsize lines; a loadsgf
 * line counts as 25x25).  Most inputs search little and the deeper trees
 * are there for those that ask, on every board size.  A ceiling of 16
 * instead of 64 (2026-12-02, GTP_MAX_PLAYOUTS) ran 1.00 / 1.17 / 1.10x the
 * executions per CPU second in three 180 s pairs from the seeds (seeds 11,
 * 12, 13) but reached 3 / 19 / 4 fewer edges: 64 stays.
 *
 * Those deep inputs cost 10-50 times a shallow one, and the fuzzer's
 * schedule picks them as often (more playouts light more counters, which
 * it takes for news), so they took most of its time: it is told to weigh
 * its choice by each input's run time (-entropic_scale_per_exec_time=1),
 * and mutates a fast input more often than a slow one, up to 30 times.
 * Every input still runs in full; a run is then no longer the same for
 * one -seed (the schedule depends on measured times), a crash still
 * reproduces from its input alone.  Side by side, 150 s from one corpus:
 * 2.3x the executions per CPU second, the same edges and features.
 *
 * Inputs are at most 512 bytes (1,024 until 2026-12-02): room for the 64
 * lines sent (MAX_LINES) of eight bytes each, and GTP commands are short.
 * Side by side from the seeds, each run with the seeds and flags of its
 * commit, all at once: 1.10x the executions per CPU second over 1.5 M
 * runs (seed 7; 16 more edges, 4.6% fewer features) and 1.26x over 4 M
 * (seed 3; 7 more edges, 6.6% fewer features: a feature is an edge's hit
 * count class, and shorter inputs loop less).
 * fuzz-flags: -max_len=512 -entropic_scale_per_exec_time=1 */
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

/* The command word of a line as the engine reads it, cleaned into buf
 * (room for len + 1); NULL when the line holds no command.  *arg gets the
 * rest of the line (its arguments). */
static const char *command(const char *line, size_t len, char *buf, const char **arg) {
    proto_clean_line(line, len, buf, 1);
    char *p = buf + strspn(buf, " ");
    if (isdigit((unsigned char)*p)) {   /* an id */
        p += strspn(p, "0123456789");
        if (*p != ' ') return NULL;
        p += strspn(p, " ");
    }
    if (!*p) return NULL;
    char *end = p + strcspn(p, " ");
    *arg = *end ? end + 1 : end;
    *end = 0;
    return p;
}

/* Does the command search or estimate? */
static int searches(const char *cmd) {
    /* printsgf after two passes writes the result final_score gives:
     * a dead-stone estimate (uncounted until 2026-12-02, it made the
     * dearest inputs of the corpus: one printsgf per pass pair) */
    static const char *const names[] = {"genmove", "reg_genmove", "kgs-genmove_cleanup", "final_score",
                                        "final_status_list", "printsgf", NULL};
    for (int k = 0; names[k]; k++)
        if (!strcasecmp(cmd, names[k])) return 1;
    return 0;
}

/* The playouts a first line "# playouts N" asks for (1..GTP_MAX_PLAYOUTS), else 1. */
#ifndef GTP_MAX_PLAYOUTS
#define GTP_MAX_PLAYOUTS 64
#endif
static uint64_t budget(const uint8_t *data, size_t size) {
    static const char key[] = "# playouts ";
    size_t k = sizeof key - 1, i = k;
    if (size <= k || memcmp(data, key, k)) return 1;
    uint64_t n = 0;
    while (i < size && i < k + 3 && isdigit(data[i])) n = n * 10 + (uint64_t)(data[i++] - '0');
    return n < 1 ? 1 : n > GTP_MAX_PLAYOUTS ? GTP_MAX_PLAYOUTS : n;
}

/* The lines the harness sends: at most 64 (MAX_LINES). */
#define MAX_LINES 64

/* One pass over the lines that will be sent: the side of the largest board
 * the input can reach (the start, 7; its boardsize lines, a value the
 * engine refuses counted as what it is, at most 25; 25 for a loadsgf line,
 * a file of any size); bit k of *cmds is set when line k holds a command,
 * of *heavy when that command searches. */
static int scan(const uint8_t *data, size_t size, char *buf, uint64_t *cmds, uint64_t *heavy) {
    const char *line = (const char *)data, *end = line + size, *arg;
    int side = 7;
    *cmds = *heavy = 0;
    for (int k = 0; line < end && k < MAX_LINES; k++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        const char *cmd = command(line, len, buf, &arg);
        line = nl ? nl + 1 : end;
        if (!cmd) continue;
        *cmds |= 1ull << k;
        if (searches(cmd)) *heavy |= 1ull << k;
        else if (!strcasecmp(cmd, "loadsgf")) side = 25;
        else if (!strcasecmp(cmd, "boardsize")) {
            long v = strtol(arg, NULL, 10);
            if (v > side) side = v > 25 ? 25 : (int)v;
        }
    }
    return side;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* a new engine per input; the games it builds (immutable) go on one
     * shelf for the process, so an input builds only games no earlier
     * input built (at most IO_SHELF_MAX kept, then engines own theirs) */
    static io_shelf *shelf;
    if (!shelf && !(shelf = io_shelf_new())) abort();
    char *buf = malloc(size + 1);   /* a cleaned line */
    if (!buf) abort();
    uint64_t n = budget(data, size), cmds, heavy;
    int side = scan(data, size, buf, &cmds, &heavy), points = side * side;
    free(buf);
    if (points > 81) {
        uint64_t least = 1, scaled = n * 81 / (uint64_t)points;
        n = scaled > least ? scaled : least;
    }
    proto_opts o = {0};
    o.level = "beginner";
    o.playouts = o.est_playouts = n;
    o.seed = 1;
    o.size = 7;   /* small boards keep each input fast; inputs may change it */
    o.shelf = shelf;
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    if (!p) abort();
    const char *line = (const char *)data, *end = line + size;
    int searched = 0;
    for (int k = 0; line < end && k < MAX_LINES && !proto_done(p); k++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        if (!(heavy >> k & 1) || searched++ < 2) {
            const char *r = proto_handle(p, line, len);
            size_t rl = strlen(r);
            /* a line with a command always gets "=..."/"?..." ended by an
             * empty line (and so does one with a malformed id) */
            if ((cmds >> k & 1 && !rl) || (rl && ((r[0] != '=' && r[0] != '?') || rl < 3 || strcmp(r + rl - 2, "\n\n"))))
                abort();
            /* ASan stops the process before an allocation could fail, so
             * "out of memory" is a wrong reply here (the Gomocup engine
             * once gave it for a first INFO).  The whole reply must be the
             * engine's own, "?[id] out of memory": other errors may quote
             * the input. */
            if (rl && r[0] == '?') {
                const char *q = r + 1;
                while (*q >= '0' && *q <= '9') q++;
                if (!strcmp(q, " out of memory\n\n")) abort();
            }
        }
        line = nl ? nl + 1 : end;
    }
    proto_free(p);
    return 0;
}
