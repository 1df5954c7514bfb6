# Keepsake: the two commands a new user needs are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_FLAGS ?=
ARGS ?= serve

.PHONY: run test build release bootstrap torture clean

bootstrap:
	@scripts/bootstrap

build: bootstrap
	swift build $(SWIFT_FLAGS)

release: bootstrap
	swift build -c release $(SWIFT_FLAGS)

## run: the web app (`keepsake serve`) on the default local store, with demo data on first run;
## ARGS="status", ARGS="diary list" etc. run another keepsake command instead
run: bootstrap
	swift build $(SWIFT_FLAGS) --product keepsake
	.build/debug/keepsake $(ARGS)

## test: installs what is missing, builds everything and runs every test (Swift, then the browser)
test: bootstrap
	swift build $(SWIFT_FLAGS)
	swift test $(SWIFT_FLAGS)
	Tests/browser/run.sh

## torture: the long crash run (1,000 SIGKILLs); see RELIABILITY.md
torture: bootstrap
	swift build $(SWIFT_FLAGS)
	KEEPSAKE_CRASH_KILLS=1000 swift test $(SWIFT_FLAGS) --filter CrashTests

clean:
	rm -rf .build

## bench: Keepsake against its peers in one run (release build); table in bench/out/table.md, see BENCHMARKS.md
.PHONY: bench
bench: bootstrap
	swift build -c release --scratch-path .build-bench --product keepsake-bench
	bench/run.sh $(BENCH_ARGS)
