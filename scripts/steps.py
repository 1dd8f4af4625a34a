#!/usr/bin/env python3
"""The scenario steps, declared once; every mirror of them is generated.

To add a step: add a row to STEPS (at the end: the kinds are ABI values),
run `scripts/steps.py`, write the engine call the row names if it is new,
and the tests. `scripts/steps.py --check` (in `make lint`) fails when a
generated file is out of date.

What is generated from the table:
- include/xyzalert_tooling.h: `xyz_step_kind` (between the markers);
- bindings/python/xyzalert/_enums.py: `StepKind` (between the markers);
- Sources/XYZAlertJSON/StepTable.swift: `Scenario.Step`, the step keys, and
  reading the steps whose fields the table describes;
- Sources/XYZAlertABI/StepInfo.swift: each step as an `xyz_step_info`, and
  each kind's name (`xyz_step_kind_name`);
- Sources/xyzalert-runner/step_table.c: the step names and the call each
  step makes in the runner;
- bindings/python/xyzalert/_step_table.py: the call each step makes in the
  Python runner.

A row:
  key     the step's JSON key; the C constant is XYZ_STEP_<KEY>, the Python
          member StepKind.<KEY>, the Swift case `case` (default: key in
          lowerCamelCase).
  since   the version that added it (shown in the header from 0.2).
  doc     what it does, for the header, the Swift case and Python.
  body    how its JSON is read:
            "page" / "alert" / "seconds" / "text": a single value of that type;
            "fields": an object of the fields in `fields`;
            "custom": Schema+Scenarios.swift reads it (`fields` still
            gives the Swift case's associated values).
  fields  [(name, type, info)]: each associated value, in order. Types:
          page, alert, text, seconds, scale, number, bool, capacity, order,
          rect, and "?"-suffixed: optional (absent: nil or the default
          `default`), "|null": present but may be null (nil). `info` is the
          xyz_step_info field it goes to (None: a custom conversion).
  c       the runner's call: a C expression of `r` (the runner), `step`,
          and `d` (the page's live dispatch) or `a` (the alert's latest
          instance) when the first field is a page or an alert; "custom":
          the function run_<key>(r, step) in steps.c. A call that returns
          an xyz_status is checked (an error event when it fails); with
          `c_status=False` it is a statement of its own.
  py      the Python runner's call: a Python expression of `run` (the
          runner), `s` (the step) and `d` / `a` as for `c`; "custom": the
          method run._run_<key>(s); None: refused (recordings only).
  py_timed  whether the Python runner plays it with "at" or "during".
  info_custom  whether ScenarioSteps.swift sets fields of its xyz_step_info
          beyond those the table maps (customStepFields).
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STEPS = [
    dict(key="appear", since="0.1", doc="page_did_appear(page)", body="page", fields=[("page", "page", "page")],
         c="custom", py="d.page_did_appear()"),
    dict(key="disappear", since="0.1", doc="page_will_disappear(page)", body="page",
         fields=[("page", "page", "page")], c="custom", py="d.page_will_disappear()"),
    dict(key="destroy", since="0.1", doc="destroy(page)", body="page", fields=[("page", "page", "page")],
         c="custom", py="custom"),
    dict(key="add", info_custom=True, since="0.1", doc="fresh instances of alerts[], all on page, in one add", body="custom",
         swift_doc="Fresh instances of these alerts, all on `page`, in one atomic add.",
         fields=[("page", "page", "page"), ("alerts", "[String]", None)], c="custom", py="custom"),
    dict(key="ready", since="0.1", doc="set_ready(latest instance of alert)", body="alert",
         fields=[("alert", "alert", "alert")], c="xyz_alert_set_ready(a)", py="a.set_ready()"),
    dict(key="dismiss", since="0.1", doc="dismiss(latest instance of alert)", body="alert",
         fields=[("alert", "alert", "alert")], c="xyz_alert_dismiss(a)", py="a.dismiss()"),
    dict(key="cancel", since="0.1", doc="cancel(latest instance of alert)", body="alert",
         fields=[("alert", "alert", "alert")], c="xyz_alert_cancel(a)", py="a.cancel()"),
    dict(key="action", since="0.1", doc="trigger_action(latest instance of alert, index)", body="custom",
         fields=[("alert", "alert", "alert"), ("index", "Int", "index")],
         c="xyz_alert_trigger_action(a, step->index)", py="a.trigger_action(s.index)"),
    dict(key="select", since="0.1", doc="set_active_child(page, child), then a flush", body="fields",
         swift_doc="Sets the active child; then a flush, unless `flush` is false\n"
                   "(recordings: the host's own call, which runs its passes itself).",
         fields=[("page", "page", "page"), ("child", "page|null", "child"), ("flush", "bool?", "flush", "true")],
         c="custom", py="custom"),
    dict(key="keyboard", since="0.1", doc="keyboard_changed(page, frame, duration)", body="fields",
         fields=[("page", "page", "page"), ("frame", "rect", "frame"), ("duration", "seconds?", "duration", "0")],
         c="xyz_dispatch_keyboard_changed(d, step->frame, step->duration)",
         py="d.keyboard_changed(s.frame or (0, 0, 0, 0), s.duration)"),
    dict(key="frame", since="0.1", doc="set_frame(latest instance of alert, frame)", body="fields",
         swift_doc="nil: the frame is unknown again.",
         fields=[("alert", "alert", "alert"), ("frame", "rect|null", "frame")],
         c="xyz_alert_set_frame(a, step->has_frame ? &step->frame : NULL)", py="a.set_frame(s.frame)"),
    dict(key="flush", since="0.1", doc="flush(page)", body="page", fields=[("page", "page", "page")],
         c="xyz_dispatch_flush(d)", py="d.flush()"),
    dict(key="advance", since="0.2", doc="move the virtual clock forward by `duration` seconds", body="seconds",
         swift_doc="Moves the virtual clock forward, ticking at each deadline on the way.",
         py_doc="Move the virtual clock forward by ``duration`` seconds.",
         fields=[("seconds", "seconds", "duration")], c="custom", py="run._advance(s.duration)"),
    dict(key="cancel_tagged", since="0.2", doc='cancel_tagged(page, text "tag"; none: every alert)',
         swift_doc="Cancels the live alerts of the page's domain with `tag` (nil: all).",
         py_doc="Cancel the live alerts of ``page``'s domain with ``tag`` (None: all).",
         body="fields", fields=[("page", "page", "page"), ("tag", "text?", "tag")],
         c="xyz_dispatch_cancel_tagged(d, step->tag, NULL)", py="d.cancel_tagged(s.tag)"),
    dict(key="suspend", since="0.2", doc="suspend(page)", body="page", fields=[("page", "page", "page")],
         c="xyz_dispatch_suspend(d)", py="d.suspend()"),
    dict(key="resume", since="0.2", doc="resume(page)", body="page", fields=[("page", "page", "page")],
         c="xyz_dispatch_resume(d)", py="d.resume()"),
    dict(key="update", info_custom=True, since="0.2",
         doc='the content setters of alert, one per field given, in this order:\n'
             'texts "title", "message" (null: NULL), "style"; number "clear_actions";\n'
             'texts "action_id", "action_title" and number "action_style" (an action\n'
             'to add); text "meta" (null: NULL)',
         swift_doc="Sets content of the alert's latest instance, one setter per field\ngiven (see `ContentUpdate`).",
         py_doc="Set the ``title``, ``message`` and ``style`` given (in that order) on ``alert``.",
         body="custom", fields=[("alert", "alert", "alert"), ("change", "ContentUpdate", None)],
         c="custom", py="custom"),
    dict(key="tick", since="0.2", doc="tick(page)", body="page", fields=[("page", "page", "page")],
         swift_doc="The host's tick of the page's domain (recordings).",
         py_doc="The steps from here on come with recordings (docs/formats.md, \"Recordings\"),\n"
                "which ``xyzalert simulate`` plays.",
         c="xyz_dispatch_tick(d)", py=None),
    dict(key="parent", since="0.2", doc='set_parent(page, text "parent"; NULL detaches)', body="fields",
         swift_doc="Attaches the page to `parent` (nil: detaches it).",
         fields=[("page", "page", "page"), ("parent", "page|null", "parent")], c="custom", py=None),
    dict(key="capacity", since="0.2", doc="set_capacity(page, index)", body="fields",
         fields=[("page", "page", "page"), ("capacity", "capacity", "index")],
         c="xyz_dispatch_set_capacity(d, step->index)", py=None),
    dict(key="avoidance", since="0.2", doc='set_keyboard_avoidance(alert, number "enabled", number "adjust")',
         swift_doc="The latest instance's keyboard avoidance.", body="fields",
         fields=[("alert", "alert", "alert"), ("enabled", "bool", "enabled"), ("adjust", "number?", "adjust", "0")],
         c="xyz_alert_set_keyboard_avoidance(a, step->enabled, step->adjust)", py=None),
    dict(key="target", since="0.2", doc='set_target(alert, text "target")', body="fields",
         swift_doc="The latest instance's target.",
         fields=[("alert", "alert", "alert"), ("target", "text", "target")],
         c="xyz_alert_set_target(a, step->target)", py=None),
    dict(key="depend", since="0.2",
         doc='add_dependency(alert, latest instance of text "on") or\nadd_dependency_id(alert, text "id")',
         swift_doc="The latest instance gets a dependency: on the latest instance\nof the alert called `on`, or on the id `id`.",
         body="custom", fields=[("alert", "alert", "alert"), ("on", "String?", "on"), ("id", "String?", "id")],
         c="custom", py=None),
    dict(key="session", since="0.3", doc="xyz_history_begin_session() of the scenario's history", body="custom",
         swift_doc="The history begins a session (docs/rules.md §16).", py_doc="The scenario's history begins a session.",
         fields=[], c="xyz_history_begin_session(r->history)", py="custom", py_timed=True),
    dict(key="caps", since="0.3", doc="the step's caps on the scenario's history:\nxyz_scenario_step_apply_caps()",
         swift_doc="The history's caps on these keys become these (recordings).",
         py_doc="The scenario's history gets the step's caps.", body="custom",
         fields=[(None, "[AlertSet.KeyCaps]", None)],
         c="xyz_scenario_step_apply_caps(r->scenario, r->step, r->history)",
         py="custom", py_timed=True),
    dict(key="hold", since="0.3", doc="xyz_alert_hold(latest instance of alert)", body="alert",
         swift_doc="Holds and unholds (docs/rules.md §17).",
         fields=[("alert", "alert", "alert")], c="xyz_alert_hold(a)", py="a.hold()", py_timed=True),
    dict(key="unhold", since="0.3", doc="xyz_alert_unhold(latest instance of alert)", body="alert",
         fields=[("alert", "alert", "alert")], c="xyz_alert_unhold(a)", py="a.unhold()", py_timed=True),
    dict(key="hold_timers", since="0.3", doc="xyz_dispatch_hold_timers(page)", body="page",
         fields=[("page", "page", "page")], c="xyz_dispatch_hold_timers(d)", py="d.hold_timers()", py_timed=True),
    dict(key="unhold_timers", since="0.3", doc="xyz_dispatch_unhold_timers(page)", body="page",
         fields=[("page", "page", "page")], c="xyz_dispatch_unhold_timers(d)", py="d.unhold_timers()",
         py_timed=True),
    dict(key="duration_scale", since="0.3", doc="xyz_dispatch_set_duration_scale(page, scale)", body="fields",
         py_doc="The page's duration scale becomes ``scale`` (infinity: never).",
         fields=[("page", "page", "page"), ("scale", "scale", "scale")],
         c="xyz_dispatch_set_duration_scale(d, step->scale)", py="setattr(d, 'duration_scale', s.scale)",
         py_timed=True),
    dict(key="gap", since="0.3", doc="xyz_dispatch_set_gap(page, lane, duration)", body="fields",
         py_doc="The page's gap of ``lane`` becomes ``duration`` seconds.",
         fields=[("page", "page", "page"), ("lane", "text", "lane"), ("seconds", "seconds", "duration")],
         c="xyz_dispatch_set_gap(d, step->lane, step->duration)", py="d.set_gap(s.lane or '', s.duration)",
         py_timed=True),
    dict(key="cancel_queued", since="0.3", doc="xyz_dispatch_cancel_queued(page, tag; NULL: every queued alert)",
         swift_doc="docs/rules.md §19.", py_doc="Cancel the queued alerts of ``page``'s domain with ``tag`` (None: all).",
         body="fields", fields=[("page", "page", "page"), ("tag", "text?", "tag")],
         c="xyz_dispatch_cancel_queued(d, step->tag, NULL)", py="d.cancel_queued(s.tag)", py_timed=True),
    dict(key="lane_limit", info_custom=True, since="0.3", doc="xyz_dispatch_set_lane_limit(page, lane, index, on_full)",
         py_doc="The limit of ``lane`` becomes ``index`` visible, full lanes doing ``on_full``.", body="custom",
         fields=[("page", "page", "page"), ("lane", "text", "lane"), ("limit", "LaneLimit", None)],
         c="xyz_dispatch_set_lane_limit(d, step->lane, step->index, step->on_full)",
         py="d.set_lane_limit(s.lane or '', s.index, s.on_full)", py_timed=True),
    dict(key="order", since="0.3", doc="xyz_dispatch_set_order(page, order)", body="fields",
         py_doc="The page's tie-break order becomes ``order``.",
         fields=[("page", "page", "page"), ("order", "order", "order")],
         c="xyz_dispatch_set_order(d, step->order)", py="setattr(d, 'order', s.order)", py_timed=True),
    dict(key="tag", since="0.4", doc="xyz_alert_add_tag(latest instance of alert, tag)", body="fields",
         swift_doc="A tag added to the latest instance (recordings).",
         py_doc="``tag`` is added to ``alert`` (recordings: a tag added after the add).",
         fields=[("alert", "alert", "alert"), ("tag", "text", "tag")],
         c="xyz_alert_add_tag(a, step->tag)", py=None),
    dict(key="note", since="0.4", doc="no call: the trace shows the text (in `message`)", body="text",
         swift_doc="A note the trace shows between events (no call).",
         py_doc="No call: the trace gets a ``note`` event with the step's ``message`` as ``text``.",
         fields=[("text", "text", "message")], c="trace_note(r, step->message)", c_status=False,
         py="run.trace.emit('note', text=s.message)", py_timed=True),
    dict(key="track", since="0.4", doc="xyz_dispatch_track(page, event in `id`, props as JSON text in `meta`)",
         swift_doc="Tracks an event on the page (docs/rules.md §21): its name and its\n"
                   "properties as an object's compact JSON text.",
         py_doc="``d.track(id, props)``: the event ``id`` with the properties of ``meta`` (JSON text).",
         body="custom", fields=[("page", "page", "page"), ("event", "text", "id"), ("props", "text", "meta")],
         c="xyz_dispatch_track(d, step->id, step->meta)", py="d.track(s.id, _json.loads(s.meta or '{}'))", py_timed=True),
    dict(key="set_attribute", since="0.4",
         doc="xyz_dispatch_set_attribute(page, name in `id`, value as JSON text in `meta`; NULL removes it)",
         swift_doc="Sets an attribute of the page's domain (docs/rules.md §21): its\n"
                   "name and its value's compact JSON text (nil removes it).",
         py_doc="``d.set_attribute(id, value)``: the value is ``meta``'s JSON (None removes it).",
         body="custom", fields=[("page", "page", "page"), ("name", "text", "id"), ("value", "text?", "meta")],
         c="xyz_dispatch_set_attribute(d, step->id, step->meta)",
         py="d.set_attribute(s.id, _json.loads(s.meta)) if s.meta is not None else d.remove_attribute(s.id)",
         py_timed=True),
    dict(key="set_campaigns", since="0.4",
         doc="xyz_dispatch_set_campaigns(every root page, the campaigns of the alert set file in `id`)",
         swift_doc="Replaces the campaigns of every root page (docs/rules.md §22) with\n"
                   "those of an alert set file (its path as written; `Scenario.campaignSets`).",
         py_doc="Every root page's campaigns become those of the file ``id`` (``Scenario.campaign_sets``).",
         body="custom", fields=[("file", "text", "id")], c="custom", py="custom", py_timed=True),
]

BEGIN, END = "generated by scripts/steps.py: begin", "generated by scripts/steps.py: end"
NOTICE = "generated by scripts/steps.py from its table of steps: edit the table, not this file"


def camel(key):
    head, *rest = key.split("_")
    return head + "".join(word.capitalize() for word in rest)


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

def wrap(items, indent, width=110):
    """`items` joined by ", ", broken into lines of at most `width` characters."""
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 2 + indent > width:
            lines.append(line + ",")
            line = item
        else:
            line = line + ", " + item if line else item
    lines.append(line)
    return ("\n" + " " * indent).join(lines)


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
    let readFields: (JSONValue, String, [String], [String]) throws(LoadError) -> [String: JSONValue]

    func fields(_ body: JSONValue, _ what: String, required: [String], optional: [String])
        throws(LoadError) -> [String: JSONValue] {{
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


# ---------------------------------------------------------------- Python runner

def python_table():
    rows = []
    for s in STEPS:
        kind = "StepKind." + s["key"].upper()
        who = subject(s) if s["py"] not in ("custom", None) else None
        if s["py"] is None:
            play = "None"
        elif s["py"] == "custom":
            play = "lambda run, s: run._run_%s(s)" % s["key"]
        elif who == "page":
            play = "lambda run, s: _on_page(run, s, lambda d: %s)" % s["py"]
        elif who == "alert":
            play = "lambda run, s: _on_alert(run, s, lambda a: %s)" % s["py"]
        else:
            play = "lambda run, s: %s" % s["py"]
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


# ---------------------------------------------------------------- output

def replace_between(text, body, comment):
    """`text` with the lines between its begin and end markers replaced by `body`."""
    i, j = text.index(comment % BEGIN), text.index(comment % END)
    start = text.index("\n", i) + 1
    stop = text.rindex("\n", 0, j) + 1
    return text[:start] + body + "\n" + text[stop:]


def outputs():
    header = ROOT / "include/xyzalert_tooling.h"
    enums = ROOT / "bindings/python/xyzalert/_enums.py"
    return {
        header: replace_between(header.read_text(), header_enum(), "    /* %s */"),
        enums: replace_between(enums.read_text(), python_enum(), "    # %s"),
        ROOT / "Sources/XYZAlertJSON/StepTable.swift": swift_reading(),
        ROOT / "Sources/XYZAlertABI/StepInfo.swift": swift_info(),
        ROOT / "Sources/xyzalert-runner/step_table.c": c_runner(),
        ROOT / "bindings/python/xyzalert/_step_table.py": python_table(),
    }


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for path, text in outputs().items():
        old = path.read_text() if path.exists() else None
        if old != text:
            stale.append(path.relative_to(ROOT))
            if not check:
                path.write_text(text)
    if check and stale:
        print("scripts/steps.py: out of date (run scripts/steps.py): " + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
