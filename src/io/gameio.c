/* Internal helpers shared by the file mappings: games from files plus an
 * override, start positions, illegal-move reporting. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/gameio.h"

/* Expand an alias: the base game's name and the alias's preset keys into
 * base (only the name when s names no alias). */
static gs_status resolve_alias(const gs_spec *s, gs_spec *base, gs_error *err) {
    const char *alias_spec;
    memset(base, 0, sizeof *base);
    snprintf(base->name, sizeof base->name, "%s", s->name);
    if (gs_registry_resolve(s->name, &alias_spec) && alias_spec) return gs_spec_parse(alias_spec, base, err);
    return GS_OK;
}

static gs_status set_key(gs_spec *s, const char *key, const char *val, gs_error *err) {
    for (int i = 0; i < s->nkv; i++)
        if (!strcmp(s->kv[i].key, key)) return GS_OK;   /* the spec's own key wins */
    return gs_spec_set(s, key, val, err);
}

/* An override of keys alone ("komi=7.5": an '=' before any ':') names no
 * game: it completes the file's (or the default's). */
static int keys_only(const char *override) {
    size_t k = strcspn(override, "=:");
    return override[k] == '=';
}

static gs_status make_game(const io_file_game *fg, const char *override, const char *default_spec, gs_game **out,
                           gs_error *err);

gs_status io_make_game(const io_file_game *fg, const char *override, const char *default_spec,
                       gs_game **out, gs_error *err) {
    *out = NULL;
    if (!override || !override[0] || !keys_only(override)) return make_game(fg, override, default_spec, out, err);
    gs_spec named;
    const char *name = fg && fg->spec[0] ? fg->spec : default_spec;
    if (!name)
        return gs_error_set(err, GS_ERR_UNKNOWN_GAME,
                            "'%.64s' gives keys but the file does not name its game: give name:keys", override);
    gs_status st = gs_spec_parse(name, &named, err);
    if (st != GS_OK) return st;
    size_t n = strlen(named.name) + 1 + strlen(override) + 1;
    char *full = malloc(n);
    if (!full) return gs_error_set(err, GS_ERR_NOMEM, "out of memory");
    snprintf(full, n, "%s:%s", named.name, override);
    st = make_game(fg, full, default_spec, out, err);
    free(full);
    return st;
}

static gs_status make_game(const io_file_game *fg, const char *override, const char *default_spec, gs_game **out,
                           gs_error *err) {
    gs_spec file, ov, ovbase, merged;
    gs_status st;
    int have_file = fg && fg->spec[0], have_ov = override && override[0];
    memset(&file, 0, sizeof file);
    if (have_file) {
        if ((st = gs_spec_parse(fg->spec, &file, err)) != GS_OK) return st;
        gs_spec exp;
        if ((st = resolve_alias(&file, &exp, err)) != GS_OK) return st;
        for (int i = 0; i < file.nkv; i++)
            if ((st = gs_spec_set(&exp, file.kv[i].key, file.kv[i].val, err)) != GS_OK) return st;
        file = exp;
    }
    if (have_ov) {
        if ((st = gs_spec_parse(override, &ov, err)) != GS_OK) return st;
        if ((st = resolve_alias(&ov, &ovbase, err)) != GS_OK) return st;
        /* another game than the file's: the override alone */
        if (have_file && strcmp(ovbase.name, file.name)) return gs_game_new_spec(&ov, out, err);
    }
    if (!have_file && !have_ov) {
        if (!default_spec)
            return gs_error_set(err, GS_ERR_UNKNOWN_GAME, "the file does not name its game: give one with --game");
        if ((st = gs_spec_parse(default_spec, &file, err)) != GS_OK) return st;
        have_file = 1;
    }
    merged = have_file ? file : ovbase;
    if (!have_file) merged.nkv = 0;   /* presets are applied below */
    const gs_game_ops *ops = gs_registry_find(merged.name);
    if (fg && fg->w > 0 && fg->h > 0 && ops) {
        /* the file's board size goes to the key(s) the game's table marks */
        char v[40];
        for (int i = 0; ops->keys && ops->keys[i].name; i++) {
            const gs_spec_key *k = &ops->keys[i];
            if (k->role == GS_ROLE_SIZE) {
                if (fg->w == fg->h) snprintf(v, sizeof v, "%d", fg->w);
                else snprintf(v, sizeof v, "%dx%d", fg->w, fg->h);
            } else if (k->role == GS_ROLE_WIDTH || k->role == GS_ROLE_HEIGHT)
                snprintf(v, sizeof v, "%d", k->role == GS_ROLE_WIDTH ? fg->w : fg->h);
            else continue;
            if ((st = set_key(&merged, k->name, v, err)) != GS_OK) return st;
        }
    }
    if (fg && ops && !strcmp(fg->props_game, merged.name))   /* keys from the game's own file properties */
        for (int i = 0; i < fg->props.nkv; i++)
            if ((st = set_key(&merged, fg->props.kv[i].key, fg->props.kv[i].val, err)) != GS_OK) return st;
    if (have_ov) {
        for (int i = 0; i < ovbase.nkv; i++)   /* alias presets, then the override's keys */
            if ((st = gs_spec_set(&merged, ovbase.kv[i].key, ovbase.kv[i].val, err)) != GS_OK) return st;
        for (int i = 0; i < ov.nkv; i++)
            if ((st = gs_spec_set(&merged, ov.kv[i].key, ov.kv[i].val, err)) != GS_OK) return st;
    }
    return gs_game_new_spec(&merged, out, err);
}

gs_status io_start_position(const gs_state *s, uint8_t *cells, int *to_move) {
    if (s->game->ops->start) {
        s->game->ops->start(s, cells, to_move);
        return GS_OK;
    }
    gs_state *c = gs_state_clone(s);
    if (!c) return GS_ERR_NOMEM;
    gs_status st = GS_OK;
    while (c->nhist > 0 && st == GS_OK) st = gs_undo(c);
    if (st == GS_OK) {
        memcpy(cells, c->board.cells, (size_t)s->game->geom.n);
        *to_move = c->to_move;
    }
    gs_state_free(c);
    return st;
}

int io_has_stones(const gs_state *s) { return io_cells_have_stones(s->board.cells, (size_t)s->game->geom.n); }

int io_cells_have_stones(const uint8_t *c, size_t n) {
    /* eight cells a step (GS_EMPTY is 0): every SGF written and read asks */
    size_t i = 0;
    uint64_t any = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, c + i, sizeof w);
        any |= w;
    }
    for (; i < n; i++) any |= c[i];
    return any != 0;
}

int io_is_initial(const gs_game *g, const uint8_t *cells, int to_move) {
    return g->init_to_move == to_move && !memcmp(g->init_cells, cells, (size_t)g->geom.n);
}

gs_status io_illegal(gs_loaded *l, int flags, int moveno, const char *movetext, gs_status reason,
                     const char *text, size_t len, size_t pos, gs_error *err) {
    const char *why = reason == GS_ERR_PARSE ? "not a point on this board" : gs_strerror(reason, GS_LANG_EN);
    if (flags & GS_LOAD_STRICT) {
        int line = 0, col = 0;
        if (text) io_linecol(text, len, pos, &line, &col);
        return gs_error_set_at(err, reason, line, col, "move %d (%s) is illegal: %s", moveno, movetext, why);
    }
    l->illegal_at = moveno;
    l->illegal_reason = reason;
    io_note(l, "replay stopped at move %d (%.40s): %s", moveno, movetext, why);
    return GS_OK;
}

/* The Korean notes of one position stay short: a file cannot make them
 * grow without bound (a position gets a few notes at most). */
#define NOTE_KO_MAX 1024

void io_note(gs_loaded *l, const char *fmt, ...) {
    gs_error e;
    va_list ap;
    va_start(ap, fmt);
    gs_error_setv_at(&e, GS_OK, 0, 0, fmt, ap);
    va_end(ap);
    size_t o = strlen(l->note);   /* after any earlier note (e.g. about RU[]) */
    if (o && o + 2 < sizeof l->note) o += (size_t)snprintf(l->note + o, sizeof l->note - o, "; ");
    if (o < sizeof l->note) snprintf(l->note + o, sizeof l->note - o, "%.*s", (int)(sizeof l->note - o - 1), e.msg);
    const char *ko = gs_error_message(&e, GS_LANG_KO);
    size_t k = l->note_ko ? strlen(l->note_ko) : 0, n = strlen(ko);
    if (k + 2 + n >= NOTE_KO_MAX) return;
    char *t = realloc(l->note_ko, k + 2 + n + 1);
    if (!t) return;
    if (k) memcpy(t + k, "; ", 2), k += 2;
    memcpy(t + k, ko, n + 1);
    l->note_ko = t;
}
