/* AI worker threads (aipool.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "server/aipool.h"

typedef struct job {
    struct job *next;
    int64_t game;
    int ply, undos;
    gs_state *state;
    char level[64];
    double time_limit;
    uint64_t seed;
} job;

typedef struct done {
    struct done *next;
    srv_ai_result r;
} done;

struct srv_aipool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    job *head, *tail;
    done *dhead, *dtail;
    int stop, nthreads;
    pthread_t *threads;
    void (*wake)(void *);
    void *ud;
};

static void run_job(srv_aipool *p, job *j) {
    done *d = calloc(1, sizeof *d);
    if (d) {
        d->r.game = j->game;
        d->r.ply = j->ply;
        d->r.undos = j->undos;
        gs_ai_opts o;
        memset(&o, 0, sizeof o);
        o.seed = j->seed;
        o.time_limit = j->time_limit;
        gs_error err;
        gs_error_clear(&err);
        double t0 = gs_now();
        d->r.st = gs_ai_move(j->state, j->level, &o, &d->r.move, &err);
        d->r.seconds = gs_now() - t0;
        snprintf(d->r.err, sizeof d->r.err, "%s", err.msg);
    }
    gs_state_free(j->state);
    free(j);
    if (!d) return;
    pthread_mutex_lock(&p->mu);
    if (p->dtail) p->dtail->next = d;
    else p->dhead = d;
    p->dtail = d;
    pthread_mutex_unlock(&p->mu);
    if (p->wake) p->wake(p->ud);
}

static void *worker(void *arg) {
    srv_aipool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && !p->head) pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop) break;
        job *j = p->head;
        p->head = j->next;
        if (!p->head) p->tail = NULL;
        pthread_mutex_unlock(&p->mu);
        run_job(p, j);
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

srv_aipool *srv_aipool_new(int threads, void (*wake)(void *), void *ud) {
    srv_aipool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->wake = wake;
    p->ud = ud;
    if (threads > 0) {
        p->threads = calloc((size_t)threads, sizeof *p->threads);
        if (!p->threads) {
            free(p);
            return NULL;
        }
        for (int i = 0; i < threads; i++) {
            if (pthread_create(&p->threads[i], NULL, worker, p)) break;
            p->nthreads++;
        }
        if (!p->nthreads) {
            free(p->threads);
            free(p);
            return NULL;
        }
    }
    return p;
}

int srv_aipool_submit(srv_aipool *p, int64_t game, int ply, int undos, gs_state *state, const char *level,
                      double time_limit, uint64_t seed) {
    job *j = calloc(1, sizeof *j);
    if (!j) {
        gs_state_free(state);
        return -1;
    }
    j->game = game;
    j->ply = ply;
    j->undos = undos;
    j->state = state;
    snprintf(j->level, sizeof j->level, "%s", level);
    j->time_limit = time_limit;
    j->seed = seed;
    if (!p->nthreads) {
        run_job(p, j);
        return 0;
    }
    pthread_mutex_lock(&p->mu);
    if (p->tail) p->tail->next = j;
    else p->head = j;
    p->tail = j;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return 0;
}

int srv_aipool_take(srv_aipool *p, srv_ai_result *out) {
    pthread_mutex_lock(&p->mu);
    done *d = p->dhead;
    if (d) {
        p->dhead = d->next;
        if (!p->dhead) p->dtail = NULL;
    }
    pthread_mutex_unlock(&p->mu);
    if (!d) return 0;
    *out = d->r;
    free(d);
    return 1;
}

void srv_aipool_free(srv_aipool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++) pthread_join(p->threads[i], NULL);
    free(p->threads);
    for (job *j = p->head, *n; j; j = n) {
        n = j->next;
        gs_state_free(j->state);
        free(j);
    }
    for (done *d = p->dhead, *n; d; d = n) {
        n = d->next;
        free(d);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p);
}
