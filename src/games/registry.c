/* The table of games and aliases, and game construction from a spec. */
#include <stdlib.h>
#include <string.h>
#include "gridstone/game.h"

/* Each rule module exports one gs_game_ops; list it here (one line). */
extern const gs_game_ops gs_go_ops, gs_gomoku_ops, gs_reversi_ops, gs_mnk_ops;
static const gs_game_ops *const games[] = {
    &gs_go_ops,
    &gs_gomoku_ops,
    &gs_reversi_ops,
    &gs_mnk_ops,
    NULL   /* end */
};

/* Aliases: a name standing for a game with preset keys.  Keys given by
 * the user on an alias ("renju:size=19") are applied over the presets. */
static const struct { const char *name, *spec; } aliases[] = {
    {"renju", "gomoku:rule=renju"}, {"omok", "gomoku:rule=omok"}, {"caro", "gomoku:rule=caro"},
    {"othello", "reversi:size=8"},
    {"tictactoe", "mnk:m=3,n=3,k=3"}, {"connect4", "mnk:m=7,n=6,k=4,gravity=1"},
    {NULL, NULL}   /* end */
};

#define NGAMES ((int)(sizeof games / sizeof games[0]) - 1)
#define NALIASES ((int)(sizeof aliases / sizeof aliases[0]) - 1)

int gs_registry_count(void) { return NGAMES + NALIASES; }

const char *gs_registry_name(int i, const char **alias_of, const char **summary) {
    if (alias_of) *alias_of = NULL;
    if (summary) *summary = NULL;
    if (i < 0 || i >= NGAMES + NALIASES) return NULL;
    if (i < NGAMES) {
        if (summary) *summary = games[i]->summary;
        return games[i]->name;
    }
    if (alias_of) *alias_of = aliases[i - NGAMES].spec;
    return aliases[i - NGAMES].name;
}

const gs_game_ops *gs_registry_find(const char *name) {
    for (int i = 0; i < NGAMES; i++)
        if (!strcmp(games[i]->name, name)) return games[i];
    return NULL;
}

gs_status gs_game_new_spec(gs_spec *spec, gs_game **out, gs_error *err) {
    *out = NULL;
    for (int i = 0; i < NALIASES; i++) {
        if (strcmp(aliases[i].name, spec->name)) continue;
        gs_spec preset, user = *spec;
        gs_status st = gs_spec_parse(aliases[i].spec, &preset, err);
        if (st != GS_OK) return st;
        for (int k = 0; k < user.nkv; k++)
            if ((st = gs_spec_set(&preset, user.kv[k].key, user.kv[k].val, err)) != GS_OK) return st;
        st = gs_game_new_spec(&preset, out, err);
        for (int k = 0; k < spec->nkv; k++) spec->kv[k].used = 1;
        return st;
    }
    const gs_game_ops *ops = gs_registry_find(spec->name);
    if (!ops) return gs_error_set(err, GS_ERR_UNKNOWN_GAME, "unknown game '%s'", spec->name);
    gs_game *g = NULL;
    gs_status st = ops->create(spec, &g, err);
    if (st == GS_OK) st = gs_spec_check_unused(spec, err);
    if (st != GS_OK) {
        if (g) ops->destroy(g);
        return st;
    }
    *out = g;
    return GS_OK;
}

gs_status gs_game_new(const char *text, gs_game **out, gs_error *err) {
    gs_spec spec;
    *out = NULL;
    gs_status st = gs_spec_parse(text, &spec, err);
    return st == GS_OK ? gs_game_new_spec(&spec, out, err) : st;
}

void gs_game_free(gs_game *g) {
    if (g) g->ops->destroy(g);
}
