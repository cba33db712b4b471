/* gridstone serve: the game server (src/server), HTTP + WebSocket on one port. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "server/server.h"

static void serve_usage(FILE *f) {
    fprintf(f, "usage: gridstone serve [--listen HOST:PORT] [--db sqlite:PATH|postgres://...] [--static DIR]\n"
               "                       [--ai-threads N] [--max-conns N] [--quiet]\n"
               "  --listen      address and port (default 127.0.0.1:8080; port 0 = any free port)\n"
               "  --db          database (default sqlite:gridstone.db, created on first start)\n"
               "  --static      directory of the web UI (default build/web if it exists, else web/)\n"
               "  --ai-threads  worker threads for AI moves (default 1)\n"
               "  --max-conns   most open WebSocket connections (default 4096)\n"
               "  --quiet       no structured log lines on stderr\n"
               "The protocol is docs/PROTOCOL.md.  SIGTERM or Ctrl-C stops it cleanly.\n");
}

static int is_dir(const char *p) {
    struct stat st;
    return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static int cmd_serve(int argc, char **argv) {
    srv_config cfg = {"127.0.0.1:8080", "sqlite:gridstone.db", NULL, 1, 4096, 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (gs_cli_is_help(a)) {
            serve_usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--quiet")) {
            cfg.log = 0;
            continue;
        }
        if (!v) gs_cli_die("serve", "%s needs a value (try --help)", a);
        if (!strcmp(a, "--listen")) cfg.listen = v;
        else if (!strcmp(a, "--db")) cfg.db_url = v;
        else if (!strcmp(a, "--static")) cfg.static_dir = v;
        else if (!strcmp(a, "--ai-threads")) cfg.ai_threads = (int)gs_cli_long("serve", a, v, 1, 64);
        else if (!strcmp(a, "--max-conns")) cfg.max_conns = (int)gs_cli_long("serve", a, v, 1, 100000);
        else gs_cli_die("serve", "unknown option '%s' (try --help)", a);
        i++;
    }
    if (!cfg.static_dir) cfg.static_dir = is_dir("build/web") ? "build/web" : is_dir("web") ? "web" : NULL;
    char err[512];
    if (srv_run(&cfg, err, sizeof err)) gs_cli_die("serve", "%s", err);
    return 0;
}

GS_CLI_COMMAND(serve, "serve", "run the game server (HTTP + WebSocket; docs/PROTOCOL.md)", cmd_serve)
