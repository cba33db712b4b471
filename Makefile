# gridstone - build everything with `make`; see README.md.
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
ALLCFLAGS = $(WARN) $(CFLAGS) -fPIC -Iinclude -Isrc $(EXTRA_CFLAGS)
LDLIBS  := -lm
PREFIX  ?= /usr/local
B       ?= build
SOVER   := 0
VERSION := 0.1.0

LIB_SRC := $(sort $(shell find src/core src/games src/io src/ai -name '*.c' 2>/dev/null))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/*.c))
BENCH_SRC := $(sort $(wildcard bench/*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(B)/obj/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(B)/obj/%.o)
BENCHES  := $(BENCH_SRC:bench/%.c=$(B)/bench/%)

.PHONY: all lib test run check asan-test fuzz fuzz-run bench train-reversi install uninstall clean wasm

all: lib $(B)/gridstone $(B)/test_runner $(BENCHES) $(B)/gridstone.pc

lib: $(B)/libgridstone.a $(B)/libgridstone.so.$(VERSION)

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -MMD -MP -c $< -o $@

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

# The whole suite: C unit/property tests, then CLI tests; ends "N passed, N failed".
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
WASM_SRC := $(if $(filter 0,$(WASM_WEIGHTS)),$(filter-out src/ai/reversi_eval_weights.c,$(LIB_SRC)),$(LIB_SRC)) wasm/gs_wasm.c
WASM_OBJ := $(WASM_SRC:%.c=$(WASM_B)/obj-w$(WASM_WEIGHTS)/%.o)
WASM_LINK := -O3 -sMODULARIZE=1 -sEXPORT_NAME=createGridstoneCore -sALLOW_MEMORY_GROWTH=1 \
  -sENVIRONMENT=web,worker -sFILESYSTEM=0 -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
WASM_PKG := $(addprefix $(WASM_B)/,index.mjs api.mjs index.d.ts package.json README.md gridstone.js)

wasm: $(WASM_B)/gridstone-core.mjs $(WASM_PKG)

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
	rm -rf build build-asan build-fuzz

-include $(shell find $(B)/obj build-fuzz/obj $(WASM_B) -name '*.d' 2>/dev/null)
