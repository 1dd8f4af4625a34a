"""make bench: how `xyzalert simulate` scales with the alert instances of a
scenario (each step looks its alert's latest instance up by id) and with a
page parent chain, each at two sizes side by side; prints the ratio of the
time per unit (target: at most 2, near linear). Usage: bench_tool.py XYZALERT"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def instances(n):
    steps = [{"appear": "home"}] + [{"add": f"a{i}"} for i in range(n)] + [{"dismiss": f"a{i}"} for i in range(n)]
    return {"pages": {"home": {}}, "alerts": [{"id": f"a{i}", "page": "home"} for i in range(n)], "steps": steps}


def chain(n):
    pages = {"p0": {}}
    pages.update({f"p{i}": {"parent": f"p{i - 1}"} for i in range(1, n)})
    return {"pages": pages, "alerts": [], "steps": [{"appear": f"p{i}"} for i in range(n)]}


def run_once(tool, path):
    start = time.perf_counter()
    subprocess.run([tool, "simulate", str(path), "--format", "json"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    tool = sys.argv[1]
    # The two sizes run alternately, best of 3 each, so that a burst of noise
    # on a shared machine lands on both or on neither.
    print("the xyzalert tool (best of 3 each, the two sizes alternately)")
    with tempfile.TemporaryDirectory() as scratch:
        for what, unit, make, small, large in [("simulate N instances", "instance", instances, 10_000, 100_000),
                                               ("simulate a page chain", "page", chain, 2_000, 20_000)]:
            paths = []
            for n in (small, large):
                paths.append(Path(scratch) / f"{make.__name__}-{n}.json")
                paths[-1].write_text(json.dumps(make(n)))
            per_unit = [float("inf"), float("inf")]
            for _ in range(3):
                for i, n in enumerate((small, large)):
                    per_unit[i] = min(per_unit[i], run_once(tool, paths[i]) / n)
            ratio = per_unit[1] / per_unit[0]
            verdict = "ok, near linear" if ratio <= 2 else "TOO SLOW, target is at most 2"
            print(f"  {what}: {per_unit[0] * 1e9:.0f} ns/{unit} at {small}, {per_unit[1] * 1e9:.0f} ns/{unit} "
                  f"at {large}; ratio {ratio:.2f} ({verdict})")


if __name__ == "__main__":
    main()
