#!/usr/bin/env bash
# The toolkit hosts' tests: Tests/hosts/run.sh DIST VERSION MAJOR TOOLKIT
# (qt or gtk), from the repository root, after `make dist`. Installs DIST
# into a temporary prefix, builds examples/TOOLKIT with CMake against it
# (find_package(XYZAlert), as a user would), then plays its tour under Xvfb
# with a window manager (Tests/hosts/with-wm): once under valgrind
# (Tests/hosts/valgrind_owner.py fails on anything from our code), once
# more to read back the display history the first run saved in the
# toolkit's user data folder. The tour checks what the toolkit shows and
# saves three screenshots (into $XYZALERT_SCREENSHOTS when set: `make
# screenshots` puts them in docs/). Ends with "N passed, N failed".
set -u
dist=$1 version=$2 major=$3 toolkit=$4
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
. Tests/expect.sh
shots=${XYZALERT_SCREENSHOTS:-$scratch/shots}
mkdir -p "$shots" "$scratch/runtime"
chmod 700 "$scratch/runtime"

prefix=$scratch/prefix
scripts/install "$dist" "$prefix" "" "$version" "$major" > "$scratch/install.log" 2>&1
expect "$toolkit: install into a temporary prefix" 0 $?

build=$scratch/build
cmake -S "examples/$toolkit" -B "$build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug > "$scratch/build.log" 2>&1 &&
    cmake --build "$build" >> "$scratch/build.log" 2>&1
status=$?
expect "$toolkit: examples/$toolkit builds with CMake against the installed XYZAlert" 0 $status
[ $status -eq 0 ] || { cat "$scratch/build.log"; finish; exit; }
program=$build/xyzalert-$toolkit

# The toolkits' settings for a headless X server: X11, no accessibility
# bus, GTK drawing with cairo (no OpenGL under valgrind).
export XDG_RUNTIME_DIR=$scratch/runtime XDG_DATA_HOME=$scratch/data
export QT_QPA_PLATFORM=xcb GDK_BACKEND=x11 GTK_A11Y=none GSK_RENDERER=cairo GDK_DEBUG=gl-disable NO_AT_BRIDGE=1
# Each toolkit looks for a free display number from its own start (Qt 90,
# GTK 190), so that the two, run side by side, never race for one.
first_display=$([ "$toolkit" = qt ] && echo 90 || echo 190)
display() { xvfb-run -a -n "$first_display" -s "-screen 0 1280x800x24" Tests/hosts/with-wm "$@"; }

# The first run, under valgrind, with the suppressions installed beside the library.
display valgrind --child-silent-after-fork=yes --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --num-callers=40 --suppressions="$prefix/share/xyzalert/swift-runtime.supp" --xml=yes --xml-file="$scratch/valgrind.xml" \
    "$program" --tour --screenshots "$shots" > "$scratch/first.out" 2>&1
status=$?
sed "s/^/  $toolkit: /" "$scratch/first.out" | grep -E "^  $toolkit: (not ok|[0-9]+ passed)" || true
failures() { sed -n 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p' "$1"; }
expect "$toolkit: the tour passes under valgrind (first run)" 0 $status 0 "$(failures "$scratch/first.out")"
[ $status -eq 0 ] || cat "$scratch/first.out"
python3 Tests/hosts/valgrind_owner.py "$scratch/valgrind.xml" "$program" > "$scratch/owner.out"
expect "$toolkit: valgrind reports nothing from our code" 0 $? 
sed "s/^/  /" "$scratch/owner.out" | head -20

# The history went where the toolkit keeps user data (XDG_DATA_HOME here).
[ -s "$XDG_DATA_HOME/xyzalert-$toolkit/history.json" ]
expect "$toolkit: the history is saved in the user data folder" 0 $?
for shot in tabs toasts reasons; do
    [ -s "$shots/$toolkit-$shot.png" ] && [ "$(head -c 4 "$shots/$toolkit-$shot.png" | tail -c 3)" = "PNG" ]
    expect "$toolkit: screenshot $toolkit-$shot.png" 0 $?
done

# The second run reads that history: the rating, allowed once ever, is capped.
display "$program" --tour > "$scratch/second.out" 2>&1
status=$?
expect "$toolkit: the tour passes again (second run)" 0 $status 0 "$(failures "$scratch/second.out")"
[ $status -eq 0 ] || cat "$scratch/second.out"
grep -q "^ok - second run: the history on disk caps the rating" "$scratch/second.out"
expect "$toolkit: the second run finds the rating capped by the saved history" 0 $?
finish
