/* The Korean of the library's error messages (src/core/error_ko.c): every
 * pair says it with the same conversions in the same order, the table is
 * in the order its search needs, every format the sources pass to the
 * error functions is in it (a scan of src/ and wasm/), and gs_error
 * carries the Korean beside the English. */
#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "gridstone/gridstone.h"
#include "gridstone/io.h"
#include "core/error_ko.h"
#include "io/json.h"
#include "test.h"

/* 1 when fmt has a letter outside its conversions (then the Korean needs Hangul). */
static int has_words(const char *fmt) {
    for (const char *p = fmt; *p; p++) {
        if (*p == '%' && p[1] == '%') { p++; continue; }
        if (*p == '%') {
            while (p[1] && !strchr("diouxXeEfFgGaAcspn", p[1])) p++;
            if (p[1]) p++;
            continue;
        }
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) return 1;
    }
    return 0;
}

TEST(texts_error_catalogue_pairs) {
    CHECK(err_ncat > 150);
    for (size_t i = 0; i < err_ncat; i++) {
        const char *en = err_cat[i].en, *ko = err_cat[i].ko;
        char ce[128], ck[128];
        CHECKF(en && *en && ko && *ko, "entry %zu empty", i);
        if (!en || !ko) continue;
        tl_conversions(en, ce, sizeof ce);
        tl_conversions(ko, ck, sizeof ck);
        CHECKF(!strcmp(ce, ck), "'%s': conversions %s in English, %s in Korean", en, ce, ck);
        CHECKF(!has_words(en) || tl_has_hangul(ko), "'%s': no Korean ('%s')", en, ko);
        CHECKF(i == 0 || strcmp(err_cat[i - 1].en, en) < 0, "'%s' is out of order (or twice) after '%s'", en,
               err_cat[i - 1].en);
        CHECKF(err_cat_ko(en) == ko, "'%s' not found by its search", en);
    }
    CHECK(err_cat_ko("no such message") == NULL && err_cat_ko(NULL) == NULL);
}

/* ---- the scan ---- */

/* The functions whose argument argi (1-based) is a format or a text the
 * catalogue translates: the public ones everywhere, the parsers' own
 * wrappers in their files.  A call whose argument has no string literal
 * must pass a wrapper's own parameter (fmt, what) on. */
static const struct {
    const char *file;   /* NULL: every file */
    const char *fn;
    int argi;
} callers[] = {
    {NULL, "gs_error_set", 3},
    {NULL, "gs_error_set_at", 5},
    {NULL, "gs_error_setv_at", 5},
    {NULL, "gs_error_wrap_at", 5},
    {"src/core/spec.c", "spec_err", 4},
    {"src/io/sgf.c", "perr", 4},
    {"src/io/sgf.c", "perr_char", 2},
    {"src/io/json.c", "jerr_at", 3},
    {"src/io/json.c", "jerr_char", 2},
    {"src/io/obf.c", "oerr", 5},
    {"src/io/state_json.c", "at", 4},
    {"src/io/sgf_game.c", "prop_err", 4},
    {NULL, "io_note", 2},
};

typedef struct scan {
    int calls, texts;
} scan;

/* Decodes the C string literal at *pp (after its opening quote) onto out. */
static void literal(const char **pp, char *out, size_t *o, size_t len) {
    const char *p = *pp;
    for (; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\' && p[1]) {
            c = *++p;
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c == 'x') {
                c = (char)strtol(p + 1, (char **)&p, 16);
                p--;
            }
        }
        if (*o + 1 < len) out[(*o)++] = c;
    }
    out[*o] = 0;
    *pp = *p ? p + 1 : p;
}

/* Checks the argument text [a, e): each run of adjacent string literals is
 * one text (a ?: gives two). */
static void check_arg(const char *path, int line, const char *fn, const char *a, const char *e, scan *sc) {
    char text[512], bare[64];
    int found = 0;
    size_t o = 0;
    int in_run = 0;
    for (const char *p = a; p < e;) {
        if (*p == '"') {
            if (!in_run) o = 0;
            p++;
            literal(&p, text, &o, sizeof text);
            in_run = 1;
            const char *q = p;
            while (q < e && strchr(" \t\n\r", *q)) q++;
            if (q < e && *q == '"') { p = q; continue; }
            found = 1;
            sc->texts++;
            CHECKF(err_cat_ko(text) != NULL, "%s:%d: %s(\"%s\") has no Korean in src/core/error_ko.c", path, line, fn,
                   text);
            in_run = 0;
            continue;
        }
        if (*p == '\'') {   /* a character constant: skip it */
            p += p[1] == '\\' ? 4 : 3;
            continue;
        }
        p++;
    }
    if (found) return;
    size_t n = 0;
    while (a < e && strchr(" \t\n\r", *a)) a++;
    while (e > a && strchr(" \t\n\r", e[-1])) e--;
    for (; a < e && n + 1 < sizeof bare; a++) bare[n++] = *a;
    bare[n] = 0;
    CHECKF(!strcmp(bare, "fmt") || !strcmp(bare, "what"), "%s:%d: %s(%s): a format that is not a literal", path, line,
           fn, bare);
}

static int ident(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

static void scan_file(const char *root, const char *rel, scan *sc) {
    char path[512];
    snprintf(path, sizeof path, "%s%s", root, rel);
    FILE *f = fopen(path, "rb");
    CHECKF(f != NULL, "cannot read %s", path);
    if (!f) return;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = s ? fread(s, 1, (size_t)n, f) : 0;
    fclose(f);
    if (!s) return;
    s[got] = 0;
    for (size_t c = 0; c < sizeof callers / sizeof callers[0]; c++) {
        if (callers[c].file && strcmp(callers[c].file, rel)) continue;
        size_t fl = strlen(callers[c].fn);
        for (const char *p = strstr(s, callers[c].fn); p; p = strstr(p + 1, callers[c].fn)) {
            if ((p > s && (ident(p[-1]) || p[-1] == '.' || p[-1] == '>')) || ident(p[fl])) continue;
            const char *q = p + fl;
            while (*q == ' ') q++;
            if (*q != '(') continue;
            int line = 1;
            for (const char *r = s; r < p; r++) line += *r == '\n';
            int depth = 0, argi = 1;
            const char *start = q + 1, *arg = NULL, *arg_end = NULL;
            for (const char *r = q; *r; r++) {
                if (*r == '"') {   /* skip the literal, escapes and all */
                    for (r++; *r && *r != '"'; r++)
                        if (*r == '\\' && r[1]) r++;
                    continue;
                }
                if (*r == '\'') {
                    r += r[1] == '\\' ? 3 : 2;
                    continue;
                }
                if (*r == '(' || *r == '[' || *r == '{') depth++;
                else if (*r == ')' || *r == ']' || *r == '}') {
                    if (--depth == 0) {
                        if (argi == callers[c].argi) arg = start, arg_end = r;
                        break;
                    }
                } else if (*r == ',' && depth == 1) {
                    if (argi == callers[c].argi) {
                        arg = start;
                        arg_end = r;
                        break;
                    }
                    argi++;
                    start = r + 1;
                }
            }
            if (!arg) continue;
            /* the prototype and the definition: "const char *fmt" */
            char head[32];
            size_t hn = 0;
            for (const char *r = arg; r < arg_end && hn + 1 < sizeof head; r++)
                if (!strchr(" \t\n", *r)) head[hn++] = *r;
            head[hn] = 0;
            if (hn >= 10 && !memcmp(head, "constchar*", 10)) continue;
            sc->calls++;
            check_arg(rel, line, callers[c].fn, arg, arg_end, sc);
        }
    }
    free(s);
}

static void scan_dir(const char *root, const char *rel, scan *sc) {
    char path[512];
    snprintf(path, sizeof path, "%s%s", root, rel);
    DIR *d = opendir(path);
    CHECKF(d != NULL, "cannot list %s", path);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[512];
        snprintf(sub, sizeof sub, "%s/%s", rel, e->d_name);
        snprintf(path, sizeof path, "%s%s", root, sub);
        struct stat st;
        if (stat(path, &st)) continue;
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) scan_dir(root, sub, sc);
        else if (n > 2 && (!strcmp(e->d_name + n - 2, ".c") || !strcmp(e->d_name + n - 2, ".h") ||
                           (n > 4 && !strcmp(e->d_name + n - 4, ".inc"))))
            scan_file(root, sub, sc);
    }
    closedir(d);
}

TEST(texts_error_every_format_has_korean) {
    /* the sources are where this file was built from */
    char root[512];
    snprintf(root, sizeof root, "%s", __FILE__);
    char *t = strstr(root, "tests/test_error_ko.c");
    REQUIRE(t != NULL);
    *t = 0;
    scan sc = {0, 0};
    scan_dir(root, "src", &sc);
    scan_dir(root, "wasm", &sc);
    /* a broken scan finds nothing: the library has about 200 calls */
    CHECKF(sc.calls > 200 && sc.texts > 200, "the scan found %d calls, %d texts", sc.calls, sc.texts);
}

/* ---- gs_error carries both ---- */

TEST(texts_error_korean_detail) {
    gs_error e;
    gs_game *g;
    CHECK(gs_game_new("go:komi=x", &g, &e) == GS_ERR_BAD_VALUE);
    CHECK_EQ_STR(e.msg, "bad value for key 'komi': 'x' (expected a number -1000..1000 (multiple of 0.5))");
    CHECK_EQ_STR(e.msg_ko, "키 'komi'의 값 'x'이(가) 잘못되었습니다 (-1000..1000 사이의 0.5의 배수여야 합니다)");
    CHECK(gs_error_message(&e, GS_LANG_KO) == e.msg_ko && gs_error_message(&e, GS_LANG_EN) == e.msg);
    CHECK(gs_game_new("nosuch", &g, &e) == GS_ERR_UNKNOWN_GAME);
    CHECK_EQ_STR(e.msg_ko, "알 수 없는 게임입니다: 'nosuch'");
    /* a parser's wrapper passes its format on, and the texts it puts in go Korean too */
    io_json *v = NULL;
    CHECK(io_json_parse("{\"a\" 1}", 7, &v, &e) == GS_ERR_PARSE);
    CHECK_EQ_STR(e.msg, "expected ':' after object key, got '1'");
    CHECK_EQ_STR(e.msg_ko, "객체 키 뒤에는 ':'가 와야 합니다 (실제로는 '1')");
    CHECK(e.line == 1 && e.col == 6);
    CHECK(io_json_parse("[1,", 3, &v, &e) == GS_ERR_PARSE);
    CHECK_EQ_STR(e.msg_ko, "입력이 예상보다 일찍 끝났습니다: JSON 값이 와야 합니다");
    /* a property's detail after "ID[value]: " */
    gs_loaded *l = NULL;
    int nl = 0;
    const char *sgf = "(;GM[1]FF[4]SZ[x])";
    CHECK(gs_load_positions(sgf, strlen(sgf), NULL, 0, &l, &nl, &e) == GS_ERR_BAD_VALUE);
    CHECK_EQ_STR(e.msg, "SZ[x]: board size must be N or W:H with 1..52");
    CHECK_EQ_STR(e.msg_ko, "SZ[x]: 판 크기는 N이나 W:H 꼴이어야 하고 각 변은 1..52입니다");
    /* a game's own property (Go's KM, gs_file_props fail): io puts the property before it */
    const char *sgf4 = "(;GM[1]FF[4]SZ[9]KM[7.3])";
    CHECK(gs_load_positions(sgf4, strlen(sgf4), NULL, 0, &l, &nl, &e) == GS_ERR_BAD_VALUE);
    CHECK_EQ_STR(e.msg, "KM[7.3]: komi must be a multiple of 0.5");
    CHECK_EQ_STR(e.msg_ko, "KM[7.3]: 덤은 0.5의 배수여야 합니다");
    CHECK(e.line == 1 && e.col == 18);
    const char *sgf5 = "(;GM[1]FF[4]SZ[9]AB[aa]AW[aa])";
    CHECK(gs_load_positions(sgf5, strlen(sgf5), NULL, 0, &l, &nl, &e) == GS_ERR_BAD_VALUE);
    CHECK_EQ_STR(e.msg_ko, "AW[aa]: 자리 aa이(가) 이 노드의 AB[]에도 있습니다");
    const char *sgf2 = "(;GM[1]FF[4]SZ[9];B[aa] W[bb])";
    CHECK(gs_load_positions(sgf2, strlen(sgf2), NULL, 0, &l, &nl, &e) == GS_ERR_PARSE);
    CHECK_EQ_STR(gs_error_message(&e, GS_LANG_KO), "한 노드에 B[]와 W[]가 함께 있습니다 (1번째 수)");
    const char *sgf3 = "(;GM[1]FF[4]SZ[9]C x)";
    CHECK(gs_load_positions(sgf3, strlen(sgf3), NULL, 0, &l, &nl, &e) == GS_ERR_PARSE);
    CHECK_EQ_STR(e.msg, "expected '[' after property identifier 'C', got 'x'");
    CHECK_EQ_STR(e.msg_ko, "속성 이름 'C' 뒤에는 '['가 와야 합니다 (실제로는 'x')");
    /* a status message as an argument */
    gs_error_set(&e, GS_ERR_OCCUPIED, "move %d (%s) is illegal: %s", 3, "c3", gs_strerror(GS_ERR_OCCUPIED, GS_LANG_EN));
    CHECK_EQ_STR(e.msg_ko, "3번째 수(c3)는 둘 수 없습니다: 이미 돌이 놓인 자리입니다");
    /* the C library's texts for files and a parser's byte code inside a message */
    gs_error_set(&e, GS_ERR_IO, "cannot open '%s': %s", "x.sgf", "No such file or directory");
    CHECK_EQ_STR(e.msg_ko, "'x.sgf'을(를) 열 수 없습니다: 그런 파일이나 디렉터리가 없습니다");
    CHECK(gs_load_positions("(;\001)", 4, NULL, 0, &l, &nl, &e) == GS_ERR_PARSE);
    CHECK_EQ_STR(e.msg, "expected ';', '(' or ')', got byte 0x01");
    CHECK_EQ_STR(e.msg_ko, "';', '(' 또는 ')'가 와야 합니다 (실제로는 바이트 0x01)");
    gs_error_set(&e, GS_ERR_PARSE, "%s, got %s", "expected ';', '(' or ')'", "byte 0x0");   /* not the form: as it is */
    CHECK_EQ_STR(e.msg_ko, "';', '(' 또는 ')'가 와야 합니다 (실제로는 byte 0x0)");
    /* a format the catalogue lacks: no Korean, the English serves */
    gs_error_set(&e, GS_ERR_IO, "not listed %d", 5);
    CHECK(e.msg_ko[0] == 0);
    CHECK_EQ_STR(gs_error_message(&e, GS_LANG_KO), "not listed 5");
    /* no format: the status message in both */
    gs_error_set(&e, GS_ERR_NO_UNDO, NULL);
    CHECK_EQ_STR(gs_error_message(&e, GS_LANG_KO), "무를 수가 남아 있지 않습니다");
    gs_error_clear(&e);
    CHECK_EQ_STR(gs_error_message(&e, GS_LANG_KO), "정상");
    CHECK_EQ_STR(gs_error_message(NULL, GS_LANG_KO), "");
    /* one error wrapping another: each language gets the inner's */
    gs_error inner;
    gs_error_set(&inner, GS_ERR_BAD_POSITION, "a centre square is empty");
    gs_error_wrap_at(&e, GS_ERR_BAD_POSITION, 4, 1, "the position is not valid: %s", &inner);
    CHECK_EQ_STR(e.msg, "the position is not valid: a centre square is empty");
    CHECK_EQ_STR(e.msg_ko, "올바른 판 모양이 아닙니다: 가운데 칸 하나가 비어 있습니다");
    CHECK(e.line == 4 && e.col == 1);
    gs_error_wrap_at(&inner, GS_ERR_BAD_POSITION, 0, 0, "the position is not valid: %s", &inner);   /* in place */
    CHECK_EQ_STR(inner.msg_ko, "올바른 판 모양이 아닙니다: 가운데 칸 하나가 비어 있습니다");
}

TEST(texts_error_korean_conversions_and_cuts) {
    gs_error e;
    /* widths, precisions (also from an argument), sizes and hex as printf does them */
    gs_error_set(&e, GS_ERR_LIMIT, "JSON text of %zu bytes is over the %u byte limit", (size_t)70000, 65536u);
    CHECK_EQ_STR(e.msg_ko, "JSON 텍스트가 70000바이트로 제한(65536바이트)을 넘습니다");
    gs_error_set(&e, GS_ERR_PARSE, "property identifier '%.*s' has no uppercase letter", 2, "abcdef");
    CHECK_EQ_STR(e.msg_ko, "속성 이름 'ab'에 대문자가 없습니다");
    /* a precision bounds the argument: a parser passes a slice of its input,
     * not ended by a NUL (fuzz_json found the Korean side reading past it) */
    static const char listed[] = "a centre square is empty";   /* a catalogue text */
    char *slice = malloc(sizeof listed - 1);
    REQUIRE(slice);
    memcpy(slice, listed, sizeof listed - 1);
    gs_error_set(&e, GS_ERR_PARSE, "property identifier '%.*s' has no uppercase letter", (int)sizeof listed - 1, slice);
    CHECK_EQ_STR(e.msg_ko, "속성 이름 'a centre square is empty'에 대문자가 없습니다");
    free(slice);
    gs_error_set(&e, GS_ERR_PARSE, "control character 0x%02X in string (must be escaped)", 7);
    CHECK_EQ_STR(e.msg_ko, "문자열에 제어 문자(0x07)가 있습니다 (이스케이프해야 합니다)");
    gs_error_set(&e, GS_ERR_BAD_VALUE, "bad value for key '%s': '%s' (expected a number %g..%g)", "komi", "9999", -1000.0,
                 1000.0);
    CHECK_EQ_STR(e.msg_ko, "키 'komi'의 값 '9999'이(가) 잘못되었습니다 (-1000..1000 사이의 수여야 합니다)");
    /* a long Korean message is cut at a character, never inside one */
    char big[400];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    for (int shift = 0; shift < 3; shift++) {
        big[sizeof e.msg_ko - 40 + shift] = 0;
        gs_error_set(&e, GS_ERR_IO, "cannot open '%s': %s", big, "x");
        CHECK(strlen(e.msg_ko) < sizeof e.msg_ko);
        char probe[sizeof e.msg_ko + 8];
        snprintf(probe, sizeof probe, "%s열", e.msg_ko);   /* valid UTF-8 after the cut */
        CHECKF(tl_has_hangul(probe), "cut inside a character (shift %d)", shift);
    }
}

/* A loaded file's notes (an unknown RU[], a stopped replay) come in Korean
 * too (gs_loaded.note_ko), and only a position with notes allocates them. */
TEST(texts_loader_notes_in_korean) {
    static const struct { const char *sgf, *en, *ko; } cases[] = {
        {"(;GM[1]SZ[9]RU[moon])", "RU[moon]: rules not understood", "RU[moon]: 알 수 없는 규칙입니다"},
        {"(;GM[4]SZ[15]RU[moon])", "RU[moon]: rule not understood; freestyle applies", "자유룰을 적용합니다"},
        {"(;GM[1]SZ[9]HA[many])", "HA[many]: not a number of handicap stones", "치석 수가 아닙니다"},
        {"(;GM[1]SZ[9];B[aa];AB[cc];W[dd])", "replay stopped after move 1: setup properties",
         "1번째 수 뒤에서 재생을 멈췄습니다: 수 뒤의 배치 속성"},
        {"(;GM[1]SZ[9];B[aa];W[aa])", "replay stopped at move 2 (W[aa]): the point", "2번째 수(W[aa])에서 재생을 멈췄습니다: 이미 돌이"},
        {"(;GM[1]SZ[9]RU[moon];B[aa];W[aa])", "RU[moon]: rules not understood; the game's default rules apply; replay",
         "알 수 없는 규칙입니다; 이 게임의 기본 규칙을 적용합니다; 2번째 수(W[aa])"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gs_loaded *l;
        int n;
        gs_error err;
        REQUIREF(gs_load_positions(cases[i].sgf, strlen(cases[i].sgf), NULL, 0, &l, &n, &err) == GS_OK, "%s: %s",
                 cases[i].sgf, err.msg);
        CHECKF(n == 1 && strstr(l[0].note, cases[i].en), "%s: note '%s'", cases[i].sgf, l[0].note);
        CHECKF(l[0].note_ko && strstr(l[0].note_ko, cases[i].ko), "%s: Korean note '%s'", cases[i].sgf,
               l[0].note_ko ? l[0].note_ko : "(none)");
        CHECKF(l[0].note_ko && !strstr(l[0].note_ko, "stopped") && !strstr(l[0].note_ko, "understood"),
               "%s: English left in '%s'", cases[i].sgf, l[0].note_ko ? l[0].note_ko : "(none)");
        gs_loaded_free(l, n);
    }
    gs_loaded *l;
    int n;
    REQUIRE(gs_load_positions("(;GM[1]SZ[9];B[aa])", 19, NULL, 0, &l, &n, NULL) == GS_OK);
    CHECK(n == 1 && !l[0].note[0] && !l[0].note_ko);
    gs_loaded_free(l, n);
}
