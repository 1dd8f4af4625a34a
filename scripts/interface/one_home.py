"""The check that each enum word has one hand-written home: the table.

A word of an enumeration (enums.py) must not appear as a string literal in
the code of a hand-written source file (Sources/, include/, the Python
package): code gets a word from the generated mirrors (`Exclusive.hideOthers`
in Swift, xyz_exclusive_name() in C, `str(Exclusive.HIDE_OTHERS)` in
Python). Comments and docstrings may name words. Generated files and
regions are skipped; so are the words in SHARED, which name something else
too (a JSON key, a step), each with what.
"""
import re

from enums import ENUMS
from regions import NOTICE, ROOT

SOURCES = ["Sources/**/*.swift", "Sources/**/*.c", "Sources/**/*.h", "include/**/*.h", "include/**/*.hpp",
           "bindings/python/xyzalert/*.py"]

# Words of the table that also name something else, so that their literals
# cannot be told apart: what else each names. The check skips them.
SHARED = {
    "page": "a JSON key and a step (appear on a page)",
    "ready": "an alert's JSON key and a step",
    "session": "a step, a history's JSON key and a rule's variable",
    "lifetime": "a history file's JSON key",
    "update": "a trace event and a step",
    "show_after": "an alert's JSON key", "min_visible": "an alert's JSON key",
    "trigger": "a campaign's JSON key and a trace event",
    "skip": "a trace event", "control": "a variant's JSON key and a trace event",
    "audience": "a campaign's JSON key",
    "state": "a snapshot's JSON key", "suspended": "a snapshot's JSON key", "queue": "a snapshot's JSON key",
    "deferred": "a document's JSON key and a trace event", "dependency": "a C parameter's name",
    "cancel": "a step and an action's id", "ok": "an action's id", "window": "a target's name",
    "hidden": "a symbol visibility", "default": "a symbol visibility", "none": "an SVG fill",
    "replace": "Python's decoding error handler", "invalid": "a clock reading's word",
    "cycle": "a bench unit", "destroyed": "a page's end in the timeline",
    "showing": "a legend's label", "not_found": "a runner's error before any call",
    "dismissed": "a verb in a sentence", "cancelled": "a verb in a sentence",
    "where": "a trigger's JSON key", "count": "a limit's and a trigger's JSON key",
    "ended": "a backtest report's JSON key (an alert's ends by reason)",
}

C_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
PY_COMMENTS = re.compile(r'"""[\s\S]*?"""|#[^\n]*')


def code_of(path, text):
    """`text` without comments, docstrings and generated regions (each
    replaced by as many newlines, so that line numbers stay)."""
    text = re.sub(r"BEGIN GENERATED.*?END GENERATED[^\n]*", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    pattern = PY_COMMENTS if path.suffix == ".py" else C_COMMENTS
    return pattern.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def problems(root=ROOT):
    words = sorted({v[0] for e in ENUMS for v in e["values"]} - set(SHARED))
    literal = re.compile(r'"(%s)"' % "|".join(map(re.escape, words)))
    found = []
    for pattern in SOURCES:
        for path in sorted(root.glob(pattern)):
            text = path.read_text()
            if NOTICE in "\n".join(text.split("\n")[:3]):
                continue
            name = str(path.relative_to(root))
            code = code_of(path, text)
            for m in literal.finditer(code):
                found.append('%s:%d: "%s" spelled by hand: take it from a generated mirror (or, when it names '
                             "something else too, add it to SHARED in scripts/interface/one_home.py with what)"
                             % (name, code.count("\n", 0, m.start()) + 1, m.group(1)))
    return found
