/* libFuzzer target: the GTP line protocol.  The input is split into lines
 * and fed to one engine; every reply must be a complete GTP reply and the
 * engine must survive anything (searches are kept tiny). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#define GS_GTP_NO_CLI
#include "cli/cmd_gtp.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gtp *e = gtp_new("chinese", "beginner", 0, 8, 1);
    if (!e) return 0;
    e->est_playouts = 8;
    gtp_handle(e, "boardsize 7");   /* small boards keep each input fast; inputs may change it */
    char *buf = malloc(size + 1);
    if (!buf) { gtp_free(e); return 0; }
    memcpy(buf, data, size);
    buf[size] = 0;
    char *line = buf;
    for (int n = 0; line && n < 64 && !e->quit; n++) {
        char *nl = memchr(line, '\n', strlen(line));
        if (nl) *nl = 0;
        const char *r = gtp_handle(e, line);
        size_t rl = strlen(r);
        /* a reply is empty or "=..."/"?..." ended by an empty line */
        if (rl && ((r[0] != '=' && r[0] != '?') || rl < 3 || strcmp(r + rl - 2, "\n\n")))
            abort();
        line = nl ? nl + 1 : NULL;
    }
    free(buf);
    gtp_free(e);
    return 0;
}
