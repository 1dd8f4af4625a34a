# XYZAlert. `make demo` runs the main job, `make test` every test suite.
SWIFT ?= swift
CC ?= gcc
CXX ?= g++
# The debug build directory of SwiftPM, where libxyzalert.so is built.
BIN := $(shell $(SWIFT) build --show-bin-path)
STRICT := -Wall -Wextra -Werror -pedantic
VALGRIND := valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --error-exitcode=1
CTEST_DIR := $(BIN)/ctests
CTEST_SOURCES := $(wildcard Tests/c/*.c)
LINK_LIB := -L$(BIN) -lxyzalert -Wl,-rpath,$(BIN)

.PHONY: all build lib demo test lint swift-test c-test example bench clean

all: build

build:
	$(SWIFT) build -c release

# libxyzalert.so (debug) and its soname link.
lib:
	$(SWIFT) build --product xyzalert
	ln -sf libxyzalert.so $(BIN)/libxyzalert.so.0

# The app-launch story, printed as the timeline a host would see.
demo:
	$(SWIFT) run xyzalert-demo

# Every test suite. The C suite runs under valgrind and ends with
# "N passed, N failed"; the Swift suites end the run.
test: lint c-test example swift-test

# The release build has zero warnings, the library imports no Foundation,
# and libxyzalert.so exports xyz_* only.
lint: lib
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors
	@if grep -rn "import Foundation" Sources/; then echo "Sources/ must not import Foundation"; exit 1; fi
	@if nm -D --defined-only $(BIN)/libxyzalert.so | awk '{print $$3}' | grep -v '^xyz_'; then \
		echo "libxyzalert.so exports symbols other than xyz_*"; exit 1; fi
	@if readelf -d $(BIN)/libxyzalert.so | grep -i foundation; then echo "libxyzalert.so links Foundation"; exit 1; fi

swift-test:
	$(SWIFT) test

# The C suite: C99 and C++11 with strict warnings, linked to libxyzalert.so.
c-test: lib
	mkdir -p $(CTEST_DIR)
	for f in $(CTEST_SOURCES); do \
		$(CC) -std=c99 $(STRICT) -g -pthread -Iinclude -c $$f -o $(CTEST_DIR)/$$(basename $$f .c).o || exit 1; done
	$(CXX) -std=c++11 $(STRICT) -g -Iinclude -c Tests/c/cpp_unit.cpp -o $(CTEST_DIR)/cpp_unit.o
	$(CXX) -pthread -o $(CTEST_DIR)/c-tests $(CTEST_DIR)/*.o $(LINK_LIB)
	$(VALGRIND) $(CTEST_DIR)/c-tests

# The C example host builds with plain gcc and runs clean under valgrind.
example: lib
	$(CC) -std=c99 $(STRICT) -Iinclude examples/c/host.c -o $(BIN)/example-host $(LINK_LIB)
	$(VALGRIND) $(BIN)/example-host > /dev/null

# Performance targets live here, never in the tests.
bench:
	$(SWIFT) run -c release xyzalert-bench

clean:
	rm -rf .build
