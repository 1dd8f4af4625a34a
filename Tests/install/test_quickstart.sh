#!/usr/bin/env bash
# The README's Quick start: its four programs are examples/quickstart/*,
# word for word, and each prints what the README says when built as a user
# would build it: C and C++ against an installed prefix with pkg-config, Python
# from the installed wheel, Swift against the XYZAlert module. Usage:
# Tests/install/test_quickstart.sh PREFIX PYTHON SCRATCH (PYTHON: a venv's
# python with the wheel installed), from the repository root; sourced by
# Tests/install/test_install.sh, whose `expect` it uses.
quick_prefix=$1 quick_python=$2 quick_scratch=$3
quick=examples/quickstart
expected=$'show consent\nshow welcome'

python3 - "$quick" > "$quick_scratch/quickstart-blocks.txt" <<'PY'
import pathlib, re, sys
readme = pathlib.Path("README.md").read_text()
section = readme.split("## Quick start for users", 1)[1].split("\n## ", 1)[0]
blocks = dict(re.findall(r"```(c|cpp|python|swift)\n(.*?)```", section, re.S))
for language, name in (("c", "quickstart.c"), ("cpp", "quickstart.cpp"), ("python", "quickstart.py"),
                       ("swift", "quickstart.swift")):
    same = blocks.get(language) == (pathlib.Path(sys.argv[1]) / name).read_text()
    print(name, "same" if same else "differs")
PY
for name in quickstart.c quickstart.cpp quickstart.py quickstart.swift; do
    expect "the README's Quick start shows $quick/$name" 0 0 "$name same" \
        "$(grep "^$name " "$quick_scratch/quickstart-blocks.txt")"
done

# Built as the README says for a PREFIX of one's own (PKG_CONFIG_PATH, the
# run path), with cc and c++ as written, warnings as errors added.
# shellcheck disable=SC2046
PKG_CONFIG_PATH=$quick_prefix/lib/pkgconfig cc -Wall -Wextra -Werror $quick/quickstart.c -o "$quick_scratch/quickstart-c" \
    $(PKG_CONFIG_PATH=$quick_prefix/lib/pkgconfig pkg-config --cflags --libs xyzalert) -Wl,-rpath,"$quick_prefix/lib"
expect "the C quick start builds with pkg-config" 0 $?
expect "the C quick start prints the README's lines" 0 0 "$expected" "$("$quick_scratch/quickstart-c")"

# shellcheck disable=SC2046
c++ -std=c++17 -Wall -Wextra -Werror $quick/quickstart.cpp -o "$quick_scratch/quickstart-cpp" \
    $(PKG_CONFIG_PATH=$quick_prefix/lib/pkgconfig pkg-config --cflags --libs xyzalert) -Wl,-rpath,"$quick_prefix/lib"
expect "the C++ quick start builds with pkg-config" 0 $?
expect "the C++ quick start prints the README's lines" 0 0 "$expected" "$("$quick_scratch/quickstart-cpp")"

expect "the Python quick start prints the README's lines from the wheel" 0 0 "$expected" \
    "$(cd "$quick_scratch" && env -u XYZALERT_LIBRARY "$quick_python" "$OLDPWD/$quick/quickstart.py")"

# Swift: the program against the XYZAlert module of the debug build, as a
# package depending on XYZAlert would compile it.
# (The engine's objects by its sources' names: a build directory may keep
# objects of files since renamed. Sources/CSystem: the module map SwiftPM
# hands a dependent package along with XYZAlert's.)
swiftc -I .build/debug/Modules -I Sources/CSystem $quick/quickstart.swift \
    $(find Sources/XYZAlert -name '*.swift' -printf '.build/debug/XYZAlert.build/%f.o\n') \
    -lm -o "$quick_scratch/quickstart-swift" > "$quick_scratch/swiftc.log" 2>&1
expect "the Swift quick start compiles against the XYZAlert module" 0 $?
expect "the Swift quick start prints the README's lines" 0 0 "$expected" "$("$quick_scratch/quickstart-swift")"
