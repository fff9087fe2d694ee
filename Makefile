# mlpscale: build, test, install. See README.md.
#
#   make                 ./mlpscale.so (load it with .load ./mlpscale)
#   make report          build/report/index.html: the paper reproduced and
#                        examined (ROOT=<results checkout> ROUND=vX.Y for raw logs)
#   make web             build/web/index.html: SQLite + mlpscale as WebAssembly,
#                        every round, the report and a SQL console in one page
#   make test            the fast tier of the tests (C unit tests included)
#   make check           every test (the fast tier and the files marked
#                        "# tier: check")
#   make test-sanitize   the fast tier against an ASan+UBSan build
#   make test-tsan       the threaded programs under ThreadSanitizer
#   make bench           speed ratios against peers (tests/bench/*.sh)
#   make coverage-table  the simulated coverage of the report's intervals
#                        (docs/metrics.md, "Coverage of the intervals")
#   make fuzz            libFuzzer on the parsers and cores (FUZZ_SECONDS each)
#   make dist            build/dist/: a Python wheel, an npm package and a
#                        Debian package (dist-wheel, dist-npm, dist-deb)
#   make export          build/export/mlperf_training_results.csv and .json:
#                        every official result of every shipped round; and
#                        summary*.csv, the result summarizer's wide tables
#   make install         PREFIX=/usr/local, DESTDIR honoured: lib/libmlpscale.so
#                        (.load libmlpscale after ldconfig), include/mlpscale.h,
#                        lib/pkgconfig/mlpscale.pc, share/mlpscale/{sql,docs}
#   make dataset         regenerate sql/rounds/mlperf_training_v*.sql (MLPERF_ROUNDS, MLPERF_V41)
#   make hpc-dataset     regenerate sql/rounds/mlperf_hpc_v*.sql (MLPERF_HPC_ROUNDS)
#   make alibaba-data    regenerate sql/data/alibaba_gpu2023.sql (ALIBABA_GIT)
#   make fit-coverage    regenerate sql/data/fit_coverage.sql (the simulated coverage of
#                        scaling_fit's and breakeven_ci's intervals, tests/coverage/)
#   make alibaba-study   regenerate sql/data/alibaba_ordering_runs.sql (the ordering study, 10 min)
#
# Files of ext/ named *_sql.c (and ext/mlpscale.c) speak SQL; every other
# .c of ext/<module>/ is a plain C algorithm, linked into the C unit tests
# tests/unit/*_test.c together with the system libsqlite3 (memory only).
# include/ holds only the public header make install ships (mlpscale.h);
# the internal headers sit beside their sources in ext/<module>/.

CC       ?= cc
CFLAGS   ?= -O2
WARN      = -Wall -Wextra
CPPFLAGS += -Iinclude -Iext
LDLIBS    = -lm -lpthread
TCLSH    ?= tclsh
PREFIX   ?= /usr/local
DESTDIR  ?=

# ext/mlpscale.c is the entry point; each ext/<module>/ holds a module's
# plain-C core, its SQL glue (*_sql.c) and its headers; ext/base/ what they
# share (docs/ARCHITECTURE.md draws the map).
SRC      = $(sort $(wildcard ext/*.c ext/*/*.c))
# The cores, and ext/base/common_sql.c for unit tests that drive their glue.
CORE_SRC = $(filter-out ext/mlpscale.c %_sql.c,$(SRC)) ext/base/common_sql.c
UNIT_SRC = $(sort $(wildcard tests/unit/*_test.c))
UNIT_NAMES = $(patsubst tests/unit/%.c,%,$(UNIT_SRC))
SANITIZE  = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
TSAN      = -fsanitize=thread -fno-omit-frame-pointer

# Object files, one folder per build variant, each with its dependency
# files (-MMD -MP), so that touching one .c recompiles that object alone
# and touching a header recompiles only the objects that include it:
#   build/so/         the extension (mlpscale.so)
#   build/test/       the extension with its test hooks compiled in
#                     (-DMLPSCALE_TEST_HOOKS=1, build/test/mlpscale.so): the
#                     tests that set MLPSCALE_TEST_* load it
#   build/core/       SQLITE_CORE, linked against libsqlite3: the C unit
#                     tests, the OOM and interrupt drivers
#   build/asan/       the extension under ASan+UBSan, test hooks compiled in
#                     (build/asan/mlpscale.so)
#   build/asan-core/  SQLITE_CORE under ASan+UBSan
#   build/tsan-core/  SQLITE_CORE under ThreadSanitizer
#   build/wasm/       WebAssembly (make web)
#   build/fuzzobj/    clang with libFuzzer's instrumentation (make fuzz)
FLAGS_so        = $(CPPFLAGS) $(CFLAGS) $(WARN) -fPIC
FLAGS_test      = $(FLAGS_so) -DMLPSCALE_TEST_HOOKS=1
FLAGS_core      = $(CPPFLAGS) -DSQLITE_CORE $(CFLAGS) -g $(WARN)
FLAGS_asan      = $(CPPFLAGS) -O1 -g $(SANITIZE) $(WARN) -fPIC -DMLPSCALE_TEST_HOOKS=1
FLAGS_asan-core = $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(SANITIZE) $(WARN)
FLAGS_tsan-core = $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(TSAN) $(WARN)
define objects
build/$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CC) $$(FLAGS_$(1)) -MMD -MP -c -o $$@ $$<
endef
$(foreach v,so test core asan asan-core tsan-core,$(eval $(call objects,$(v))))
obj = $(patsubst %.c,build/$(1)/%.o,$(2))
.DEFAULT_GOAL := all
-include $(shell find build -name '*.d' 2>/dev/null)

all: mlpscale.so

# The soname is the installed name (make install copies it to
# $(PREFIX)/lib/libmlpscale.so), so that ldconfig caches it by that name.
mlpscale.so: $(call obj,so,$(SRC))
	$(CC) $(CFLAGS) -shared -Wl,-soname,libmlpscale.so -o $@ $^ $(LDLIBS)

build/test/mlpscale.so: $(call obj,test,$(SRC))
	$(CC) $(CFLAGS) -shared -o $@ $^ $(LDLIBS)

build/asan/mlpscale.so: $(call obj,asan,$(SRC))
	$(CC) -O1 -g $(SANITIZE) -shared -o $@ $^ $(LDLIBS)

# The cores of each SQLITE_CORE variant as one archive, so that a unit test
# links the objects it calls.
.SECONDEXPANSION:
build/%/libcore.a: $$(call obj,$$*,$(CORE_SRC))
	@rm -f $@
	$(AR) rcs $@ $^
build/unit/%: build/core/tests/unit/%.o build/core/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -g -o $@ $^ -lsqlite3 $(LDLIBS)
build/unit-asan/%: build/asan-core/tests/unit/%.o build/asan-core/libcore.a
	@mkdir -p $(@D)
	$(CC) -O1 -g $(SANITIZE) -o $@ $^ -lsqlite3 $(LDLIBS)
build/unit-tsan/%: build/tsan-core/tests/unit/%.o build/tsan-core/libcore.a
	@mkdir -p $(@D)
	$(CC) -O1 -g $(TSAN) -o $@ $^ -lsqlite3 $(LDLIBS)

# The out-of-memory driver (tests/oom/oom.c, run by tests/oom.test): the
# whole extension compiled in, under a failing allocator; the interrupt
# driver (tests/interrupt/interrupt.c, run by tests/interrupt.test): a
# second thread interrupts each long statement.
build/oom/oom: $(call obj,core,tests/oom/oom.c $(SRC))
build/oom-asan/oom: $(call obj,asan-core,tests/oom/oom.c $(SRC))
build/interrupt/interrupt: $(call obj,core,tests/interrupt/interrupt.c $(SRC))
build/interrupt-asan/interrupt: $(call obj,asan-core,tests/interrupt/interrupt.c $(SRC))
build/interrupt-tsan/interrupt: $(call obj,tsan-core,tests/interrupt/interrupt.c $(SRC))
# The stack driver (tests/stack/stack.c, run by tests/stack.test): the
# deepest nesting allowed, on a thread with a 512 KB stack.
build/stack/stack: $(call obj,core,tests/stack/stack.c $(SRC))
# The coverage simulation of scaling_fit's and breakeven_ci's intervals
# (tests/coverage/fit_coverage.c, run by tests/fit_coverage.test); make
# fit-coverage writes its rows to sql/data/fit_coverage.sql.
build/coverage/fit_coverage: build/core/tests/coverage/fit_coverage.o build/core/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -g -o $@ $^ -lsqlite3 $(LDLIBS)
fit-coverage: build/coverage/fit_coverage
	build/coverage/fit_coverage | sed -n '/^-- sql\/data\/fit_coverage.sql/,$$p' > sql/data/fit_coverage.sql.tmp \
	  && mv sql/data/fit_coverage.sql.tmp sql/data/fit_coverage.sql
build/oom/oom build/interrupt/interrupt build/stack/stack:
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -g -o $@ $^ -lsqlite3 $(LDLIBS)
build/oom-asan/oom build/interrupt-asan/interrupt:
	@mkdir -p $(@D)
	$(CC) -O1 -g $(SANITIZE) -o $@ $^ -lsqlite3 $(LDLIBS)
build/interrupt-tsan/interrupt:
	@mkdir -p $(@D)
	$(CC) -O1 -g $(TSAN) -o $@ $^ -lsqlite3 $(LDLIBS)

# The coverage table of docs/metrics.md: tests/bench/eprime_coverage.c over
# the cores, printed by make coverage-table (tests/eprime_coverage.test,
# check tier, compares it with the docs).
build/bench/eprime_coverage: build/core/tests/bench/eprime_coverage.o build/core/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -g -o $@ $^ -lsqlite3 $(LDLIBS)
coverage-table: build/bench/eprime_coverage
	build/bench/eprime_coverage

# ThreadSanitizer: the programs that run threads: the lanes unit test
# (mlperf_runs' lanes), the connection-list test (a host holding its own
# mutex on five threads) and the interrupt driver (a second thread calling
# sqlite3_interrupt).
TSAN_UNIT = build/unit-tsan/lanes_test build/unit-tsan/conn_test

test-tsan: $(TSAN_UNIT) build/interrupt-tsan/interrupt
	@for t in $(TSAN_UNIT) build/interrupt-tsan/interrupt; do \
	  echo "== $$t"; TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 $$t || exit 1; done

UNIT_BIN      = $(addprefix build/unit/,$(UNIT_NAMES))
ASAN_UNIT_BIN = $(addprefix build/unit-asan/,$(UNIT_NAMES))
unit: $(UNIT_BIN)

# Two tiers of tests (tests/run.tcl): make test, the fast tier a developer
# runs after every change (every C unit test, every SQL function's contract
# and errors, the docs' examples, limits, bad input, interrupts, OOM at every
# 7th allocation, the shipped-data checks of seconds); make check,
# everything (the fast tier, and the files marked "# tier: check": the
# report, every round's raw import, RCPs, HPC's metrics at data scale, the
# browser, install, hosts, the scipy/sklearn cross-checks), with OOM at
# every allocation. make
# test-sanitize: the fast tier against the ASan+UBSan build, OOM at every
# allocation. JOBS test files run at a time.
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
TEST_BIN  = mlpscale.so build/test/mlpscale.so $(UNIT_BIN) build/oom/oom build/interrupt/interrupt build/stack/stack \
            build/bench/eprime_coverage build/coverage/fit_coverage
TEST_ENV  = MLPSCALE_COVERAGE=build/coverage/fit_coverage MLPSCALE_UNIT_DIR=build/unit MLPSCALE_OOM=build/oom/oom MLPSCALE_INTERRUPT=build/interrupt/interrupt \
            MLPSCALE_STACK=build/stack/stack MLPSCALE_HOOKS_LIB=build/test/mlpscale.so
test: $(TEST_BIN)
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	$(TEST_ENV) MLPSCALE_OOM_STRIDE=7 $(TCLSH) tests/run.tcl --jobs $(JOBS) --tier fast

check: $(TEST_BIN)
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	$(TEST_ENV) MLPSCALE_OOM_STRIDE=1 $(TCLSH) tests/run.tcl --jobs $(JOBS) --tier check

# The sanitizer runtimes are preloaded into tclsh, which is not built with them.
test-sanitize: build/asan/mlpscale.so $(ASAN_UNIT_BIN) build/oom-asan/oom build/interrupt-asan/interrupt
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	MLPSCALE_LIB=build/asan/mlpscale.so MLPSCALE_HOOKS_LIB=build/asan/mlpscale.so \
	MLPSCALE_UNIT_DIR=build/unit-asan \
	MLPSCALE_OOM=build/oom-asan/oom MLPSCALE_OOM_STRIDE=1 \
	MLPSCALE_INTERRUPT=build/interrupt-asan/interrupt \
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(TCLSH) tests/run.tcl --jobs $(JOBS) --tier fast

# The main job: build/report/index.html about round ROUND (default v4.1,
# the paper's) by the SQL of sql/report/, over every shipped round (section 9
# compares them; section 12 reads the shipped MLPerf HPC rounds), or, with ROOT=/path/to/training_results_vX.Y ROUND=vX.Y,
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
	@sqlite3 -bail $(REPORT_DB) -cmd '.load ./mlpscale' $(BUILD_DB_PRAGMAS) '.read sql/rounds/mlperf_training_all.sql' \
	  '.read sql/rounds/mlperf_hpc_all.sql' >/dev/null
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
build/mlperf.db: mlpscale.so sql/rounds/mlperf_training_all.sql sql/rounds/mlperf_hpc_all.sql $(wildcard sql/rounds/mlperf_training_v*.sql sql/rounds/mlperf_hpc_v*.sql sql/data/*.sql) sql/schema.sql sql/model.sql sql/model_hpc.sql sql/model_hpc_scaling.sql
	@command -v sqlite3 >/dev/null || { echo "make db needs the sqlite3 shell (apt-get install sqlite3)" >&2; exit 1; }
	@mkdir -p build
	@rm -f $@.tmp
	@sqlite3 -bail $@.tmp -cmd '.load ./mlpscale' $(BUILD_DB_PRAGMAS) '.read sql/rounds/mlperf_training_all.sql' \
	  '.read sql/rounds/mlperf_hpc_all.sql' >/dev/null
	@mv $@.tmp $@
	@echo $@

# Every official result of every shipped round, one record per (round,
# system, benchmark) scored, as MLCommons' result summarizer names its
# columns plus the detail of its latest one (global batch, RCP check,
# samples to converge, factors, energy): build/export/mlperf_training_results.csv
# (RFC 4180) and .json (an array of objects), the same columns in both,
# written by sql/export.sql from build/mlperf.db (docs/mlperf.md, "The
# export"). Deterministic: the same database gives the same bytes. A failed
# run leaves neither file.
# Beside them, MLCommons' result summarizer's wide layout: summary.csv and
# summary_detailed.csv for every round, summary_vX.Y.csv and
# summary_detailed_vX.Y.csv for each (docs/mlperf.md, "The summarizer's layout").
EXPORT_FILES = build/export/mlperf_training_results.csv build/export/mlperf_training_results.json \
  build/export/summary*.csv build/export/summary.sql.tmp
export: build/mlperf.db sql/export.sql
	@mkdir -p build/export
	@rm -f $(EXPORT_FILES)
	@sqlite3 -bail -readonly build/mlperf.db -cmd '.load ./mlpscale' '.read sql/export.sql' \
	  || { rm -f $(EXPORT_FILES); exit 1; }
	@ls build/export/mlperf_training_results.* build/export/summary*.csv

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

# mlpscale and the page's C host, object by object (build/wasm/).
build/wasm/%.o: %.c | build/web/sqlite/sqlite3.c
	@$(WEB_EMCC_CHECK)
	@$(WEB_SQLITE_CHECK)
	@mkdir -p $(@D)
	$(WEB_EMENV) $(EMCC) $(WEB_OPT) $(WEB_CPPFLAGS) -MMD -MP -c -o $@ $<

build/web/mlpscale.js: build/web/sqlite3.o $(call obj,wasm,$(SRC) web/mlpscale_web.c)
	@$(WEB_EMCC_CHECK)
	@$(WEB_SQLITE_CHECK)
	$(WEB_EMENV) $(EMCC) $(WEB_OPT) $(WEB_LDFLAGS) -o $@ $^

# The report and its database (every shipped round; the report adds only
# temporary tables), as make report builds them for the paper's round.
build/web/report.html: mlpscale.so $(wildcard sql/*.sql sql/*/*.sql)
	@$(MAKE) --no-print-directory report ROOT= ROUND=v4.1
	@mkdir -p build/web
	cp $(REPORT_DB) build/web/rounds.db.tmp
	sqlite3 build/web/rounds.db.tmp VACUUM
	mv build/web/rounds.db.tmp build/web/rounds.db
	cp build/report/index.html $@

build/web/index.html: VERSION build/web/mlpscale.js build/web/report.html web/page.html web/database.js web/worker.js \
                      web/build_page.py web/examples.tcl tests/docs.tcl README.md $(wildcard docs/*.md)
	$(TCLSH) web/examples.tcl README.md $(sort $(wildcard docs/*.md)) > build/web/examples.txt
	python3 web/build_page.py $@ --glue build/web/mlpscale.js --image build/web/rounds.db \
	  --report build/web/report.html --round v4.1 --examples build/web/examples.txt \
	  --sqlite-version $(WEB_SQLITE_VERSION) --version $(VERSION)
	@n=$$(wc -c < $@); [ $$n -le $(WEB_MAX_BYTES) ] || { echo "make web: $@ is $$n bytes, over the budget of $(WEB_MAX_BYTES)" >&2; rm -f $@; exit 1; }; echo "$@: $$n bytes"

# Every tool make web runs, checked before anything is built: what is missing
# is said in one line. npm only fetches the SQLite amalgamation, so it is not
# needed once build/web/sqlite/ holds it. (Debian's npm package conflicts
# with NodeSource's nodejs, which bundles npm.)
WEB_TOOLS_CHECK = missing=; \
  command -v $(EMCC) >/dev/null || missing="$$missing, $(EMCC) (apt-get install emscripten)"; \
  [ -f build/web/sqlite/sqlite3.c ] || command -v npm >/dev/null || \
    missing="$$missing, npm (apt-get install npm, or NodeSource's nodejs, which bundles it)"; \
  command -v $(CC) >/dev/null || missing="$$missing, $(CC) (apt-get install gcc)"; \
  command -v sqlite3 >/dev/null || missing="$$missing, sqlite3 (apt-get install sqlite3)"; \
  command -v $(TCLSH) >/dev/null || missing="$$missing, $(TCLSH) (apt-get install tcl)"; \
  command -v python3 >/dev/null || missing="$$missing, python3 (apt-get install python3)"; \
  [ -z "$$missing" ] || { echo "make web: needs$${missing\#,}" >&2; exit 1; }

web:
	@$(WEB_TOOLS_CHECK)
	@$(MAKE) --no-print-directory build/web/index.html

# tests/bench/mlperf.sh's helpers (plain libc, no SQLite): memchr_pass, the
# reference step a scan's CPU time is measured against, and cputime, a
# command's wall and CPU time in microseconds.
build/bench/memchr_pass: tests/bench/memchr_pass.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $<
build/bench/cputime: tests/bench/cputime.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $<

# Speed, side by side with the peer a user would otherwise use: every
# tests/bench/*.sh, each printing its ratios. Never part of make test.
bench: mlpscale.so build/bench/memchr_pass build/bench/cputime
	@for f in $(sort $(wildcard tests/bench/*.sh)); do echo "== $$f"; sh $$f || exit 1; done

# sql/rounds/mlperf_training_vX.Y.sql: every MLPerf Training round as plain SQL
# (schema + INSERTs, tool/export_round.sh), made by the project's own import
# (sql/import.sql) under the round's own ruleset: v4.1 from the MLCommons
# results tarball, the other rounds from the checkouts extracted under
# MLPERF_ROUNDS as training_results_vX.Y (tool/extract_round.py
# MIRROR $(MLPERF_ROUNDS)/training_results_vX.Y). sql/rounds/mlperf_training_all.sql
# reads them all.
# MLPERF_V41: a tarball of the submitter folders (results/, systems/) of
# mlcommons/training_results_v4.1 (git clone it, python3 tool/extract_round.py
# <clone> <dir>, tar -czf v4.1.tar.gz -C <dir> .); the default is the project
# data folder's copy beside the checkout.
MLPERF_V41    ?= ../shared/data/mlperf-training-v4.1.tar.gz
MLPERF_ROUNDS ?= /tmp/rounds
# The rounds: X.Y of each round vX.Y of the registry (ext/mlperf/rules.c);
# a round without a checkout under MLPERF_ROUNDS (v6.0's results are not
# public yet) is skipped with a line saying so, and the _all file reads the
# rounds sql/rounds has.
ROUNDS        ?= $(shell /usr/bin/python3 tool/rules/registry.py --rounds)
# The recipe both suites share: each round exported (tool/export_round.sh) under the
# ruleset the registry names for it, then SUITE_all.sql reading them all.
# $(call export_rounds,SUITE,TITLE,TARGET,ROUNDS,REGISTRY_SUITE,ROOT):
# ROOT is shell text giving the round X.Y's checkout from $$v.
define export_rounds
for v in $(4); do \
  root=$(6); \
  if [ ! -d "$$root" ]; then \
    echo "make $(3): v$$v skipped: no checkout at $$root (sql/rounds/mlperf_$(1)_v$$v.sql left as it is)" >&2; continue; \
  fi; \
  ruleset=$$(/usr/bin/python3 tool/rules/registry.py --ruleset v$$v $(5)) || exit 1; \
  sh tool/export_round.sh $(1) $$root v$$v $$ruleset > sql/rounds/mlperf_$(1)_v$$v.sql.tmp \
    && mv sql/rounds/mlperf_$(1)_v$$v.sql.tmp sql/rounds/mlperf_$(1)_v$$v.sql || exit 1; \
done
shipped=$$(for v in $(4); do [ -f sql/rounds/mlperf_$(1)_v$$v.sql ] && echo $$v; done); \
{ echo '-- Every MLPerf $(2) round mlpscale ships, each scored by its own ruleset,'; \
  echo "-- into the same tables (round = v$$(echo $$shipped | cut -d' ' -f1) ... v$$(echo $$shipped | rev | cut -d' ' -f1 | rev)): generated by \`make $(3)\`."; \
  echo "-- Load from the repository root: sqlite3 mlperf.db -cmd '.load ./mlpscale' '.read sql/rounds/mlperf_$(1)_all.sql'"; \
  for v in $$shipped; do echo ".read sql/rounds/mlperf_$(1)_v$$v.sql"; done; } > sql/rounds/mlperf_$(1)_all.sql
endef
dataset: mlpscale.so
	@[ -f "$(MLPERF_V41)" ] || { echo "make dataset: v4.1 is read from MLPERF_V41, a tarball of the submitter folders (results/, systems/) of mlcommons/training_results_v4.1, and there is none at that path: git clone it, python3 tool/extract_round.py <clone> <dir>, tar -czf v4.1.tar.gz -C <dir> ., then make dataset MLPERF_V41=<path>" >&2; exit 1; }
	rm -rf build/dataset && mkdir -p build/dataset/training_results_v4.1
	tar -xzf $(MLPERF_V41) -C build/dataset/training_results_v4.1
	$(call export_rounds,training,Training,dataset,$(ROUNDS),,$$(if [ $$v = 4.1 ]; then echo build/dataset; else echo $(MLPERF_ROUNDS); fi)/training_results_v$$v)
	if [ -d $(MLPERF_ROUNDS) ]; then python3 tool/known_gaps.py $(MLPERF_ROUNDS) > sql/data/known_gaps.sql.tmp \
	  && mv sql/data/known_gaps.sql.tmp sql/data/known_gaps.sql; \
	else echo "make dataset: sql/data/known_gaps.sql left as it is: no MLPERF_ROUNDS folder $(MLPERF_ROUNDS)" >&2; fi

# sql/rounds/mlperf_hpc_vX.Y.sql: every MLPerf HPC round as plain SQL
# (tool/export_round.sh hpc), made by sql/import.sql under the round's own
# ruleset (hpc_X.Y.0) from the checkouts under MLPERF_HPC_ROUNDS as
# hpc_results_vX.Y; sql/rounds/mlperf_hpc_all.sql reads them all.
MLPERF_HPC_ROUNDS ?= /tmp/hpc_rounds
HPC_ROUNDS        ?= $(shell /usr/bin/python3 tool/rules/registry.py --rounds hpc)
hpc-dataset: mlpscale.so
	$(call export_rounds,hpc,HPC,hpc-dataset,$(HPC_ROUNDS),hpc,$(MLPERF_HPC_ROUNDS)/hpc_results_v$$v)

# sql/data/alibaba_gpu2023.sql: the GPU nodes and the default and gpuspec33
# pod lists of Alibaba's cluster-trace-gpu-v2023, read from a clone of
# https://github.com/alibaba/clusterdata (ALIBABA_GIT: its work tree or git
# directory) at the commit tool/alibaba_gpu2023.py pins.
# The path is taken byte for byte and passed through the environment, as ROOT is.
ALIBABA_GIT ?= ../clusterdata
unexport ALIBABA_GIT
# sql/data/alibaba_ordering_runs.sql: the ordering study on that trace
# (sql/studies/alibaba_ordering.sql: 416 simulations, about ten minutes), which
# the report reads.
alibaba-study: mlpscale.so
	sqlite3 :memory: -cmd '.load ./mlpscale' '.read tool/write_alibaba_ordering_runs.sql' > sql/data/alibaba_ordering_runs.sql.tmp \
	  && mv sql/data/alibaba_ordering_runs.sql.tmp sql/data/alibaba_ordering_runs.sql

alibaba-data: export MLPSCALE_ALIBABA_GIT := $(value ALIBABA_GIT)
alibaba-data:
	python3 tool/alibaba_gpu2023.py "$$MLPSCALE_ALIBABA_GIT" > sql/data/alibaba_gpu2023.sql.tmp \
	  && mv sql/data/alibaba_gpu2023.sql.tmp sql/data/alibaba_gpu2023.sql

# The generators of the rules and of the RCP data, all in tool/rules/
# (Debian's /usr/bin/python3; LOGGING: a clone or mirror of
# github.com/mlcommons/logging, default ../logging). Each reads the
# rulesets and their mlcommons/logging tags from the registry,
# ext/mlperf/rules.c (tool/rules/registry.py), so a new ruleset needs no
# edit here:
#   make rules      every generated part of the registry and its data, the
#                   three targets below, then checks that the registry and
#                   the RCP table name the same rulesets
#   make rules-required  ext/mlperf/rules_required.inc, the keys the
#                   compliance checker requires per ruleset, division and
#                   benchmark, at the ruleset's logging tag (python3-yaml)
#   make rules-targets  ext/mlperf/rules_open_targets.inc, the open
#                   division's quality targets where they are not the
#                   closed division's (python3-yaml)
#   make rules-availability  ext/mlperf/rules_availability.inc, the result
#                   summarizer's availability names (python3-yaml)
#   make rcps       sql/data/rcps.sql, every ruleset's RCPs, at its RCP
#                   checker's tag (numpy, scipy)
#   make rcp-truth  tests/data/rcp-runs.csv and rcp-pairs.csv, what each
#                   round's own rcp_checker reads (rcp_truth.py), then
#                   tests/data/rcp-mismatch.csv (rcp_mismatch.py) and
#                   sql/data/rcp_notes.sql (rcp_notes.py); MLPERF_ROUNDS
#                   the extracted rounds
# The other generators of shipped code and data are in tool/:
#   make fixtures   tests/mlperf/training_results_vX.Y, cut from the v4.1
#                   tarball (tool/cut.py) and from MLPERF_ROUNDS (tool/cut_rounds.py)
#   make hpc-truth  the MLPerf HPC trees: HPC_MIRRORS/hpc_results_vX.Y (clones
#                   or mirrors of github.com/mlcommons/hpc_results_vX.Y) extracted
#                   into MLPERF_HPC_ROUNDS (tool/extract_hpc.py), then each round scored
#                   by its own result summarizer into tests/data/mlperf-hpc-vX.Y-
#                   official-{strong,weak}.csv (tests/data/hpc_summarizer.py; the
#                   commits: tests/data/README.md), then the traps
#                   tests/data/mlperf-hpc-copies.csv and -instance-scale.csv
#                   (tests/data/hpc_traps.py); about 10 CPU minutes
LOGGING ?= ../logging
PY3      = /usr/bin/python3
rules: rules-required rules-availability rules-targets rcps
	$(PY3) tool/rules/registry.py --check sql/data/rcps.sql
rules-required:
	$(PY3) tool/rules/required.py $(LOGGING) > ext/mlperf/rules_required.inc.tmp \
	  && mv ext/mlperf/rules_required.inc.tmp ext/mlperf/rules_required.inc
rules-targets:
	$(PY3) tool/rules/targets.py $(LOGGING) > ext/mlperf/rules_open_targets.inc.tmp \
	  && mv ext/mlperf/rules_open_targets.inc.tmp ext/mlperf/rules_open_targets.inc
rules-availability:
	$(PY3) tool/rules/availability.py $(LOGGING) > ext/mlperf/rules_availability.inc.tmp \
	  && mv ext/mlperf/rules_availability.inc.tmp ext/mlperf/rules_availability.inc
rcps:
	$(PY3) tool/rules/rcps.py $(LOGGING) sql/data/rcps.sql
rcp-truth:
	$(PY3) tool/rules/rcp_truth.py $(LOGGING) $(MLPERF_ROUNDS) tests/data
	$(PY3) tool/rules/rcp_mismatch.py $(LOGGING) $(MLPERF_ROUNDS) tests/data/rcp-pairs.csv > tests/data/rcp-mismatch.csv.tmp \
	  && mv tests/data/rcp-mismatch.csv.tmp tests/data/rcp-mismatch.csv
	$(PY3) tool/rules/rcp_notes.py tests/data/rcp-mismatch.csv > sql/data/rcp_notes.sql.tmp && mv sql/data/rcp_notes.sql.tmp sql/data/rcp_notes.sql
# make v6-truth: the v6.0 and v6.1 fixture trees (tool/make_v6_fixture.py)
# and MLCommons' result summarizer's scores of them (tests/data/
# mlperf-training-v6.X-fixture-official.csv, tests/data/mlperf_v6_truth.sh)
v6-truth:
	sh tests/data/mlperf_v6_truth.sh $(LOGGING)
HPC_MIRRORS ?= ..
hpc-truth:
	mkdir -p $(MLPERF_HPC_ROUNDS)
	for r in $(HPC_ROUNDS); do rm -rf $(MLPERF_HPC_ROUNDS)/hpc_results_v$$r \
	  && $(PY3) tool/extract_hpc.py $(HPC_MIRRORS)/hpc_results_v$$r $(MLPERF_HPC_ROUNDS)/hpc_results_v$$r || exit 1; done
	$(PY3) tests/data/hpc_summarizer.py $(LOGGING) 2f6fdf6 1.0.0 $(MLPERF_HPC_ROUNDS)/hpc_results_v0.7 tests/data --flat --no-compliance
	$(PY3) tests/data/hpc_summarizer.py $(LOGGING) 2f6fdf6 1.0.0 $(MLPERF_HPC_ROUNDS)/hpc_results_v1.0 tests/data
	$(PY3) tests/data/hpc_summarizer.py $(LOGGING) 2.0.0 2.0.0 $(MLPERF_HPC_ROUNDS)/hpc_results_v2.0 tests/data
	$(PY3) tests/data/hpc_summarizer.py $(LOGGING) hpc-3.0.0 3.0.0 $(MLPERF_HPC_ROUNDS)/hpc_results_v3.0 tests/data
	$(PY3) tests/data/hpc_traps.py $(MLPERF_HPC_ROUNDS) tests/data
fixtures:
	rm -rf build/fixtures && mkdir -p build/fixtures
	tar -xzf $(MLPERF_V41) -C build/fixtures
	$(PY3) tool/cut.py build/fixtures
	$(PY3) tool/cut_rounds.py $(MLPERF_ROUNDS)

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
FUZZ_SEEDS    = tests/mlperf/training_results_v4.1 tests/mlperf/training_results_v0.6 tests/data tests/swf-sample.swf

FUZZ_FLAGS    = $(CPPFLAGS) -DSQLITE_CORE -g -O1 -fsanitize=fuzzer-no-link,address,undefined
build/fuzzobj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -MMD -MP -c -o $@ $<
build/fuzz/%: build/fuzzobj/tests/fuzz/%.o $(call obj,fuzzobj,$(filter-out ext/base/common_sql.c,$(CORE_SRC)))
	@mkdir -p build/fuzz
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined -o $@ $^ -lsqlite3 $(LDLIBS)

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
# The version is the one line of the file VERSION, the single source of
# every version string: mlpscale_version() and the header's macros (which
# tests/version.test and make dist check against it), pkg-config, the page,
# the wheel, the npm package and the .deb.
VERSION   := $(strip $(file < VERSION))

# PREFIX and DESTDIR reach the recipes through the environment, taken byte
# for byte ($(value ...): a '$' is not expanded by make), and are used in
# double quotes only: a space or a quote in them is part of one path, never
# a second word. PREFIX must be absolute, without '$' or control characters
# but tab (pkg-config has no way to write them). build/mlpscale.pc is
# rewritten whenever the PREFIX it holds is not the one asked for.
install uninstall build/mlpscale.pc: export MLPSCALE_PREFIX := $(value PREFIX)
install uninstall: export MLPSCALE_DEST := $(value DESTDIR)$(value PREFIX)
CHECK_PREFIX = case "$$MLPSCALE_PREFIX" in /*) ;; \
  *) echo "make: PREFIX must be an absolute path, got '$$MLPSCALE_PREFIX'" >&2; exit 1;; esac; \
  [ "$$(printf '%s' "$$MLPSCALE_PREFIX" | LC_ALL=C tr -dc '\000-\010\012-\037\177$$()'; echo x)" = x ] || { \
  echo "make: PREFIX cannot hold '\$$', '(', ')' or a control character but tab (pkg-config cannot write them), got '$$MLPSCALE_PREFIX'" >&2; exit 1; }
# In the pkg-config file every character of PREFIX that pkg-config or the
# shell reading its output would take as syntax is escaped with a backslash.
PC_ESCAPE = sed 's/[][\\ "'"'"'\#	{}()*?;&|<>`~!]/\\&/g'

# PC_LINES(prefix line, libdir): the lines of a pkg-config file.
PC_LINES = "$(1)" 'libdir=$(2)' 'includedir=$${prefix}/include' \
  'datadir=$${prefix}/share/mlpscale' '' 'Name: mlpscale' \
  'Description: MLPerf Training scaling analysis for SQLite (loadable extension)' \
  'Version: $(VERSION)' 'Requires: sqlite3' 'Libs: -L$${libdir} -lmlpscale' 'Libs.private: -lm -lpthread' \
  'Cflags: -I$${includedir}'
build/mlpscale.pc: include/mlpscale.h Makefile VERSION FORCE
	@mkdir -p build
	@$(CHECK_PREFIX)
	@printf '%s\n' $(call PC_LINES,prefix=$$(printf '%s' "$$MLPSCALE_PREFIX" | $(PC_ESCAPE)),$${prefix}/lib) > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

# What make install writes under share/mlpscale (paths relative to it), and
# its folders: make uninstall removes these files, then each folder (the
# deepest first) only when it is empty, never a file it did not write.
SHARE_SQL   = $(sort $(wildcard sql/*.sql sql/*/*.sql))
SHARE_DOCS  = $(sort $(wildcard docs/*) README.md CHANGELOG.md)
SHARE_FILES = $(SHARE_SQL) $(addprefix docs/,$(notdir $(SHARE_DOCS)))
SHARE_DIRS  = $(sort $(patsubst %/,/%,$(dir $(SHARE_FILES))))

install: mlpscale.so build/mlpscale.pc
	@$(CHECK_PREFIX)
	d="$$MLPSCALE_DEST"; \
	install -d "$$d/lib/pkgconfig" "$$d/include" && \
	for f in $(SHARE_DIRS); do install -d "$$d/share/mlpscale$$f" || exit 1; done && \
	install -m 755 mlpscale.so "$$d/lib/libmlpscale.so" && \
	install -m 644 include/mlpscale.h "$$d/include/mlpscale.h" && \
	install -m 644 build/mlpscale.pc "$$d/lib/pkgconfig/mlpscale.pc" && \
	for f in $(SHARE_SQL); do install -m 644 $$f "$$d/share/mlpscale/$$f" || exit 1; done && \
	install -m 644 $(SHARE_DOCS) "$$d/share/mlpscale/docs"

uninstall:
	@$(CHECK_PREFIX)
	d="$$MLPSCALE_DEST"; \
	rm -f "$$d/lib/libmlpscale.so" "$$d/include/mlpscale.h" "$$d/lib/pkgconfig/mlpscale.pc" && \
	for f in $(SHARE_FILES); do rm -f "$$d/share/mlpscale/$$f" || exit 1; done && \
	for f in $$(printf '%s\n' $(SHARE_DIRS) | sort -r) ''; do if [ -d "$$d/share/mlpscale$$f" ]; then \
	  rmdir "$$d/share/mlpscale$$f" 2>/dev/null || echo "make uninstall: kept $$d/share/mlpscale$$f (it holds files make install did not write)" >&2; fi; done

# make dist: the packages a user installs, into build/dist/ (docs/hosts.md,
# "Packages"): a Python wheel (dist-wheel), an npm package (dist-npm: needs
# make web's page and module) and a Debian package (dist-deb), each bundling
# the extension and build/mlperf.db (make db); tool/dist_*.sh build them from
# dist/ and check first that VERSION and include/mlpscale.h agree
# (tool/dist_version.sh). tests/dist.test installs each and loads it through
# its helper. SOURCE_DATE_EPOCH (the last commit's time, or 1980-01-01 out of
# git) dates every file, so the same tree gives the same bytes.
SOURCE_DATE_EPOCH ?= $(or $(shell git log -1 --format=%ct 2>/dev/null),315532800)
dist-wheel dist-npm dist-deb: export SOURCE_DATE_EPOCH := $(SOURCE_DATE_EPOCH)
dist: dist-wheel dist-npm dist-deb
dist-wheel: mlpscale.so build/mlperf.db
	@sh tool/dist_wheel.sh $(PY3)
dist-npm: mlpscale.so build/mlperf.db web
	@sh tool/dist_npm.sh
dist-deb: mlpscale.so build/mlperf.db
	@sh tool/dist_deb.sh

clean:
	rm -rf mlpscale.so build

# Objects and archives are kept between runs (make would delete them as
# intermediate files).
.SECONDARY:
.PHONY: all web dist dist-wheel dist-npm dist-deb unit coverage-table bench fit-coverage fuzz fuzz-smoke test check test-sanitize test-tsan install uninstall clean dataset hpc-dataset alibaba-data alibaba-study rules rules-required rules-availability rules-targets rcps v6-truth rcp-truth hpc-truth fixtures report db export FORCE
FORCE:
