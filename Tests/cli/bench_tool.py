"""make bench: how the tool scales, each shape at two sizes side by side:
`simulate` with many alert instances (each step looks its alert's latest
instance up by id) and with a page parent chain, and the shapes the second
adversarial run found quadratic (expect lists for `check` and `test`, SVG
pictures, an alert with many tags, recordings that re-add one id or keep
many anonymous alerts, one lane per page). Prints the ratio of the time
per unit (target: at most 2, near linear). Then the memory of `check` on a
large alert set against Jansson's parse of it alone (target: at most 1.5
times). Usage: bench_tool.py XYZALERT JANSSON_PARSE"""

import json
import os
import resource
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


def added_and_dismissed(n):
    steps = [{"appear": "p"}] + [s for i in range(n) for s in ({"add": f"a{i}"}, {"dismiss": f"a{i}"})]
    expect = [line for i in range(n) for line in (f"{2 * i + 1} show a{i} p", f"{2 * i + 2} finish a{i} dismissed")]
    return {"pages": {"p": {}}, "alerts": [{"id": f"a{i}", "page": "p"} for i in range(n)], "steps": steps,
            "expect": expect}


def tags(n):
    return {"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "tags": [f"t{i}" for i in range(n)]}],
            "steps": [{"appear": "p"}, {"add": "a"}, {"cancel_tagged": {"page": "p", "tag": f"t{n - 1}"}}]}


def one_id_readded(n):
    alerts = [{"name": f"a{i}", "id": "same", "page": "p", "priority": i} for i in range(n)]
    steps = [{"appear": "p"}] + [s for i in range(n) for s in ({"add": f"a{i}"}, {"dismiss": f"a{i}"})]
    return {"pages": {"p": {}}, "alerts": alerts, "steps": steps}


def anonymous(n):
    return {"pages": {"p": {}}, "alerts": [{"name": f"a{i}", "page": "p"} for i in range(n)],
            "steps": [{"appear": "p"}] + [{"add": f"a{i}"} for i in range(n)]}


def root_pages(n):
    pages = {f"p{i}": {} for i in range(n)}
    alerts = [{"id": f"a{i}", "page": f"p{i}", "duration": i + 1} for i in range(n)]
    steps = [{"appear": f"p{i}"} for i in range(n)] + [{"add": f"a{i}"} for i in range(n)] + [{"advance": n + 1}]
    return {"pages": pages, "alerts": alerts, "steps": steps}


def lane_per_page(n):
    pages = {"root": {}}
    pages.update({f"p{i}": {"parent": "root"} for i in range(n)})
    alerts = [{"id": f"a{i}", "page": f"p{i}", "lane": f"l{i}"} for i in range(n)]
    steps = [{"appear": "root"}] + [{"appear": f"p{i}"} for i in range(n)] + [{"add": f"a{i}"} for i in range(n)]
    return {"pages": pages, "alerts": alerts, "steps": steps}


SIMULATE = ["simulate", "{}", "--format", "json"]
SHAPES = [
    ("simulate N instances", "instance", instances, 10_000, 100_000, SIMULATE),
    ("simulate a page chain", "page", chain, 2_000, 20_000, SIMULATE),
    ("simulate N root pages, each alert timing out", "page", root_pages, 2_000, 20_000, SIMULATE),
    ("check an expect list", "line", added_and_dismissed, 10_000, 100_000, ["check", "{}"]),
    ("test an expect list", "line", added_and_dismissed, 10_000, 100_000, ["test", "{}"]),
    ("simulate --format svg", "alert", added_and_dismissed, 3_000, 30_000, ["simulate", "{}", "--format", "svg"]),
    ("simulate an alert with N tags", "tag", tags, 10_000, 100_000, SIMULATE),
    ("--record one id re-added N times", "add", one_id_readded, 3_000, 30_000,
     SIMULATE + ["--record", "{}.recording"]),
    ("--record N anonymous alerts", "alert", anonymous, 10_000, 100_000, SIMULATE + ["--record", "{}.recording"]),
    ("simulate one lane per page", "page", lane_per_page, 1_000, 10_000, SIMULATE),
]


def peak_kb(command):
    """The peak resident size of one run of `command` (a fresh child)."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command} failed")
    return usage.ru_maxrss


def check_memory(tool, jansson, scratch):
    n = 1_500_000
    path = Path(scratch) / "large-set.json"
    path.write_text('{"alerts": [' + ",".join(f'{{"id":"a{i}"}}' for i in range(n)) + "]}")
    ours, theirs = peak_kb([tool, "check", str(path)]), peak_kb([jansson, str(path)])
    ratio = ours / theirs
    verdict = "ok" if ratio <= 1.5 else "TOO MUCH, target is at most 1.5"
    print(f"  check of {n} alerts ({path.stat().st_size / 1e6:.0f} MB): peak {ours / 1024:.0f} MB, Jansson's parse "
          f"alone {theirs / 1024:.0f} MB; ratio {ratio:.2f} ({verdict})")


def run_once(tool, path, arguments):
    start = time.perf_counter()
    subprocess.run([tool] + [a.replace("{}", str(path)) for a in arguments], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    tool = sys.argv[1]
    # The two sizes run alternately, best of 3 each, so that a burst of noise
    # on a shared machine lands on both or on neither.
    print("the xyzalert tool (best of 3 each, the two sizes alternately)")
    with tempfile.TemporaryDirectory() as scratch:
        for what, unit, make, small, large, arguments in SHAPES:
            paths = []
            for n in (small, large):
                paths.append(Path(scratch) / f"{make.__name__}-{n}.json")
                paths[-1].write_text(json.dumps(make(n)))
            per_unit = [float("inf"), float("inf")]
            for _ in range(3):
                for i, n in enumerate((small, large)):
                    per_unit[i] = min(per_unit[i], run_once(tool, paths[i], arguments) / n)
            ratio = per_unit[1] / per_unit[0]
            verdict = "ok, near linear" if ratio <= 2 else "TOO SLOW, target is at most 2"
            print(f"  {what}: {per_unit[0] * 1e9:.0f} ns/{unit} at {small}, {per_unit[1] * 1e9:.0f} ns/{unit} "
                  f"at {large}; ratio {ratio:.2f} ({verdict})")
        check_memory(tool, sys.argv[2], scratch)


if __name__ == "__main__":
    main()
