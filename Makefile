# XYZAlert. `make demo` runs the main job, `make test` every test suite.
SWIFT ?= swift

.PHONY: all build demo test lint bench clean

all: build

build:
	$(SWIFT) build -c release

# The app-launch story, printed as the timeline a host would see.
demo:
	$(SWIFT) run xyzalert-demo

# Every test suite: the release build must have zero warnings and the
# library must not import Foundation; then the Swift tests (rules,
# dependencies, lifecycle, operations, and the model-based randomised test).
test: lint
	$(SWIFT) test

lint:
	$(SWIFT) build -c release -Xswiftc -warnings-as-errors
	@if grep -rn "import Foundation" Sources/; then echo "Sources/ must not import Foundation"; exit 1; fi

# Performance targets live here, never in the tests.
bench:
	$(SWIFT) run -c release xyzalert-bench

clean:
	rm -rf .build
