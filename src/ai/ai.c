/* AI dispatch: the table of per-game AI modules. */
#include <stdio.h>
#include <string.h>
#include "gridstone/ai.h"

/* Each game's AI module; list it here (one line). */
extern const gs_ai_module gs_go_ai, gs_gomoku_ai, gs_reversi_ai, gs_mnk_ai;
static const gs_ai_module *const modules[] = {
    &gs_go_ai,
    &gs_gomoku_ai,
    &gs_reversi_ai,
    &gs_mnk_ai,
    NULL   /* end */
};

static const gs_ai_module *find_module(const gs_game *g) {
    for (int i = 0; modules[i]; i++)
        if (!strcmp(modules[i]->game, g->ops->name)) return modules[i];
    return NULL;
}

int gs_ai_levels(const gs_game *g, const char **names, int max) {
    const gs_ai_module *m = find_module(g);
    int n = 0;
    if (m)
        for (; m->levels[n]; n++)
            if (n < max) names[n] = m->levels[n];
    return n;
}

/* Parse a level string and check its name; *m = the game's module. */
static gs_status parse_level(const gs_game *g, const char *level, const gs_ai_module **m, gs_spec *spec,
                             gs_error *err) {
    *m = find_module(g);
    if (!*m) return gs_error_set(err, GS_ERR_UNSUPPORTED, "no AI for game '%s'", g->ops->name);
    if (!level) return gs_error_set(err, GS_ERR_INVALID_ARG, "no AI level given");
    gs_status st = gs_spec_parse(level, spec, err);
    /* column 1 is the name: not a level name (a spec parser's "game name") */
    if (st != GS_OK && (!err || err->col > 1)) return st;
    int known = 0;
    for (int i = 0; st == GS_OK && (*m)->levels[i]; i++) known |= !strcmp((*m)->levels[i], spec->name);
    if (!known) {
        char names[160] = "";
        size_t n = 0;
        for (int i = 0; (*m)->levels[i] && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", (*m)->levels[i]);
        return gs_error_set(err, GS_ERR_BAD_VALUE, "unknown AI level '%.64s' for %s (levels: %s)",
                            st == GS_OK ? spec->name : level, g->ops->name, names);
    }
    if (spec->nkv && !(*m)->move_spec)
        return gs_error_set(err, GS_ERR_UNKNOWN_KEY, "AI level '%s' of %s takes no options", spec->name,
                            g->ops->name);
    return GS_OK;
}

gs_status gs_ai_check_level(const gs_game *g, const char *level, gs_error *err) {
    const gs_ai_module *m;
    gs_spec spec;
    gs_status st = parse_level(g, level, &m, &spec, err);
    if (st == GS_OK && spec.nkv) st = m->move_spec(NULL, &spec, NULL, NULL, err);
    return st;
}

gs_status gs_ai_move(const gs_state *s, const char *level, const gs_ai_opts *o, gs_move *out,
                     gs_error *err) {
    const gs_ai_module *m;
    gs_spec spec;
    gs_ai_opts def = {0};
    if (!o) o = &def;
    gs_status st = parse_level(s->game, level, &m, &spec, err);
    if (st != GS_OK) return st;
    if (gs_is_over(s)) return gs_error_set(err, GS_ERR_GAME_OVER, "the game is over");
    st = spec.nkv ? m->move_spec(s, &spec, o, out, err) : m->move(s, spec.name, o, out, err);
    /* The contract is that AIs never play illegal moves; enforce it here too. */
    if (st == GS_OK && *out != GS_RESIGN && gs_check(s, *out) != GS_OK)
        return gs_error_set(err, GS_ERR_INVALID_ARG, "AI level '%s' chose an illegal move", level);
    return st;
}

int gs_ai_has_solver(const gs_game *g) {
    const gs_ai_module *m = g ? find_module(g) : NULL;
    return m && m->solve;
}

gs_status gs_solve(const gs_state *s, const gs_ai_opts *o, gs_solve_result *r, gs_error *err) {
    const gs_ai_module *m = find_module(s->game);
    gs_ai_opts def = {0};
    memset(r, 0, sizeof *r);
    r->best = GS_NOMOVE;
    if (!m || !m->solve) return gs_error_set(err, GS_ERR_UNSUPPORTED, "no solver for game '%s'", s->game->ops->name);
    return m->solve(s, o ? o : &def, r, err);
}
