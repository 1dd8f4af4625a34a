#!/usr/bin/env python3
"""Reads valgrind's XML report of a host's tour and fails on what is ours.

    valgrind_owner.py REPORT.xml PROGRAM

Each error or leak is charged to its owner: the first frame of its stack
that is not an allocator (malloc, operator new, GLib's g_malloc, g_new,
g_strdup... and Qt's QArrayData, QString, QByteArray allocations) or the C and
C++ runtimes (valgrind's preload, libc, libstdc++, libgcc, the dynamic
loader). An owner in libxyzalert or in
PROGRAM (the example's own code) is ours, and fails the run; any other
owner is the toolkit's (Qt, GTK, GLib, fontconfig, Mesa, X11...): counted
by library and printed, never failed on, since those libraries keep
caches until exit that valgrind reports as leaks. Exit status 1 when
something is ours, 2 when the report is unreadable.
"""
import collections
import os
import re
import sys
import xml.etree.ElementTree as ET

RUNTIME = ("vgpreload_", "/libc.so", "/libc-", "/libstdc++", "/libgcc_s", "/ld-linux", "/libm.so")
# The toolkits' own allocators and string builders: a block they allocate
# for their caller belongs to the caller.
ALLOCATORS = re.compile(r"^(g_(try_)?(malloc|malloc0|realloc|new|slice_alloc|slice_alloc0|memdup|memdup2|strdup|strndup|"
                        r"strdup_printf|strdup_vprintf|strconcat|strjoin|build_filename|string_new|string_sized_new|"
                        r"ptr_array_new|hash_table_new)|QArrayData::|QString::|QByteArray::|QListData::)")


def owner(error):
    """The object of the first frame past the allocator and the runtimes."""
    stack = error.find("stack")
    for frame in stack.findall("frame") if stack is not None else []:
        obj = frame.findtext("obj") or ""
        if not any(part in obj for part in RUNTIME) and not ALLOCATORS.match(frame.findtext("fn") or ""):
            return obj, frame
    return "", None


def describe(error, frame):
    what = error.findtext("kind")
    text = error.findtext("xwhat/text") or error.findtext("what") or ""
    where = ""
    if frame is not None:
        where = frame.findtext("fn") or "?"
        if frame.findtext("file"):
            where += f" ({frame.findtext('file')}:{frame.findtext('line')})"
    return f"{what}: {text} in {where}"


def main(report, program):
    try:
        root = ET.parse(report).getroot()
    except (OSError, ET.ParseError) as problem:
        print(f"valgrind_owner: cannot read {report}: {problem}", file=sys.stderr)
        return 2
    program = os.path.realpath(program)
    ours, theirs = [], collections.Counter()
    for error in root.findall("error"):
        obj, frame = owner(error)
        if "libxyzalert" in obj or (obj and os.path.realpath(obj) == program):
            ours.append(describe(error, frame))
        else:
            theirs[os.path.basename(obj) or "(no frame)"] += 1
    for line in ours:
        print("ours: " + line)
    toolkit = ", ".join(f"{name} {count}" for name, count in sorted(theirs.items())) or "none"
    print(f"valgrind: {len(ours)} from our code; toolkit records not counted: {toolkit}")
    return 1 if ours else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
