/* Every text shown to people exists in English and Korean: the Korean is
 * valid UTF-8 with Hangul in it, and says it with the same printf
 * conversions in the same order (a pair that differs would read the wrong
 * argument, or crash, in one language only). */
#include <stdio.h>
#include <string.h>
#include "test.h"
#include "gridstone/gridstone.h"
#include "server/texts.h"

/* Checks one English/Korean pair; what names it in a failure. */
static void check_pair(const char *what, const char *en, const char *ko) {
    char ce[64], ck[64];
    CHECKF(en && *en, "%s: no English", what);
    CHECKF(ko && tl_has_hangul(ko), "%s: no Korean (%s)", what, ko ? ko : "NULL");
    if (!en || !ko) return;
    CHECKF(strcmp(en, ko), "%s: the Korean is the English", what);
    tl_conversions(en, ce, sizeof ce);
    tl_conversions(ko, ck, sizeof ck);
    CHECKF(!strcmp(ce, ck), "%s: conversions '%s' in English, '%s' in Korean", what, ce, ck);
}

TEST(texts_conversions_parser) {
    char c[64];
    tl_conversions("%s wins by %g (100%%)", c, sizeof c);
    CHECK_EQ_STR(c, "%s%g");
    tl_conversions("%-5.1f%ld%", c, sizeof c);
    CHECK_EQ_STR(c, "%-5.1f%ld%");
    CHECK(tl_has_hangul("흑 승") && !tl_has_hangul("B+R") && !tl_has_hangul("\xED\x9E"));
}

TEST(texts_status_messages_in_korean) {
    for (int st = 0; st < GS_STATUS_COUNT; st++)
        check_pair(gs_reason_code((gs_status)st), gs_strerror((gs_status)st, GS_LANG_EN),
                   gs_strerror((gs_status)st, GS_LANG_KO));
    check_pair("unknown status", gs_strerror(GS_STATUS_COUNT, GS_LANG_EN), gs_strerror(GS_STATUS_COUNT, GS_LANG_KO));
}

/* The Omok and Baduk words Korean players write: 33, 44, 장목, 금수, 패. */
TEST(texts_korean_game_terms) {
    CHECK_EQ_STR(gs_strerror(GS_ERR_FORBIDDEN_DOUBLE_THREE, GS_LANG_KO), "삼삼(33)은 금수입니다");
    CHECK_EQ_STR(gs_strerror(GS_ERR_FORBIDDEN_DOUBLE_FOUR, GS_LANG_KO), "사사(44)는 금수입니다");
    CHECK_EQ_STR(gs_strerror(GS_ERR_FORBIDDEN_OVERLINE, GS_LANG_KO), "장목(6목 이상)은 금수입니다");
    CHECK(strstr(gs_strerror(GS_ERR_KO, GS_LANG_KO), "패"));
}

TEST(texts_server_errors_in_korean) {
    CHECK(srv_ntexts > 0 && srv_ndetails > 0 && srv_nsentences > 0);
    for (size_t i = 0; i < srv_ntexts; i++) check_pair(srv_texts[i].code, srv_texts[i].en, srv_texts[i].ko);
    for (size_t i = 0; i < srv_ndetails; i++) {
        check_pair(srv_details[i].en, srv_details[i].en, srv_details[i].ko);
        CHECK_EQ_STR(srv_detail_text(srv_details[i].en, GS_LANG_KO), srv_details[i].ko);
        CHECK_EQ_STR(srv_detail_text(srv_details[i].en, GS_LANG_EN), srv_details[i].en);
    }
    CHECK_EQ_STR(srv_detail_text("line 1, column 2: x", GS_LANG_KO), "line 1, column 2: x");
    CHECK(srv_text_find("conflict") && !srv_text_find("occupied"));
}

/* srv_result_sentence hands each format what its sig names; the
 * games' own Korean words come from their modules (gs_game_ops ko_*). */
TEST(texts_result_sentences_in_korean) {
    static const char *const sigs[] = {"", "%s", "%s%s", "%s%g", "%s%g%s"};
    for (size_t i = 0; i < srv_nsentences; i++) {
        const srv_sentence *s = &srv_sentences[i];
        char c[64];
        const char *fmt[2] = {s->en, s->ko}, *sig[2] = {s->en_sig, s->ko_sig};
        for (int l = 0; l < 2; l++) {
            tl_conversions(fmt[l], c, sizeof c);
            CHECKF(!strcmp(c, sig[l]), "%s: '%s' has conversions '%s', sig '%s'", s->how, fmt[l], c, sig[l]);
            int known = 0;
            for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) known |= !strcmp(sig[l], sigs[k]);
            CHECKF(known, "%s: sig '%s' is not one srv_result_sentence passes", s->how, sig[l]);
        }
        CHECKF(tl_has_hangul(s->ko) || s->ko_word != SRV_WORD_NONE, "%s: '%s' has no Hangul", s->how, s->ko);
        CHECKF(!strcmp(s->ko_sig, "%s%s") || !strcmp(s->ko_sig, "%s%g%s") ? s->ko_word != SRV_WORD_NONE
                                                                          : s->ko_word == SRV_WORD_NONE,
               "%s: the Korean takes a word exactly when it has one", s->how);
    }
    static const struct {
        const char *game, *how;
        int winner, has_score;
        double score;
        const char *en, *ko;
    } cases[] = {
        {"go", "score", GS_WHITE, 1, -6.5, "White wins by 6.5", "백 6.5집 승"},
        {"go", "score", GS_BLACK, 1, 2, "Black wins by 2", "흑 2집 승"},
        {"go", "resign", GS_BLACK, 0, 0, "Black wins by resignation", "흑 불계승"},
        {"reversi", "score", GS_BLACK, 1, 10, "Black wins by 10", "흑 10개 차 승"},
        {"reversi", "resign", GS_WHITE, 0, 0, "White wins by resignation", "백 기권승"},
        {"gomoku", "line", GS_BLACK, 0, 0, "Black wins with a line", "흑 승 (오목 완성)"},
        {"mnk", "line", GS_WHITE, 0, 0, "White wins with a line", "백 승 (한 줄 완성)"},
        {"mnk", "timeout", GS_WHITE, 0, 0, "White wins on time", "백 시간승"},
        {"mnk", "full", GS_EMPTY, 0, 0, "Draw", "무승부"},
        {"go", "agreement", GS_EMPTY, 0, 0, "Draw by agreement", "합의 무승부"},
        {"go", "score", GS_BLACK, 0, 0, "Black wins", "흑 승"},
        {NULL, "score", GS_WHITE, 1, 3, "White wins by 3", "백 3점 차 승"},
        {NULL, "resign", GS_WHITE, 0, 0, "White wins by resignation", "백 기권승"},
        {NULL, "odd", GS_BLACK, 0, 0, "Black wins", "흑 승"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const gs_game_ops *ops = cases[i].game ? gs_registry_find(cases[i].game) : NULL;
        REQUIRE(!cases[i].game || ops);
        char buf[128];
        srv_result_sentence(ops, cases[i].winner, cases[i].how, cases[i].has_score, cases[i].score, GS_LANG_EN,
                            buf, sizeof buf);
        CHECK_EQ_STR(buf, cases[i].en);
        srv_result_sentence(ops, cases[i].winner, cases[i].how, cases[i].has_score, cases[i].score, GS_LANG_KO,
                            buf, sizeof buf);
        CHECK_EQ_STR(buf, cases[i].ko);
    }
    /* every registered game's own words are Korean */
    for (int i = 0; i < gs_registry_count(); i++) {
        const char *alias;
        const gs_game_ops *ops = gs_registry_find(gs_registry_name(i, &alias, NULL));
        if (!ops) continue;
        const char *w[3] = {ops->ko_score_unit, ops->ko_resign_win, ops->ko_line_win};
        for (int k = 0; k < 3; k++) CHECKF(!w[k] || tl_has_hangul(w[k]), "%s: word %d '%s'", ops->name, k, w[k]);
    }
}
