# gridstone - build everything with `make`; see README.md.
CC      ?= cc
CFLAGS  ?= -O2 -g
# Warnings are errors only when asked (CI runs `make WERROR=1`), so a newer
# compiler's new warning never breaks a user's build.
WERROR  ?= 0
WARN    := -std=c11 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) -D_POSIX_C_SOURCE=200809L
# Hidden by default: the shared library exports only what carries GS_API.
ALLCFLAGS = $(WARN) $(CFLAGS) -fPIC -fvisibility=hidden -Iinclude -Isrc $(EXTRA_CFLAGS)
LDLIBS  := -lm
PREFIX  ?= /usr/local
B       ?= build
SOVER   := 0
VERSION := 0.1.0

LIB_SRC := $(sort $(shell find src/core src/games src/io src/ai -name '*.c' 2>/dev/null))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/*.c))
# Fixture games (tests/games/<name>/): only the test runner registers them,
# through a copy of the registry built with -DGS_TEST_GAMES that is linked
# before the library (so the library's own registry.o is not pulled in).
TESTGAME_SRC := $(sort $(shell find tests/games -name '*.c' 2>/dev/null))
BENCH_SRC := $(sort $(wildcard bench/*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(B)/obj/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(B)/obj/%.o) $(TESTGAME_SRC:%.c=$(B)/obj/%.o) $(B)/obj/tests/registry_test_games.o
BENCHES  := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

.PHONY: all lib test run check asan-test fuzz fuzz-run bench train-reversi install uninstall clean

all: lib $(B)/gridstone $(B)/test_runner $(BENCHES) $(B)/gridstone.pc

lib: $(B)/libgridstone.a $(B)/libgridstone.so.$(VERSION)

$(B)/obj/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -MMD -MP -c $< -o $@

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
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) -o $@ $(CLI_OBJ) $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)
	ln -sf gridstone $(B)/pbrain-gridstone

$(B)/test_runner: $(TEST_OBJ) $(B)/libgridstone.a
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) -o $@ $(TEST_OBJ) $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)

$(B)/bench/%: bench/%.c $(B)/libgridstone.a
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $< $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)

$(B)/gridstone.pc: gridstone.pc.in
	@mkdir -p $(B)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

# The main job: a terminal game of tic-tac-toe against the perfect AI.
run: $(B)/gridstone
	./$(B)/gridstone play tictactoe --black human --white perfect

# The whole suite: C unit/property tests, then CLI tests; ends "N passed, N failed, N skipped".
test: $(B)/gridstone $(B)/test_runner $(B)/rv_train
	@CFLAGS="$(CFLAGS)" sh tests/run.sh $(B)

check: test

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
asan-test:
	$(MAKE) B=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" test

# libFuzzer targets (clang).  `make fuzz-run FUZZ_SECONDS=60` runs each.
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZERS  := $(FUZZ_SRC:fuzz/%.c=build-fuzz/%)
FUZZ_SECONDS ?= 20
FUZZ_CFLAGS := $(WARN) -O1 -g -fsanitize=fuzzer-no-link,address,undefined -Iinclude -Isrc
FUZZ_OBJ := $(LIB_SRC:%.c=build-fuzz/obj/%.o)
fuzz: $(FUZZERS)
build-fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
build-fuzz/libfuzzlib.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^
build-fuzz/%: fuzz/%.c build-fuzz/libfuzzlib.a
	clang $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -Iinclude -Isrc -o $@ $< build-fuzz/libfuzzlib.a -lm
fuzz-run: fuzz
	@for f in $(FUZZERS); do n=$$(basename $$f); mkdir -p build-fuzz/corpus-$$n; \
	  echo "fuzzing $$n for $(FUZZ_SECONDS)s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -rss_limit_mb=2048 build-fuzz/corpus-$$n fuzz/seeds/$$n 2>build-fuzz/$$n.log \
	  || { tail -40 build-fuzz/$$n.log; exit 1; }; done

bench: $(BENCHES)

# Re-fit the Reversi pattern evaluation (one core, about 26 minutes; see
# docs/ARCHITECTURE.md): regenerates src/ai/reversi_eval_weights.c.
TRAIN_REVERSI_ARGS ?= --seed 1 --games 100000 --exact 16 --depth 4 --lambda 10
$(B)/rv_train: tools/rv_train.c $(B)/libgridstone.a
	$(CC) $(ALLCFLAGS) -o $@ $< $(B)/libgridstone.a $(LDFLAGS) $(LDLIBS)
train-reversi: $(B)/rv_train
	./$(B)/rv_train $(TRAIN_REVERSI_ARGS) --out src/ai/reversi_eval_weights.c

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
	rm -rf build build-asan build-fuzz build-clang

-include $(shell find $(B)/obj build-fuzz/obj -name '*.d' 2>/dev/null)
