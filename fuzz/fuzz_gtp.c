/* libFuzzer target: the GTP engine through the protocol layer (proto.h).
 * The input is split into lines and fed to one engine; every reply must be
 * a complete GTP reply and the engine must survive anything (searches are
 * kept tiny). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "proto/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    proto_opts o = {0};
    o.level = "beginner";
    o.playouts = 8;
    o.est_playouts = 8;
    o.seed = 1;
    gs_error err;
    proto *p = proto_new("gtp", &o, &err);
    if (!p) abort();
    proto_handle(p, "boardsize 7", 11);   /* small boards keep each input fast; inputs may change it */
    const char *line = (const char *)data, *end = line + size;
    for (int n = 0; line < end && n < 64 && !proto_done(p); n++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        const char *r = proto_handle(p, line, len);
        size_t rl = strlen(r);
        /* a line with a command always gets "=..."/"?..." ended by an empty line */
        if (rl && ((r[0] != '=' && r[0] != '?') || rl < 3 || strcmp(r + rl - 2, "\n\n"))) abort();
        line = nl ? nl + 1 : end;
    }
    proto_free(p);
    return 0;
}
