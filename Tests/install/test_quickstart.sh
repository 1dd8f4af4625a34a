#!/usr/bin/env bash
# The README's Quick start: its four programs are examples/quickstart/*,
# word for word; its three shell blocks run as written (install; build and
# run the C, C++ and Python programs; a backtest) and print what the README
# says;
# the Swift program against the XYZAlert module. Usage:
# Tests/install/test_quickstart.sh SCRATCH, from the
# repository root; sourced by Tests/install/test_install.sh, whose `expect`
# it uses.
quick_scratch=$1
quick=examples/quickstart
expected=$'show consent\nshow welcome'

# One reading of the README's Quick start: its programs compared with
# examples/quickstart/ (one line each, "NAME same|differs"), its shell
# blocks written to SCRATCH/quickstart-N.sh, the output it shows after the
# third to SCRATCH/quickstart-3.expected, and the C, C++ and Python
# programs saved as a reader would, into SCRATCH/quick-programs.
quick_home=$quick_scratch/quick-home
quick_dir=$quick_scratch/quick-programs
mkdir -p "$quick_home" "$quick_dir"
python3 - "$quick" "$quick_scratch" "$quick_dir" > "$quick_scratch/quickstart-blocks.txt" <<'PY'
import pathlib, re, sys
examples, scratch, programs = (pathlib.Path(p) for p in sys.argv[1:4])
readme = pathlib.Path("README.md").read_text()
section = readme.split("## Quick start for users", 1)[1].split("\n## ", 1)[0]
blocks = dict(re.findall(r"```(c|cpp|python|swift)\n(.*?)```", section, re.S))
for language, name in (("c", "quickstart.c"), ("cpp", "quickstart.cpp"), ("python", "quickstart.py"),
                       ("swift", "quickstart.swift")):
    print(name, "same" if blocks.get(language) == (examples / name).read_text() else "differs")
    if language != "swift" and language in blocks:
        (programs / name).write_text(blocks[language])
shell = re.findall(r"```sh\n(.*?)```", section, re.S)
print("shell blocks", len(shell))
for n, block in enumerate(shell, 1):
    (scratch / f"quickstart-{n}.sh").write_text(block)
after_third = section.split(shell[2], 1)[1] if len(shell) > 2 else ""
shown = re.findall(r"```text\n(.*?)```", after_third, re.S)
(scratch / "quickstart-3.expected").write_text(shown[0] if shown else "")
PY
for name in quickstart.c quickstart.cpp quickstart.py quickstart.swift; do
    expect "the README's Quick start shows $quick/$name" 0 0 "$name same" \
        "$(grep "^$name " "$quick_scratch/quickstart-blocks.txt")"
done
expect "the README's Quick start has its three shell blocks" 0 0 "shell blocks 3" \
    "$(grep "^shell blocks " "$quick_scratch/quickstart-blocks.txt")"

# The two shell blocks, word for word, as a new user runs them:
# HOME a new directory (so $HOME/.local is a prefix nothing was installed
# into and the virtual environment is new), the first block from the
# repository root, the second from a directory holding the three programs
# saved from the README. (scripts/install-deps build finds everything
# there after `make deps`; `make` finds the build done.)
#
# A wheel of an older build left in dist/ (as after an upgrade): `make wheel`
# replaces it, so the README's dist/xyzalert-*.whl names one wheel.
touch dist/xyzalert-0.3.0-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
HOME=$quick_home bash -e "$quick_scratch/quickstart-1.sh" > "$quick_scratch/quickstart-1.log" 2>&1
status=$?
[ $status -eq 0 ] || tail -20 "$quick_scratch/quickstart-1.log"
expect "the README's install lines run as written" 0 $status
expect "make wheel leaves one wheel in dist/" 0 0 "1" "$(ls dist/xyzalert-*.whl | wc -l)"
expect "they install into the new \$HOME/.local" 0 0 "yes" \
    "$([ -f "$quick_home/.local/lib/pkgconfig/xyzalert.pc" ] && [ -x "$quick_home/.local/bin/xyzalert" ] && echo yes || echo no)"
out=$(cd "$quick_dir" && HOME=$quick_home bash -e "$quick_scratch/quickstart-2.sh" 2>&1)
expect "the README's build-and-run lines print its lines three times" 0 $? "$expected
$expected
$expected" "$out"
# The third, from the repository root, with the tool the first installed on
# the PATH (as the first block's export line and the reader's profile put it).
out=$(HOME=$quick_home PATH="$quick_home/.local/bin:$PATH" bash -e "$quick_scratch/quickstart-3.sh" 2>&1)
expect "the README's backtest lines print what it shows" 0 $? "$(cat "$quick_scratch/quickstart-3.expected")" "$out"
expect "and write the HTML report" 0 0 "yes" "$(grep -q '<svg' report.html && echo yes || echo no)"
rm -f report.html
HOME=$quick_home make --no-print-directory uninstall PREFIX="$quick_home/.local" > /dev/null
expect "the Quick start's install is undone by make uninstall" 0 $? "" "$(find "$quick_home/.local" -type f 2>/dev/null)"

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
