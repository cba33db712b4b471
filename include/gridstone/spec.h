/* gridstone: game spec strings - "name:key=value,key=value". */
#ifndef GRIDSTONE_SPEC_H
#define GRIDSTONE_SPEC_H

#include "gridstone/export.h"
#include <stddef.h>
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

/* Readers for single keys (AI level options; games use gs_spec_read with
 * their key table).  Each marks the key used; a missing key leaves *out at
 * the default the caller put there.  Numbers are strict decimals (no
 * spaces, hex, inf or nan).  Bad values give GS_ERR_BAD_VALUE with a
 * message naming the key. */
GS_API gs_status gs_spec_int(gs_spec *s, const char *key, int lo, int hi, int *out, gs_error *err);
GS_API gs_status gs_spec_double(gs_spec *s, const char *key, double lo, double hi, double *out, gs_error *err);
GS_API gs_status gs_spec_bool(gs_spec *s, const char *key, int *out, gs_error *err);
/* One of a NULL-terminated list of names; *out = its index. */
GS_API gs_status gs_spec_enum(gs_spec *s, const char *key, const char *const *names, int *out, gs_error *err);
/* The raw value or NULL (marks the key used). */
GS_API const char *gs_spec_get(gs_spec *s, const char *key);
/* GS_ERR_UNKNOWN_KEY naming the first key no reader consumed. */
GS_API gs_status gs_spec_check_unused(const gs_spec *s, gs_error *err);

/* ---- declarative spec keys ----
 * Each game lists its keys in a table (gs_game_ops.keys, ended by an entry
 * with name NULL).  The core reads a spec against the table (unknown keys
 * and bad values are errors naming the key), writes the canonical spec and
 * the help text from it; tools list a game's keys with gs_game_keys. */
typedef enum gs_key_type {
    GS_KEY_INT = 0,     /* a decimal integer in lo..hi */
    GS_KEY_NUMBER,      /* a decimal number in lo..hi (a multiple of step when step > 0) */
    GS_KEY_BOOL,        /* 0 or 1 (also false/true, no/yes, off/on) */
    GS_KEY_ENUM,        /* one of names (or an alias of one), any case */
    GS_KEY_SIZE         /* a board size: N or WxH, each side in lo..hi */
} gs_key_type;

/* What a key means to the file formats: the board size (N|WxH), or its
 * width / height alone.  io writes SGF SZ[] into the key with that role. */
typedef enum gs_key_role { GS_ROLE_NONE = 0, GS_ROLE_SIZE, GS_ROLE_WIDTH, GS_ROLE_HEIGHT } gs_key_role;

typedef struct gs_spec_key {
    const char *name;
    gs_key_type type;
    const char *def;             /* default in spec text; NULL: the game derives it (help says how) */
    double lo, hi;               /* INT, NUMBER, SIZE (each side) */
    double step;                 /* NUMBER: values must be multiples of it (0: any) */
    const char *const *names;    /* ENUM: the canonical values, NULL-terminated */
    const char *const *aliases;  /* ENUM, optional: pairs {"alias", "canonical", ..., NULL} */
    const char *help;            /* one line */
    gs_key_role role;
    const char *ko_label;        /* the key's name for Korean players, a few words ("판 크기", "덤");
                                    what forms and listings show (gs_spec_key_label) */
} gs_spec_key;

/* A key's value: set = 1 when the spec gave it (else the default). */
typedef struct gs_spec_val {
    int set;
    int i;                       /* INT, BOOL (0/1), ENUM (index in names), SIZE (width) */
    int h;                       /* SIZE: height */
    double d;                    /* NUMBER */
} gs_spec_val;

/* The key's label in lang: its ko_label in Korean (when it has one),
 * otherwise its name. */
GS_API const char *gs_spec_key_label(const gs_spec_key *k, gs_lang lang);
/* Number of keys in a table. */
GS_API int gs_spec_key_count(const gs_spec_key *keys);
/* The key named name in a table, or NULL. */
GS_API const gs_spec_key *gs_spec_key_find(const gs_spec_key *keys, const char *name);
/* Read one value as the key's type says; GS_ERR_BAD_VALUE naming the key. */
GS_API gs_status gs_spec_key_parse(const gs_spec_key *k, const char *text, gs_spec_val *out, gs_error *err);
/* ENUM: the index of text (a name or an alias, any case), or -1. */
GS_API int gs_spec_key_enum(const gs_spec_key *k, const char *text);
/* Read every key of the table from s into vals[] (table order): the
 * default, then the spec's value.  Marks the keys used; a key the table
 * lacks is GS_ERR_UNKNOWN_KEY naming it and the game. */
GS_API gs_status gs_spec_read(gs_spec *s, const gs_spec_key *keys, gs_spec_val *vals, gs_error *err);
/* A value in canonical spec text ("19", "9x13", "korean", "6.5"; never "-0"). */
GS_API char *gs_spec_value_text(const gs_spec_key *k, const gs_spec_val *v, char *buf, size_t len);
/* The canonical spec "game:key=value,..." with every key in table order;
 * returns the length it needed (output truncated to len). */
GS_API size_t gs_spec_write(const char *game, const gs_spec_key *keys, const gs_spec_val *vals, char *buf,
                            size_t len);
/* What values a key takes, as text: "2..25", "N|WxH (2..25)", "0|1",
 * "area|territory", "a number -1000..1000 (multiple of 0.5)". */
GS_API char *gs_spec_key_values(const gs_spec_key *k, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
