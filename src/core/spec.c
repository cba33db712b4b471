/* Game spec strings: "name" or "name:key=value,key=value". */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/spec.h"

static int word_char(int c) { return isalnum(c) || c == '_' || c == '-'; }

/* Copy [s, e) lower-cased into dst; 0 if empty, too long or not a word. */
static int copy_word(char *dst, const char *s, const char *e, int allow_value_chars) {
    size_t n = (size_t)(e - s);
    if (n == 0 || n >= GS_SPEC_MAX_TEXT) return 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (!word_char(c) && !(allow_value_chars && (c == '.' || c == '+'))) return 0;
        dst[i] = (char)(allow_value_chars ? c : tolower(c));
    }
    dst[n] = 0;
    return 1;
}

static gs_status spec_err(gs_error *err, gs_status st, int col, const char *fmt, const char *arg) {
    return gs_error_set_at(err, st, 1, col, fmt, arg);
}

gs_status gs_spec_parse(const char *text, gs_spec *out, gs_error *err) {
    memset(out, 0, sizeof *out);
    if (!text) return gs_error_set(err, GS_ERR_INVALID_ARG, "no game spec given");
    const char *p = text, *colon = strchr(text, ':');
    const char *name_end = colon ? colon : text + strlen(text);
    while (*p == ' ') p++;
    const char *ne = name_end;
    while (ne > p && ne[-1] == ' ') ne--;
    if (ne == p) return spec_err(err, GS_ERR_PARSE, 1, "empty game name in spec '%s'", text);
    if (!copy_word(out->name, p, ne, 0))
        return spec_err(err, GS_ERR_PARSE, 1, "bad game name in spec '%.64s'", text);
    if (!colon) return GS_OK;
    p = colon + 1;
    if (!*p) return GS_OK;
    for (;;) {
        const char *item = p, *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        const char *eq = memchr(item, '=', (size_t)(end - item));
        char key[GS_SPEC_MAX_TEXT], val[GS_SPEC_MAX_TEXT];
        int col = (int)(item - text) + 1;
        if (!eq) {
            char tmp[GS_SPEC_MAX_TEXT];
            size_t n = (size_t)(end - item) < sizeof tmp - 1 ? (size_t)(end - item) : sizeof tmp - 1;
            memcpy(tmp, item, n);
            tmp[n] = 0;
            return spec_err(err, GS_ERR_PARSE, col, "expected key=value in spec, got '%s'", tmp);
        }
        const char *ks = item, *ke = eq, *vs = eq + 1, *ve = end;
        while (ks < ke && *ks == ' ') ks++;
        while (ke > ks && ke[-1] == ' ') ke--;
        while (vs < ve && *vs == ' ') vs++;
        while (ve > vs && ve[-1] == ' ') ve--;
        if (!copy_word(key, ks, ke, 0)) return spec_err(err, GS_ERR_PARSE, col, "bad key in spec near '%.32s'", item);
        if (!copy_word(val, vs, ve, 1))
            return gs_error_set_at(err, GS_ERR_BAD_VALUE, 1, (int)(vs - text) + 1, "bad value for key '%s'", key);
        for (int i = 0; i < out->nkv; i++)
            if (!strcmp(out->kv[i].key, key))
                return gs_error_set_at(err, GS_ERR_PARSE, 1, col, "key '%s' given twice", key);
        if (out->nkv >= GS_SPEC_MAX_KEYS) return spec_err(err, GS_ERR_PARSE, col, "too many keys in spec%s", "");
        strcpy(out->kv[out->nkv].key, key);
        strcpy(out->kv[out->nkv].val, val);
        out->nkv++;
        if (!*end) break;
        p = end + 1;
    }
    return GS_OK;
}

gs_status gs_spec_set(gs_spec *s, const char *key, const char *val, gs_error *err) {
    if (strlen(key) >= GS_SPEC_MAX_TEXT || strlen(val) >= GS_SPEC_MAX_TEXT)
        return gs_error_set(err, GS_ERR_BAD_VALUE, "spec key or value too long: '%.32s'", key);
    for (int i = 0; i < s->nkv; i++)
        if (!strcmp(s->kv[i].key, key)) {
            strcpy(s->kv[i].val, val);
            return GS_OK;
        }
    if (s->nkv >= GS_SPEC_MAX_KEYS) return gs_error_set(err, GS_ERR_BAD_VALUE, "too many keys in spec");
    strcpy(s->kv[s->nkv].key, key);
    strcpy(s->kv[s->nkv].val, val);
    s->kv[s->nkv].used = 0;
    s->nkv++;
    return GS_OK;
}

static gs_spec_kv *find(gs_spec *s, const char *key) {
    for (int i = 0; i < s->nkv; i++)
        if (!strcmp(s->kv[i].key, key)) {
            s->kv[i].used = 1;
            return &s->kv[i];
        }
    return NULL;
}

const char *gs_spec_get(gs_spec *s, const char *key) {
    gs_spec_kv *kv = find(s, key);
    return kv ? kv->val : NULL;
}

gs_status gs_spec_int(gs_spec *s, const char *key, int lo, int hi, int *out, gs_error *err) {
    gs_spec_kv *kv = find(s, key);
    if (!kv) return GS_OK;
    char *end;
    errno = 0;
    long v = strtol(kv->val, &end, 10);
    if (*end || errno || end == kv->val || v < lo || v > hi)
        return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected an integer %d..%d)",
                            key, kv->val, lo, hi);
    *out = (int)v;
    return GS_OK;
}

gs_status gs_spec_double(gs_spec *s, const char *key, double lo, double hi, double *out, gs_error *err) {
    gs_spec_kv *kv = find(s, key);
    if (!kv) return GS_OK;
    char *end;
    double v = strtod(kv->val, &end);
    if (*end || end == kv->val || !isfinite(v) || v < lo || v > hi)
        return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected a number %g..%g)",
                            key, kv->val, lo, hi);
    *out = v;
    return GS_OK;
}

gs_status gs_spec_bool(gs_spec *s, const char *key, int *out, gs_error *err) {
    static const char *const names[] = {"0", "1", "false", "true", "no", "yes", "off", "on", NULL};
    int i = -1;
    gs_status st = gs_spec_enum(s, key, names, &i, err);
    if (st == GS_OK && i >= 0) *out = i & 1;
    return st;
}

gs_status gs_spec_enum(gs_spec *s, const char *key, const char *const *names, int *out, gs_error *err) {
    gs_spec_kv *kv = find(s, key);
    if (!kv) return GS_OK;
    char lower[GS_SPEC_MAX_TEXT];
    size_t i = 0;
    for (; kv->val[i]; i++) lower[i] = (char)tolower((unsigned char)kv->val[i]);
    lower[i] = 0;
    for (int j = 0; names[j]; j++)
        if (!strcmp(lower, names[j])) {
            *out = j;
            return GS_OK;
        }
    char list[160] = "";
    for (int j = 0; names[j] && strlen(list) + strlen(names[j]) + 2 < sizeof list; j++) {
        if (j) strcat(list, "|");
        strcat(list, names[j]);
    }
    return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected %s)", key, kv->val, list);
}

gs_status gs_spec_check_unused(const gs_spec *s, gs_error *err) {
    for (int i = 0; i < s->nkv; i++)
        if (!s->kv[i].used)
            return gs_error_set(err, GS_ERR_UNKNOWN_KEY, "unknown key '%s' for game '%s'", s->kv[i].key, s->name);
    return GS_OK;
}
