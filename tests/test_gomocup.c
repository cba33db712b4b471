/* The Gomocup engine's streamed lines (proto_opts.stream): with a stream
 * the search's MESSAGE lines leave through it, one per completed iteration
 * while the search runs, and the reply keeps only the move; without one
 * they stay at the head of the reply. */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "gridstone/gridstone.h"
#include "io/shelf.h"
#include "proto/proto.h"

typedef struct {
    char text[8192];
    size_t len;
    int calls, bad;   /* bad: a call that was not one whole MESSAGE line */
} streamed;

static void collect(void *ud, const char *text) {
    streamed *s = ud;
    size_t n = strlen(text);
    s->calls++;
    if (strncmp(text, "MESSAGE ", 8) || n == 0 || text[n - 1] != '\n' || memchr(text, '\n', n - 1)) s->bad++;
    if (s->len + n < sizeof s->text) {
        memcpy(s->text + s->len, text, n + 1);
        s->len += n;
    }
}

TEST(gomocup_stream_message_lines) {
    streamed got = {.len = 0};
    proto_opts o = {0};
    o.fast = 1;
    o.stream = collect;
    o.stream_ud = &got;
    gs_error err;
    proto *p = proto_new("gomocup", &o, &err);
    REQUIRE(p);
    CHECK_EQ_STR(proto_handle(p, "START 15", 8), "OK\n");
    const char *r = proto_handle(p, "TURN 7,7", 8);
    CHECK(strstr(r, "MESSAGE") == NULL);            /* streamed, not in the reply */
    CHECK(strncmp(r, "DEBUG time ", 11) == 0);
    CHECK(got.calls >= 2);                           /* one line per iteration */
    CHECK_EQ_INT(got.bad, 0);
    CHECK(strncmp(got.text, "MESSAGE depth 1 ev ", 19) == 0);
    CHECK(strstr(got.text, "\nMESSAGE depth 2 ev ") != NULL);
    /* the swap2 judgement's lines too */
    int before = got.calls;
    proto_handle(p, "SWAP2BOARD", 10);
    proto_handle(p, "7,7", 3);
    proto_handle(p, "8,7", 3);
    proto_handle(p, "9,9", 3);
    r = proto_handle(p, "DONE", 4);
    CHECK(strstr(r, "MESSAGE") == NULL);
    CHECK(strstr(got.text, "MESSAGE swap2: white's value ") != NULL);
    CHECK(got.calls > before);
    proto_handle(p, "END", 3);
    proto_free(p);

    /* no stream: the lines lead the reply */
    o.stream = NULL;
    p = proto_new("gomocup", &o, &err);
    REQUIRE(p);
    proto_handle(p, "START 15", 8);
    r = proto_handle(p, "TURN 7,7", 8);
    CHECK(strncmp(r, "MESSAGE depth 1 ev ", 19) == 0);
    proto_free(p);
}

/* The replies of a session, without what holds times (DEBUG lines, the
 * n/s and tm fields of MESSAGE lines). */
static void gomocup_session(io_shelf *shelf, char *out, size_t cap) {
    static const char *const lines[] = {"START 15", "TURN 7,7", "RESTART", "BEGIN", "RECTSTART 9,12",
                                        "INFO rule 4", "TURN 3,3", "START 15", "BOARD", "7,7,2", "8,8,1",
                                        "DONE", "START 40", "START 10", "TURN 5,5", "END", NULL};
    proto_opts o = {0};
    o.fast = 2;
    o.shelf = shelf;
    gs_error err;
    proto *p = proto_new("gomocup", &o, &err);
    size_t len = 0;
    out[0] = 0;
    if (!p) return;
    for (int i = 0; lines[i]; i++) {
        const char *r = proto_handle(p, lines[i], strlen(lines[i]));
        for (const char *q = r; *q;) {
            const char *nl = strchr(q, '\n');
            size_t n = nl ? (size_t)(nl - q) + 1 : strlen(q);
            /* MESSAGE lines without their speed and time fields */
            const char *cut = !strncmp(q, "MESSAGE ", 8) ? strstr(q, " n/s ") : NULL;
            const char *pv = cut ? strstr(cut, " pv") : NULL;
            size_t head = cut && pv && pv < q + n ? (size_t)(cut - q) : n;
            size_t tail = head < n ? (size_t)(q + n - pv) : 0;
            if (strncmp(q, "DEBUG ", 6) && len + head + tail < cap) {
                memcpy(out + len, q, head);
                if (tail) memcpy(out + len + head, pv, tail);
                len += head + tail;
                out[len] = 0;
            }
            q += n;
        }
    }
    proto_free(p);
}

/* Engines on a shelf (proto_opts.shelf: games shared with engines made
 * before and after) answer as engines that build their own games. */
TEST(gomocup_shelf_same_replies) {
    static char plain[4096], first[4096], second[4096];
    io_shelf *shelf = io_shelf_new();
    REQUIRE(shelf);
    gomocup_session(NULL, plain, sizeof plain);
    gomocup_session(shelf, first, sizeof first);
    gomocup_session(shelf, second, sizeof second);   /* on the first one's games */
    CHECK(strstr(plain, "OK\n") == plain);
    CHECK_EQ_STR(first, plain);
    CHECK_EQ_STR(second, plain);
    CHECK(io_shelf_find(shelf, "gomoku:size=9x12,rule=freestyle") != NULL);
    CHECK(io_shelf_find(shelf, "gomoku:size=15x15,rule=renju") != NULL);
    io_shelf_free(shelf);
}

/* A command that answers nothing (INFO) is silent as an engine's first
 * command too (before: a fresh engine's reply buffer was not yet made, and
 * "nothing written" was taken for a failed allocation: "ERROR out of
 * memory" for the INFO lines a manager sends before START). */
TEST(gomocup_info_first_is_silent) {
    proto_opts o = {0};
    o.fast = 1;
    gs_error err;
    proto *p = proto_new("gomocup", &o, &err);
    REQUIRE(p);
    CHECK_EQ_STR(proto_handle(p, "INFO timeout_turn 5000", 22), "");
    CHECK_EQ_STR(proto_handle(p, "INFO max_memory 83886080", 24), "");
    CHECK_EQ_STR(proto_handle(p, "START 15", 8), "OK\n");
    CHECK_EQ_STR(proto_handle(p, "INFO rule 1", 11), "");
    proto_free(p);
}
