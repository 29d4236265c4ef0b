# Tern: `make run` and `make test` work on a fresh Debian 12 with the Swift toolchain.
SWIFT ?= swift
TERN := .build/debug/tern
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

# `make install` puts these under $(DESTDIR)$(PREFIX); `make uninstall` removes them.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/tern
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
# The pages the binary finds in PREFIX/share/tern (TernKit's ResourceLocator).
RESOURCES = $(wildcard Resources/*)
# The binary to install: a release build, made first; TERN_BIN=PATH installs
# one already built instead (the install tests pass the debug build's).
TERN_BIN ?=
INSTALL ?= install
INSTALLED_BIN = $(if $(TERN_BIN),$(TERN_BIN),.build/release/tern)

.PHONY: all bootstrap build release run test test-content-process bench clean install uninstall

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
	@awk '/^[[:space:]]*Executed [0-9]+ tests?, with / { n = $$2; f = 0; s = 0; \
	    if (match($$0, /[0-9]+ failures?/)) f = substr($$0, RSTART, RLENGTH) + 0; \
	    if (match($$0, /[0-9]+ tests? skipped/)) s = substr($$0, RSTART, RLENGTH) + 0 } \
	  END { if (n == "") { print "no tests ran"; exit 1 } print "tests: " n - f - s " passed, " f " failed, " s " skipped" }' .build/test.log

# TernKit's suite with every page in a web content process (issue 32): a
# report of how much of it passes there; `make test` runs it in process.
test-content-process: bootstrap
	$(SWIFT) build --build-tests
	TERN_PROCESS_MODEL=content $(SWIFT) test --skip-build --disable-swift-testing --filter TernKitTests 2>&1 | tee .build/test-content-process.log | grep -E "' failed|Executed [0-9]+ tests" || true

release: bootstrap
	$(SWIFT) build -c release --product tern

install: $(if $(TERN_BIN),,release)
	$(INSTALL) -d "$(BINDIR)" "$(DATADIR)" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)"
	$(INSTALL) -m 755 "$(INSTALLED_BIN)" "$(BINDIR)/tern"
	$(INSTALL) -m 644 $(RESOURCES) "$(DATADIR)/"
	$(INSTALL) -m 644 doc/tern.1 "$(MAN1DIR)/tern.1"
	$(INSTALL) -m 644 doc/completion/tern.bash "$(BASHDIR)/tern"
	$(INSTALL) -m 644 doc/completion/_tern "$(ZSHDIR)/_tern"

# Removes exactly what `install` put there, and share/tern once it is empty.
uninstall:
	rm -f "$(BINDIR)/tern" "$(MAN1DIR)/tern.1" "$(BASHDIR)/tern" "$(ZSHDIR)/_tern"
	rm -f $(foreach file,$(notdir $(RESOURCES)),"$(DATADIR)/$(file)")
	if [ -d "$(DATADIR)" ]; then rmdir "$(DATADIR)" || true; fi

# Speed and memory against w3m, lynx, links2 and libxml2, measured in one run.
bench: bootstrap
	./bench/run.sh

clean:
	rm -rf .build
