#!/usr/bin/env bash
# Installs what building and testing Tern needs, and only what is missing:
# each library is checked with pkg-config, each tool with command -v.
set -euo pipefail

need_packages=()
pkg_config_ok() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }

command -v pkg-config >/dev/null 2>&1 || need_packages+=(pkg-config)
# pkg-config module : Debian package
for pair in libcurl:libcurl4-openssl-dev libxml-2.0:libxml2-dev ncursesw:libncurses-dev \
            javascriptcoregtk-4.1:libjavascriptcoregtk-4.1-dev sqlite3:libsqlite3-dev libpsl:libpsl-dev; do
  module=${pair%%:*}; package=${pair#*:}
  pkg_config_ok "$module" || need_packages+=("$package")
done
# command : Debian package (tmux drives the end-to-end tests; python3 runs the test
# server; openssl makes its TLS certificates; nghttpd is the HTTP/2 test server;
# groff, man and zsh check the installed man page and completions; mkdocs builds
# a real documentation site whose search runs in a Web Worker)
for pair in tmux:tmux python3:python3 curl:curl openssl:openssl nghttpd:nghttp2-server \
            groff:groff-base man:man-db zsh:zsh mkdocs:mkdocs; do
  tool=${pair%%:*}; package=${pair#*:}
  command -v "$tool" >/dev/null 2>&1 || need_packages+=("$package")
done

# file : Debian package (real web applications' parts the end-to-end tests serve
# on loopback: CodeMirror 5, an editor that reads a hidden textarea; Django, whose
# admin the tests log in to, run by Debian's /usr/bin/python3)
for pair in /usr/share/javascript/codemirror/lib/codemirror.js:libjs-codemirror \
            /usr/lib/python3/dist-packages/django/__init__.py:python3-django; do
  file=${pair%%:*}; package=${pair#*:}
  [ -e "$file" ] || need_packages+=("$package")
done

# The kernel's headers for the content process's sandbox (seccomp, Landlock).
[ -e /usr/include/linux/landlock.h ] || need_packages+=(linux-libc-dev)

# The trusted CA certificates that TLS verification (on by default) checks against.
[ -e /etc/ssl/certs/ca-certificates.crt ] || need_packages+=(ca-certificates)

if [ ${#need_packages[@]} -eq 0 ]; then
  exit 0
fi

echo "bootstrap: installing ${need_packages[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "bootstrap: need root (or sudo) to install ${need_packages[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need_packages[@]}"
