/* Helpers shared by the CLI commands: one-line errors, loading files,
 * JSON Lines output, bounded line reading, the protocol loop. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "core/error_ko.h"
#include "gridstone/go.h"

void gs_cli_die(const char *cmd, const char *fmt, ...) {
    va_list ap;
    char msg[512];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (char *p = msg; *p; p++)   /* keep it to one line */
        if (*p == '\n' || *p == '\r') *p = ' ';
    fflush(stdout);
    if (!strcmp(cmd, "gridstone")) fprintf(stderr, "gridstone: %s\n", msg);
    else fprintf(stderr, "gridstone %s: %s\n", cmd, msg);
    exit(GS_EXIT_USAGE);
}

/* The running command's language: one command runs per process, and
 * cli_parse sets it before anything can fail. */
static gs_lang ui_lang = GS_LANG_EN;

gs_lang gs_cli_ui_lang(void) { return ui_lang; }
void gs_cli_set_ui_lang(gs_lang lang) { ui_lang = lang; }

void gs_cli_die_nomem(const char *cmd) { gs_cli_die(cmd, CLI_TR("out of memory", "메모리가 부족합니다")); }

const char *gs_cli_errno_text(int e) {
    const char *en = strerror(e), *ko = ui_lang == GS_LANG_KO ? err_cat_ko(en) : NULL;
    return ko ? ko : en;
}

void gs_cli_die_err(const char *cmd, const gs_error *err) { gs_cli_die_err_at(cmd, NULL, err); }

void gs_cli_die_err_at(const char *cmd, const char *prefix, const gs_error *err) {
    const char *m = gs_error_message(err, ui_lang), *sep = prefix ? ": " : "";
    if (!prefix) prefix = "";
    if (err->line > 0) gs_cli_die(cmd, CLI_TR("%s%sline %d, column %d: %s", "%s%s%d행 %d열: %s"), prefix, sep, err->line, err->col, m);
    gs_cli_die(cmd, "%s%s%s", prefix, sep, m);
}

/* The messages' locale as POSIX orders it: LC_ALL, LC_MESSAGES, LANG (the
 * first that is set and not empty). */
static const char *locale_messages(void) {
    static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v) return v;
    }
    return NULL;
}

/* The --lang given before the command, which stands for the locale. */
static const char *default_lang;

gs_lang gs_cli_lang(const char *cmd, const char *opt_value) {
    if (opt_value && strcmp(opt_value, "en") && strcmp(opt_value, "ko")) {
        /* the error in the language the user would get without it */
        ui_lang = gs_lang_from_name(default_lang ? default_lang : locale_messages());
        gs_cli_die(cmd, CLI_TR("bad value for --lang: '%s' (expected en or ko)", "--lang의 값 '%s'이(가) 잘못되었습니다 (en 또는 ko)"),
                   opt_value);
    }
    return gs_lang_from_name(opt_value ? opt_value : default_lang ? default_lang : locale_messages());
}

gs_lang gs_cli_set_default_lang(const char *value) {
    gs_lang lang = gs_cli_lang("gridstone", value);
    default_lang = value;
    return lang;
}

int gs_cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

long gs_cli_long(const char *cmd, const char *opt, const char *val, long lo, long hi) {
    char *end;
    if (!val) gs_cli_die(cmd, "%s needs a value", opt);
    errno = 0;
    long v = strtol(val, &end, 10);
    if (*end || end == val || errno || v < lo || v > hi)
        gs_cli_die(cmd, CLI_TR("bad value for %s: '%s' (expected %ld..%ld)", "%s의 값 '%s'이(가) 잘못되었습니다 (%ld..%ld)"), opt, val, lo, hi);
    return v;
}

gs_loaded *gs_cli_load(const char *cmd, const char *path, const char *spec_override, int flags, int *count) {
    char *data;
    size_t len;
    gs_error err;
    gs_loaded *l = NULL;
    if (gs_read_file(path, &data, &len, &err) != GS_OK) gs_cli_die_err(cmd, &err);
    gs_status st = gs_load_positions(data, len, spec_override, flags, &l, count, &err);
    free(data);
    if (st != GS_OK) gs_cli_die_err_at(cmd, path, &err);
    if (*count == 0) gs_cli_die(cmd, CLI_TR("%s: no position in the file", "%s: 파일에 국면이 없습니다"), path);
    /* notes about what was read but not used (e.g. an unknown RU[]); a
     * stopped replay's note is printed by the command with the stop */
    for (int i = 0; i < *count; i++)
        if (l[i].note[0] && !l[i].illegal_at) {
            if (*count > 1)
                fprintf(stderr, CLI_TR("gridstone %s: %s: game %d: note: %s\n", "gridstone %s: %s: %d번째 대국: 참고: %s\n"), cmd,
                        path, i + 1, gs_cli_note(&l[i]));
            else fprintf(stderr, CLI_TR("gridstone %s: %s: note: %s\n", "gridstone %s: %s: 참고: %s\n"), cmd, path,
                         gs_cli_note(&l[i]));
        }
    return l;
}

long gs_cli_each_position(const char *cmd, char **files, int nfiles, const char *spec_override, int flags,
                          gs_cli_each_fn fn, void *ud) {
    long total = 0;
    for (int f = 0; f < nfiles; f++) {
        int n;
        /* lazily: one state at a time, so memory follows the file's size */
        gs_loaded *l = gs_cli_load(cmd, files[f], spec_override, flags | GS_LOAD_LAZY, &n);
        for (int i = 0; i < n; i++) {
            if (!gs_loaded_state(&l[i]))
                gs_cli_die(cmd, CLI_TR("%s: out of memory at position %d", "%s: %d번째 국면에서 메모리가 부족합니다"), files[f], i + 1);
            fn(files[f], i + 1, n, &l[i], ud);
            gs_loaded_release(&l[i]);
        }
        gs_loaded_free(l, n);
        total += n;
    }
    return total;
}

void gs_cli_json_line(io_jw *w) {
    if (w->b.failed) gs_cli_die_nomem("gridstone");
    if (w->b.s) fputs(w->b.s, stdout);
    fputc('\n', stdout);
    io_jw_reset(w);
}

void gs_cli_json_point(io_jw *w, const char *key, const gs_state *s, gs_move m) {
    char buf[32];
    gs_state_format_move(s, m, buf, sizeof buf);
    io_jw_obj(w, key);
    io_jw_str(w, "move", m == GS_PASS ? "pass" : m == GS_RESIGN ? "resign" : buf);
    if (m >= 0) {
        io_jw_int(w, "x", m % s->game->geom.w);
        io_jw_int(w, "y", m / s->game->geom.w);
    }
    io_jw_end(w);
}

void gs_cli_json_head(io_jw *w, const gs_state *s, const char *file, int index) {
    io_jw_str(w, "game", s->game->spec);
    if (file) {
        io_jw_str(w, "file", file);
        io_jw_int(w, "index", index);
    }
}

void gs_cli_json_board(io_jw *w, const char *key, const gs_state *s) {
    int wd = s->game->geom.w, h = s->game->geom.h;
    io_jw_arr(w, key);
    for (int y = 0; y < h; y++) {
        char row[GS_MAX_SIDE + 1];
        for (int x = 0; x < wd; x++) row[x] = ".XO"[s->board.cells[y * wd + x] % 3];
        row[wd] = 0;
        io_jw_str(w, NULL, row);
    }
    io_jw_end(w);
}

char *gs_cli_go_presets(char *buf, size_t len) {
    buf[0] = 0;
    for (int i = 0; i < GS_GO_PRESET_COUNT; i++) {
        size_t l = strlen(buf);
        snprintf(buf + l, len - l, "%s%s", i ? ", " : "", gs_go_preset_name((gs_go_preset)i));
    }
    return buf;
}

void gs_cli_presets_help(cli_opt *o, gs_cli_help_buf *b, const char *en, const char *ko) {
    char presets[256];
    if (o->help) return;
    gs_cli_go_presets(presets, sizeof presets);
    snprintf(b->en, sizeof b->en, en, presets);
    snprintf(b->ko, sizeof b->ko, ko, presets);
    o->help = b->en;
    o->help_ko = b->ko;
}

long gs_cli_read_line(FILE *f, char *buf, size_t cap, int *too_long) {
    size_t n = 0;
    int c, any = 0;
    *too_long = 0;
    while ((c = getc(f)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (n + 1 < cap) buf[n++] = (char)c;
        else *too_long = 1;
    }
    if (!any) return -1;
    buf[n] = 0;
    return (long)n;
}

/* Lines an engine streams while it thinks: out at once. */
static void cli_stream(void *ud, const char *text) {
    fputs(text, ud);
    fflush(ud);
}

int gs_cli_proto_loop(const char *protocol, const proto_opts *o) {
    gs_error err;
    proto_opts so = o ? *o : (proto_opts){0};
    so.stream = cli_stream;
    so.stream_ud = stdout;
    proto *p = proto_new(protocol, &so, &err);
    if (!p) gs_cli_die(protocol, "%s", err.msg);
    char *line = malloc(PROTO_MAX_LINE + 2);
    if (!line) gs_cli_die(protocol, "out of memory");
    int too_long;
    long n;
    while (!proto_done(p) && (n = gs_cli_read_line(stdin, line, PROTO_MAX_LINE + 2, &too_long)) >= 0) {
        /* a line longer than the engine reads is passed as too long */
        fputs(proto_handle(p, line, too_long ? PROTO_MAX_LINE + 1 : (size_t)n), stdout);
        fflush(stdout);
    }
    free(line);
    proto_free(p);
    return 0;
}

void gs_cli_json_illegal(io_jw *w, const gs_loaded *l) {
    if (!l->illegal_at) {
        io_jw_null(w, "illegal");
        return;
    }
    io_jw_obj(w, "illegal");
    io_jw_int(w, "move_number", l->illegal_at);
    io_jw_str(w, "reason", gs_reason_code(l->illegal_reason));
    io_jw_str(w, "note", l->note);
    io_jw_end(w);
}

const char *gs_cli_note(const gs_loaded *l) {
    return gs_cli_ui_lang() == GS_LANG_KO && l->note_ko ? l->note_ko : l->note;
}

void gs_cli_print_stop(const gs_loaded *l) {
    const char *code = gs_reason_code(l->illegal_reason);
    if (l->note[0]) printf("%s [%s]\n", gs_cli_note(l), code);
    else printf(CLI_TR("replay stopped at move %d [%s]\n", "%d번째 수에서 재생을 멈췄습니다 [%s]\n"), l->illegal_at, code);
}
