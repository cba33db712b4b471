/* Game spec strings: "name" or "name:key=value,key=value". */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
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

/* A spec is a value, not a file: its errors carry no line (so no caller
 * prints "line 1" for a command-line argument), only the column in it. */
static gs_status spec_err(gs_error *err, gs_status st, int col, const char *fmt, const char *arg) {
    return gs_error_set_at(err, st, 0, col, fmt, arg);
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
        /* no spaces around a value: "komi= 7" is a bad value, not 7 */
        if (!copy_word(key, ks, ke, 0)) return spec_err(err, GS_ERR_PARSE, col, "bad key in spec near '%.32s'", item);
        if (!copy_word(val, vs, ve, 1)) {
            char raw[GS_SPEC_MAX_TEXT];
            size_t n = (size_t)(ve - vs) < sizeof raw - 1 ? (size_t)(ve - vs) : sizeof raw - 1;
            memcpy(raw, vs, n);
            raw[n] = 0;
            return gs_error_set_at(err, GS_ERR_BAD_VALUE, 0, (int)(vs - text) + 1,
                                   "bad value for key '%s': '%s' (%s)", key, raw,
                                   n == 0 ? "empty" : strpbrk(raw, " \t") ? "no spaces in a spec"
                                                                       : "letters, digits, '-', '_', '.', '+' only");
        }
        for (int i = 0; i < out->nkv; i++)
            if (!strcmp(out->kv[i].key, key))
                return gs_error_set_at(err, GS_ERR_PARSE, 0, col, "key '%s' given twice", key);
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

/* Strict decimal readers: no spaces, no hex, no inf/nan, the whole text. */
static int read_long(const char *s, long *out) {
    const char *p = s;
    if (*p == '+' || *p == '-') p++;
    if (!isdigit((unsigned char)*p)) return 0;
    for (const char *q = p; *q; q++)
        if (!isdigit((unsigned char)*q)) return 0;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno || *end) return 0;
    *out = v;
    return 1;
}

static int read_double(const char *s, double *out) {
    const char *p = s;
    int digits = 0;
    if (*p == '+' || *p == '-') p++;
    while (isdigit((unsigned char)*p)) p++, digits++;
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p)) p++, digits++;
    }
    if (!digits) return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!isdigit((unsigned char)*p)) return 0;
        while (isdigit((unsigned char)*p)) p++;
    }
    if (*p) return 0;
    char *end;
    double v = strtod(s, &end);
    if (*end) return 0;
    *out = v == 0 ? 0.0 : v;   /* never -0 */
    return 1;
}

gs_status gs_spec_int(gs_spec *s, const char *key, int lo, int hi, int *out, gs_error *err) {
    gs_spec_kv *kv = find(s, key);
    if (!kv) return GS_OK;
    long v;
    if (!read_long(kv->val, &v) || v < lo || v > hi)
        return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected an integer %d..%d)",
                            key, kv->val, lo, hi);
    *out = (int)v;
    return GS_OK;
}

gs_status gs_spec_double(gs_spec *s, const char *key, double lo, double hi, double *out, gs_error *err) {
    gs_spec_kv *kv = find(s, key);
    if (!kv) return GS_OK;
    double v;
    if (!read_double(kv->val, &v) || !isfinite(v) || v < lo || v > hi)
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

/* ---- declarative keys ---- */

static const char *const bool_names[] = {"0", "1", "false", "true", "no", "yes", "off", "on", NULL};

const char *gs_spec_key_label(const gs_spec_key *k, gs_lang lang) {
    if (!k) return NULL;
    return lang == GS_LANG_KO && k->ko_label && k->ko_label[0] ? k->ko_label : k->name;
}

int gs_spec_key_count(const gs_spec_key *keys) {
    int n = 0;
    while (keys && keys[n].name) n++;
    return n;
}

const gs_spec_key *gs_spec_key_find(const gs_spec_key *keys, const char *name) {
    for (int i = 0; keys && name && keys[i].name; i++)
        if (!strcmp(keys[i].name, name)) return &keys[i];
    return NULL;
}

static int eq_nocase(const char *a, const char *b) {
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
    return *a == *b;
}

int gs_spec_key_enum(const gs_spec_key *k, const char *text) {
    if (!k || k->type != GS_KEY_ENUM || !k->names || !text) return -1;
    for (int j = 0; k->names[j]; j++)
        if (eq_nocase(text, k->names[j])) return j;
    for (int a = 0; k->aliases && k->aliases[a] && k->aliases[a + 1]; a += 2)
        if (eq_nocase(text, k->aliases[a]))
            for (int j = 0; k->names[j]; j++)
                if (!strcmp(k->aliases[a + 1], k->names[j])) return j;
    return -1;
}

/* "N" or "WxH" (also "WXH", "W:H"), each side lo..hi. */
static int read_size(const char *s, int lo, int hi, int *w, int *h) {
    char a[GS_SPEC_MAX_TEXT];
    const char *sep = strpbrk(s, "xX:");
    long x, y;
    if (sep) {
        size_t n = (size_t)(sep - s);
        if (n >= sizeof a) return 0;
        memcpy(a, s, n);
        a[n] = 0;
        if (!read_long(a, &x) || !read_long(sep + 1, &y)) return 0;
    } else {
        if (!read_long(s, &x)) return 0;
        y = x;
    }
    if (x < lo || x > hi || y < lo || y > hi) return 0;
    *w = (int)x;
    *h = (int)y;
    return 1;
}

char *gs_spec_key_values(const gs_spec_key *k, char *buf, size_t len) {
    if (!len) return buf;
    buf[0] = 0;
    size_t o = 0;
    switch (k->type) {
    case GS_KEY_INT: snprintf(buf, len, "%d..%d", (int)k->lo, (int)k->hi); break;
    case GS_KEY_SIZE: snprintf(buf, len, "N|WxH (%d..%d)", (int)k->lo, (int)k->hi); break;
    case GS_KEY_BOOL: snprintf(buf, len, "0|1"); break;
    case GS_KEY_NUMBER:
        if (k->step > 0) snprintf(buf, len, "%g..%g (multiple of %g)", k->lo, k->hi, k->step);
        else snprintf(buf, len, "%g..%g", k->lo, k->hi);
        break;
    case GS_KEY_ENUM:
        for (int j = 0; k->names && k->names[j]; j++) {
            int n = snprintf(buf + o, len - o, "%s%s", j ? "|" : "", k->names[j]);
            if (n < 0 || (size_t)n >= len - o) break;
            o += (size_t)n;
        }
        break;
    }
    return buf;
}

gs_status gs_spec_key_parse(const gs_spec_key *k, const char *text, gs_spec_val *out, gs_error *err) {
    gs_spec_val v = {0};
    int ok = 0;
    long l;
    switch (k->type) {
    case GS_KEY_INT:
        ok = read_long(text, &l) && l >= k->lo && l <= k->hi;
        v.i = ok ? (int)l : 0;
        break;
    case GS_KEY_NUMBER:
        ok = read_double(text, &v.d) && isfinite(v.d) && v.d >= k->lo && v.d <= k->hi &&
             (k->step <= 0 || v.d / k->step == floor(v.d / k->step));
        break;
    case GS_KEY_BOOL:
        for (int j = 0; bool_names[j]; j++)
            if (eq_nocase(text, bool_names[j])) ok = 1, v.i = j & 1;
        break;
    case GS_KEY_ENUM: ok = (v.i = gs_spec_key_enum(k, text)) >= 0; break;
    case GS_KEY_SIZE: ok = read_size(text, (int)k->lo, (int)k->hi, &v.i, &v.h); break;
    }
    if (!ok) {   /* one format per type, so each reads whole in Korean too (src/core/error_ko.c) */
        char what[160];
        switch (k->type) {
        case GS_KEY_INT:
            return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected an integer %d..%d)",
                                k->name, text, (int)k->lo, (int)k->hi);
        case GS_KEY_NUMBER:
            if (k->step > 0)
                return gs_error_set(err, GS_ERR_BAD_VALUE,
                                    "bad value for key '%s': '%s' (expected a number %g..%g (multiple of %g))", k->name,
                                    text, k->lo, k->hi, k->step);
            return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected a number %g..%g)",
                                k->name, text, k->lo, k->hi);
        case GS_KEY_SIZE:
            return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected N|WxH (%d..%d))",
                                k->name, text, (int)k->lo, (int)k->hi);
        default:   /* BOOL, ENUM: the values it takes */
            return gs_error_set(err, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected %s)", k->name, text,
                                gs_spec_key_values(k, what, sizeof what));
        }
    }
    v.set = 1;
    *out = v;
    return GS_OK;
}

gs_status gs_spec_read(gs_spec *s, const gs_spec_key *keys, gs_spec_val *vals, gs_error *err) {
    for (int i = 0; keys && keys[i].name; i++) {
        memset(&vals[i], 0, sizeof vals[i]);
        if (keys[i].def) {
            gs_status st = gs_spec_key_parse(&keys[i], keys[i].def, &vals[i], err);
            if (st != GS_OK) return st;   /* a bad table: the game's bug, still reported */
            vals[i].set = 0;
        }
        gs_spec_kv *kv = find(s, keys[i].name);
        if (kv) {
            gs_status st = gs_spec_key_parse(&keys[i], kv->val, &vals[i], err);
            if (st != GS_OK) return st;
        }
    }
    return gs_spec_check_unused(s, err);
}

char *gs_spec_value_text(const gs_spec_key *k, const gs_spec_val *v, char *buf, size_t len) {
    if (!len) return buf;
    switch (k->type) {
    case GS_KEY_INT: case GS_KEY_BOOL: snprintf(buf, len, "%d", v->i); break;
    case GS_KEY_NUMBER: snprintf(buf, len, "%g", v->d == 0 ? 0.0 : v->d); break;
    case GS_KEY_ENUM: {
        int n = 0;
        while (k->names && k->names[n]) n++;
        snprintf(buf, len, "%s", v->i >= 0 && v->i < n ? k->names[v->i] : "?");
        break;
    }
    case GS_KEY_SIZE:
        if (v->i == v->h) snprintf(buf, len, "%d", v->i);
        else snprintf(buf, len, "%dx%d", v->i, v->h);
        break;
    }
    return buf;
}

size_t gs_spec_write(const char *game, const gs_spec_key *keys, const gs_spec_val *vals, char *buf, size_t len) {
    size_t o = 0;
    char v[GS_SPEC_MAX_TEXT];
    int n = snprintf(len ? buf : NULL, len, "%s", game);
    o = n > 0 ? (size_t)n : 0;
    for (int i = 0; keys && keys[i].name; i++) {
        gs_spec_value_text(&keys[i], &vals[i], v, sizeof v);
        n = snprintf(o < len ? buf + o : NULL, o < len ? len - o : 0, "%c%s=%s", i ? ',' : ':', keys[i].name, v);
        if (n > 0) o += (size_t)n;
    }
    return o;
}
