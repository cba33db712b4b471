/* gridstone: game spec strings - "name:key=value,key=value". */
#ifndef GRIDSTONE_SPEC_H
#define GRIDSTONE_SPEC_H

#include "gridstone/export.h"
#include "gridstone/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GS_SPEC_MAX_KEYS 16
#define GS_SPEC_MAX_TEXT 64

typedef struct gs_spec_kv {
    char key[GS_SPEC_MAX_TEXT];
    char val[GS_SPEC_MAX_TEXT];
    int used;                 /* set when a game consumed the key */
} gs_spec_kv;

typedef struct gs_spec {
    char name[GS_SPEC_MAX_TEXT];
    int nkv;
    gs_spec_kv kv[GS_SPEC_MAX_KEYS];
} gs_spec;

/* Parse "name" or "name:k=v,k=v".  Names and keys are lower-cased
 * [a-z0-9_-]; a key may appear once. */
GS_API gs_status gs_spec_parse(const char *text, gs_spec *out, gs_error *err);
/* Add or replace key=val (used for alias presets and --game overrides). */
GS_API gs_status gs_spec_set(gs_spec *s, const char *key, const char *val, gs_error *err);

/* Readers for game constructors.  Each marks the key used; a missing key
 * leaves *out at the default the caller put there.  Bad values give
 * GS_ERR_BAD_VALUE with a message naming the key. */
GS_API gs_status gs_spec_int(gs_spec *s, const char *key, int lo, int hi, int *out, gs_error *err);
GS_API gs_status gs_spec_double(gs_spec *s, const char *key, double lo, double hi, double *out, gs_error *err);
GS_API gs_status gs_spec_bool(gs_spec *s, const char *key, int *out, gs_error *err);
/* One of a NULL-terminated list of names; *out = its index. */
GS_API gs_status gs_spec_enum(gs_spec *s, const char *key, const char *const *names, int *out, gs_error *err);
/* The raw value or NULL (marks the key used). */
GS_API const char *gs_spec_get(gs_spec *s, const char *key);
/* GS_ERR_UNKNOWN_KEY naming the first key no reader consumed. */
GS_API gs_status gs_spec_check_unused(const gs_spec *s, gs_error *err);

#ifdef __cplusplus
}
#endif
#endif
