# Tern: `make run` and `make test` work on a fresh Debian 12 with the Swift toolchain.
SWIFT ?= swift
TERN := .build/debug/tern

.PHONY: all bootstrap build run test clean

all: build

bootstrap:
	@./scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build

# Opens the bundled start page.
run: build
	$(TERN) --dump about:start

test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
