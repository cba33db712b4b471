/* OBF position lines (the FFO / Edax endgame test format). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "io/iobuf.h"
#include "io/obf.h"

static gs_status oerr(gs_error *err, const char *line, size_t len, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static gs_status oerr(gs_error *err, const char *line, size_t len, const char *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    gs_status st = io_verr_at(err, GS_ERR_PARSE, line, len, (size_t)(at - line), fmt, ap);
    va_end(ap);
    return st;
}

static int square_value(int ch) {
    switch (ch) {
    case 'X': case 'x': case '*': return GS_BLACK;
    case 'O': case 'o': return GS_WHITE;
    case '-': case '.': return GS_EMPTY;
    default: return -1;
    }
}

gs_status gs_obf_parse_line(const char *line, size_t len, gs_obf_position *out, gs_error *err) {
    const char *p = line, *end = line + len;
    char d[32];
    memset(out, 0, sizeof *out);
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *sq = p;
    while (p < end && square_value((unsigned char)*p) >= 0) p++;
    int n = (int)(p - sq), side = 0;
    for (int s = 4; s <= 16; s += 2)
        if (s * s == n) side = s;
    if (!side) {
        if (p < end && *p != ' ' && *p != '\t') {
            io_describe_char(p, end, d, sizeof d);
            return oerr(err, line, len, p, "bad square %s (expected 'X', 'O' or '-')", d);
        }
        return oerr(err, line, len, sq, "%d squares: expected 64 (or the square of another even side 4..16)", n);
    }
    out->side = side;
    for (int i = 0; i < n; i++) out->cells[i] = (uint8_t)square_value((unsigned char)sq[i]);
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    if (p >= end || (*p != 'X' && *p != 'O' && *p != 'x' && *p != 'o')) {
        io_describe_char(p, end, d, sizeof d);
        return oerr(err, line, len, p, "expected the side to move ('X' or 'O') after the squares, got %s", d);
    }
    out->to_move = *p == 'X' || *p == 'x' ? GS_BLACK : GS_WHITE;
    p++;
    if (p < end && *p != ' ' && *p != '\t' && *p != ';' && *p != '\r') {
        io_describe_char(p, end, d, sizeof d);
        return oerr(err, line, len, p, "expected ';' or the end of the line after the side to move, got %s", d);
    }
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == ';' || *p == '\r')) p++;
        if (p >= end) break;
        const char *mv = p;
        while (p < end && isalnum((unsigned char)*p)) p++;
        char name[16];
        size_t mlen = (size_t)(p - mv);
        gs_move m;
        if (mlen == 0 || mlen >= sizeof name) {
            io_describe_char(mv, end, d, sizeof d);
            return oerr(err, line, len, mv, "expected a move like 'A2:+38', got %s", d);
        }
        memcpy(name, mv, mlen);
        name[mlen] = 0;
        for (size_t i = 0; i < mlen; i++) name[i] = (char)tolower((unsigned char)name[i]);
        if (!strcmp(name, "ps") || !strcmp(name, "pass")) m = GS_PASS;
        else if (gs_notation_parse_move(GS_NOTE_OTHELLO, side, side, name, &m) != GS_OK || m < 0)
            return oerr(err, line, len, mv, "'%s' is not a square of the %dx%d board", name, side, side);
        if (p >= end || *p != ':') {
            io_describe_char(p, end, d, sizeof d);
            return oerr(err, line, len, p, "expected ':' and a score after the move, got %s", d);
        }
        p++;
        const char *sc = p;
        int sign = 1, v = 0, digits = 0;
        if (p < end && (*p == '+' || *p == '-')) sign = *p++ == '-' ? -1 : 1;
        while (p < end && isdigit((unsigned char)*p) && digits < 6) { v = v * 10 + (*p++ - '0'); digits++; }
        if (!digits || (p < end && isdigit((unsigned char)*p)))
            return oerr(err, line, len, sc, "expected a score (a signed integer of up to 6 digits)");
        if (p < end && *p != ';' && *p != ' ' && *p != '\t' && *p != '\r') {
            io_describe_char(p, end, d, sizeof d);
            return oerr(err, line, len, p, "expected ';' after the score, got %s", d);
        }
        if (out->neval >= GS_OBF_MAX_EVALS) return oerr(err, line, len, mv, "more than %d move scores", GS_OBF_MAX_EVALS);
        out->eval[out->neval].move = m;
        out->eval[out->neval].score = sign * v;
        out->neval++;
    }
    return GS_OK;
}
