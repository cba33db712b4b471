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

static const char *listen = "127.0.0.1:8080", *db = "sqlite:gridstone.db", *static_dir;
static long threads = 1, conns = 4096, games_per_player = 50;
static int quiet, libuv_loop;
static const cli_opt opts[] = {
    {"--listen", "HOST:PORT", CLI_STR, 0, 0, &listen, "address and port (default 127.0.0.1:8080; port 0 = any free port)",
     "주소와 포트 (기본값 127.0.0.1:8080; 포트 0 = 비어 있는 아무 포트)"},
    {"--db", "URL", CLI_STR, 0, 0, &db, "sqlite:PATH or postgres://... (default sqlite:gridstone.db, created on first start)",
     "sqlite:PATH 또는 postgres://... (기본값 sqlite:gridstone.db, 첫 시작 때 만듭니다)"},
    {"--static", "DIR", CLI_STR, 0, 0, &static_dir, "directory of the web UI (default build/web if it exists, else web/)",
     "웹 UI의 디렉터리 (기본값: build/web가 있으면 그것, 없으면 web/)"},
    {"--ai-threads", "N", CLI_INT, 1, 64, &threads, "worker threads for AI moves (default 1)",
     "AI의 수를 계산할 작업 스레드 수 (기본값 1)"},
    {"--max-conns", "N", CLI_INT, 1, 100000, &conns, "most open WebSocket connections (default 4096)",
     "동시에 열어 둘 WebSocket 연결의 최대 수 (기본값 4096)"},
    {"--games-per-player", "N", CLI_INT, 1, 1000, &games_per_player,
     "most unfinished games (open, playing, scoring) one player sits in (default 50)",
     "한 사람이 앉는 끝나지 않은 대국(열림, 진행, 계가)의 최대 수 (기본값 50)"},
    {"--quiet", NULL, CLI_FLAG, 0, 0, &quiet, "no structured log lines on stderr",
     "표준 오류에 구조화된 로그 줄을 쓰지 않습니다"},
    {"--libuv", NULL, CLI_FLAG, 0, 0, &libuv_loop,
     "run on a libuv (epoll) loop instead of libwebsockets' poll() loop: less CPU with many\n"
     "connections, but slower answers under load so far (docs/PERFORMANCE.md)",
     "libwebsockets의 poll() 루프 대신 libuv(epoll) 루프에서 실행합니다: 연결이 많으면\n"
     "CPU를 덜 쓰지만, 아직은 부하가 걸리면 응답이 느립니다 (docs/PERFORMANCE.md)"},
    CLI_END,
};
static const cli_spec spec = {"serve", "", 0, 0, opts,
                              "Runs the game server: the HTTP API and WebSocket of docs/PROTOCOL.md and the web UI's\n"
                              "static files on one port.  SIGTERM or Ctrl-C stops it cleanly.",
                              "대국 서버를 실행합니다: docs/PROTOCOL.md의 HTTP API와 WebSocket, 웹 UI의\n"
                              "정적 파일을 한 포트에서 제공합니다. SIGTERM이나 Ctrl-C로 깔끔하게 멈춥니다."};
static const cli_spec *get_spec(void) { return &spec; }

static int cmd_serve(int argc, char **argv) {
    cli_parse(&spec, argc, argv);
    srv_config cfg = {listen, db, static_dir, (int)threads, (int)conns, !quiet, libuv_loop, (int)games_per_player};
    if (!cfg.static_dir) cfg.static_dir = is_dir("build/web") ? "build/web" : is_dir("web") ? "web" : NULL;
    char err[512];
    if (srv_run(&cfg, err, sizeof err)) gs_cli_die("serve", "%s", err);
    return 0;
}

GS_CLI_COMMAND(serve, "serve", "run the game server (HTTP + WebSocket; docs/PROTOCOL.md)",
               "대국 서버 실행 (HTTP + WebSocket; docs/PROTOCOL.md)", get_spec, cmd_serve)
