/* The Gomocup engine's streamed lines (proto_opts.stream): with a stream
 * the search's MESSAGE lines leave through it, one per completed iteration
 * while the search runs, and the reply keeps only the move; without one
 * they stay at the head of the reply. */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "gridstone/gridstone.h"
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
