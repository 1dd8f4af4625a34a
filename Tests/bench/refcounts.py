"""make refcounts: the atomic reference-count operations of one unit of a
C-ABI benchmark shape (Tests/bench/engine.c), by call site in the library.

Runs the shape twice under the Tests/bench/refcounts.c shim, with no units
and with UNITS units, and prints the difference per unit: the total, then
each call site: retains, releases, the last source line the disassembly
names before the call (the optimizer's own code has none) and the function
the call is in, inlined code included. The counts are exact and repeatable,
unlike the time, so they show at once whether a change removed one.

Usage: refcounts.py SHIM ENGINE [SHAPE [SIZE [UNITS]]]  (default: cycle 10 20000;
the chain shape's units are its SIZE links)"""

import bisect
import os
import subprocess
import sys
import tempfile

shim, engine = sys.argv[1], sys.argv[2]
shape = sys.argv[3] if len(sys.argv) > 3 else "cycle"
size = sys.argv[4] if len(sys.argv) > 4 else "10"
units = int(sys.argv[5]) if len(sys.argv) > 5 else 20000


def counts(size, n):
    """{(object file, offset): (retains, releases)} of a run with n units."""
    with tempfile.NamedTemporaryFile("r") as out:
        env = dict(os.environ, LD_PRELOAD=shim, REFCOUNTS_OUT=out.name)
        subprocess.run([engine, shape, size, str(n)], env=env, check=True, stdout=subprocess.DEVNULL)
        sites = {}
        for line in out:
            retains, releases, path, offset, _ = line.split(maxsplit=4)
            sites[(path, int(offset, 16))] = (int(retains), int(releases))
        return sites


def disassembly(path):
    """Each instruction's address in `path`, sorted, with its function and
    the last source line objdump names at or before it (the optimizer's
    compiler-generated lines name no place)."""
    listing = subprocess.run(["objdump", "-d", "-l", "--no-show-raw-insn", path],
                             capture_output=True, text=True, check=True).stdout
    addresses, places = [], []
    function, line = "?", "?"
    for text in listing.splitlines():
        if text.endswith(">:") and " <" in text:
            function, line = text.split(" <", 1)[1][:-2], "?"
        elif "/Sources/" in text and text.rsplit(":", 1)[-1].isdigit():
            line = text.split("/Sources/")[-1]
        elif text.startswith("  ") and ":\t" in text:
            addresses.append(int(text.split(":", 1)[0], 16))
            places.append((function, line))
    return addresses, places


def demangled(names):
    """{mangled: readable} for Swift symbol names (as they are if the
    toolchain's demangler cannot be run)."""
    out = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                         capture_output=True, text=True).stdout.splitlines()
    return dict(zip(names, out)) if len(out) == len(names) else {name: name for name in names}


listings = {}


def where(path, offset):
    """(function, source line) of the call just before return address `offset`."""
    if "libxyzalert" not in path:
        return os.path.basename(path), ""
    if path not in listings:
        listings[path] = disassembly(path)
    addresses, places = listings[path]
    return places[max(bisect.bisect_left(addresses, offset) - 1, 0)]


if shape == "chain":  # its units are its links: SIZE of them against none
    units = int(size)
    base, measured = counts("0", 0), counts(size, 0)
else:
    base, measured = counts(size, 0), counts(size, units)
rows = []
for site, (retains, releases) in measured.items():
    base_retains, base_releases = base.get(site, (0, 0))
    per_unit = ((retains - base_retains) / units, (releases - base_releases) / units)
    if max(per_unit) >= 0.01:
        rows.append((site, per_unit))
total_retains = sum(r for _, (r, _) in rows)
total_releases = sum(r for _, (_, r) in rows)
print(f"{shape} {size}: {total_retains:.2f} retains, {total_releases:.2f} releases "
      f"(atomic, on mortal objects) per unit, {units} units")
placed = [(where(*site), per_unit) for site, per_unit in rows]
names = demangled(sorted({function for (function, _), _ in placed}))
for (function, line), (retains, releases) in sorted(placed, key=lambda row: (row[0][1], row[1])):
    print(f"{retains:6.2f} {releases:6.2f}  {line:34} {names.get(function, function)[:90]}")
