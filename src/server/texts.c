/* The server's texts in English and Korean (texts.h).  The Korean is 합니다
 * style, as the library's messages; game words are the ones Korean players
 * use (대국, 대국자, 계가, 집, 불계승). */
#include <stdio.h>
#include <string.h>
#include "gridstone/gridstone.h"
#include "server/texts.h"

const srv_text srv_texts[] = {
    {"bad-request", 400, "bad request", "잘못된 요청입니다"},
    {"unknown-type", 400, "unknown message type", "알 수 없는 메시지 종류입니다"},
    {"unauthorized", 401, "a valid token is needed", "올바른 인증 토큰이 필요합니다"},
    {"forbidden", 403, "you do not hold this seat", "이 대국의 대국자가 아닙니다"},
    {"not-found", 404, "not found", "찾을 수 없습니다"},
    {"method-not-allowed", 405, "this method is not allowed here", "여기서는 쓸 수 없는 메서드입니다"},
    /* a move for a ply already made, a name or a seat taken first: the
     * detail says which */
    {"conflict", 409, "conflict with an earlier change", "먼저 이루어진 변경과 충돌합니다"},
    {"not-your-turn", 409, "it is not your turn", "지금은 둘 차례가 아닙니다"},
    {"game-over", 409, "the game is over", "대국이 이미 끝났습니다"},
    {"bad-state", 409, "not possible in this phase of the game", "지금 단계에서는 할 수 없습니다"},
    {"too-large", 413, "the message is too large", "메시지가 너무 큽니다"},
    {"rate-limited", 429, "too many requests", "요청이 너무 많습니다"},
    {"storage-full", 507, "the storage is full; nothing was changed", "저장 공간이 가득 찼습니다. 아무것도 바뀌지 않았습니다"},
    {"storage", 500, "storage error; nothing was changed", "저장 오류입니다. 아무것도 바뀌지 않았습니다"},
    {"shutting-down", 503, "the server is shutting down", "서버를 종료하는 중입니다"},
};
const size_t srv_ntexts = sizeof srv_texts / sizeof srv_texts[0];

const srv_text *srv_text_find(const char *code) {
    for (size_t i = 0; i < srv_ntexts; i++)
        if (!strcmp(srv_texts[i].code, code)) return &srv_texts[i];
    return NULL;
}

const srv_detail srv_details[] = {
    /* players (the name form) */
    {"the name is taken", "이미 있는 이름입니다"},
    {"\"name\": 1 to 32 characters, no control characters, no space at either end",
     "이름은 1~32자로, 제어 문자 없이, 앞뒤에 공백 없이 써야 합니다"},
    /* new game and joining */
    {"clock: a field is out of range", "시간 설정: 범위를 벗어난 값이 있습니다"},
    {"clock: main_ms > 0 is needed", "시간 설정: 기본 시간이 0보다 커야 합니다"},
    {"clock: byo-yomi needs main_ms or periods of period_ms", "시간 설정: 초읽기에는 기본 시간이나 초읽기 시간이 있어야 합니다"},
    {"clock: periods need period_ms > 0", "시간 설정: 초읽기 횟수가 있으면 초읽기 시간이 0보다 커야 합니다"},
    {"\"handicap\": 0 or 2..9 stones", "치석은 0개 또는 2~9개입니다"},
    {"you cannot join your own game", "자신이 만든 대국에는 참가할 수 없습니다"},
    {"you already play in this game", "이미 이 대국의 대국자입니다"},
    {"the seat is taken", "이미 상대가 정해진 대국입니다"},
    {"game: unknown game", "알 수 없는 게임입니다"},
    /* playing: offers, scoring */
    {"the game has not started", "대국이 아직 시작되지 않았습니다"},
    {"an offer is already open", "답을 기다리는 제안이 이미 있습니다"},
    {"there is no such offer to answer", "답할 제안이 없습니다"},
    {"the game is not in its scoring phase", "계가 단계가 아닙니다"},
    {"the game reached its move limit: it can only be scored", "수 제한에 이른 대국은 계가로만 끝낼 수 있습니다"},
    {"only an open challenge can be cancelled", "상대를 기다리는 대국만 취소할 수 있습니다"},
    {"\"point\" must be a point with a stone", "돌이 있는 자리를 눌러야 합니다"},
    {"counting failed", "계가하지 못했습니다"},
    /* GET /healthz on a read-only database */
    {"the database takes no writes", "데이터베이스에 쓸 수 없습니다"},
    {"out of memory", "메모리가 부족합니다"},
    /* what only a client of the protocol's own (not the web UI) gets wrong:
     * the message is still in the reader's language */
    {"a JSON object is expected", "JSON 객체여야 합니다"},
    {"a JSON object with a \"type\" string is expected", "\"type\" 문자열이 있는 JSON 객체여야 합니다"},
    {"\"type\" is required", "\"type\"이 있어야 합니다"},
    {"\"game\" (an id) is required", "\"game\"(대국 번호)이 있어야 합니다"},
    {"\"ply\" (an integer) is required", "\"ply\"(정수)가 있어야 합니다"},
    {"\"move\" is required", "\"move\"가 있어야 합니다"},
    {"resign with the resign message", "기권은 resign 메시지로 합니다"},
    {"\"accept\" (true or false) is required", "\"accept\"(true나 false)가 있어야 합니다"},
    {"\"spec\" (a game spec string) is required", "\"spec\"(게임 스펙 문자열)이 있어야 합니다"},
    {"\"color\": black, white or random", "\"color\"는 black, white, random 중 하나여야 합니다"},
    {"\"opponent.type\": open, private or ai", "\"opponent.type\"은 open, private, ai 중 하나여야 합니다"},
    {"\"opponent.level\" is required", "\"opponent.level\"이 있어야 합니다"},
    {"\"clock\" must be an object", "\"clock\"은 객체여야 합니다"},
    {"clock.type: none, absolute, fischer or byoyomi", "시간 설정: clock.type은 none, absolute, fischer, byoyomi 중 하나여야 합니다"},
    {"player/from/to/limit/offset must be integers in range", "player/from/to/limit/offset은 범위 안의 정수여야 합니다"},
    {"status: open, playing, scoring or finished", "status는 open, playing, scoring, finished 중 하나여야 합니다"},
    {"result: black, white or draw", "result는 black, white, draw 중 하나여야 합니다"},
    {"binary frames are not used", "바이너리 프레임은 쓰지 않습니다"},
    {"one connection watches at most limits.watches games", "연결 하나로 지켜볼 수 있는 대국 수(limits.watches)를 넘었습니다"},
    {"this game has no SGF form; use /json", "이 게임은 SGF로 나타낼 수 없습니다. /json을 쓰세요"},
    {"cannot write SGF", "SGF를 만들지 못했습니다"},
    {"cannot write JSON", "JSON을 만들지 못했습니다"},
    {"the game does not replay", "대국을 처음부터 다시 둘 수 없습니다"},
    {"no random source", "난수를 얻을 수 없습니다"},
};
const size_t srv_ndetails = sizeof srv_details / sizeof srv_details[0];

const char *srv_detail_text(const char *detail, gs_lang lang) {
    if (lang != GS_LANG_KO || !detail) return detail;
    for (size_t i = 0; i < srv_ndetails; i++)
        if (!strcmp(srv_details[i].en, detail)) return srv_details[i].ko;
    return detail;
}

/* Korean words differ by game where the players' do: 불계승 ("won
 * without counting") is Baduk's word for a win by resignation, the other
 * games say 기권승; a score is in 집 in Go and in discs (개 차) in
 * Reversi.  The games give their own words (gs_game_ops ko_*); these
 * formats put them in. */
const srv_sentence srv_sentences[] = {
    {"resign", "%s wins by resignation", "%s", "%s %s", "%s%s", SRV_WORD_RESIGN},
    {"timeout", "%s wins on time", "%s", "%s 시간승", "%s", SRV_WORD_NONE},
    {"line", "%s wins with a line", "%s", "%s 승 (%s)", "%s%s", SRV_WORD_LINE},
    {"score", "%s wins by %g", "%s%g", "%s %g%s 승", "%s%g%s", SRV_WORD_UNIT},
    {"win", "%s wins", "%s", "%s 승", "%s", SRV_WORD_NONE},
    {"draw-agreement", "Draw by agreement", "", "합의 무승부", "", SRV_WORD_NONE},
    {"draw", "Draw", "", "무승부", "", SRV_WORD_NONE},
};
const size_t srv_nsentences = sizeof srv_sentences / sizeof srv_sentences[0];

static const srv_sentence *sentence(const char *how) {
    for (size_t i = 0; i < srv_nsentences; i++)
        if (!strcmp(srv_sentences[i].how, how)) return &srv_sentences[i];
    return NULL;
}

static const char *word(const gs_game_ops *ops, srv_word w) {
    const char *own = !ops ? NULL
                      : w == SRV_WORD_RESIGN ? ops->ko_resign_win
                      : w == SRV_WORD_LINE   ? ops->ko_line_win
                      : w == SRV_WORD_UNIT   ? ops->ko_score_unit
                                             : NULL;
    if (own) return own;
    return w == SRV_WORD_RESIGN ? "기권승" : w == SRV_WORD_LINE ? "한 줄 완성" : w == SRV_WORD_UNIT ? "점 차" : "";
}

void srv_result_sentence(const gs_game_ops *ops, int winner, const char *how, int has_score, double score,
                         gs_lang lang, char *buf, size_t len) {
    int won = winner == GS_BLACK || winner == GS_WHITE;
    const char *key = !won ? (!strcmp(how, "agreement") ? "draw-agreement" : "draw")
                      : !strcmp(how, "score") && !has_score ? "win"
                                                             : how;
    const srv_sentence *s = sentence(key);
    if (!s) s = sentence(won ? "win" : "draw");
    int ko = lang == GS_LANG_KO;
    const char *fmt = ko ? s->ko : s->en, *sig = ko ? s->ko_sig : s->en_sig;
    const char *who = ko ? (winner == GS_BLACK ? "흑" : "백") : winner == GS_BLACK ? "Black" : "White";
    const char *w = word(ops, s->ko_word);
    double size = score < 0 ? -score : score;
    /* each format's conversions are its sig (tests/test_texts.c) */
    if (!strcmp(sig, "%s%g%s")) snprintf(buf, len, fmt, who, size, w);
    else if (!strcmp(sig, "%s%g")) snprintf(buf, len, fmt, who, size);
    else if (!strcmp(sig, "%s%s")) snprintf(buf, len, fmt, who, w);
    else if (!strcmp(sig, "%s")) snprintf(buf, len, fmt, who);
    else snprintf(buf, len, "%s", fmt);
}

void srv_scoring_reason(int limit, int max_ply, gs_lang lang, char *buf, size_t len) {
    int ko = lang == GS_LANG_KO;
    if (!limit) snprintf(buf, len, "%s", ko ? "두 대국자가 연이어 패스했습니다" : "both players passed");
    else if (ko) snprintf(buf, len, "수 제한(%d수)에 이르러 지금 형세로 계가합니다", max_ply);
    else snprintf(buf, len, "the game reached its limit of %d moves: it is scored as it stands", max_ply);
}
