/* The table of games, and game construction from a spec.  Everything a
 * game knows about itself (keys, aliases, SGF number, file properties)
 * lives in its gs_game_ops; this file only lists the modules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/game.h"

/* Each rule module exports one gs_game_ops; list it here (one line). */
extern const gs_game_ops gs_go_ops, gs_gomoku_ops, gs_reversi_ops, gs_mnk_ops;
#ifdef GS_TEST_GAMES
/* The test build adds the fixture games of tests/games/ (see the Makefile). */
extern const gs_game_ops gs_avoid_ops;
#endif
static const gs_game_ops *const games[] = {
    &gs_go_ops,
    &gs_gomoku_ops,
    &gs_reversi_ops,
    &gs_mnk_ops,
#ifdef GS_TEST_GAMES
    &gs_avoid_ops,
#endif
    NULL   /* end */
};

#define NGAMES ((int)(sizeof games / sizeof games[0]) - 1)

static int naliases(const gs_game_ops *ops) {
    int n = 0;
    while (ops->aliases && ops->aliases[n].name) n++;
    return n;
}

int gs_registry_count(void) {
    int n = NGAMES;
    for (int i = 0; i < NGAMES; i++) n += naliases(games[i]);
    return n;
}

const char *gs_registry_name(int i, const char **alias_of, const char **summary) {
    if (alias_of) *alias_of = NULL;
    if (summary) *summary = NULL;
    if (i < 0) return NULL;
    if (i < NGAMES) {
        if (summary) *summary = games[i]->summary;
        return games[i]->name;
    }
    i -= NGAMES;
    for (int g = 0; g < NGAMES; g++) {
        int n = naliases(games[g]);
        if (i < n) {
            if (alias_of) *alias_of = games[g]->aliases[i].spec;
            return games[g]->aliases[i].name;
        }
        i -= n;
    }
    return NULL;
}

const gs_game_ops *gs_registry_find(const char *name) {
    for (int i = 0; name && i < NGAMES; i++)
        if (!strcmp(games[i]->name, name)) return games[i];
    return NULL;
}

const gs_game_ops *gs_registry_resolve(const char *name, const char **alias_spec) {
    if (alias_spec) *alias_spec = NULL;
    const gs_game_ops *ops = gs_registry_find(name);
    if (ops || !name) return ops;
    for (int i = 0; i < NGAMES; i++)
        for (int a = 0; games[i]->aliases && games[i]->aliases[a].name; a++)
            if (!strcmp(games[i]->aliases[a].name, name)) {
                if (alias_spec) *alias_spec = games[i]->aliases[a].spec;
                return games[i];
            }
    return NULL;
}

const char *gs_registry_text(const char *name, gs_lang lang, const char **summary) {
    const char *alias_spec;
    const gs_game_ops *ops = gs_registry_resolve(name, &alias_spec);
    int ko = lang == GS_LANG_KO;
    if (summary) *summary = !ops ? NULL : ko && ops->ko_summary ? ops->ko_summary : ops->summary;
    if (!ops || !ko) return ops ? name : NULL;
    const char *own = ops->ko_name;
    for (int a = 0; alias_spec && ops->aliases[a].name; a++)
        if (!strcmp(ops->aliases[a].name, name)) own = ops->aliases[a].ko_name;
    return own && own[0] ? own : name;
}

const gs_game_ops *gs_registry_by_sgf_gm(int gm) {
    for (int i = 0; gm > 0 && i < NGAMES; i++)
        if (games[i]->sgf_gm == gm) return games[i];
    return NULL;
}

/* Build from a spec whose name is ops' own: read the keys, create, then
 * write the canonical spec and the SGF number from the table. */
static gs_status create_with(const gs_game_ops *ops, gs_spec *spec, gs_game **out, gs_error *err) {
    gs_spec_val vals[GS_SPEC_MAX_KEYS];
    gs_game *g = NULL;
    if (gs_spec_key_count(ops->keys) > GS_SPEC_MAX_KEYS)
        return gs_error_set(err, GS_ERR_INVALID_ARG, "game '%s' has too many keys", ops->name);
    gs_status st = gs_spec_read(spec, ops->keys, vals, err);
    if (st == GS_OK) st = ops->create(vals, &g, err);
    if (st != GS_OK) {
        if (g) ops->destroy(g);
        return st;
    }
    gs_spec_write(ops->name, ops->keys, vals, g->spec, sizeof g->spec);
    g->sgf_gm = ops->sgf_gm;
    /* the initial position, once: readers and writers of records compare
     * a start position with it (io_is_initial) instead of making a state */
    gs_state *s = ops->state_new(g);
    if (!s) {
        ops->destroy(g);
        return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    }
    memcpy(g->init_cells, s->board.cells, (size_t)g->geom.n);
    g->init_to_move = s->to_move;
    ops->state_free(s);
    *out = g;
    return GS_OK;
}

gs_status gs_game_new_spec(gs_spec *spec, gs_game **out, gs_error *err) {
    *out = NULL;
    const char *alias_spec;
    const gs_game_ops *ops = gs_registry_resolve(spec->name, &alias_spec);
    if (!ops) return gs_error_set(err, GS_ERR_UNKNOWN_GAME, "unknown game '%s'", spec->name);
    if (!alias_spec) return create_with(ops, spec, out, err);
    /* an alias: its presets, then the user's keys over them */
    gs_spec preset;
    gs_status st = gs_spec_parse(alias_spec, &preset, err);
    for (int k = 0; k < spec->nkv && st == GS_OK; k++) st = gs_spec_set(&preset, spec->kv[k].key, spec->kv[k].val, err);
    if (st == GS_OK) {
        snprintf(preset.name, sizeof preset.name, "%s", spec->name);   /* errors name what the user wrote */
        st = create_with(ops, &preset, out, err);
    }
    for (int k = 0; k < spec->nkv; k++) spec->kv[k].used = 1;
    return st;
}

gs_status gs_game_new(const char *text, gs_game **out, gs_error *err) {
    gs_spec spec;
    *out = NULL;
    gs_status st = gs_spec_parse(text, &spec, err);
    return st == GS_OK ? gs_game_new_spec(&spec, out, err) : st;
}

gs_status gs_game_new_ops(const gs_game_ops *ops, const char *text, gs_game **out, gs_error *err) {
    gs_spec spec;
    char buf[512];
    *out = NULL;
    if (!ops || !text) return gs_error_set(err, GS_ERR_INVALID_ARG, "no game module or spec given");
    /* "" and ":k=v" name ops' game */
    snprintf(buf, sizeof buf, "%s%s", text[0] == ':' || !text[0] ? ops->name : "", text);
    gs_status st = gs_spec_parse(buf, &spec, err);
    if (st != GS_OK) return st;
    if (strcmp(spec.name, ops->name))
        return gs_error_set(err, GS_ERR_UNKNOWN_GAME, "spec '%.64s' does not name game '%s'", text, ops->name);
    return create_with(ops, &spec, out, err);
}

void gs_game_free(gs_game *g) {
    if (g) g->ops->destroy(g);
}

/* ---- spec keys for tools ---- */

const gs_spec_key *gs_game_keys(const char *name, int *count) {
    const gs_game_ops *ops = gs_registry_resolve(name, NULL);
    if (count) *count = ops ? gs_spec_key_count(ops->keys) : 0;
    return ops ? ops->keys : NULL;
}

const char *gs_game_key_default(const char *name, const gs_spec_key *k, char *buf, size_t len) {
    const char *alias_spec;
    if (!k || !len || !gs_registry_resolve(name, &alias_spec)) return NULL;
    if (alias_spec) {   /* an alias's preset wins over the table's default */
        gs_spec sp;
        if (gs_spec_parse(alias_spec, &sp, NULL) == GS_OK) {
            const char *v = gs_spec_get(&sp, k->name);
            if (v) {
                snprintf(buf, len, "%s", v);
                return buf;
            }
        }
    }
    if (!k->def) return NULL;
    snprintf(buf, len, "%s", k->def);
    return buf;
}

size_t gs_game_keys_help(const char *name, char *buf, size_t len) { return gs_game_keys_help_lang(name, GS_LANG_EN, buf, len); }

size_t gs_game_keys_help_lang(const char *name, gs_lang lang, char *buf, size_t len) {
    int ko = lang == GS_LANG_KO, n;
    const gs_spec_key *keys = gs_game_keys(name, &n);
    size_t o = 0;
    if (len) buf[0] = 0;
    for (int i = 0; keys && i < n; i++) {
        char vals[160], lhs[200], dbuf[GS_SPEC_MAX_TEXT];
        const char *def = gs_game_key_default(name, &keys[i], dbuf, sizeof dbuf);
        if (ko && keys[i].type == GS_KEY_NUMBER && keys[i].step > 0)   /* the one value text with words */
            snprintf(vals, sizeof vals, "%g..%g (%g의 배수)", keys[i].lo, keys[i].hi, keys[i].step);
        else gs_spec_key_values(&keys[i], vals, sizeof vals);
        snprintf(lhs, sizeof lhs, "%s=%s", keys[i].name, vals);
        const char *what = ko ? gs_spec_key_label(&keys[i], GS_LANG_KO) : keys[i].help;
        int m = snprintf(o < len ? buf + o : NULL, o < len ? len - o : 0, "  %-28s %s%s%s%s\n", lhs, what ? what : "",
                         def ? (ko ? " (기본값 " : " (default ") : "", def ? def : "", def ? ")" : "");
        if (m > 0) o += (size_t)m;
    }
    return o;
}
