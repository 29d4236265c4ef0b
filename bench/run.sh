#!/usr/bin/env bash
# `make bench`: speed and memory of `tern --dump` against w3m, lynx, links2 and
# libxml2's own parser (xmllint), on the shared corpus. It measures; it does not
# gate: the exit status is 0 unless the harness itself broke.
#
# Environment:
#   BENCH_QUICK=1      one run per input and a 40-page batch (for developing the harness)
#   BENCH_STATIC=0     skip the -static-stdlib variant of tern (default: try it)
#   BENCH_BUILD=0      use the tern binaries already built (no swift build)
#   BENCH_TERN=PATH    measure this tern binary instead of .build/release/tern (no release
#                      build; BENCH_BUILD then defaults to 0, so no -static-stdlib build either)
#   BENCH_CALLGRIND=0  skip the instruction counts under callgrind (~2 minutes)
#   BENCH_ONLY=REGEX   measure only inputs whose name matches REGEX (scripts.py: its parts,
#                      tiny_script batch_scripts iframes real_pages window_open dom)
#   TERN_SHARED=DIR    the shared folder (default: <repo>/../shared)
#   SWIFT=swift        the swift driver
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TOP=$(git rev-parse --show-toplevel 2>/dev/null || echo "$ROOT")
SHARED=${TERN_SHARED:-$TOP/../shared}
SWIFT=${SWIFT:-swift}
QUICK=${BENCH_QUICK:-0}
STATIC=${BENCH_STATIC:-1}
GIVEN_TERN=${BENCH_TERN:-}
if [ -n "$GIVEN_TERN" ]; then BUILD=${BENCH_BUILD:-0}; else BUILD=${BENCH_BUILD:-1}; fi
CALLGRIND=${BENCH_CALLGRIND:-1}
CORPUS=$ROOT/.build/bench-corpus
STATIC_BUILD=$ROOT/.build/bench-static
PYTHON=$(command -v python3 || true)
[ -n "$PYTHON" ] || { echo "bench: python3 is needed" >&2; exit 1; }

log() { printf '\n== %s\n' "$*" >&2; }

# 1. The comparison tools and the Debian doc packages whose pages are read in
#    place, installed only when missing (bench-only).
need=()
for pair in w3m:w3m lynx:lynx links2:links2 xmllint:libxml2-utils tmux:tmux; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || need+=("${pair#*:}")
done
[ -x /usr/bin/time ] || need+=(time)   # GNU time (`command -v time` finds the shell keyword)
[ "$CALLGRIND" = 0 ] || command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# python3.11-doc: the real Sphinx pages (realpages.py, styles.py; the corpus build
# installs it too, but a kept corpus does not); the others: styles.py's real
# DocBook (PostgreSQL), Doxygen (jsoncpp) and MkDocs (MkDocs's own docs) pages.
for pkg in python3.11-doc postgresql-doc-15 libjsoncpp-doc mkdocs-doc; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || ! command -v sudo >/dev/null 2>&1 || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  if [ "$(id -u)" -ne 0 ] && [ ${#sudo_cmd[@]} -eq 0 ]; then
    echo "bench: need root (or sudo) to install ${need[*]}" >&2; exit 1
  fi
  "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Chromium, for the other figure of scripts.py's DOM micro-benchmark (~100 MB):
# installed when missing; when it cannot be, that figure is left out and the bench
# says why.
chromium_note=""
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] && [ ${#sudo_cmd[@]} -eq 0 ]; then
    chromium_note="chromium is not installed, and installing it needs root (or sudo)"
  else
    log "installing chromium (the DOM micro-benchmark's other browser)"
    if ! { "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq &&
           "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium >/dev/null; }; then
      chromium_note="apt-get install chromium failed"
    fi
    command -v chromium >/dev/null 2>&1 || chromium_note=${chromium_note:-"apt-get installed no chromium command"}
  fi
  [ -z "$chromium_note" ] || echo "bench: $chromium_note; the DOM micro-benchmark runs in tern only" >&2
fi

# A real rustdoc page for styles.py: std's Vec page (~0.9 MB) with its sheets and
# scripts, taken out of Debian's rust-doc package (17 MB download, 500 MB
# installed) without installing it, into .build/bench-rustdoc (kept: delete it to
# fetch again). An installed rust-doc is used as it is.
RUSTDOC_PAGE=/usr/share/doc/rust-doc/html/std/vec/struct.Vec.html
if [ ! -f "$RUSTDOC_PAGE" ]; then
  RUSTDOC=$ROOT/.build/bench-rustdoc
  RUSTDOC_PAGE=$RUSTDOC$RUSTDOC_PAGE
  if [ ! -f "$RUSTDOC/.complete" ]; then
    log "taking std/vec/struct.Vec.html and its sheets and scripts out of Debian's rust-doc"
    tmp=$(mktemp -d)
    if ( cd "$tmp" && { apt-get download rust-doc >/dev/null 2>&1 ||
           { "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq && apt-get download rust-doc >/dev/null 2>&1; }; } ); then
      rm -rf "$RUSTDOC" && mkdir -p "$RUSTDOC"
      h=./usr/share/doc/rust-doc/html
      dpkg-deb --fsys-tarfile "$tmp"/rust-doc_*.deb |
        tar -x -C "$RUSTDOC" --wildcards --no-wildcards-match-slash "$h/*.css" "$h/*.js" "$h/std/vec/*" &&
        [ -f "$RUSTDOC_PAGE" ] && touch "$RUSTDOC/.complete"
    fi
    rm -rf "$tmp"
    [ -f "$RUSTDOC/.complete" ] || echo "bench: could not get rust-doc; the real rustdoc page is skipped" >&2
  fi
fi

# 2. tern in release mode, and (if it links) a -static-stdlib variant in its own build path.
TERN=$ROOT/.build/release/tern
TERN_STATIC=$STATIC_BUILD/release/tern
if [ -n "$GIVEN_TERN" ]; then
  TERN=$(realpath "$GIVEN_TERN")
  [ -x "$TERN" ] || { echo "bench: BENCH_TERN=$GIVEN_TERN is not an executable" >&2; exit 1; }
elif [ "$BUILD" = 1 ]; then
  log "swift build -c release --product tern"
  "$SWIFT" build -c release --product tern >&2
fi
[ -x "$TERN" ] || { echo "bench: no release tern at $TERN (build it, or set BENCH_TERN)" >&2; exit 1; }
static_note=""
if [ "$STATIC" = 1 ]; then
  if [ "$BUILD" = 1 ]; then
    log "swift build -c release --product tern -Xswiftc -static-stdlib (in $STATIC_BUILD)"
    if ! "$SWIFT" build -c release --product tern --build-path "$STATIC_BUILD" \
         -Xswiftc -static-stdlib > "$ROOT/.build/bench-static-build.log" 2>&1; then
      static_note="-static-stdlib did not build; see .build/bench-static-build.log"
      echo "bench: $static_note" >&2
      tail -5 "$ROOT/.build/bench-static-build.log" >&2 || true
      rm -f "$TERN_STATIC"
    fi
  fi
  [ -x "$TERN_STATIC" ] || TERN_STATIC=""
else
  TERN_STATIC=""
fi

# 3. The corpus, built once (its MANIFEST marks it complete).
if [ ! -f "$CORPUS/MANIFEST" ]; then
  [ -f "$SHARED/bench/build_corpus.sh" ] || { echo "bench: no $SHARED/bench/build_corpus.sh (set TERN_SHARED)" >&2; exit 1; }
  log "building the corpus in $CORPUS"
  bash "$SHARED/bench/build_corpus.sh" "$CORPUS" >&2
fi

# 4. Measure, print the table and the targets, write .build/bench-results.json.
log "measuring"
"$PYTHON" "$ROOT/bench/measure.py" \
  --corpus "$CORPUS" --tern "$TERN" ${TERN_STATIC:+--tern-static "$TERN_STATIC"} \
  ${static_note:+--static-note "$static_note"} \
  --json "$ROOT/.build/bench-results.json" ${BENCH_ONLY:+--only "$BENCH_ONLY"} \
  ${GIVEN_TERN:+--tern-given} $([ "$QUICK" = 1 ] && echo --quick)

# 4b. Real pages loaded in place with their own scripts and sheets (Python's Sphinx docs).
log "measuring real pages with their own scripts and sheets"
"$PYTHON" "$ROOT/bench/realpages.py" --tern "$TERN" --json "$ROOT/.build/bench-results.json" \
  ${BENCH_ONLY:+--only "$BENCH_ONLY"} $([ "$QUICK" = 1 ] && echo --quick)

# 4c. Scripts' cost (issue 29): tiny script, scripted batch, iframes, real pages (4b's
#     figures), window.open (interactive, in tmux), and the DOM micro-benchmark with Chromium.
log "measuring what page scripts cost"
"$PYTHON" "$ROOT/bench/scripts.py" --tern "$TERN" --out "$ROOT/.build/bench-scripts" \
  --json "$ROOT/.build/bench-results.json" ${chromium_note:+--chromium-note "$chromium_note"} \
  ${BENCH_ONLY:+--only "$BENCH_ONLY"} $([ "$QUICK" = 1 ] && echo --quick)

# 4d. Instruction counts under callgrind on the three largest large pages (slow: ~2 minutes).
if [ "$CALLGRIND" != 0 ]; then
  log "counting instructions under callgrind"
  "$PYTHON" "$ROOT/bench/callgrind.py" --corpus "$CORPUS" --tern "$TERN" \
    --json "$ROOT/.build/bench-results.json" ${BENCH_ONLY:+--only "$BENCH_ONLY"}
fi

# 4e. The web content process (issue 32): spawn to ready, an idle one's memory,
# and pages dumped through one against in process.
log "measuring the web content process"
"$PYTHON" "$ROOT/bench/content_process.py" --tern "$TERN" --corpus "$CORPUS" --json "$ROOT/.build/bench-results.json" \
  --runs $([ "$QUICK" = 1 ] && echo 5 || echo 20)

# 5. The interactive browser: time per scroll step and per link move.
log "measuring the interactive browser"
"$PYTHON" "$ROOT/bench/screen.py" --tern "$TERN" --corpus "$CORPUS" $([ "$QUICK" = 1 ] && echo --steps 20)
# The same with each page in a content process (issue 32: lines cross once per width, not per key).
"$PYTHON" "$ROOT/bench/screen.py" --tern "$TERN" --corpus "$CORPUS" --content-process $([ "$QUICK" = 1 ] && echo --steps 20)

# 6. Author styles on large pages: tern with styles and with --no-css, w3m, links2.
log "measuring author styles"
"$PYTHON" "$ROOT/bench/styles.py" --tern "$TERN" --out "$ROOT/.build/bench-styles" \
  --rustdoc-page "$RUSTDOC_PAGE" --json "$ROOT/.build/bench-styles.json" $([ "$QUICK" = 1 ] && echo --quick)
