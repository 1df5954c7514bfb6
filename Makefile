# Keepsake: the two commands a new user needs are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT_FLAGS ?=
# The project's own targets build without compiler warnings, and CI (which runs `make test`) keeps
# it so: every Swift warning is an error in `make build`, `make run` and `make test`. SwiftPM's own
# notes are not compiler warnings and do not fail the build. (The C targets build without warnings
# too; -Xcc -Werror is not used because it also reaches the Swift importer of the system headers.)
WARNINGS_AS_ERRORS ?= -Xswiftc -warnings-as-errors
ARGS ?= serve

.PHONY: run test build release bootstrap torture clean

bootstrap:
	@scripts/bootstrap

build: bootstrap
	swift build $(SWIFT_FLAGS) $(WARNINGS_AS_ERRORS)

release: bootstrap
	swift build -c release $(SWIFT_FLAGS)

## run: the web app (`keepsake serve`) on the default local store, with demo data on first run;
## ARGS="status", ARGS="diary list" etc. run another keepsake command instead
run: bootstrap
	swift build $(SWIFT_FLAGS) $(WARNINGS_AS_ERRORS) --product keepsake
	.build/debug/keepsake $(ARGS)

## test: installs what is missing, builds everything and runs every test (Swift, then the browser,
## then the JSON API with requests, openapi-spec-validator and a bounded schemathesis run, then two
## servers on PostgreSQL + S3 behind nginx);
## the Swift tests run with a fresh PostgreSQL and Ceph S3 gateway, started and stopped around them
test: bootstrap
	swift build $(SWIFT_FLAGS) $(WARNINGS_AS_ERRORS)
	scripts/servers/with-servers swift test $(SWIFT_FLAGS) $(WARNINGS_AS_ERRORS)
	Tests/browser/run.sh
	Tests/api/run.sh
	Tests/scale-out/run.sh

## torture: crash (1,000 SIGKILLs), faults (every file-system call; a real full disk), bad input
## (10,000 mutated images), hostile names, load, keepsake serve under hostile requests and load, two
## servers on one store, a 30-minute soak under wrk, 200 power cuts of a qemu guest, 12 minutes of the
## PostgreSQL + radosgw pair under kills and server faults (its own servers), then libFuzzer on
## every parser (FUZZ_SECONDS each), the ASan/UBSan and TSan lanes and schemathesis long against the
## JSON API; with figures; see RELIABILITY.md
TORTURE_RUNS ?= "crash --kills 1000 --writers 3" "faults" "bad-input --count 10000" "hostile-names" "load --seconds 60" \
	"serve --count 2000 --seconds 60" "serve-pair --seconds 60" "soak --seconds 1800" \
	"powerloss --image .build-powerloss/image --cuts 200" "distributed --seconds 720"
TORTURE_LANES ?= fuzz sanitizers api
FUZZ_SECONDS ?= 60
torture: bootstrap
	swift build -c release $(SWIFT_FLAGS) --product keepsake
	swift build -c release $(SWIFT_FLAGS) --product keepsake-crash-worker
	swift build -c release $(SWIFT_FLAGS) --product keepsake-torture
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null; }
	@bin=$$(swift build -c release $(SWIFT_FLAGS) --show-bin-path); log=$$(mktemp); status=0; started=$$SECONDS; \
	case '$(TORTURE_RUNS)' in *powerloss*) scripts/powerloss/build-image.sh $$bin .build-powerloss/image || exit 1 ;; esac; \
	for run in $(TORTURE_RUNS); do \
		echo "== keepsake-torture $$run"; \
		$$bin/keepsake-torture $$run 2>&1 | tee -a $$log; [ $${PIPESTATUS[0]} -eq 0 ] || status=1; \
	done; \
	for lane in $(TORTURE_LANES); do \
		case $$lane in \
			fuzz) fuzz/run.sh $(FUZZ_SECONDS) 2>&1 | tee -a $$log; [ $${PIPESTATUS[0]} -eq 0 ] || status=1 ;; \
			sanitizers) scripts/sanitizers/run.sh 2>&1 | tee -a $$log; [ $${PIPESTATUS[0]} -eq 0 ] || status=1 ;; \
			api) KEEPSAKE_BIN=$$bin/keepsake KEEPSAKE_API_FUZZ=long Tests/api/run.sh -k schemathesis 2>&1 | tee -a $$log; \
				[ $${PIPESTATUS[0]} -eq 0 ] || status=1 ;; \
			*) echo "unknown torture lane $$lane"; status=1 ;; \
		esac; \
	done; \
	echo; echo "== make torture: $$((SECONDS - started)) s on $$(nproc) cores, $$(uname -sr)"; grep '^FIGURES' $$log; \
	grep -h '^  skipped:' $$log || true; rm -f $$log; exit $$status

clean:
	rm -rf .build

## bench: Keepsake against its peers in one run (release build); table in bench/out/table.md, see BENCHMARKS.md
.PHONY: bench
bench: bootstrap
	swift build -c release --scratch-path .build-bench --product keepsake-bench
	bench/run.sh $(BENCH_ARGS)
