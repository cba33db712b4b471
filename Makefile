# gridstone - build everything with `make`; see README.md.
CC      ?= cc
CFLAGS  ?= -O2 -g
# Warnings are errors only when asked (CI runs `make WERROR=1`), so a newer
# compiler's new warning never breaks a user's build.
WERROR  ?= 0
WARN    := -std=c11 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) -D_POSIX_C_SOURCE=200809L
# Hidden by default: the shared library exports only what carries GS_API.
ALLCFLAGS = $(WARN) $(CFLAGS) -fPIC -fvisibility=hidden -Iinclude -Isrc $(EXTRA_CFLAGS)
LDLIBS  := -lm -pthread
PREFIX  ?= /usr/local
B       ?= build
SOVER   := 0
# The one version source is GS_VERSION in include/gridstone/gridstone.h (the
# installed header must carry it); the library's file name, gridstone.pc and
# the CLI all read it from there.
VERSION := $(shell sed -n 's/^\#define GS_VERSION "\(.*\)"$$/\1/p' include/gridstone/gridstone.h)
ifeq ($(VERSION),)
$(error cannot read GS_VERSION from include/gridstone/gridstone.h)
endif

LIB_SRC := $(sort $(shell find src/core src/games src/io src/ai src/proto -name '*.c' 2>/dev/null))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
# The game server (src/server, linked into the CLI): libwebsockets, SQLite,
# and (through the PostgreSQL driver) libpq.  Debian: libwebsockets-dev
# libsqlite3-dev libpq-dev.
SRV_SRC := $(sort $(wildcard src/server/*.c))
SRV_LIBS := -lwebsockets -luv -lsqlite3 -lpq -lcrypto -lpthread
SRV_CFLAGS := -I/usr/include/postgresql
TEST_SRC := $(sort $(wildcard tests/*.c))
# Fixture games (tests/games/<name>/): only the test runner registers them,
# through a copy of the registry built with -DGS_TEST_GAMES that is linked
# before the library (so the library's own registry.o is not pulled in).
TESTGAME_SRC := $(sort $(shell find tests/games -name '*.c' 2>/dev/null))
BENCH_SRC := $(sort $(wildcard bench/*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(B)/obj/%.o) $(SRV_SRC:%.c=$(B)/obj/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(B)/obj/%.o) $(TESTGAME_SRC:%.c=$(B)/obj/%.o) $(B)/obj/tests/registry_test_games.o
# Server modules that are pure computation, unit-tested by the test runner.
TEST_SERVER_OBJ := $(B)/obj/src/server/glicko2.o $(B)/obj/src/server/texts.o
BENCHES  := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

.PHONY: all lib deps web test run server-deps check asan-test asan-test-clang asan-test-all tsan-test fuzz fuzz-run bench train-reversi fit-reversi-mpc c4-book install uninstall clean wasm

all: lib $(B)/gridstone $(B)/test_runner $(B)/test_db $(B)/test_cli $(BENCHES) $(B)/gridstone.pc web

lib: $(B)/libgridstone.a $(B)/libgridstone.so.$(VERSION)

$(B)/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -MMD -MP -c $< -o $@

# The Gomoku pattern table (64 KB, constant) is generated at build time by a
# small host program (tools/gen_gmk_pat.c) into DIR/gen/gmk_pat_table.inc of
# each build directory (native, fuzz, wasm): games share it instead of each
# building its own.
HOSTCC ?= cc
GMK_GEN_SRC := tools/gen_gmk_pat.c src/games/gomoku/gmk_pattern_table.c
%/gen/gmk_pat_table.inc: $(GMK_GEN_SRC) src/games/gomoku/gomoku.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -O1 -Iinclude -Isrc -o $(dir $@)gen_gmk_pat $(GMK_GEN_SRC)
	$(dir $@)gen_gmk_pat > $@.tmp && mv $@.tmp $@
$(B)/obj/src/games/gomoku/gmk_pat_table.o: $(B)/gen/gmk_pat_table.inc
$(B)/obj/src/games/gomoku/gmk_pat_table.o: ALLCFLAGS += -I$(B)/gen
# The same for the Go player's 3x3 shape table (8 KB, tools/gen_go_pat.c).
GO_PAT_GEN_SRC := tools/gen_go_pat.c src/ai/go_pat.c
%/gen/go_pat_table.inc: $(GO_PAT_GEN_SRC) src/ai/go_pat.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -O1 -Iinclude -Isrc -o $(dir $@)gen_go_pat $(GO_PAT_GEN_SRC)
	$(dir $@)gen_go_pat > $@.tmp && mv $@.tmp $@
$(B)/obj/src/ai/go_pat_table.o: $(B)/gen/go_pat_table.inc
$(B)/obj/src/ai/go_pat_table.o: ALLCFLAGS += -I$(B)/gen
# The same for the Reversi solver's edge stability table (6.5 KB, tools/gen_rv_stab.c).
%/gen/rv_edge_stable.inc: tools/gen_rv_stab.c
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -O1 -o $(dir $@)gen_rv_stab tools/gen_rv_stab.c
	$(dir $@)gen_rv_stab > $@.tmp && mv $@.tmp $@
$(B)/obj/src/ai/reversi_stab_table.o: $(B)/gen/rv_edge_stable.inc
$(B)/obj/src/ai/reversi_stab_table.o: ALLCFLAGS += -I$(B)/gen
# The Go board without the vectorizer: gcc packs the four-neighbour arrays
# of the playout move into vector registers and back through the stack (7%
# more instructions; 9x9 light playouts about 1% slower, docs/PERFORMANCE.md)
$(B)/obj/src/games/go/go_board.o: ALLCFLAGS += -fno-tree-vectorize

$(B)/obj/src/server/%.o: src/server/%.c | server-deps
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(SRV_CFLAGS) -MMD -MP -c $< -o $@

# A clear message instead of a compiler error on a machine without the
# server's libraries (CI installs them from .ci/packages).
SRV_HDRS := libwebsockets.h sqlite3.h libpq-fe.h
server-deps:
	@for h in $(SRV_HDRS); do printf '#include <%s>\n' $$h | $(CC) $(SRV_CFLAGS) -E -x c - >/dev/null 2>&1 || { \
	  echo "gridstone: the server needs libwebsockets-dev, libsqlite3-dev and libpq-dev (<$$h> not found);" >&2; \
	  echo "  on Debian: sudo apt-get install libwebsockets-dev libsqlite3-dev libpq-dev python3-websockets" >&2; exit 1; }; done

$(B)/obj/tests/registry_test_games.o: src/games/registry.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -DGS_TEST_GAMES -MMD -MP -c $< -o $@

$(B)/libgridstone.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(B)/libgridstone.so.$(VERSION): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libgridstone.so.$(SOVER) -o $@ $^ $(LDFLAGS) $(LDLIBS)
	ln -sf libgridstone.so.$(VERSION) $(B)/libgridstone.so.$(SOVER)
	ln -sf libgridstone.so.$(SOVER) $(B)/libgridstone.so

$(B)/gridstone: $(CLI_OBJ) $(B)/libgridstone.a
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) -o $@ $(CLI_OBJ) $(B)/libgridstone.a $(LDFLAGS) $(SRV_LIBS) $(LDLIBS)
	ln -sf gridstone $(B)/pbrain-gridstone

$(B)/test_runner: $(TEST_OBJ) $(TEST_SERVER_OBJ) $(B)/libgridstone.a
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) -o $@ $(TEST_OBJ) $(TEST_SERVER_OBJ) $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)

# The CLI's help texts in both languages (tests/cliunit): the test runner's
# main with the commands linked in (all of src/cli but its main, so the
# server's libraries too); tests/cli/help.sh runs it.
CLITEST_OBJ := $(B)/obj/tests/cliunit/test_cli_help.o $(B)/obj/tests/main.o $(B)/obj/tests/tl.o \
               $(filter-out $(B)/obj/src/cli/main.o,$(CLI_OBJ)) $(B)/libgridstone.a
$(B)/test_cli: $(CLITEST_OBJ)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) -o $@ $(CLITEST_OBJ) $(LDFLAGS) $(SRV_LIBS) $(LDLIBS)
$(B)/obj/tests/cliunit/%.o: tests/cliunit/%.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -Itests -MMD -MP -c $< -o $@

# The database drivers, statistics and ratings against a real database
# (GS_DB; tests/cli/db.sh runs it on SQLite and PostgreSQL).
# test_core.c starts server cores on SQLite: every server module but net.c.
DBTEST_OBJ := $(B)/obj/tests/server/test_db.o $(B)/obj/tests/server/test_stats.o \
              $(B)/obj/tests/server/test_core.o $(B)/obj/tests/main.o \
              $(patsubst %.c,$(B)/obj/%.o,$(filter-out src/server/net.c,$(SRV_SRC))) $(B)/libgridstone.a
$(B)/test_db: $(DBTEST_OBJ)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) -o $@ $(DBTEST_OBJ) $(LDFLAGS) $(SRV_LIBS) $(LDLIBS)
$(B)/obj/tests/server/%.o: tests/server/%.c | server-deps
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(SRV_CFLAGS) -Itests -MMD -MP -c $< -o $@

$(B)/bench/%: bench/%.c $(B)/libgridstone.a
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $< $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)

$(B)/gridstone.pc: gridstone.pc.in
	@mkdir -p $(B)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

# The browser UI served by `gridstone serve`: web/ (plain ES modules, CSS) plus
# the chart library from node_modules (installed by `npm ci`, pinned by
# package-lock.json) copied into $(B)/web.  Without node_modules the pages work
# and say that charts are unavailable.
# What run and test need beyond gcc and make, installed on a fresh Debian
# machine when run as root (tools/deps.sh: the .ci/packages list, npm ci);
# elsewhere it names what is missing.  GS_NO_INSTALL=1 turns installing off.
deps:
	@sh tools/deps.sh

web:
	@rm -rf $(B)/web && mkdir -p $(B)/web/vendor
	@cp -R web/. $(B)/web/
	@if [ -f node_modules/chart.js/dist/chart.umd.js ]; then \
	  cp node_modules/chart.js/dist/chart.umd.js $(B)/web/vendor/chart.umd.js; \
	  cp node_modules/chart.js/LICENSE.md $(B)/web/vendor/chart.js.LICENSE.md; \
	else echo "make web: node_modules/chart.js is missing (run npm ci): the statistics pages will have no charts"; fi

# The main job: the game server on the embedded SQLite database; it prints
# the URL to open.  (The terminal game: gridstone play tictactoe.)
RUN_LISTEN ?= 127.0.0.1:8080
RUN_DB ?= sqlite:$(B)/gridstone.db
run: deps
	@$(MAKE) --no-print-directory $(B)/gridstone web
	@echo "gridstone: starting the server; open the URL below in a browser (Ctrl-C stops it)"
	./$(B)/gridstone serve --listen $(RUN_LISTEN) --db $(RUN_DB) --static $(B)/web

# The whole suite: C unit/property tests, then CLI tests; ends "N passed, N failed, N skipped".
test: deps
	@$(MAKE) --no-print-directory $(B)/gridstone $(B)/test_runner $(B)/rv_train $(B)/test_db $(B)/test_cli $(B)/bench/server_load web
	@CFLAGS="$(CFLAGS)" sh tests/run.sh $(B)

check: test

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer (with
# float-cast-overflow, which gcc's "undefined" leaves out).  Every report is
# fatal: -fno-sanitize-recover=all makes UBSan abort like ASan, so a report
# fails the test that triggered it.  asan-test uses $(CC) (gcc by default),
# asan-test-clang clang; asan-test-all runs both.
SAN_FLAGS := -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_ENV   := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
asan-test:
	$(SAN_ENV) $(MAKE) B=build-asan CFLAGS="-O1 -g $(SAN_FLAGS)" test
asan-test-clang:
	$(SAN_ENV) $(MAKE) CC=clang B=build-asan-clang CFLAGS="-O1 -g $(SAN_FLAGS)" test
asan-test-all: asan-test asan-test-clang

# The tests that run threads (their names contain "thread": the Go search's
# shared tree) under ThreadSanitizer, clang; every report fatal.
tsan-test:
	$(MAKE) --no-print-directory CC=clang B=build-tsan CFLAGS="-O1 -g -fsanitize=thread" build-tsan/test_runner
	TSAN_OPTIONS=halt_on_error=1:abort_on_error=1 ./build-tsan/test_runner thread

# libFuzzer targets (clang): every fuzz/fuzz_*.c is a target (adding one is
# a one-file change, see fuzz/README.md).  Sanitizer reports are fatal here
# too.  `make fuzz-run FUZZ_SECONDS=60` runs each for a while;
# `bench/fuzz_campaign RUNS` runs each to a number of executions.
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZERS  := $(FUZZ_SRC:fuzz/%.c=build-fuzz/%)
FUZZ_SECONDS ?= 20
FUZZ_SAN := -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
FUZZ_CFLAGS := $(WARN) -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SAN) -Iinclude -Isrc
FUZZ_OBJ := $(LIB_SRC:%.c=build-fuzz/obj/%.o)
fuzz: $(FUZZERS)
# The rules engines and players are hot loops: edge coverage only there
# (comparison tracing tripled their cost); the parsers keep it, it is what
# finds the magic strings and numbers.
FUZZ_HOT := -fno-sanitize-coverage=trace-cmp
# The core's per-cell loops (setup, board, hash) too; its spec parser keeps it.
build-fuzz/obj/src/core/game.o build-fuzz/obj/src/core/board.o: FUZZ_CFLAGS += $(FUZZ_HOT)
# A finished territory game's result estimates its dead stones by playouts:
# 2 rather than 256 in the fuzz build (the paths are the same: one playout
# with each colour first).
build-fuzz/obj/src/games/go/go_score.o: FUZZ_CFLAGS += -DGS_GO_EST_PLAYOUTS=2
build-fuzz/obj/src/games/go/go_score.o: Makefile
build-fuzz/obj/src/games/%.o: src/games/%.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(FUZZ_HOT) -MMD -MP -c $< -o $@
build-fuzz/obj/src/games/gomoku/gmk_pat_table.o: build-fuzz/gen/gmk_pat_table.inc
build-fuzz/obj/src/games/gomoku/gmk_pat_table.o: FUZZ_CFLAGS += -Ibuild-fuzz/gen
build-fuzz/obj/src/ai/go_pat_table.o: build-fuzz/gen/go_pat_table.inc
build-fuzz/obj/src/ai/go_pat_table.o: FUZZ_CFLAGS += -Ibuild-fuzz/gen
build-fuzz/obj/src/ai/reversi_stab_table.o: build-fuzz/gen/rv_edge_stable.inc
build-fuzz/obj/src/ai/reversi_stab_table.o: FUZZ_CFLAGS += -Ibuild-fuzz/gen
build-fuzz/obj/src/ai/%.o: src/ai/%.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(FUZZ_HOT) -MMD -MP -c $< -o $@
build-fuzz/obj/src/server/%.o: src/server/%.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(SRV_CFLAGS) -MMD -MP -c $< -o $@
# Buffers and the arena compare sizes, never input bytes: no tracing either.
# Nor do the error messages: they look their formats up in the Korean
# catalogue and write them out (fuzz_sgf: 2% of its time in tracing them);
# libFuzzer's strcmp hook still sees the arguments they look up.  Nor the
# shelf's look-up (hashes of specs compared with each shelved one's).
# Nor the protocol layer's common part (src/proto/proto.c): its line
# cleaner compares every byte of a line with a few control-byte constants
# (3.8% of fuzz_gtp's time traced, the engine's pass and the harness's), and
# its command look-up's names still reach libFuzzer through the strcmp hook.
# Nor the JSON writer (src/io/json_write.c): its byte classes and escapes
# look at the output (1.8% of fuzz_server_msg's time, its error answers
# quoting the input); the reader keeps its tracing.
FUZZ_UNTRACED := build-fuzz/obj/src/io/iobuf.o build-fuzz/obj/src/io/arena.o build-fuzz/obj/src/core/error.o \
                 build-fuzz/obj/src/core/error_ko.o build-fuzz/obj/src/io/shelf.o build-fuzz/obj/src/proto/proto.o \
                 build-fuzz/obj/src/io/json_write.o
$(FUZZ_UNTRACED): FUZZ_CFLAGS += $(FUZZ_HOT)
$(FUZZ_UNTRACED): Makefile
build-fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
build-fuzz/libfuzzlib.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^
# The server's message handler without sockets (everything but net.c).
FUZZ_SRV_OBJ := $(patsubst %.c,build-fuzz/obj/%.o,$(filter-out src/server/net.c,$(SRV_SRC)))
# It checks every answer with a copy of the JSON reader of its own (names
# prefixed chk_), built without comparison tracing: the answers are the
# server's output, and tracing the reader's comparisons on them cost more
# than half of the check while telling libFuzzer only about bytes the
# input does not hold.  The server's own reading of the input's messages
# keeps the traced reader.
FUZZ_CHK_NAMES := io_json_parse_at io_json_parse io_json_free io_json_get io_json_equal io_utf8_len
FUZZ_CHK_RENAME := $(foreach f,$(FUZZ_CHK_NAMES),-D$(f)=chk_$(f))
build-fuzz/obj/chk/json.o: src/io/json.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(FUZZ_HOT) $(FUZZ_CHK_RENAME) -MMD -MP -c $< -o $@
# fuzz_sgf's round trip (write the parsed collection, parse that text,
# compare) runs on a copy of the SGF reader and writer of its own, built
# likewise (names prefixed chk_ by the Makefile): the written text is the
# writer's output, and tracing the second parse's comparisons told
# libFuzzer only about bytes the input does not hold.  The input's own
# parse, and every parse and write of the loader's, keep the traced code.
FUZZ_SGF_NAMES := gs_sgf_collection_new io_sgf_memory gs_sgf_add_tree gs_sgf_add_child gs_sgf_add_value \
                  gs_sgf_node_free gs_sgf_free gs_sgf_find gs_sgf_get gs_sgf_tree_equal gs_sgf_equal \
                  gs_sgf_count_nodes gs_sgf_point gs_sgf_points gs_sgf_linecol gs_sgf_parse gs_sgf_write
build-fuzz/obj/chk/sgf.o: src/io/sgf.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(FUZZ_HOT) $(foreach f,$(FUZZ_SGF_NAMES),-D$(f)=chk_$(f)) -MMD -MP -c $< -o $@
FUZZ_LINK_fuzz_sgf := build-fuzz/obj/chk/sgf.o
# fuzz_load_many parses one small unit repeated K times: the parsers'
# comparisons on its copies tell libFuzzer what the first copy did, K
# times over (a fifth of its time).  It links copies of the parsers built
# without comparison tracing, ahead of the library's (the linker then
# takes no parser from the archive); edge counters stay, and so do
# libFuzzer's strcmp/memcmp hooks, which find the property and key names.
# fuzz_sgf and fuzz_json fuzz the parsers themselves with tracing.
FUZZ_LM_UNTRACED := $(patsubst %,build-fuzz/obj/untraced/src/io/%.o,sgf json obf state_json)
build-fuzz/obj/untraced/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) $(FUZZ_HOT) -MMD -MP -c $< -o $@
FUZZ_LINK_fuzz_load_many := $(FUZZ_LM_UNTRACED)
FUZZ_LINK_fuzz_server_msg := $(FUZZ_SRV_OBJ) build-fuzz/obj/chk/json.o
FUZZ_DEFS_fuzz_server_msg := $(FUZZ_CHK_RENAME)
FUZZ_LIBS_fuzz_server_msg := -lsqlite3 -lpq -lcrypto -lpthread
# A target: its source, its own objects ahead of the library (FUZZ_LINK_t),
# its defines (FUZZ_DEFS_t) and libraries (FUZZ_LIBS_t), linked by FUZZ_LD.
# build-fuzz/timed/TARGET is the same target with a main of its own
# (fuzz/timed_main.c) instead of libFuzzer's: it runs each file given
# once and prints its microseconds (bench/fuzz_slowest).
FUZZ_LD = clang $(WARN) -O1 -g $(FUZZ_SAN) -Iinclude -Isrc $(FUZZ_DEFS_$*) -MMD -MP -o $@
# named only through the expansion below, make would take them for
# intermediate files and delete them after each build
.SECONDARY: $(FUZZ_LINK_fuzz_sgf) $(FUZZ_LINK_fuzz_load_many) $(FUZZ_LINK_fuzz_server_msg)
.SECONDEXPANSION:
build-fuzz/%: fuzz/%.c build-fuzz/libfuzzlib.a $$(FUZZ_LINK_$$*)
	$(FUZZ_LD) -fsanitize=fuzzer $< $(FUZZ_LINK_$*) build-fuzz/libfuzzlib.a $(FUZZ_LIBS_$*) -lm
build-fuzz/timed/%: fuzz/%.c fuzz/timed_main.c build-fuzz/libfuzzlib.a $$(FUZZ_LINK_$$*)
	@mkdir -p $(dir $@)
	$(FUZZ_LD) -fsanitize=fuzzer-no-link $< fuzz/timed_main.c $(FUZZ_LINK_$*) build-fuzz/libfuzzlib.a \
	  $(FUZZ_LIBS_$*) "$$(clang --print-runtime-dir)/libclang_rt.fuzzer_no_main-x86_64.a" -lstdc++ -lpthread -lm
fuzz-run: fuzz
	@for f in $(FUZZERS); do n=$$(basename $$f); mkdir -p build-fuzz/corpus-$$n; \
	  echo "fuzzing $$n for $(FUZZ_SECONDS)s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) $$(sh bench/fuzz_campaign --flags $$n) -rss_limit_mb=2048 build-fuzz/corpus-$$n fuzz/seeds/$$n 2>build-fuzz/$$n.log \
	  || { tail -40 build-fuzz/$$n.log; exit 1; }; done

bench: $(BENCHES)

# Re-fit the Reversi pattern evaluation (one core, about 26 minutes; see
# docs/ARCHITECTURE.md): regenerates src/ai/reversi_eval_weights.c.
TRAIN_REVERSI_ARGS ?= --seed 1 --games 100000 --exact 16 --depth 4 --lambda 10
$(B)/rv_train: tools/rv_train.c $(B)/libgridstone.a
	$(CC) $(ALLCFLAGS) -o $@ $< $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)
train-reversi: $(B)/rv_train
	./$(B)/rv_train $(TRAIN_REVERSI_ARGS) --out src/ai/reversi_eval_weights.c

# Re-measure the Reversi player's ProbCut error model (one core; see
# tools/rv_mpc_fit.c): regenerates src/ai/reversi_mpc.c.
FIT_REVERSI_MPC_ARGS ?= --seed 1 --games 400 --per 40 --depth 12
$(B)/rv_mpc_fit: tools/rv_mpc_fit.c $(B)/libgridstone.a
	$(CC) $(ALLCFLAGS) -o $@ $< $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)
fit-reversi-mpc: $(B)/rv_mpc_fit
	./$(B)/rv_mpc_fit $(FIT_REVERSI_MPC_ARGS) --out src/ai/reversi_mpc.c

# Regenerate the Connect Four opening book src/ai/mnk_c4_book.c (one core;
# the 7x6 positions with C4_BOOK_PLY stones that solving the start and
# `perfect` playing first meet; resumable: results go to $(B)/c4_book.part
# as they come; see tools/c4_book.c and docs/PERFORMANCE.md for the cost).
C4_BOOK_PLY ?= 8
$(B)/c4_book: tools/c4_book.c $(B)/libgridstone.a
	$(CC) $(ALLCFLAGS) -o $@ $< $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)
c4-book: $(B)/c4_book
	./$(B)/c4_book --ply $(C4_BOOK_PLY) --perfect --part $(B)/c4_book.part --out src/ai/mnk_c4_book.c

# ---- WebAssembly: `make wasm` -> an npm package in build/wasm (see wasm/README.md).
# Emscripten from Debian (package emscripten); its emcc needs node modules
# from /usr/share/nodejs (acorn), hence NODE_PATH.  WASM_WEIGHTS=0 leaves the
# trained Reversi weights out (a smaller .wasm; the hand-tuned evaluation).
EMCC ?= emcc
WASM_B ?= $(B)/wasm
WASM_WEIGHTS ?= 1
WASM_ENV := NODE_PATH="$${NODE_PATH:-/usr/share/nodejs}"
WASM_NOW := $(if $(filter 0,$(WASM_WEIGHTS)),-DGS_NO_REVERSI_WEIGHTS)
WASM_CFLAGS := $(WARN) -O3 -Iinclude -Isrc $(WASM_NOW)
# The library without the protocol engines (src/proto: GTP, Gomocup), which
# a JavaScript app does not drive.
WASM_LIB := $(filter-out src/proto/%,$(LIB_SRC))
WASM_SRC := $(if $(filter 0,$(WASM_WEIGHTS)),$(filter-out src/ai/reversi_eval_weights.c,$(WASM_LIB)),$(WASM_LIB)) wasm/gs_wasm.c
WASM_OBJ := $(WASM_SRC:%.c=$(WASM_B)/obj-w$(WASM_WEIGHTS)/%.o)
WASM_LINK := -O3 -sMODULARIZE=1 -sEXPORT_NAME=createGridstoneCore -sALLOW_MEMORY_GROWTH=1 \
  -sENVIRONMENT=web,worker -sFILESYSTEM=0 -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
WASM_PKG := $(addprefix $(WASM_B)/,index.mjs api.mjs index.d.ts index.d.mts package.json README.md gridstone.js)

wasm: $(WASM_B)/gridstone-core.mjs $(WASM_PKG)

$(WASM_B)/obj-w$(WASM_WEIGHTS)/src/games/gomoku/gmk_pat_table.o: $(WASM_B)/gen/gmk_pat_table.inc
$(WASM_B)/obj-w$(WASM_WEIGHTS)/src/games/gomoku/gmk_pat_table.o: WASM_CFLAGS += -I$(WASM_B)/gen
$(WASM_B)/obj-w$(WASM_WEIGHTS)/src/ai/go_pat_table.o: $(WASM_B)/gen/go_pat_table.inc
$(WASM_B)/obj-w$(WASM_WEIGHTS)/src/ai/go_pat_table.o: WASM_CFLAGS += -I$(WASM_B)/gen
$(WASM_B)/obj-w$(WASM_WEIGHTS)/src/ai/reversi_stab_table.o: $(WASM_B)/gen/rv_edge_stable.inc
$(WASM_B)/obj-w$(WASM_WEIGHTS)/src/ai/reversi_stab_table.o: WASM_CFLAGS += -I$(WASM_B)/gen
$(WASM_B)/obj-w$(WASM_WEIGHTS)/%.o: %.c
	@mkdir -p $(dir $@)
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -MMD -MP -c $< -o $@

# The ES module + .wasm (Node and browsers, loaded by index.mjs).
$(WASM_B)/gridstone-core.mjs: $(WASM_OBJ)
	$(WASM_ENV) $(EMCC) $(WASM_LINK) -sEXPORT_ES6=1 -o $@ $(WASM_OBJ)

# One classic script with the .wasm inside (pages opened from file://,
# where browsers refuse ES modules): defines the global `Gridstone`.
$(WASM_B)/gridstone.js: $(WASM_OBJ) wasm/api.mjs wasm/single-tail.js
	$(WASM_ENV) $(EMCC) $(WASM_LINK) -sSINGLE_FILE=1 -o $(WASM_B)/single-core.js $(WASM_OBJ)
	{ cat $(WASM_B)/single-core.js; sed 's/^export function/function/' wasm/api.mjs; cat wasm/single-tail.js; } > $@
	rm -f $(WASM_B)/single-core.js

# TypeScript finds the types of index.mjs imported by path in index.d.mts.
$(WASM_B)/index.d.mts: wasm/index.d.ts
	@mkdir -p $(dir $@)
	cp $< $@

$(WASM_B)/%: wasm/%
	@mkdir -p $(dir $@)
	cp $< $@

install: lib $(B)/gridstone
	install -d $(DESTDIR)$(PREFIX)/include/gridstone $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/gridstone/*.h $(DESTDIR)$(PREFIX)/include/gridstone/
	install -m 644 $(B)/libgridstone.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(B)/libgridstone.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libgridstone.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgridstone.so.$(SOVER)
	ln -sf libgridstone.so.$(SOVER) $(DESTDIR)$(PREFIX)/lib/libgridstone.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' gridstone.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/gridstone.pc
	install -m 755 $(B)/gridstone $(DESTDIR)$(PREFIX)/bin/
	ln -sf gridstone $(DESTDIR)$(PREFIX)/bin/pbrain-gridstone

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/gridstone
	rm -f $(DESTDIR)$(PREFIX)/lib/libgridstone.* $(DESTDIR)$(PREFIX)/lib/pkgconfig/gridstone.pc
	rm -f $(DESTDIR)$(PREFIX)/bin/gridstone $(DESTDIR)$(PREFIX)/bin/pbrain-gridstone

clean:
	rm -rf build build-asan build-asan-clang build-fuzz build-clang

-include $(shell find $(B)/obj build-fuzz $(WASM_B) -name '*.d' 2>/dev/null)
