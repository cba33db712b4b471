/* gridstone serve: run the game server (HTTP + WebSocket on one port). */
#ifndef GS_SERVER_SERVER_H
#define GS_SERVER_SERVER_H

typedef struct srv_config {
    const char *listen;          /* "127.0.0.1:8080"; port 0 = any free port */
    const char *db_url;          /* "sqlite:PATH" or "postgres://..." */
    const char *static_dir;      /* NULL = no static files */
    int ai_threads;
    int max_conns;
    int log;                     /* structured log lines on stderr */
    int libuv_loop;              /* a libuv (epoll) loop instead of libwebsockets' poll() loop */
    int games_per_player;        /* unfinished games one player sits in (0 = SRV_MAX_GAMES_PER_PLAYER) */
} srv_config;

/* Runs until SIGTERM/SIGINT; prints "listening on http://HOST:PORT/" on
 * stdout once ready.  Returns 0 after a clean shutdown, else 1 with a
 * one-line reason in err. */
int srv_run(const srv_config *cfg, char *err, size_t errlen);

#endif
