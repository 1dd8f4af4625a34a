"""The mirrors of the table of steps (steps.py): its docstring lists them."""
import re

from regions import NOTICE, ROOT, camel, replace_region, wrap
from steps import STEPS



def case_name(step):
    return step.get("case", camel(step["key"]))


def const(step):
    return "XYZ_STEP_" + step["key"].upper()


def base_type(t):
    return t.rstrip("?").split("|")[0]


SWIFT_TYPES = dict(page="String", alert="String", text="String", seconds="Double", scale="Double",
                   number="Double", bool="Bool", capacity="Int", order="QueueOrder", rect="Rect")


def swift_type(field):
    t = field[1]
    base = base_type(t)
    swift = SWIFT_TYPES.get(base, base)
    return swift + "?" if (t.endswith("?") and len(field) <= 3) or t.endswith("|null") else swift


# ---------------------------------------------------------------- C header

def header_enum():
    lines = []
    for i, step in enumerate(STEPS):
        name = const(step) + (" = 0" if i == 0 else "") + ("," if i < len(STEPS) - 1 else "")
        since = "" if step["since"] == "0.1" else "(%s) " % step["since"]
        doc = step["doc"].split("\n")
        lines.append("    %-24s /**< %s%s" % (name, since, doc[0]) + (" */" if len(doc) == 1 else ""))
        for j, more in enumerate(doc[1:]):
            lines.append(" " * 33 + more + (" */" if j == len(doc) - 2 else ""))
    return "\n".join(lines)


# ---------------------------------------------------------------- Python enum

def python_enum():
    out = []
    for i, step in enumerate(STEPS):
        out.append("    %s = %d" % (step["key"].upper(), i))
        if "py_doc" in step:
            doc = step["py_doc"].split("\n")
            out.append('    """' + "\n    ".join(doc) + '"""')
    return "\n".join(out)


# ---------------------------------------------------------------- Swift: reading

def swift_optional_default(field):
    return field[3] if len(field) > 3 else None


def swift_read(field, value, what):
    """A Swift expression reading field `field` from JSONValue `value`."""
    name, t = field[0], field[1]
    base = base_type(t)
    read = {
        "page": "try names.page(%s, %s)",
        "alert": "try names.alert(%s, %s)",
        "text": "try string(%s, %s)",
        "seconds": "try seconds(%s, %s)",
        "scale": "try durationScale(%s)",
        "number": "try number(%s, %s)",
        "bool": "try bool(%s, %s)",
        "capacity": "try capacity(%s)",
        "order": "try queueOrder(%s)",
        "rect": "try rect(%s, %s)",
    }[base]
    quoted = '"%s"' % what

    def expr(v):
        return read % ((v, quoted) if read.count("%s") == 2 else (v,))
    if t.endswith("|null"):
        return "%s.kind == .null ? nil : %s" % (value, expr(value))
    if t.endswith("?"):
        default = swift_optional_default(field)
        mapped = 'try f["%s"].map { (v: JSONValue) throws(LoadError) in %s }' % (name, expr("v"))
        return mapped + (" ?? %s" % default if default is not None else "")
    return expr(value)


def swift_reader_case(step):
    key, body, fields = step["key"], step["body"], step["fields"]
    label = case_name(step)
    if body in ("page", "alert", "seconds", "text"):
        field = fields[0]
        t = body
        return '        case "%s": return .%s(%s: %s)' % (key, label, field[0], swift_read((field[0], t), "body", key))
    required = [f[0] for f in fields if not f[1].endswith("?")]
    optional = [f[0] for f in fields if f[1].endswith("?")]
    lines = ['        case "%s":' % key,
             '            let f = try names.fields(body, "%s", required: [%s], optional: [%s])'
             % (key, ", ".join('"%s"' % n for n in required), ", ".join('"%s"' % n for n in optional))]
    args = []
    for field in fields:
        args.append("%s: %s" % (field[0], swift_read(field, 'f["%s"]!' % field[0], field[0])))
    lines.append("            return .%s(%s)" % (label, ",\n                      ".join(args)))
    return "\n".join(lines)


def swift_reading():
    cases = []
    for step in STEPS:
        doc = step.get("swift_doc")
        if doc:
            cases.extend("        /// " + line for line in doc.split("\n"))
        values = ", ".join(("%s: %s" % (f[0], swift_type(f))) if f[0] else swift_type(f)
                           for f in step["fields"])
        cases.append("        case %s%s" % (case_name(step), "(%s)" % values if values else ""))
    readers = "\n".join(swift_reader_case(s) for s in STEPS if s["body"] != "custom")
    keys = wrap(['"%s"' % s["key"] for s in STEPS], 8)
    return f"""// {NOTICE}.
import XYZAlert

extension Scenario {{
    /// One step of a scenario (docs/formats.md, "Scenarios").
    public enum Step: Sendable, Equatable {{
{chr(10).join(cases)}
    }}
}}

/// How a step names pages and alerts, and reads an object's fields: the
/// checks of the scenario being read (`Schema.steps`).
struct StepNames {{
    let page: (JSONValue, String) throws(LoadError) -> String
    let alert: (JSONValue, String) throws(LoadError) -> String
    let readFields: (JSONValue, String, [String], [String]) throws(LoadError) -> Fields

    func fields(_ body: JSONValue, _ what: String, required: [String], optional: [String])
        throws(LoadError) -> Fields {{
        try readFields(body, what, required, optional)
    }}
}}

extension Schema {{
    /// Every step's key, in the order of their kinds.
    static let stepKeys = [
        {keys},
    ]

    /// The step `kind` whose fields the table describes, read from `body`;
    /// nil for the others (read by hand in `steps`).
    func tableStep(_ kind: String, _ body: JSONValue, _ names: StepNames) throws(LoadError) -> Scenario.Step? {{
        switch kind {{
{readers}
        default: return nil
        }}
    }}
}}
"""


# ---------------------------------------------------------------- Swift: xyz_step_info

def swift_info_case(step):
    fields = step["fields"]
    binds = ", ".join("let %s" % f[0] if f[2] is not None else "_" for f in fields)
    if all(f[2] is None for f in fields):
        binds = ""
    head = "    case .%s%s:" % (case_name(step), "(%s)" % binds if binds else "")
    lines = [head, "        out.kind = %s" % const(step)]
    for f in fields:
        name, t, info = f[0], f[1], f[2]
        if info is None:
            continue
        base = base_type(t)
        optional = t.endswith("|null") or (t.endswith("?") and len(f) <= 3)
        if base in ("page", "alert", "text", "String"):
            value = "%s.map(arena.intern)" % name if optional else "arena.intern(%s)" % name
        elif base == "rect":
            if optional:
                lines.append("        out.has_frame = %s != nil" % name)
                value = "rect(%s ?? .zero)" % name
            else:
                value = "rect(%s)" % name
        elif base == "order":
            value = "xyz_order(rawValue: UInt32(%s.rawValue))" % name
        else:
            value = name
        lines.append("        out.%s = %s" % (info, value))
    if step.get("info_custom"):
        lines.append("        customStepFields(step, &out, arena)")
    return "\n".join(lines)


def swift_info():
    cases = "\n".join(swift_info_case(s) for s in STEPS)
    keys = wrap(['"%s"' % s["key"] for s in STEPS], 4)
    return f"""// {NOTICE}.
import CXYZAlert
import XYZAlert
import XYZAlertJSON

/// Each kind's key, by xyz_step_kind (xyz_step_kind_name()).
let stepKeys: [StaticString] = [
    {keys},
]

/// Step `step` as an xyz_step_info (its kind and fields; the timing is the
/// caller's), its strings interned in `arena`.
func stepFields(_ step: Scenario.Step, _ out: inout xyz_step_info, _ arena: CStringArena) {{
    func rect(_ r: Rect) -> xyz_rect {{ xyz_rect(x: r.x, y: r.y, width: r.width, height: r.height) }}
    switch step {{
{cases}
    }}
}}
"""


# ---------------------------------------------------------------- C runner

def subject(step):
    fields = step["fields"]
    first = fields[0] if fields else None
    if first and first[1] == "page":
        return "page"
    if first and first[1] == "alert":
        return "alert"
    return None


def c_case(step):
    lines = ["    case %s:" % const(step)]
    if step["c"] == "custom":
        lines.append("        run_%s(r, step);" % step["key"])
    else:
        call = ("runner_check_status(r, %s);" if step.get("c_status", True) else "%s;") % step["c"]
        who = subject(step)
        if who == "page":
            lines.append("        if ((d = runner_live_page(r, step->page))) %s" % call)
        elif who == "alert":
            lines.append("        if ((a = runner_latest(r, step->alert))) %s" % call)
        else:
            lines.append("        " + call)
    lines.append("        break;")
    return "\n".join(lines)


def c_runner():
    names = ",\n".join('    "%s"' % s["key"] for s in STEPS)
    subjects = ",\n".join("    %s" % {"page": "STEP_ON_PAGE", "alert": "STEP_ON_ALERT", None: "STEP_ON_NOTHING"}
                          [subject(s)] for s in STEPS)
    cases = "\n".join(c_case(s) for s in STEPS)
    return f"""/* {NOTICE}. */
#include "runner.h"

const char *const runner_step_names[] = {{
{names}
}};

const step_subject runner_step_subjects[] = {{
{subjects}
}};

const size_t runner_step_kind_count = sizeof runner_step_names / sizeof runner_step_names[0];

void runner_run_step(runner *r, const xyz_step_info *step) {{
    xyz_dispatch *d;
    xyz_alert *a;
    (void)d;
    (void)a;
    switch (step->kind) {{
{cases}
    }}
}}
"""


# ---------------------------------------------------------------- the runners' tables

#: How each runner writes a step's play: not played, its own `_run_<key>`,
#: a call on the step's page, on its alert, or any other expression.
PYTHON_PLAYS = dict(none="None", custom="lambda run, s: run._run_%s(s)",
                    page="lambda run, s: _on_page(run, s, lambda d: %s)",
                    alert="lambda run, s: _on_alert(run, s, lambda a: %s)", other="lambda run, s: %s")
JS_PLAYS = dict(none="null", custom="(run, s) => run._run_%s(s)", page="(run, s) => onPage(run, s, (d) => %s)",
                alert="(run, s) => onAlert(run, s, (a) => %s)", other="(run, s) => %s")


def runner_play(s, call, forms):
    """Row `s`'s play in a runner's language (`forms`), its call `call`."""
    if s["py"] is None:
        return forms["none"]
    if s["py"] == "custom":
        return forms["custom"] % s["key"]
    who = subject(s)
    return forms[who if who in ("page", "alert") else "other"] % call


# ---------------------------------------------------------------- Python runner

def python_table():
    rows = []
    for s in STEPS:
        kind = "StepKind." + s["key"].upper()
        play = runner_play(s, s["py"], PYTHON_PLAYS)
        rows.append("    %s: (%s, %s)," % (kind, "True" if s.get("py_timed") else "False", play))
    body = "\n".join(rows)
    return f'''"""How the Python runner plays each step ({NOTICE})."""

from __future__ import annotations

import json as _json
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Tuple

from ._enums import StepKind

if TYPE_CHECKING:
    from .scenario import Step
    from .runner import ScenarioPlayer

Play = Callable[["ScenarioPlayer", "Step"], Any]


def _on_page(run: "ScenarioPlayer", s: "Step", call: Callable[[Any], Any]) -> None:
    dispatch = run._live_page(s.page)
    if dispatch is not None:
        call(dispatch)


def _on_alert(run: "ScenarioPlayer", s: "Step", call: Callable[[Any], Any]) -> None:
    alert = run._instance(s.alert)
    if alert is not None:
        call(alert)


#: Per kind: whether it plays with "at" or "during", and how it plays
#: (None: the Python runner does not play it; xyzalert simulate does).
STEPS: Dict[StepKind, Tuple[bool, Optional[Play]]] = {{
{body}
}}
'''


# ---------------------------------------------------------------- JavaScript runner

def js_call(s):
    """The JavaScript runner's call of a row: its `js`, else its `py` with
    snake_case names after a dot in camelCase."""
    if "js" in s:
        return s["js"]
    return re.sub(r"\.([a-z]+(?:_[a-z]+)+)\b", lambda m: "." + camel(m.group(1)), s["py"])


def js_table():
    rows = []
    for s in STEPS:
        play = runner_play(s, s["py"] and js_call(s), JS_PLAYS)
        rows.append('  ["%s", %s, %s],' % (s["key"], "true" if s.get("py_timed") else "false", play))
    body = "\n".join(rows)
    return f'''/* How the JavaScript runner plays each step ({NOTICE}). */

function onPage(run, s, call) {{
  const dispatch = run._livePage(s.page);
  if (dispatch !== null) call(dispatch);
}}

function onAlert(run, s, call) {{
  const alert = run._instance(s.alert);
  if (alert !== null) call(alert);
}}

/** Per kind (the C value's index): [key, whether it plays with "at" or
 * "during", how it plays (null: not here; xyzalert simulate plays it)]. */
export const STEPS = Object.freeze([
{body}
]);
'''


# ---------------------------------------------------------------- output

def generate(files):
    """Writes the mirrors of the steps into `files` (regions.Files)."""
    header = ROOT / "include/xyzalert_tooling.h"
    enums = ROOT / "bindings/python/xyzalert/_enums.py"
    files[header] = replace_region(files[header], "steps", header_enum(), "    /* %s */")
    files[enums] = replace_region(files[enums], "steps", python_enum(), "    # %s")
    files[ROOT / "Sources/XYZAlertJSON/StepTable.swift"] = swift_reading()
    files[ROOT / "Sources/XYZAlertABI/StepInfo.swift"] = swift_info()
    files[ROOT / "Sources/xyzalert-runner/step_table.c"] = c_runner()
    files[ROOT / "bindings/python/xyzalert/_step_table.py"] = python_table()
    files[ROOT / "bindings/js/step_table.mjs"] = js_table()
