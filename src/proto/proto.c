/* What the protocol engines share: construction by name, the command
 * table lookup and listing, line cleaning, time clamps. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "proto/proto.h"

static const proto_vt *const proto_vts[] = {&proto_gtp_vt, &proto_gomocup_vt, NULL};
static const char *const proto_name_list[] = {"gtp", "gomocup", NULL};

struct proto {
    const proto_vt *vt;
    void *engine;
};

const char *const *proto_names(void) { return proto_name_list; }

proto *proto_new(const char *name, const proto_opts *o, gs_error *err) {
    proto_opts def;
    memset(&def, 0, sizeof def);
    if (!o) o = &def;
    for (int i = 0; proto_vts[i]; i++) {
        if (strcmp(proto_vts[i]->name, name ? name : "")) continue;
        proto *p = malloc(sizeof *p);
        if (!p) { gs_error_set(err, GS_ERR_NOMEM, "out of memory"); return NULL; }
        p->vt = proto_vts[i];
        p->engine = p->vt->create(o, err);
        if (!p->engine) { free(p); return NULL; }
        return p;
    }
    gs_error_set(err, GS_ERR_BAD_VALUE, "unknown protocol '%s' (gtp, gomocup)", name ? name : "");
    return NULL;
}

const char *proto_handle(proto *p, const char *line, size_t len) {
    return p->vt->handle(p->engine, line ? line : "", line ? len : 0);
}

int proto_done(const proto *p) { return p->vt->done(p->engine); }

void proto_free(proto *p) {
    if (!p) return;
    p->vt->destroy(p->engine);
    free(p);
}

/* The first bytes are compared before the whole names: a lookup then
 * calls strcmp for the few names that start alike (under the fuzzers,
 * every strcmp call is also reported to libFuzzer: a scan of the whole
 * table per line was 5% of fuzz_gtp). */
static int first_byte(const char *s, int nocase) {
    return nocase ? tolower((unsigned char)s[0]) : (unsigned char)s[0];
}

const proto_cmd *proto_cmd_find(const proto_cmd *table, const char *name, int nocase) {
    int first = first_byte(name, nocase);
    for (const proto_cmd *c = table; c->name; c++)
        if (first_byte(c->name, nocase) == first && !(nocase ? strcasecmp(c->name, name) : strcmp(c->name, name)))
            return c;
    return NULL;
}

void proto_cmd_list(const proto_cmd *table, io_buf *out) {
    for (const proto_cmd *c = table; c->name; c++) {
        if (c != table) io_buf_putc(out, '\n');
        io_buf_puts(out, c->name);
    }
}

char *proto_line_buf(char **buf, size_t *cap, size_t need) {
    if (need <= *cap) return *buf;
    size_t n = *cap * 2 > 128 ? *cap * 2 : 128;
    if (n < need) n = need;
    if (n > PROTO_MAX_LINE + 1) n = PROTO_MAX_LINE + 1;   /* >= need, see proto.h */
    char *b = realloc(*buf, n);
    if (!b) return NULL;
    *buf = b;
    *cap = n;
    return b;
}

size_t proto_clean_line(const char *line, size_t len, char *dst, int comment) {
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)line[i];
        if (comment && ch == '#') break;
        if (ch == '\t') ch = ' ';
        if (ch < 32 || ch == 127) continue;
        dst[k++] = (char)ch;
    }
    dst[k] = 0;
    return k;
}

double proto_clamp_time(double v, double max) {
    if (!(v > 0)) return 0;   /* NaN and negatives */
    return v > max ? max : v;
}
