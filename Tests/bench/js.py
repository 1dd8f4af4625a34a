"""The engine in JavaScript (docs/performance.md, "WebAssembly"): the size
of xyzalert.wasm, raw and gzipped, and the add -> show -> dismiss cycle
through the JavaScript package in Node against the same cycle in C on the
shipped library (Tests/bench/engine.c's `cycle 10`), measured side by side,
with the same calls made straight to the module's exports, without the
package (Tests/bench/js_floor.mjs: what the engine itself costs in
WebAssembly): the three alternate, five runs each, best of each.

Usage: python3 Tests/bench/js.py ENGINE WASM (ENGINE: engine.c linked to
the shipped library; WASM: the xyzalert.wasm the package loads)."""

import gzip
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def nanoseconds(command):
    """The nanoseconds a cycle the command printed ("cycle N NS")."""
    out = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def main():
    engine, wasm = sys.argv[1], sys.argv[2]
    size = os.path.getsize(wasm)
    packed = len(gzip.compress(Path(wasm).read_bytes(), 9))
    print(f"wasm: xyzalert.wasm is {size / 1024:,.0f} KB (target at most 800 KB, goal 400 KB), "
          f"{packed / 1024:,.0f} KB gzipped (target at most 300 KB)")
    c, js, floor = [], [], []
    for _ in range(5):
        c.append(nanoseconds([engine, "cycle", "10", "500000"]))  # about as long as a JavaScript run
        js.append(nanoseconds(["node", "Tests/bench/js_cycle.mjs", "10", "100000", wasm]))
        floor.append(nanoseconds(["node", "Tests/bench/js_floor.mjs", wasm, "10", "100000"]))
    print(f"wasm: a JavaScript add -> show -> dismiss cycle is {min(js) / min(c):.2f}x the C cycle "
          f"({min(js):,.0f} ns against {min(c):,.0f} ns; target at most 3x, goal 2x)")
    print(f"wasm: the same calls straight to the module, without the package: {min(floor) / min(c):.2f}x the C cycle "
          f"({min(floor):,.0f} ns; the package adds {min(js) - min(floor):,.0f} ns)")


if __name__ == "__main__":
    main()
