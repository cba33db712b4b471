/* Status messages in English and Korean, and the stable reason codes. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gridstone/error.h"

static const struct {
    const char *code, *en, *ko;
} msgs[GS_STATUS_COUNT] = {
    [GS_OK] = {"ok", "ok", "정상"},
    [GS_ERR_OUT_OF_BOUNDS] = {"out-of-bounds", "the point is off the board", "판 밖의 자리입니다"},
    [GS_ERR_OCCUPIED] = {"occupied", "the point is already occupied", "이미 돌이 놓인 자리입니다"},
    [GS_ERR_NOT_YOUR_TURN] = {"not-your-turn", "it is not that colour's turn", "지금은 그 색이 둘 차례가 아닙니다"},
    [GS_ERR_SUICIDE] = {"suicide", "suicide is not allowed", "자살수는 둘 수 없습니다"},
    [GS_ERR_KO] = {"ko", "the move retakes a ko", "패를 바로 되따낼 수 없습니다"},
    [GS_ERR_POSITIONAL_SUPERKO] = {"positional-superko", "the move repeats an earlier board position",
                                   "이전에 나왔던 판 모양이 반복됩니다 (동형반복)"},
    [GS_ERR_SITUATIONAL_SUPERKO] = {"situational-superko",
                                    "the move repeats an earlier position with the same player to move",
                                    "같은 쪽이 둘 차례인 이전 판 모양이 반복됩니다 (동형반복)"},
    [GS_ERR_FORBIDDEN_DOUBLE_THREE] = {"forbidden-double-three", "double three is forbidden",
                                       "삼삼(33)은 금수입니다"},
    [GS_ERR_FORBIDDEN_DOUBLE_FOUR] = {"forbidden-double-four", "double four is forbidden", "사사(44)는 금수입니다"},
    [GS_ERR_FORBIDDEN_OVERLINE] = {"forbidden-overline", "an overline (six or more) is forbidden",
                                   "장목(6목 이상)은 금수입니다"},
    [GS_ERR_NO_FLIPS] = {"no-flips", "the move flips no discs", "뒤집을 돌이 없는 자리입니다"},
    [GS_ERR_PASS_NOT_ALLOWED] = {"pass-not-allowed", "passing is not allowed now", "지금은 패스할 수 없습니다"},
    [GS_ERR_GAME_OVER] = {"game-over", "the game is over", "대국이 이미 끝났습니다"},
    [GS_ERR_INVALID_ARG] = {"invalid-argument", "invalid argument", "잘못된 인자입니다"},
    [GS_ERR_NOMEM] = {"out-of-memory", "out of memory", "메모리가 부족합니다"},
    [GS_ERR_PARSE] = {"parse-error", "syntax error", "구문 오류입니다"},
    [GS_ERR_UNKNOWN_GAME] = {"unknown-game", "unknown game", "알 수 없는 게임입니다"},
    [GS_ERR_UNKNOWN_KEY] = {"unknown-key", "unknown key", "알 수 없는 설정 키입니다"},
    [GS_ERR_BAD_VALUE] = {"bad-value", "bad value", "잘못된 값입니다"},
    [GS_ERR_IO] = {"io-error", "input/output error", "입출력 오류입니다"},
    [GS_ERR_NO_UNDO] = {"no-undo", "there is no move to undo", "무를 수가 남아 있지 않습니다"},
    [GS_ERR_UNSUPPORTED] = {"unsupported", "the game does not support this", "이 게임에서는 지원하지 않습니다"},
    [GS_ERR_BAD_POSITION] = {"bad-position", "the position breaks the game's rules",
                             "규칙에 맞지 않는 판 모양입니다"},
    [GS_ERR_LIMIT] = {"limit", "a limit was reached", "제한에 도달했습니다"},
};

const char *gs_strerror(gs_status st, gs_lang lang) {
    if ((unsigned)st >= GS_STATUS_COUNT) return lang == GS_LANG_KO ? "알 수 없는 오류입니다" : "unknown error";
    return lang == GS_LANG_KO ? msgs[st].ko : msgs[st].en;
}

const char *gs_reason_code(gs_status st) {
    return (unsigned)st < GS_STATUS_COUNT ? msgs[st].code : "unknown";
}

gs_status gs_reason_from_code(const char *code) {
    for (int i = 0; code && i < GS_STATUS_COUNT; i++)
        if (!strcmp(code, msgs[i].code)) return (gs_status)i;
    return GS_STATUS_COUNT;
}

gs_lang gs_lang_from_name(const char *name) {
    return name && (name[0] == 'k' || name[0] == 'K') && (name[1] == 'o' || name[1] == 'O') ? GS_LANG_KO
                                                                                           : GS_LANG_EN;
}

int gs_is_move_reason(gs_status st) { return st >= GS_ERR_OUT_OF_BOUNDS && st <= GS_ERR_GAME_OVER; }

static gs_status set_v(gs_error *err, gs_status st, int line, int col, const char *fmt, va_list ap) {
    if (!err) return st;
    err->code = st;
    err->line = line;
    err->col = col;
    if (fmt) vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    else snprintf(err->msg, sizeof err->msg, "%s", gs_strerror(st, GS_LANG_EN));
    return st;
}

gs_status gs_error_set(gs_error *err, gs_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_v(err, st, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

gs_status gs_error_set_at(gs_error *err, gs_status st, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_v(err, st, line, col, fmt, ap);
    va_end(ap);
    return st;
}

void gs_error_clear(gs_error *err) {
    if (err) memset(err, 0, sizeof *err);
}
