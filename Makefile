# XYZAlert. `make demo` runs the main job, `make test` every test suite.
SWIFT ?= swift
CC ?= gcc
CXX ?= g++
# SwiftPM's build directories: debug (libxyzalert.so, the C suite) and release.
BIN := $(shell $(SWIFT) build --show-bin-path)
RELEASE_BIN := $(shell $(SWIFT) build -c release --show-bin-path)
STRICT := -Wall -Wextra -Werror -pedantic
VALGRIND := valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --error-exitcode=1
CTEST_DIR := $(BIN)/ctests
CTEST_SOURCES := $(wildcard Tests/c/*.c)
LINK_LIB := -L$(BIN) -lxyzalert -Wl,-rpath,$(BIN)

.PHONY: all build lib cli demo test lint release swift-test c-test cli-test python-test example golden bench clean

all: build

build: release

# Everything in release, with warnings as errors.
release:
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors
	ln -sf xyzalert-cli $(RELEASE_BIN)/xyzalert

# libxyzalert.so (debug) and its soname link.
lib:
	$(SWIFT) build --product xyzalert
	ln -sf libxyzalert.so $(BIN)/libxyzalert.so.0

# The xyzalert tool (SwiftPM calls the product xyzalert-cli, since the
# library product is already called xyzalert).
cli:
	$(SWIFT) build --product xyzalert-cli
	ln -sf xyzalert-cli $(BIN)/xyzalert

# The app-launch example, as the timeline a host would see.
demo: cli
	$(BIN)/xyzalert simulate examples/launch.json

# Every test suite. The C and CLI suites end with "N passed, N failed";
# the Swift suites end the run.
test: lint c-test example cli-test python-test swift-test

# Zero warnings (Swift and the C of the tool), no Foundation, and a library
# that exports xyz_* only.
lint: release lib
	for f in Sources/xyzalert-cli/*.c; do $(CC) -std=c99 $(STRICT) -D_POSIX_C_SOURCE=200809L -Iinclude -fsyntax-only $$f || exit 1; done
	@if grep -rn "import Foundation" Sources/; then echo "Sources/ must not import Foundation"; exit 1; fi
	@if nm -D --defined-only $(BIN)/libxyzalert.so | awk '{print $$3}' | grep -v '^xyz_'; then \
		echo "libxyzalert.so exports symbols other than xyz_*"; exit 1; fi
	@if readelf -d $(BIN)/libxyzalert.so | grep -i foundation; then echo "libxyzalert.so links Foundation"; exit 1; fi

swift-test:
	$(SWIFT) test

# The C suite: C99 and C++11 with strict warnings, linked to libxyzalert.so,
# under valgrind.
c-test: lib
	mkdir -p $(CTEST_DIR)
	for f in $(CTEST_SOURCES); do \
		$(CC) -std=c99 $(STRICT) -g -pthread -Iinclude -c $$f -o $(CTEST_DIR)/$$(basename $$f .c).o || exit 1; done
	$(CXX) -std=c++11 $(STRICT) -g -Iinclude -c Tests/c/cpp_unit.cpp -o $(CTEST_DIR)/cpp_unit.o
	$(CXX) -pthread -o $(CTEST_DIR)/c-tests $(CTEST_DIR)/*.o $(LINK_LIB)
	$(VALGRIND) $(CTEST_DIR)/c-tests

# The tool: golden traces, bad inputs, exit codes, huge and deep inputs.
cli-test: release
	Tests/cli/test_cli.sh $(RELEASE_BIN)/xyzalert

# The Python bindings: their type hints (mypy), then pytest against the debug
# library and the release tool.
python-test: lib release
	cd bindings/python && XYZALERT_LIBRARY=$(BIN)/libxyzalert.so python3 -m mypy xyzalert
	XYZALERT_LIBRARY=$(BIN)/libxyzalert.so XYZALERT_CLI=$(RELEASE_BIN)/xyzalert \
		python3 -m pytest bindings/python/tests -q

# The C example host builds with plain gcc and runs clean under valgrind.
example: lib
	$(CC) -std=c99 $(STRICT) -Iinclude examples/c/host.c -o $(BIN)/example-host $(LINK_LIB)
	$(VALGRIND) $(BIN)/example-host > /dev/null

# Rewrites the golden traces and expected diagnostics from the current tool:
# review the diff before committing it.
golden: cli
	for f in examples/*.json; do n=$$(basename $$f .json); \
		if grep -q '"steps"' $$f; then $(BIN)/xyzalert simulate $$f --format json > examples/golden/$$n.jsonl; fi; done
	$(BIN)/xyzalert graph examples/alerts.json > examples/golden/alerts.dot
	cd Tests/data/bad && for f in *.json; do $(BIN)/xyzalert check $$f 2> $${f%.json}.expected > /dev/null; done

# Performance targets live here, never in the tests.
bench: release
	$(RELEASE_BIN)/xyzalert-bench
	XYZALERT_LIBRARY=$(RELEASE_BIN)/libxyzalert.so python3 bindings/python/bench.py

clean:
	rm -rf .build
