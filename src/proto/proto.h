/* Protocol engines: the text protocols gridstone speaks (GTP for Go, the
 * Gomocup/Piskvork protocol for Gomoku), above ai and io, below the CLI
 * and the server.
 *
 * Every engine has one shape:
 *
 *     proto *p = proto_new("gtp", &opts, &err);
 *     reply = proto_handle(p, line, len);    one input line in, the complete
 *                                            reply out ("" when none is due)
 *     proto_done(p)                          1 after quit / END
 *     proto_free(p);
 *
 * proto_handle takes the line with its length, so NUL and other control
 * bytes arrive intact and are handled as the protocol says (GTP: dropped,
 * and the command still answered).  A bad command is answered in the
 * protocol's error form ("? message" / "ERROR message") and leaves the
 * engine's state exactly as it was.  Commands are dispatched through a
 * table (proto_cmd), which also answers list_commands / known_command.
 * An engine is single-threaded; two engines share nothing. */
#ifndef GS_PROTO_H
#define GS_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include "gridstone/gridstone.h"
#include "io/iobuf.h"

/* Longest input line an engine reads; a longer one is answered with an
 * error (its rest is never taken for a command). */
#define PROTO_MAX_LINE 65536

typedef struct proto_opts {
    const char *rules;       /* GTP: Go rule preset (default chinese) */
    int size;                /* GTP: the board size to start with (0 = 19, else 2..25) */
    const char *level;       /* AI level (GTP default strong) */
    double max_time;         /* seconds a move, 0 = the level's default */
    uint64_t playouts;       /* GTP: playouts a move, 0 = the level's default */
    uint64_t seed;
    int threads;             /* GTP: threads a move's search uses (0/1: one; then
                                a playout count gives the same move every time) */
    uint64_t est_playouts;   /* GTP: playouts for dead-stone estimates (0 = 2000) */
    int fast;                /* Gomocup: 1 (tests) / 2 (fuzzing): node limits, not the clock */
    int verbose;             /* GTP: one line per search on stderr */
    /* Optional: where an engine sends lines that are ready before the
     * command's reply is complete (Gomocup: a search's MESSAGE lines, one
     * per iteration as it ends), each with its line end; they are then left
     * out of the returned reply.  NULL keeps every line in the reply. */
    void (*stream)(void *ud, const char *text);
    void *stream_ud;
    struct io_shelf *shelf;  /* games shared with engines made before or after, and
                                (Gomocup) the search memory an ended engine leaves
                                to the next (io/shelf.h; NULL: none) */
} proto_opts;

typedef struct proto proto;

/* A new engine for protocol name ("gtp", "gomocup"); o may be NULL for
 * the defaults.  NULL with err set when the name or an option is bad. */
proto *proto_new(const char *name, const proto_opts *o, gs_error *err);
/* One line (without or with its line end) -> the whole reply.  The
 * returned text stays valid until the next call. */
const char *proto_handle(proto *p, const char *line, size_t len);
/* 1 once the controller ended the session (GTP quit, Gomocup END). */
int proto_done(const proto *p);

void proto_free(proto *p);
/* The protocol names, NULL-terminated (for --help and the server). */
const char *const *proto_names(void);

/* ---- for engine implementations ---- */

/* One command of an engine's table: run gets the engine, the arguments
 * (argv[0] is the first argument, not the name) and the reply buffer;
 * returns 0 for success, 1 for a failure whose message it wrote. */
typedef struct proto_cmd {
    const char *name;
    int (*run)(void *engine, int argc, char **argv, io_buf *out);
} proto_cmd;

/* The entry named name (case-insensitive when nocase), or NULL.  The
 * table ends with a NULL name. */
const proto_cmd *proto_cmd_find(const proto_cmd *table, const char *name, int nocase);
/* The names of the table, one per line, no final line end. */
void proto_cmd_list(const proto_cmd *table, io_buf *out);

/* Clean one protocol line the GTP way into dst (room for len + 1): every
 * control byte except HT dropped (NUL included), HT turned into a space,
 * a '\r' or '\n' end removed.  When comment is set, '#' starts a comment
 * that is cut off.  Returns the cleaned length. */
size_t proto_clean_line(const char *line, size_t len, char *dst, int comment);

/* Make *buf (of *cap bytes) hold at least need bytes (need <= PROTO_MAX_LINE
 * + 1): each engine's line buffer grows to the longest line it has seen.
 * Returns *buf, or NULL (buffer unchanged) when out of memory. */
char *proto_line_buf(char **buf, size_t *cap, size_t need);

/* Clamp a time value: NaN and negatives to 0, above max to max. */
double proto_clamp_time(double v, double max);

/* Engine constructors (one per protocol; the proto_new table lists them). */
typedef struct proto_vt {
    const char *name;
    void *(*create)(const proto_opts *o, gs_error *err);
    const char *(*handle)(void *engine, const char *line, size_t len);
    int (*done)(const void *engine);
    void (*destroy)(void *engine);
} proto_vt;

extern const proto_vt proto_gtp_vt;
extern const proto_vt proto_gomocup_vt;

#endif
