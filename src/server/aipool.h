/* AI worker threads for the server: searches run on copies of the state,
 * never on the network thread; finished moves wait in a locked queue. */
#ifndef GS_SERVER_AIPOOL_H
#define GS_SERVER_AIPOOL_H

#include <stdint.h>
#include "gridstone/gridstone.h"

typedef struct srv_aipool srv_aipool;

typedef struct srv_ai_result {
    int64_t game;
    int ply, undos;              /* what the position was (stale results are dropped) */
    gs_move move;
    gs_status st;
    double seconds;
    char err[256];
} srv_ai_result;

/* threads = 0: jobs run inline in submit (tests, fuzzing). wake is called
 * from the worker after a result is queued. */
srv_aipool *srv_aipool_new(int threads, void (*wake)(void *), void *ud);
/* Takes ownership of state (a clone).  time_limit 0 = the level's default. */
int srv_aipool_submit(srv_aipool *p, int64_t game, int ply, int undos, gs_state *state, const char *level,
                      double time_limit, uint64_t seed);
/* 1 and *out filled when a result is ready. */
int srv_aipool_take(srv_aipool *p, srv_ai_result *out);
/* Stop the workers (a running search finishes first) and drop queued jobs. */
void srv_aipool_free(srv_aipool *p);

#endif
