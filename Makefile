# mlpscale: build, test, install. See README.md.
#
#   make                 ./mlpscale.so (load it with .load ./mlpscale)
#   make report          build/report/index.html: the paper reproduced and
#                        examined (ROOT=<results checkout> ROUND=vX.Y for raw logs)
#   make web             build/web/index.html: SQLite + mlpscale as WebAssembly,
#                        every round, the report and a SQL console in one page
#   make test            the whole Tcl suite (C unit tests included)
#   make test-sanitize   the same suite against an ASan+UBSan build
#   make test-tsan       the threaded programs under ThreadSanitizer
#   make bench           speed ratios against peers (tests/bench/*.sh)
#   make fuzz            libFuzzer on the parsers and cores (FUZZ_SECONDS each)
#   make install         PREFIX=/usr/local, DESTDIR honoured: lib/libmlpscale.so
#                        (.load libmlpscale after ldconfig), include/mlpscale.h,
#                        lib/pkgconfig/mlpscale.pc, share/mlpscale/{sql,docs}
#   make dataset         regenerate sql/mlperf_training_v*.sql (MLPERF_ROUNDS, ../shared/data)
#   make alibaba-data    regenerate sql/data/alibaba_gpu2023.sql (ALIBABA_GIT)
#
# Files in ext/ named *_sql.c (and mlpscale.c) speak SQL; every other file
# of ext/ is a plain C algorithm, linked into each C unit test
# tests/unit/*_test.c together with the system libsqlite3 (memory only).
# include/ holds only the public header make install ships (mlpscale.h);
# the internal headers sit beside their sources in ext/.

CC       ?= cc
CFLAGS   ?= -O2
WARN      = -Wall -Wextra
CPPFLAGS += -Iinclude -Iext
LDLIBS    = -lm -lpthread
TCLSH    ?= tclsh
PREFIX   ?= /usr/local
DESTDIR  ?=

SRC      = $(sort $(wildcard ext/*.c))
HDR      = $(wildcard include/*.h) $(wildcard ext/*.h) $(wildcard ext/*.inc)
# ext/common_sql.c is linked too, for unit tests that drive their SQL glue.
CORE_SRC = $(filter-out ext/mlpscale.c %_sql.c,$(SRC)) ext/common_sql.c
UNIT_SRC = $(sort $(wildcard tests/unit/*_test.c))
UNIT_BIN = $(patsubst tests/unit/%.c,build/unit/%,$(UNIT_SRC))
ASAN_UNIT_BIN = $(patsubst tests/unit/%.c,build/unit-asan/%,$(UNIT_SRC))
SANITIZE  = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer

all: mlpscale.so

# The soname is the installed name (make install copies it to
# $(PREFIX)/lib/libmlpscale.so), so that ldconfig caches it by that name.
mlpscale.so: $(SRC) $(HDR)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -fPIC -shared -Wl,-soname,libmlpscale.so -o $@ $(SRC) $(LDLIBS)

build/asan/mlpscale.so: $(SRC) $(HDR)
	@mkdir -p build/asan
	$(CC) $(CPPFLAGS) -O1 -g $(SANITIZE) $(WARN) -fPIC -shared -o $@ $(SRC) $(LDLIBS)

build/unit/%: tests/unit/%.c tests/unit/check.h $(CORE_SRC) $(HDR)
	@mkdir -p build/unit
	$(CC) $(CPPFLAGS) -DSQLITE_CORE $(CFLAGS) -g $(WARN) -o $@ $< $(CORE_SRC) -lsqlite3 $(LDLIBS)

build/unit-asan/%: tests/unit/%.c tests/unit/check.h $(CORE_SRC) $(HDR)
	@mkdir -p build/unit-asan
	$(CC) $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(SANITIZE) $(WARN) -o $@ $< $(CORE_SRC) -lsqlite3 $(LDLIBS)

# The out-of-memory driver (tests/oom/oom.c, run by tests/oom.test): the
# whole extension compiled in, under a failing allocator.
build/oom/oom: tests/oom/oom.c $(SRC) $(HDR)
	@mkdir -p build/oom
	$(CC) $(CPPFLAGS) -DSQLITE_CORE $(CFLAGS) -g $(WARN) -o $@ tests/oom/oom.c $(SRC) -lsqlite3 $(LDLIBS)

build/oom-asan/oom: tests/oom/oom.c $(SRC) $(HDR)
	@mkdir -p build/oom-asan
	$(CC) $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(SANITIZE) $(WARN) -o $@ tests/oom/oom.c $(SRC) -lsqlite3 $(LDLIBS)

# The interrupt driver (tests/interrupt/interrupt.c, run by
# tests/interrupt.test): a second thread interrupts each long statement.
build/interrupt/interrupt: tests/interrupt/interrupt.c $(SRC) $(HDR)
	@mkdir -p build/interrupt
	$(CC) $(CPPFLAGS) -DSQLITE_CORE $(CFLAGS) -g $(WARN) -o $@ tests/interrupt/interrupt.c $(SRC) -lsqlite3 -lpthread $(LDLIBS)

build/interrupt-asan/interrupt: tests/interrupt/interrupt.c $(SRC) $(HDR)
	@mkdir -p build/interrupt-asan
	$(CC) $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(SANITIZE) $(WARN) -o $@ tests/interrupt/interrupt.c $(SRC) -lsqlite3 -lpthread $(LDLIBS)

# ThreadSanitizer: the programs that run threads: the lanes unit test
# (mlperf_runs' lanes), the connection-list test (a host holding its own
# mutex on five threads) and the interrupt driver (a second thread calling
# sqlite3_interrupt), built with -fsanitize=thread.
TSAN      = -fsanitize=thread -fno-omit-frame-pointer
TSAN_UNIT = build/unit-tsan/lanes_test build/unit-tsan/conn_test

build/unit-tsan/%: tests/unit/%.c tests/unit/check.h $(CORE_SRC) $(HDR)
	@mkdir -p build/unit-tsan
	$(CC) $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(TSAN) $(WARN) -o $@ $< $(CORE_SRC) -lsqlite3 $(LDLIBS)

build/interrupt-tsan/interrupt: tests/interrupt/interrupt.c $(SRC) $(HDR)
	@mkdir -p build/interrupt-tsan
	$(CC) $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(TSAN) $(WARN) -o $@ tests/interrupt/interrupt.c $(SRC) -lsqlite3 $(LDLIBS)

test-tsan: $(TSAN_UNIT) build/interrupt-tsan/interrupt
	@for t in $(TSAN_UNIT) build/interrupt-tsan/interrupt; do \
	  echo "== $$t"; TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 $$t || exit 1; done

unit: $(UNIT_BIN)

# make test runs the OOM driver with a stride (every 7th allocation);
# make test-sanitize runs it on every allocation.
test: mlpscale.so $(UNIT_BIN) build/oom/oom build/interrupt/interrupt
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	MLPSCALE_UNIT_DIR=build/unit MLPSCALE_OOM=build/oom/oom MLPSCALE_OOM_STRIDE=7 \
	MLPSCALE_INTERRUPT=build/interrupt/interrupt $(TCLSH) tests/run.tcl

# The sanitizer runtimes are preloaded into tclsh, which is not built with them.
test-sanitize: build/asan/mlpscale.so $(ASAN_UNIT_BIN) build/oom-asan/oom build/interrupt-asan/interrupt
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	MLPSCALE_LIB=build/asan/mlpscale.so MLPSCALE_UNIT_DIR=build/unit-asan \
	MLPSCALE_OOM=build/oom-asan/oom MLPSCALE_OOM_STRIDE=1 \
	MLPSCALE_INTERRUPT=build/interrupt-asan/interrupt \
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(TCLSH) tests/run.tcl

# The main job: build/report/index.html about round ROUND (default v4.1,
# the paper's) by the SQL of sql/report/, over every shipped round (section 9
# compares them), or, with ROOT=/path/to/training_results_vX.Y ROUND=vX.Y,
# over that checkout's raw logs alone, imported by sql/import.sql. The
# database behind the page stays in build/report/mlperf.db.
ROUND ?= v4.1
ROOT  ?=
# Paths and labels a user gives (ROOT, ROUND, PREFIX, DESTDIR) are taken
# byte for byte with $(value ...) where used, and never exported as they are:
# exporting would expand them, running a $(shell ...) written in a path.
# (After their definitions: unexport defines an undefined variable empty.)
unexport ROOT ROUND PREFIX DESTDIR
REPORT_DB = build/report/mlperf.db
# A database made from scratch by the build is rebuilt, not recovered, after a
# crash: no fsync per transaction and the rollback journal in memory (the
# load of every round: 18 s -> 1 s here, nearly all of it waiting on fsync).
# The pragmas print the journal mode, so that step's output goes to /dev/null;
# errors still reach stderr.
BUILD_DB_PRAGMAS = -cmd 'PRAGMA synchronous=OFF' -cmd 'PRAGMA journal_mode=MEMORY'
# ROOT and ROUND reach sqlite3 through the environment and two files read
# by sql/report/params.sql, never spliced into a command or into SQL text;
# make itself takes them byte for byte ($(value ...): a '$' in them is not
# expanded, so no $(shell ...) in a path can run).
report: export MLPSCALE_REPORT_ROOT := $(value ROOT)
report: export MLPSCALE_REPORT_ROUND := $(value ROUND)
report: mlpscale.so
	@command -v sqlite3 >/dev/null || { echo "make report needs the sqlite3 shell (apt-get install sqlite3)" >&2; exit 1; }
	@mkdir -p build/report
	@rm -f $(REPORT_DB) build/report/index.html
	@printf '%s' "$$MLPSCALE_REPORT_ROOT" > build/report/root.param
	@printf '%s' "$$MLPSCALE_REPORT_ROUND" > build/report/round.param
ifeq ($(value ROOT),)
	@sqlite3 -bail $(REPORT_DB) -cmd '.load ./mlpscale' $(BUILD_DB_PRAGMAS) '.read sql/mlperf_training_all.sql' >/dev/null
else
	@sqlite3 -bail $(REPORT_DB) -cmd '.load ./mlpscale' $(BUILD_DB_PRAGMAS) -cmd '.read sql/report/params.sql' \
	  '.read sql/import.sql' >/dev/null
endif
	@sqlite3 -bail $(REPORT_DB) -cmd '.load ./mlpscale' -cmd 'PRAGMA synchronous=OFF' \
	  -cmd '.read sql/report/params.sql' '.read sql/report/report.sql' > build/report/index.tmp
	@mv build/report/index.tmp build/report/index.html
	@echo build/report/index.html

# Every shipped round in one SQLite database file, for any host that embeds
# SQLite (Python, Node, Tcl, C): open build/mlperf.db, load the extension,
# query. The views (results, pairs, ...) call mlpscale's functions, so the
# extension must be loaded to read them (docs/hosts.md).
db: build/mlperf.db
build/mlperf.db: mlpscale.so sql/mlperf_training_all.sql $(wildcard sql/mlperf_training_v*.sql sql/data/*.sql) sql/schema.sql sql/model.sql
	@command -v sqlite3 >/dev/null || { echo "make db needs the sqlite3 shell (apt-get install sqlite3)" >&2; exit 1; }
	@mkdir -p build
	@rm -f $@.tmp
	@sqlite3 -bail $@.tmp -cmd '.load ./mlpscale' $(BUILD_DB_PRAGMAS) '.read sql/mlperf_training_all.sql' >/dev/null
	@mv $@.tmp $@
	@echo $@

# make web: build/web/index.html, one self-contained page (no network; works
# from file:// and from any static host): SQLite + mlpscale compiled to
# WebAssembly by Debian's emscripten, every shipped round as a database image
# (the report's, build/report/mlperf.db), the report page of `make report`
# (ROUND v4.1) and a SQL console (web/page.html, web/worker.js; the API and
# how it works: docs/hosts.md, "The browser"). SQLite is the amalgamation
# npm's better-sqlite3 ships in deps/sqlite3/, pinned by version and by the
# sha256 of its sqlite3.c and sqlite3.h, checked on every build of the
# module. Needs emscripten, npm, sqlite3, tclsh and python3. Debian's
# emscripten ships its system libraries prebuilt (a frozen cache under
# /usr/share/emscripten/cache), so nothing is built there; an emscripten that
# builds them on its first run (slow, minutes) wants a writable cache:
# make web EM_CACHE=$HOME/.cache/mlpscale-emscripten (outside build/, so
# that make clean keeps it). Threads: the module
# is built with SQLITE_THREADSAFE=0 and without pthreads, so mlperf_runs
# reads its logs on the calling thread alone (lanes.c: sqlite3_threadsafe() 0).
WEB_SQLITE_NPM     = better-sqlite3@12.11.1
WEB_SQLITE_VERSION = 3.53.2
WEB_SQLITE_C_SHA256 = 60d2f39a3726cd6b9021da6f4e868608d66fbb6528a9f513dc8ffcc640493422
WEB_SQLITE_H_SHA256 = 9e69a1353a4288450b0d5239ede11fc7f1f4c8e5eb07491fc8317eacb5b7de7e
WEB_MAX_BYTES = 10000000
EMCC     ?= emcc
EM_CACHE ?=
WEB_EMENV = NODE_PATH=/usr/share/nodejs $(if $(EM_CACHE),EM_CACHE="$(EM_CACHE)" EM_FROZEN_CACHE=)
WEB_OPT  = -O3
WEB_CPPFLAGS = -Ibuild/web/sqlite -Iinclude -Iext -DSQLITE_CORE -DSQLITE_ENABLE_MATH_FUNCTIONS \
  -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION
WEB_LDFLAGS = -sSINGLE_FILE=1 -sWASM_ASYNC_COMPILATION=0 -sMODULARIZE=1 -sEXPORT_NAME=createMlpscale \
  -sALLOW_MEMORY_GROWTH=1 -sFORCE_FILESYSTEM=1 -sENVIRONMENT=web,worker,node \
  -sEXPORTED_FUNCTIONS=_webOpen,_webQuery,_webAlloc,_webFree \
  -sEXPORTED_RUNTIME_METHODS=FS,UTF8ToString,HEAPU8
WEB_SQLITE_CHECK = printf '%s  %s\n%s  %s\n' $(WEB_SQLITE_C_SHA256) build/web/sqlite/sqlite3.c \
  $(WEB_SQLITE_H_SHA256) build/web/sqlite/sqlite3.h | sha256sum --strict -c --quiet >/dev/null 2>&1 || { \
  echo "make web: build/web/sqlite/ is not SQLite $(WEB_SQLITE_VERSION) as $(WEB_SQLITE_NPM) ships it" \
       "(sha256 of sqlite3.c $(WEB_SQLITE_C_SHA256)); rm -rf build/web/sqlite and run make web again" >&2; exit 1; }

build/web/sqlite/sqlite3.c:
	@command -v npm >/dev/null || { echo "make web: needs npm to fetch the SQLite amalgamation of $(WEB_SQLITE_NPM) (apt-get install npm)" >&2; exit 1; }
	@rm -rf build/web/npm build/web/sqlite && mkdir -p build/web/npm build/web/sqlite
	cd build/web/npm && npm pack --silent $(WEB_SQLITE_NPM) > pack.txt
	tar -xzf build/web/npm/$$(cat build/web/npm/pack.txt) -C build/web/npm package/deps/sqlite3
	cp build/web/npm/package/deps/sqlite3/sqlite3.h build/web/npm/package/deps/sqlite3/sqlite3ext.h \
	   build/web/npm/package/deps/sqlite3/sqlite3.c build/web/sqlite/
	@$(WEB_SQLITE_CHECK)

WEB_EMCC_CHECK = command -v $(EMCC) >/dev/null || { echo "make web: needs emscripten (apt-get install emscripten)" >&2; exit 1; }

# SQLite on its own (minutes on a busy machine), so that a change of ext/
# recompiles only mlpscale.
build/web/sqlite3.o: build/web/sqlite/sqlite3.c
	@$(WEB_EMCC_CHECK)
	@$(WEB_SQLITE_CHECK)
	$(WEB_EMENV) $(EMCC) $(WEB_OPT) $(WEB_CPPFLAGS) -c -o $@ build/web/sqlite/sqlite3.c

build/web/mlpscale.js: build/web/sqlite3.o web/mlpscale_web.c $(SRC) $(HDR)
	@$(WEB_EMCC_CHECK)
	@$(WEB_SQLITE_CHECK)
	$(WEB_EMENV) $(EMCC) $(WEB_OPT) $(WEB_CPPFLAGS) $(WEB_LDFLAGS) -o $@ build/web/sqlite3.o $(SRC) web/mlpscale_web.c

# The report and its database (every shipped round; the report adds only
# temporary tables), as make report builds them for the paper's round.
build/web/report.html: mlpscale.so $(wildcard sql/*.sql sql/data/*.sql sql/report/*.sql)
	@$(MAKE) --no-print-directory report ROOT= ROUND=v4.1
	@mkdir -p build/web
	cp $(REPORT_DB) build/web/rounds.db.tmp
	sqlite3 build/web/rounds.db.tmp VACUUM
	mv build/web/rounds.db.tmp build/web/rounds.db
	cp build/report/index.html $@

build/web/index.html: build/web/mlpscale.js build/web/report.html web/page.html web/worker.js \
                      web/build_page.py web/examples.tcl tests/docs.tcl README.md $(wildcard docs/*.md)
	$(TCLSH) web/examples.tcl README.md $(sort $(wildcard docs/*.md)) > build/web/examples.txt
	python3 web/build_page.py $@ --glue build/web/mlpscale.js --image build/web/rounds.db \
	  --report build/web/report.html --round v4.1 --examples build/web/examples.txt \
	  --sqlite-version $(WEB_SQLITE_VERSION) --version $(VERSION)
	@n=$$(wc -c < $@); [ $$n -le $(WEB_MAX_BYTES) ] || { echo "make web: $@ is $$n bytes, over the budget of $(WEB_MAX_BYTES)" >&2; rm -f $@; exit 1; }; echo "$@: $$n bytes"

web: build/web/index.html

# Speed, side by side with the peer a user would otherwise use: every
# tests/bench/*.sh, each printing its ratios. Never part of make test.
bench: mlpscale.so
	@for f in $(sort $(wildcard tests/bench/*.sh)); do echo "== $$f"; sh $$f || exit 1; done

# sql/mlperf_training_vX.Y.sql: every MLPerf Training round as plain SQL
# (schema + INSERTs, sql/export_round.sh), made by the project's own import
# (sql/import.sql) under the round's own ruleset: v4.1 from the MLCommons
# results tarball, the other rounds from the checkouts extracted under
# MLPERF_ROUNDS as training_results_vX.Y (tests/mlperf/extract_round.py
# MIRROR $(MLPERF_ROUNDS)/training_results_vX.Y). sql/mlperf_training_all.sql
# reads them all.
MLPERF_V41    ?= ../shared/data/mlperf-training-v4.1.tar.gz
MLPERF_ROUNDS ?= /tmp/rounds
ROUNDS         = 0.7 1.0 1.1 2.0 2.1 3.0 3.1 4.0 4.1 5.0 5.1
dataset: mlpscale.so
	rm -rf build/dataset && mkdir -p build/dataset/training_results_v4.1
	tar -xzf $(MLPERF_V41) -C build/dataset/training_results_v4.1
	for v in $(ROUNDS); do \
	  if [ $$v = 4.1 ]; then root=build/dataset/training_results_v4.1; \
	  else root=$(MLPERF_ROUNDS)/training_results_v$$v; fi; \
	  sh sql/export_round.sh $$root v$$v $$v.0 > sql/mlperf_training_v$$v.sql.tmp \
	    && mv sql/mlperf_training_v$$v.sql.tmp sql/mlperf_training_v$$v.sql || exit 1; \
	done
	{ echo '-- Every MLPerf Training round mlpscale ships, each scored by its own ruleset,'; \
	  echo '-- into the same tables (round = v0.7 ... v5.1): generated by `make dataset`.'; \
	  echo "-- Load from the repository root: sqlite3 mlperf.db -cmd '.load ./mlpscale' '.read sql/mlperf_training_all.sql'"; \
	  for v in $(ROUNDS); do echo ".read sql/mlperf_training_v$$v.sql"; done; } > sql/mlperf_training_all.sql
	python3 tests/mlperf/known_gaps.py $(MLPERF_ROUNDS) > sql/data/known_gaps.sql.tmp \
	  && mv sql/data/known_gaps.sql.tmp sql/data/known_gaps.sql

# sql/data/alibaba_gpu2023.sql: the GPU nodes and the default and gpuspec33
# pod lists of Alibaba's cluster-trace-gpu-v2023, read from a clone of
# https://github.com/alibaba/clusterdata (ALIBABA_GIT: its work tree or git
# directory) at the commit tests/sched/alibaba_gpu2023.py pins.
# The path is taken byte for byte and passed through the environment, as ROOT is.
ALIBABA_GIT ?= ../clusterdata
unexport ALIBABA_GIT
alibaba-data: export MLPSCALE_ALIBABA_GIT := $(value ALIBABA_GIT)
alibaba-data:
	python3 tests/sched/alibaba_gpu2023.py "$$MLPSCALE_ALIBABA_GIT" > sql/data/alibaba_gpu2023.sql.tmp \
	  && mv sql/data/alibaba_gpu2023.sql.tmp sql/data/alibaba_gpu2023.sql

# Coverage-guided fuzzing (clang with libFuzzer, ASan and UBSan) of the
# parsers of untrusted input (MLLOG, SWF) and of the cores with invariant
# checks (SVG writer, k-means, scheduler): each tests/fuzz/*_fuzz.c for
# FUZZ_SECONDS, its corpus in build/fuzz/<name>.corpus (kept between runs,
# never committed), seeded from the fixtures (FUZZ_SEEDS). An input the
# fuzzer finds worth keeping becomes a test with its exact result, not a
# file in the repository. make fuzz-smoke: FUZZ_SECONDS=4 each (CI).
FUZZ_CC      ?= clang-14
FUZZ_SECONDS ?= 60
FUZZ_SRC      = $(sort $(wildcard tests/fuzz/*_fuzz.c))
FUZZ_BIN      = $(patsubst tests/fuzz/%.c,build/fuzz/%,$(FUZZ_SRC))
FUZZ_SEEDS    = tests/mlperf/training_results_v4.1 tests/data tests/swf-sample.swf

build/fuzz/%: tests/fuzz/%.c $(CORE_SRC) $(HDR)
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(CPPFLAGS) -DSQLITE_CORE -g -O1 -fsanitize=fuzzer,address,undefined \
	  -o $@ $< $(filter-out ext/common_sql.c,$(CORE_SRC)) -lsqlite3 $(LDLIBS)

# A seed path that is missing stops the run: no target runs unseeded.
fuzz: $(FUZZ_BIN)
	@for s in $(FUZZ_SEEDS); do [ -e "$$s" ] || { echo "make fuzz: seed path '$$s' does not exist" >&2; exit 1; }; done
	@for f in $(FUZZ_BIN); do echo "== $$f"; mkdir -p $$f.corpus $$f.seed; \
	  cp -r $(FUZZ_SEEDS) $$f.seed/ || exit 1; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$$f- \
	    $$f.corpus $$f.seed || exit 1; done

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=4

# make install: the library under the name the dynamic loader looks up
# (libmlpscale.so: after ldconfig, `.load libmlpscale` finds it without a
# path, and SQLite, dropping the leading "lib", calls sqlite3_mlpscale_init),
# the public header, a pkg-config file for C programs that link it, and
# sql/, docs/ and README.md under share/mlpscale. tests/install.test runs it
# with DESTDIR.
VERSION    = $(shell sed -n 's/^\#define MLPSCALE_VERSION  *"\(.*\)"/\1/p' include/mlpscale.h)

# PREFIX and DESTDIR reach the recipes through the environment, taken byte
# for byte ($(value ...): a '$' is not expanded by make), and are used in
# double quotes only: a space or a quote in them is part of one path, never
# a second word. PREFIX must be absolute. build/mlpscale.pc is rewritten
# whenever the PREFIX it holds is not the one asked for; in it a space of
# PREFIX is escaped ('\ '), as pkg-config reads it.
install uninstall build/mlpscale.pc: export MLPSCALE_PREFIX := $(value PREFIX)
install uninstall: export MLPSCALE_DEST := $(value DESTDIR)$(value PREFIX)
CHECK_PREFIX = case "$$MLPSCALE_PREFIX" in /*) ;; \
  *) echo "make: PREFIX must be an absolute path, got '$$MLPSCALE_PREFIX'" >&2; exit 1;; esac

build/mlpscale.pc: include/mlpscale.h Makefile FORCE
	@mkdir -p build
	@$(CHECK_PREFIX)
	@printf '%s\n' "prefix=$$(printf '%s' "$$MLPSCALE_PREFIX" | sed 's/[\\ ]/\\&/g')" 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' \
	  'datadir=$${prefix}/share/mlpscale' '' 'Name: mlpscale' \
	  'Description: MLPerf Training scaling analysis for SQLite (loadable extension)' \
	  'Version: $(VERSION)' 'Requires: sqlite3' 'Libs: -L$${libdir} -lmlpscale' 'Libs.private: -lm -lpthread' \
	  'Cflags: -I$${includedir}' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

install: mlpscale.so build/mlpscale.pc
	@$(CHECK_PREFIX)
	d="$$MLPSCALE_DEST"; \
	install -d "$$d/lib/pkgconfig" "$$d/include" "$$d/share/mlpscale/sql/report" "$$d/share/mlpscale/sql/data" \
	  "$$d/share/mlpscale/docs" && \
	install -m 755 mlpscale.so "$$d/lib/libmlpscale.so" && \
	install -m 644 include/mlpscale.h "$$d/include/mlpscale.h" && \
	install -m 644 build/mlpscale.pc "$$d/lib/pkgconfig/mlpscale.pc" && \
	install -m 644 $(wildcard sql/*.sql sql/*.sh) "$$d/share/mlpscale/sql" && \
	install -m 644 $(wildcard sql/data/*.sql) "$$d/share/mlpscale/sql/data" && \
	install -m 644 $(wildcard sql/report/*.sql) "$$d/share/mlpscale/sql/report" && \
	install -m 644 $(wildcard docs/*) README.md "$$d/share/mlpscale/docs"

uninstall:
	@$(CHECK_PREFIX)
	d="$$MLPSCALE_DEST"; \
	rm -f "$$d/lib/libmlpscale.so" "$$d/include/mlpscale.h" "$$d/lib/pkgconfig/mlpscale.pc" && \
	rm -rf "$$d/share/mlpscale"

clean:
	rm -rf mlpscale.so build

.PHONY: all web unit bench fuzz fuzz-smoke test test-sanitize test-tsan install uninstall clean dataset alibaba-data report db FORCE
FORCE:
