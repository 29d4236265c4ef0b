# Tern: `make run` and `make test` work on a fresh Debian 12 with the Swift toolchain.
SWIFT ?= swift
TERN := .build/debug/tern
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: all bootstrap build run test bench clean

all: build

bootstrap:
	@./scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build

# Opens the bundled start page.
run: build
	$(TERN) about:start

# Every XCTest target; the last line is the plain "N passed, N failed" summary.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing 2>&1 | tee .build/test.log
	@awk '/^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?/ { n = $$2; f = $$5 } \
	  END { if (n == "") { print "no tests ran"; exit 1 } print "tests: " n - f " passed, " f " failed" }' .build/test.log

# Speed and memory against w3m, lynx, links2 and libxml2, measured in one run.
bench: bootstrap
	./bench/run.sh

clean:
	rm -rf .build
