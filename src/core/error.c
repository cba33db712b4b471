/* Status messages in English and Korean, and the stable reason codes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gridstone/error.h"
#include "core/error_ko.h"

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

/* The English message a status has, or NULL. */
static const char *status_ko(const char *en) {
    /* the first letter before strcmp: every %s argument of a Korean
     * message (move texts, names) is looked up here */
    for (int i = 0; i < GS_STATUS_COUNT; i++)
        if (msgs[i].en[0] == en[0] && !strcmp(msgs[i].en, en)) return msgs[i].ko;
    return NULL;
}

/* A %s argument in Korean: a catalogue text without conversions, a
 * status message, or what io_describe_char says of a byte ("byte 0xC3",
 * written into buf); anything else (names, values, file text) as it is. */
static const char *arg_ko(const char *a, char buf[24]) {
    const char *ko = err_cat_ko(a);
    if (ko && !strchr(a, '%')) return ko;
    if (!strncmp(a, "byte 0x", 7) && strlen(a) == 9) {
        snprintf(buf, 24, "바이트 0x%s", a + 7);
        return buf;
    }
    ko = status_ko(a);
    return ko ? ko : a;
}

/* Drops a UTF-8 sequence cut off at the end of buf. */
static void utf8_trim(char *buf) {
    size_t n = strlen(buf), i = n;
    while (i > 0 && ((unsigned char)buf[i - 1] & 0xC0) == 0x80 && n - i < 3) i--;
    if (i == 0) return;
    unsigned c = (unsigned char)buf[i - 1];
    size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (c >= 0xC0 && n - (i - 1) < need) buf[i - 1] = 0;
}

/* vsnprintf for a catalogue format, one conversion at a time so that %s
 * arguments can be put in Korean (arg_ko).  The conversions are the ones
 * C's printf has; the catalogue's test keeps them equal to the English. */
static void format_ko(char *buf, size_t len, const char *fmt, va_list ap) {
    size_t o = 0;
    buf[0] = 0;
    for (const char *p = fmt; *p && o + 1 < len;) {
        if (*p != '%' || p[1] == '%') {
            buf[o++] = *p;
            p += *p == '%' ? 2 : 1;
            continue;
        }
        char spec[32];
        size_t k = 0;
        int star[2], nstar = 0, prec = 0;
        const char *q = p++;
        spec[k++] = '%';
        while (*p && strchr("-+ #0", *p) && k < 8) spec[k++] = *p++;
        for (int part = 0; part < 2; part++) {
            if (part == 1) {
                if (*p != '.') break;
                prec = 1;
                spec[k++] = *p++;
            }
            if (*p == '*') {
                star[nstar++] = va_arg(ap, int);
                spec[k++] = *p++;
            } else
                while (*p >= '0' && *p <= '9' && k < 20) spec[k++] = *p++;
        }
        int lmod = 0;   /* 'H' hh, 'h', 'l', 'L' ll, 'z', 'j', 't', 'D' long double */
        const char *ls = p;
        if ((p[0] == 'h' || p[0] == 'l') && p[1] == p[0]) lmod = p[0] == 'h' ? 'H' : 'L', p += 2;
        else if (*p && strchr("hlzjt", *p)) lmod = *p++;
        else if (*p == 'L') lmod = 'D', p++;
        memcpy(spec + k, ls, (size_t)(p - ls));
        k += (size_t)(p - ls);
        char conv = *p ? *p++ : 0;
        spec[k++] = conv;
        spec[k] = 0;
        char *out = buf + o;
        size_t room = len - o;
        int n = 0;
#define GS_PUT(x) (nstar == 2 ? snprintf(out, room, spec, star[0], star[1], x) \
                   : nstar == 1 ? snprintf(out, room, spec, star[0], x) : snprintf(out, room, spec, x))
        switch (conv) {
        case 'd': case 'i':
            if (lmod == 'l') n = GS_PUT(va_arg(ap, long));
            else if (lmod == 'L') n = GS_PUT(va_arg(ap, long long));
            else if (lmod == 'z') n = GS_PUT(va_arg(ap, size_t));
            else if (lmod == 'j') n = GS_PUT(va_arg(ap, intmax_t));
            else if (lmod == 't') n = GS_PUT(va_arg(ap, ptrdiff_t));
            else n = GS_PUT(va_arg(ap, int));
            break;
        case 'u': case 'x': case 'X': case 'o':
            if (lmod == 'l') n = GS_PUT(va_arg(ap, unsigned long));
            else if (lmod == 'L') n = GS_PUT(va_arg(ap, unsigned long long));
            else if (lmod == 'z') n = GS_PUT(va_arg(ap, size_t));
            else if (lmod == 'j') n = GS_PUT(va_arg(ap, uintmax_t));
            else if (lmod == 't') n = GS_PUT(va_arg(ap, ptrdiff_t));
            else n = GS_PUT(va_arg(ap, unsigned));
            break;
        case 'c': n = GS_PUT(va_arg(ap, int)); break;
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
            if (lmod == 'D') n = GS_PUT(va_arg(ap, long double));
            else n = GS_PUT(va_arg(ap, double));
            break;
        case 's': {
            /* with a precision the argument may be a slice of the input
             * with no NUL after it: printed as it is, never looked up */
            const char *a = va_arg(ap, const char *);
            char byte[24];
            n = GS_PUT(!a ? "(null)" : prec ? a : arg_ko(a, byte));
            break;
        }
        case 'p': n = GS_PUT(va_arg(ap, void *)); break;
        default:   /* not a conversion: copy it as written */
            n = snprintf(out, room, "%.*s", (int)(p - q), q);
            break;
        }
#undef GS_PUT
        if (n < 0) break;
        o += (size_t)n < room ? (size_t)n : room - 1;
    }
    buf[o < len ? o : len - 1] = 0;
    utf8_trim(buf);
}

gs_status gs_error_setv_at(gs_error *err, gs_status st, int line, int col, const char *fmt, va_list ap) {
    if (!err) return st;
    err->code = st;
    err->line = line;
    err->col = col;
    if (!fmt) {
        snprintf(err->msg, sizeof err->msg, "%s", gs_strerror(st, GS_LANG_EN));
        snprintf(err->msg_ko, sizeof err->msg_ko, "%s", gs_strerror(st, GS_LANG_KO));
        return st;
    }
    const char *ko = err_cat_ko(fmt);
    va_list ap2;
    va_copy(ap2, ap);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    if (ko) format_ko(err->msg_ko, sizeof err->msg_ko, ko, ap2);
    else err->msg_ko[0] = 0;
    va_end(ap2);
    return st;
}

gs_status gs_error_set(gs_error *err, gs_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gs_error_setv_at(err, st, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

gs_status gs_error_set_at(gs_error *err, gs_status st, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gs_error_setv_at(err, st, line, col, fmt, ap);
    va_end(ap);
    return st;
}

gs_status gs_error_wrap_at(gs_error *err, gs_status st, int line, int col, const char *fmt, const gs_error *inner) {
    if (!err) return st;
    char en[sizeof err->msg], ko[sizeof err->msg_ko];   /* inner may be err itself */
    snprintf(en, sizeof en, "%s", gs_error_message(inner, GS_LANG_EN));
    snprintf(ko, sizeof ko, "%s", gs_error_message(inner, GS_LANG_KO));
    const char *kfmt = err_cat_ko(fmt);
    err->code = st;
    err->line = line;
    err->col = col;
    /* fmt has one %s (the catalogue's test checks the Korean has the same) */
    snprintf(err->msg, sizeof err->msg, fmt, en);
    if (kfmt) snprintf(err->msg_ko, sizeof err->msg_ko, kfmt, ko);
    else err->msg_ko[0] = 0;
    utf8_trim(err->msg_ko);
    return st;
}

/* "prefix: " before the text in buf (len bytes), the end cut if need be. */
static void put_before(char *buf, size_t len, const char *prefix) {
    size_t p = strlen(prefix), n = strlen(buf);
    if (p + 3 > len) return;
    size_t keep = n < len - 1 - (p + 2) ? n : len - 1 - (p + 2);
    memmove(buf + p + 2, buf, keep);
    memcpy(buf, prefix, p);
    buf[p] = ':';
    buf[p + 1] = ' ';
    buf[p + 2 + keep] = 0;
    utf8_trim(buf);
}

void gs_error_prefix(gs_error *err, const char *prefix) {
    if (!err || !prefix) return;
    if (!err->msg[0]) snprintf(err->msg, sizeof err->msg, "%s", gs_strerror(err->code, GS_LANG_EN));
    put_before(err->msg, sizeof err->msg, prefix);
    if (err->msg_ko[0]) put_before(err->msg_ko, sizeof err->msg_ko, prefix);
}

const char *gs_error_message(const gs_error *err, gs_lang lang) {
    if (!err) return "";
    if (lang == GS_LANG_KO && err->msg_ko[0]) return err->msg_ko;
    return err->msg[0] ? err->msg : gs_strerror(err->code, lang);
}

void gs_error_clear(gs_error *err) {
    if (err) memset(err, 0, sizeof *err);
}
