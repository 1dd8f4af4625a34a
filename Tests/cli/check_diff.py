"""`xyzalert test`'s unified diff, checked as a patch: for random edits of a
scenario's expect list (fixed seed, printed on failure), the diff the tool
prints, applied to the expect list, gives the trace; its hunk headers count
what they hold; it has no more changed lines than the edits made; and its
hunks are cut as `diff -u` cuts them: three lines of context around the
changes (fewer only at an end of the list), a run of more than six
unchanged lines between two changes splitting the hunk.

Usage: check_diff.py PATH-TO-xyzalert [CASES]. Prints "diff ok, N cases"."""
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SEED = 20261207
HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$")


def scenario(expect):
    ids = "abcdef"
    return {"version": 1, "pages": {"home": {}}, "alerts": [{"id": i, "page": "home"} for i in ids],
            "steps": [{"appear": "home"}, {"add": list(ids)}] + [{"dismiss": i} for i in ids], "expect": expect}


def apply(patch, lines):
    """`lines` with the unified diff `patch` applied (raises if it does not fit)."""
    out, at, hunks = [], 0, 0
    rows = patch.splitlines()
    assert rows[0].startswith("--- ") and rows[1].startswith("+++ "), patch
    k = 2
    while k < len(rows):
        match = HUNK.match(rows[k])
        assert match, "not a hunk header: %r" % rows[k]
        old_start, old_count = int(match.group(1)), int(match.group(2) or 1)
        new_count = int(match.group(4) or 1)
        begin = old_start - 1 if old_count else old_start
        assert begin >= at, "hunks overlap or go backwards"
        out += lines[at:begin]
        at, olds, news, k = begin, 0, 0, k + 1
        while k < len(rows) and not rows[k].startswith("@@"):
            kind, text = rows[k][0], rows[k][1:]
            if kind in " -":
                assert lines[at] == text, "context or removed line %r is %r" % (text, lines[at])
                at, olds = at + 1, olds + 1
            if kind in " +":
                out.append(text)
                news += 1
            k += 1
        assert (olds, news) == (old_count, new_count), "a hunk header miscounts"
        hunks += 1
    return out + lines[at:], hunks


def check_hunks(patch, old_length):
    """The context of each hunk: three lines before its first change and
    after its last (fewer at the list's ends), no run of more than six
    unchanged lines inside, and unchanged lines left out between hunks."""
    hunks, rows = [], patch.splitlines()[2:]
    for row in rows:
        if row.startswith("@@"):
            match = HUNK.match(row)
            hunks.append((int(match.group(1)), int(match.group(2) or 1), []))
        else:
            hunks[-1][2].append(row[0])
    for n, (start, count, kinds) in enumerate(hunks):
        changes = [k for k, kind in enumerate(kinds) if kind != " "]
        assert changes, "a hunk without a change"
        leading, trailing = changes[0], len(kinds) - 1 - changes[-1]
        before = start - 1 if count else start  # (old lines above the hunk)
        after = old_length - before - count
        assert leading == min(3, before + leading), "hunk %d: %d lines of context before its change" % (n, leading)
        assert trailing == min(3, after + trailing), "hunk %d: %d lines of context after its change" % (n, trailing)
        inside = "".join(kinds[changes[0]:changes[-1] + 1])
        assert " " * 7 not in inside, "hunk %d keeps more than six unchanged lines between two changes" % n
        if n:
            previous_start, previous_count, _ = hunks[n - 1]
            assert before > (previous_start - 1 if previous_count else previous_start) + previous_count, \
                "hunks %d and %d touch: they should be one" % (n - 1, n)


def main():
    tool, cases = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "case.json"
        path.write_text(json.dumps(scenario([])))
        trace = subprocess.run([tool, "simulate", str(path), "--format", "expect"], capture_output=True,
                               text=True, check=True).stdout.splitlines()
        pool = sorted(set(trace) | {"%d show %s home" % (s, i) for s in range(1, 8) for i in "abcdef"})
        rng = random.Random(SEED)
        for case in range(cases):
            expect, edits = list(trace), rng.randint(1, 6)
            for _ in range(edits):
                where = rng.randrange(len(expect) + 1)
                action = rng.choice(("insert", "delete", "replace"))
                if action == "insert" or not expect:
                    expect.insert(where, rng.choice(pool))
                elif action == "delete":
                    del expect[min(where, len(expect) - 1)]
                else:
                    expect[min(where, len(expect) - 1)] = rng.choice(pool)
            path.write_text(json.dumps(scenario(expect)))
            run = subprocess.run([tool, "test", str(path)], capture_output=True, text=True)
            context = "seed %d, case %d, expect %r" % (SEED, case, expect)
            if expect == trace:
                assert run.returncode == 0, context
                continue
            assert run.returncode == 1, context + "\n" + run.stderr
            patch = run.stderr[run.stderr.index("--- "):]
            changed = sum(1 for row in patch.splitlines()[2:] if row[:1] in "+-")
            try:
                patched, hunks = apply(patch, expect)
            except AssertionError as error:
                raise AssertionError("%s\n%s\n%s" % (context, error, patch)) from None
            assert patched == trace, context + "\n" + patch
            try:
                check_hunks(patch, len(expect))
            except AssertionError as error:
                raise AssertionError("%s\n%s\n%s" % (context, error, patch)) from None
    print("diff ok, %d cases" % cases)


if __name__ == "__main__":
    main()
