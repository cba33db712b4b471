/* Coordinate notations of each community (SPEC §3). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridstone/board.h"

static const char *const note_names[] = {"xy", "gtp", "sgf", "alpha", "othello"};

const char *gs_notation_name(gs_notation nt) {
    return (unsigned)nt < 5 ? note_names[nt] : "xy";
}

int gs_notation_from_name(const char *s, gs_notation *out) {
    for (int i = 0; i < 5; i++)
        if (!strcmp(s, note_names[i])) { *out = (gs_notation)i; return 1; }
    return 0;
}

/* GTP columns skip I: A..H J..Z (25 columns). */
static char gtp_col(int x) { return (char)('A' + x + (x >= 8)); }
static int sgf_char(int v) { return v < 26 ? 'a' + v : 'A' + v - 26; }
/* alpha columns past z: "aa", "ab"... are not needed up to 32 wide; use a..z then A..F */
static char alpha_col(int x) { return (char)(x < 26 ? 'a' + x : 'A' + x - 26); }

char *gs_notation_format_move(gs_notation nt, int w, int h, gs_move m, char *buf, size_t len) {
    if (!len) return buf;
    if (m == GS_PASS) { snprintf(buf, len, "%s", nt == GS_NOTE_SGF ? "" : "pass"); return buf; }
    if (m == GS_RESIGN) { snprintf(buf, len, "resign"); return buf; }
    if (m < 0 || m >= w * h) { snprintf(buf, len, "none"); return buf; }
    int x = m % w, y = m / w;
    switch (nt) {
    case GS_NOTE_GTP:   /* GTP has no names past 25 columns: use x,y there */
        if (w <= 25) snprintf(buf, len, "%c%d", gtp_col(x), h - y);
        else snprintf(buf, len, "%d,%d", x, y);
        break;
    case GS_NOTE_XY: snprintf(buf, len, "%d,%d", x, y); break;
    case GS_NOTE_SGF: snprintf(buf, len, "%c%c", sgf_char(x), sgf_char(y)); break;
    case GS_NOTE_ALPHA: snprintf(buf, len, "%c%d", alpha_col(x), h - y); break;
    case GS_NOTE_OTHELLO: snprintf(buf, len, "%c%d", alpha_col(x), y + 1); break;
    }
    return buf;
}

static int parse_uint(const char *s, int *out) {
    if (!isdigit((unsigned char)*s)) return 0;
    long v = 0;
    for (; isdigit((unsigned char)*s); s++) {
        v = v * 10 + (*s - '0');
        if (v > 100000) return 0;
    }
    if (*s) return 0;
    *out = (int)v;
    return 1;
}

static gs_status in_bounds(int w, int h, int x, int y, gs_move *out) {
    if (x < 0 || y < 0 || x >= w || y >= h) return GS_ERR_OUT_OF_BOUNDS;
    *out = y * w + x;
    return GS_OK;
}

gs_status gs_notation_parse_move(gs_notation nt, int w, int h, const char *s, gs_move *out) {
    char t[32];
    size_t n = 0;
    while (isspace((unsigned char)*s)) s++;
    for (; *s && n + 1 < sizeof t; s++) t[n++] = *s;
    if (*s) return GS_ERR_PARSE;
    while (n && isspace((unsigned char)t[n - 1])) n--;
    t[n] = 0;
    if (!n) {
        if (nt == GS_NOTE_SGF) { *out = GS_PASS; return GS_OK; }
        return GS_ERR_PARSE;
    }
    char low[32];
    for (size_t i = 0; i <= n; i++) low[i] = (char)tolower((unsigned char)t[i]);
    if (!strcmp(low, "pass")) { *out = GS_PASS; return GS_OK; }
    if (!strcmp(low, "resign")) { *out = GS_RESIGN; return GS_OK; }
    char *comma = strchr(t, ',');
    if (comma) {   /* "x,y" is accepted in every notation */
        int x, y;
        *comma = 0;
        if (!parse_uint(t, &x) || !parse_uint(comma + 1, &y)) return GS_ERR_PARSE;
        return in_bounds(w, h, x, y, out);
    }
    switch (nt) {
    case GS_NOTE_SGF: {
        if (n != 2 || !isalpha((unsigned char)t[0]) || !isalpha((unsigned char)t[1])) return GS_ERR_PARSE;
        int x = islower((unsigned char)t[0]) ? t[0] - 'a' : t[0] - 'A' + 26;
        int y = islower((unsigned char)t[1]) ? t[1] - 'a' : t[1] - 'A' + 26;
        if (!strcmp(t, "tt") && w <= 19 && h <= 19) { *out = GS_PASS; return GS_OK; }
        return in_bounds(w, h, x, y, out);
    }
    case GS_NOTE_GTP: {
        int c = toupper((unsigned char)t[0]), row;
        if (c < 'A' || c > 'Z' || c == 'I' || !parse_uint(t + 1, &row)) return GS_ERR_PARSE;
        int x = c - 'A' - (c > 'I');
        return in_bounds(w, h, x, h - row, out);
    }
    case GS_NOTE_ALPHA:
    case GS_NOTE_OTHELLO: {
        int c = (unsigned char)t[0], row, x;
        if (c >= 'a' && c <= 'z') x = c - 'a';
        else if (c >= 'A' && c <= 'Z') x = w > 26 ? c - 'A' + 26 : c - 'A';
        else return GS_ERR_PARSE;
        if (!parse_uint(t + 1, &row)) return GS_ERR_PARSE;
        return in_bounds(w, h, x, nt == GS_NOTE_ALPHA ? h - row : row - 1, out);
    }
    case GS_NOTE_XY: return GS_ERR_PARSE;
    }
    return GS_ERR_PARSE;
}
