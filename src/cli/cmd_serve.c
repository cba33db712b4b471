/* gridstone serve: the game server (src/server), HTTP + WebSocket on one port. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "server/server.h"

static int is_dir(const char *p) {
    struct stat st;
    return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static int cmd_serve(int argc, char **argv) {
    static const char *listen = "127.0.0.1:8080", *db = "sqlite:gridstone.db", *static_dir;
    static long threads = 1, conns = 4096;
    static int quiet, libuv_loop;
    static const cli_opt opts[] = {
        {"--listen", "HOST:PORT", CLI_STR, 0, 0, &listen, "address and port (default 127.0.0.1:8080; port 0 = any free port)"},
        {"--db", "URL", CLI_STR, 0, 0, &db, "sqlite:PATH or postgres://... (default sqlite:gridstone.db, created on first start)"},
        {"--static", "DIR", CLI_STR, 0, 0, &static_dir, "directory of the web UI (default build/web if it exists, else web/)"},
        {"--ai-threads", "N", CLI_INT, 1, 64, &threads, "worker threads for AI moves (default 1)"},
        {"--max-conns", "N", CLI_INT, 1, 100000, &conns, "most open WebSocket connections (default 4096)"},
        {"--quiet", NULL, CLI_FLAG, 0, 0, &quiet, "no structured log lines on stderr"},
        {"--libuv", NULL, CLI_FLAG, 0, 0, &libuv_loop,
         "run on a libuv (epoll) loop instead of libwebsockets' poll() loop: less CPU with many\n"
         "connections, but slower answers under load so far (docs/PERFORMANCE.md)"},
        CLI_END,
    };
    static const cli_spec spec = {"serve", "", 0, 0, opts,
                                  "Runs the game server: the HTTP API and WebSocket of docs/PROTOCOL.md and the web UI's\n"
                                  "static files on one port.  SIGTERM or Ctrl-C stops it cleanly."};
    cli_parse(&spec, argc, argv);
    srv_config cfg = {listen, db, static_dir, (int)threads, (int)conns, !quiet, libuv_loop};
    if (!cfg.static_dir) cfg.static_dir = is_dir("build/web") ? "build/web" : is_dir("web") ? "web" : NULL;
    char err[512];
    if (srv_run(&cfg, err, sizeof err)) gs_cli_die("serve", "%s", err);
    return 0;
}

GS_CLI_COMMAND(serve, "serve", "run the game server (HTTP + WebSocket; docs/PROTOCOL.md)", cmd_serve)
