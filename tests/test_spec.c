/* Spec keys: every game's declarative table, read, checked and written by
 * the core (issue 10), and the number rules of issue 15 item 14. */
#include <stdlib.h>
#include "gridstone/gridstone.h"
#include "gridstone/go.h"
#include "test.h"

static void spec_is(const char *in, const char *want) {
    gs_game *g = tl_game(in);
    if (!g) return;
    CHECK_EQ_STR(g->spec, want);
    gs_game_free(g);
}

/* GS_ERR_BAD_VALUE or _UNKNOWN_KEY whose message names the key */
static void spec_bad(const char *in, gs_status want, const char *key) {
    gs_game *g = NULL;
    gs_error err;
    gs_status st = gs_game_new(in, &g, &err);
    CHECKF(st == want, "'%s': %s (%s), expected %s", in, gs_reason_code(st), st ? err.msg : g->spec,
           gs_reason_code(want));
    if (st == GS_OK) gs_game_free(g);
    else {
        char k[80];
        snprintf(k, sizeof k, "'%s'", key);
        CHECKF(strstr(err.msg, k) != NULL, "'%s': message '%s' does not name %s", in, err.msg, k);
    }
}

TEST(spec_numbers_are_strict_decimals) {
    spec_bad("go:komi=0x10", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi= 7", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi=7 ", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi=inf", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi=nan", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi=1e308", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi=7.3", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:komi=", GS_ERR_BAD_VALUE, "komi");
    spec_bad("go:size=0x9", GS_ERR_BAD_VALUE, "size");
    spec_bad("go:size=9x", GS_ERR_BAD_VALUE, "size");
    spec_bad("go:size=+9x-9", GS_ERR_BAD_VALUE, "size");
    spec_bad("mnk:m=3.0", GS_ERR_BAD_VALUE, "m");
    spec_bad("mnk:k= 3", GS_ERR_BAD_VALUE, "k");
    spec_bad("reversi:size=7", GS_ERR_BAD_VALUE, "size");
    spec_bad("connect4:gravity=2", GS_ERR_BAD_VALUE, "gravity");
    spec_bad("renju:rule=chess", GS_ERR_BAD_VALUE, "rule");
    spec_bad("go:rules=ing", GS_ERR_BAD_VALUE, "rules");
    /* never "-0"; decimal forms that are fine */
    spec_is("go:size=9,komi=-0", "go:size=9,rules=korean,komi=0,ko=simple,suicide=0,scoring=territory");
    spec_is("go:size=9,komi=-0.0", "go:size=9,rules=korean,komi=0,ko=simple,suicide=0,scoring=territory");
    spec_is("go:size=9,komi=+6.50", "go:size=9,rules=korean,komi=6.5,ko=simple,suicide=0,scoring=territory");
    spec_is("go:size=9,komi=-.5", "go:size=9,rules=korean,komi=-0.5,ko=simple,suicide=0,scoring=territory");
    spec_is("go:size=9,komi=75e-1", "go:size=9,rules=korean,komi=7.5,ko=simple,suicide=0,scoring=territory");
}

TEST(spec_unknown_keys_and_aliases) {
    spec_bad("go:sizes=9", GS_ERR_UNKNOWN_KEY, "sizes");
    spec_bad("renju:komi=1", GS_ERR_UNKNOWN_KEY, "komi");
    spec_bad("tictactoe:size=3", GS_ERR_UNKNOWN_KEY, "size");
    spec_is("renju:size=9", "gomoku:size=9,rule=renju");
    spec_is("connect4:m=8", "mnk:m=8,n=6,k=4,gravity=1");
    spec_is("othello", "reversi:size=8,empties=none");
    spec_is("go:size=13x9,rules=NZ", "go:size=13x9,rules=new-zealand,komi=7,ko=situational,suicide=1,scoring=area");
    spec_is("gomoku:size=11X7", "gomoku:size=11x7,rule=freestyle");
    spec_is("mnk:gravity=yes", "mnk:m=3,n=3,k=3,gravity=1");
}

/* The table API tools use (CLI `games NAME`, the server's meta, forms). */
TEST(spec_key_tables_for_tools) {
    int n = 0;
    const gs_spec_key *k = gs_game_keys("go", &n);
    REQUIRE(k && n == 6);
    CHECK_EQ_STR(k[0].name, "size");
    CHECK(k[0].type == GS_KEY_SIZE && k[0].role == GS_ROLE_SIZE && k[0].lo == 2 && k[0].hi == 25);
    const gs_spec_key *rules = gs_spec_key_find(k, "rules");
    REQUIRE(rules && rules->type == GS_KEY_ENUM);
    for (int p = 0; p < GS_GO_PRESET_COUNT; p++) {   /* one list of presets */
        CHECK_EQ_STR(rules->names[p], gs_go_preset_name((gs_go_preset)p));
        CHECK_EQ_INT(gs_go_preset_from_name(rules->names[p]), p);
    }
    CHECK(rules->names[GS_GO_PRESET_COUNT] == NULL);
    CHECK_EQ_INT(gs_go_preset_from_name("TT"), GS_GO_TROMP_TAYLOR);
    char buf[4096], d[64];
    CHECK_EQ_STR(gs_spec_key_values(&k[0], buf, sizeof buf), "N|WxH (2..25)");
    CHECK_EQ_STR(gs_spec_key_values(rules, buf, sizeof buf), "tromp-taylor|chinese|japanese|korean|aga|new-zealand");
    CHECK(gs_game_key_default("go", gs_spec_key_find(k, "komi"), d, sizeof d) == NULL);   /* from the preset */
    CHECK_EQ_STR(gs_game_key_default("go", rules, d, sizeof d), "korean");
    /* an alias's presets are its defaults */
    k = gs_game_keys("connect4", &n);
    REQUIRE(k && n == 4);
    CHECK_EQ_STR(gs_game_key_default("connect4", gs_spec_key_find(k, "gravity"), d, sizeof d), "1");
    CHECK_EQ_STR(gs_game_key_default("connect4", gs_spec_key_find(k, "m"), d, sizeof d), "7");
    CHECK_EQ_STR(gs_game_key_default("mnk", gs_spec_key_find(k, "m"), d, sizeof d), "3");
    size_t len = gs_game_keys_help("connect4", buf, sizeof buf);
    CHECK(len > 0 && len < sizeof buf);
    CHECKF(strstr(buf, "gravity=0|1") && strstr(buf, "(default 1)") && strstr(buf, "m=1..32"), "%s", buf);
    CHECK(gs_game_keys("chess", &n) == NULL && n == 0);
    /* every registered game: a table, help for each key, the default spec
     * parses back to itself, and the canonical spec lists every key */
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias_of, *name = gs_registry_name(i, &alias_of, NULL);
        k = gs_game_keys(name, &n);
        CHECKF(k && n > 0, "%s: no keys", name);
        for (int j = 0; j < n; j++) CHECKF(k[j].help && k[j].help[0], "%s: key %s has no help", name, k[j].name);
        gs_game *g = tl_game(name);
        if (!g) continue;
        for (int j = 0; j < n; j++) {
            char pat[80];
            snprintf(pat, sizeof pat, "%c%s=", j ? ',' : ':', k[j].name);
            CHECKF(strstr(g->spec, pat) != NULL, "%s: canonical spec %s lacks %s", name, g->spec, k[j].name);
        }
        gs_game *g2 = tl_game(g->spec);
        if (g2) CHECK_EQ_STR(g2->spec, g->spec);
        gs_game_free(g2);
        gs_game_free(g);
    }
}

/* One place for the SGF GM number: the game's ops. */
TEST(spec_sgf_numbers_from_the_registry) {
    const gs_game_ops *go = gs_registry_by_sgf_gm(1), *rv = gs_registry_by_sgf_gm(2), *gm = gs_registry_by_sgf_gm(4);
    REQUIRE(go && rv && gm);
    CHECK_EQ_STR(go->name, "go");
    CHECK_EQ_STR(rv->name, "reversi");
    CHECK_EQ_STR(gm->name, "gomoku");
    CHECK(gs_registry_by_sgf_gm(0) == NULL && gs_registry_by_sgf_gm(3) == NULL);
    const char *alias_spec;
    CHECK(gs_registry_resolve("renju", &alias_spec) == gm && alias_spec && !strcmp(alias_spec, "gomoku:rule=renju"));
    gs_game *g = tl_game("renju");
    if (g) CHECK_EQ_INT(g->sgf_gm, 4);
    gs_game_free(g);
}
