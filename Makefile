# mlpscale: build, test, install. See README.md.
#
#   make                 ./mlpscale.so (load it with .load ./mlpscale)
#   make test            the whole Tcl suite (C unit tests included)
#   make test-sanitize   the same suite against an ASan+UBSan build
#   make bench           speed ratios against peers (tests/bench/*.sh)
#   make install         PREFIX=/usr/local, DESTDIR honoured
#
# Files in ext/ named *_sql.c (and mlpscale.c) speak SQL; every other file
# of ext/ is a plain C algorithm, linked into each C unit test
# tests/unit/*_test.c together with the system libsqlite3 (memory only).

CC       ?= cc
CFLAGS   ?= -O2
WARN      = -Wall -Wextra
CPPFLAGS += -Iinclude
LDLIBS    = -lm
TCLSH    ?= tclsh
PREFIX   ?= /usr/local
DESTDIR  ?=

SRC      = $(sort $(wildcard ext/*.c))
HDR      = $(wildcard include/*.h)
# ext/common_sql.c is linked too, for unit tests that drive their SQL glue.
CORE_SRC = $(filter-out ext/mlpscale.c %_sql.c,$(SRC)) ext/common_sql.c
UNIT_SRC = $(sort $(wildcard tests/unit/*_test.c))
UNIT_BIN = $(patsubst tests/unit/%.c,build/unit/%,$(UNIT_SRC))
ASAN_UNIT_BIN = $(patsubst tests/unit/%.c,build/unit-asan/%,$(UNIT_SRC))
SANITIZE  = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

all: mlpscale.so

mlpscale.so: $(SRC) $(HDR)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -fPIC -shared -o $@ $(SRC) $(LDLIBS)

build/asan/mlpscale.so: $(SRC) $(HDR)
	@mkdir -p build/asan
	$(CC) $(CPPFLAGS) -O1 -g $(SANITIZE) $(WARN) -fPIC -shared -o $@ $(SRC) $(LDLIBS)

build/unit/%: tests/unit/%.c $(CORE_SRC) $(HDR)
	@mkdir -p build/unit
	$(CC) $(CPPFLAGS) -DSQLITE_CORE $(CFLAGS) -g $(WARN) -o $@ $< $(CORE_SRC) -lsqlite3 $(LDLIBS)

build/unit-asan/%: tests/unit/%.c $(CORE_SRC) $(HDR)
	@mkdir -p build/unit-asan
	$(CC) $(CPPFLAGS) -DSQLITE_CORE -O1 -g $(SANITIZE) $(WARN) -o $@ $< $(CORE_SRC) -lsqlite3 $(LDLIBS)

unit: $(UNIT_BIN)

test: mlpscale.so $(UNIT_BIN)
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	MLPSCALE_UNIT_DIR=build/unit $(TCLSH) tests/run.tcl

# The sanitizer runtimes are preloaded into tclsh, which is not built with them.
test-sanitize: build/asan/mlpscale.so $(ASAN_UNIT_BIN)
	@sh tests/need-tcl-sqlite.sh $(TCLSH)
	MLPSCALE_LIB=build/asan/mlpscale.so MLPSCALE_UNIT_DIR=build/unit-asan \
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(TCLSH) tests/run.tcl

# Speed, side by side with the peer a user would otherwise use: every
# tests/bench/*.sh, each printing its ratios. Never part of make test.
bench: mlpscale.so
	@for f in $(sort $(wildcard tests/bench/*.sh)); do echo "== $$f"; sh $$f || exit 1; done

install: mlpscale.so
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 644 mlpscale.so $(DESTDIR)$(PREFIX)/lib/mlpscale.so
	install -m 644 include/mlpscale.h $(DESTDIR)$(PREFIX)/include/mlpscale.h

clean:
	rm -rf mlpscale.so build

.PHONY: all unit bench test test-sanitize install clean
