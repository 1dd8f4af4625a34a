"""The scenario steps, declared once; every mirror of them is generated.

To add a step: add a row to STEPS (at the end: the kinds are ABI values),
run `python3 scripts/interface`, write the engine call the row names if it
is new, and the tests. `python3 scripts/interface --check` (in `make lint`)
fails when a generated file is out of date.

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
  js      the JavaScript runner's call, where it is not `py` with its
          method and field names in camelCase (bindings/js/step_table.mjs).
  info_custom  whether ScenarioSteps.swift sets fields of its xyz_step_info
          beyond those the table maps (customStepFields).
"""

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
         py="d.keyboard_changed(s.frame or (0, 0, 0, 0), s.duration)",
         js="d.keyboardChanged(s.frame ?? [0, 0, 0, 0], s.duration)"),
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
         c="xyz_dispatch_set_duration_scale(d, step->scale)", py="setattr(d, 'duration_scale', s.scale)", js="d.durationScale = s.scale",
         py_timed=True),
    dict(key="gap", since="0.3", doc="xyz_dispatch_set_gap(page, lane, duration)", body="fields",
         py_doc="The page's gap of ``lane`` becomes ``duration`` seconds.",
         fields=[("page", "page", "page"), ("lane", "text", "lane"), ("seconds", "seconds", "duration")],
         c="xyz_dispatch_set_gap(d, step->lane, step->duration)", py="d.set_gap(s.lane or '', s.duration)", js="d.setGap(s.lane ?? '', s.duration)",
         py_timed=True),
    dict(key="cancel_queued", since="0.3", doc="xyz_dispatch_cancel_queued(page, tag; NULL: every queued alert)",
         swift_doc="docs/rules.md §19.", py_doc="Cancel the queued alerts of ``page``'s domain with ``tag`` (None: all).",
         body="fields", fields=[("page", "page", "page"), ("tag", "text?", "tag")],
         c="xyz_dispatch_cancel_queued(d, step->tag, NULL)", py="d.cancel_queued(s.tag)", py_timed=True),
    dict(key="lane_limit", info_custom=True, since="0.3", doc="xyz_dispatch_set_lane_limit(page, lane, index, on_full)",
         py_doc="The limit of ``lane`` becomes ``index`` visible, full lanes doing ``on_full``.", body="custom",
         fields=[("page", "page", "page"), ("lane", "text", "lane"), ("limit", "LaneLimit", None)],
         c="xyz_dispatch_set_lane_limit(d, step->lane, step->index, step->on_full)",
         py="d.set_lane_limit(s.lane or '', s.index, s.on_full)", js="d.setLaneLimit(s.lane ?? '', s.index, s.onFull)", py_timed=True),
    dict(key="order", since="0.3", doc="xyz_dispatch_set_order(page, order)", body="fields",
         py_doc="The page's tie-break order becomes ``order``.",
         fields=[("page", "page", "page"), ("order", "order", "order")],
         c="xyz_dispatch_set_order(d, step->order)", py="setattr(d, 'order', s.order)", js="d.order = s.order", py_timed=True),
    dict(key="tag", since="0.4", doc="xyz_alert_add_tag(latest instance of alert, tag)", body="fields",
         swift_doc="A tag added to the latest instance (recordings).",
         py_doc="``tag`` is added to ``alert`` (recordings: a tag added after the add).",
         fields=[("alert", "alert", "alert"), ("tag", "text", "tag")],
         c="xyz_alert_add_tag(a, step->tag)", py=None),
    dict(key="note", since="0.4", doc="no call: the trace shows the text (in `message`)", body="text",
         swift_doc="A note the trace shows between events (no call).",
         py_doc="No call: the trace gets a ``note`` event with the step's ``message`` as ``text``.",
         fields=[("text", "text", "message")], c="trace_note(r, step->message)", c_status=False,
         py="run.trace.emit('note', text=s.message)", js="run.trace.emit('note', { text: s.message })", py_timed=True),
    dict(key="track", since="0.4", doc="xyz_dispatch_track(page, event in `id`, props as JSON text in `meta`)",
         swift_doc="Tracks an event on the page (docs/rules.md §21): its name and its\n"
                   "properties as an object's compact JSON text.",
         py_doc="``d.track(id, props)``: the event ``id`` with the properties of ``meta`` (JSON text).",
         body="custom", fields=[("page", "page", "page"), ("event", "text", "id"), ("props", "text", "meta")],
         c="xyz_dispatch_track(d, step->id, step->meta)", py="d.track(s.id, _json.loads(s.meta or '{}'))", js="d.track(s.id, JSON.parse(s.meta ?? '{}'))", py_timed=True),
    dict(key="set_attribute", since="0.4",
         doc="xyz_dispatch_set_attribute(page, name in `id`, value as JSON text in `meta`; NULL removes it)",
         swift_doc="Sets an attribute of the page's domain (docs/rules.md §21): its\n"
                   "name and its value's compact JSON text (nil removes it).",
         py_doc="``d.set_attribute(id, value)``: the value is ``meta``'s JSON (None removes it).",
         body="custom", fields=[("page", "page", "page"), ("name", "text", "id"), ("value", "text?", "meta")],
         c="xyz_dispatch_set_attribute(d, step->id, step->meta)",
         py="d.set_attribute(s.id, _json.loads(s.meta)) if s.meta is not None else d.remove_attribute(s.id)",
         js="s.meta !== null ? d.setAttribute(s.id, JSON.parse(s.meta)) : d.removeAttribute(s.id)",
         py_timed=True),
    dict(key="set_campaigns", since="0.4",
         doc="xyz_dispatch_set_campaigns(every root page, the campaigns of the alert set file in `id`)",
         swift_doc="Replaces the campaigns of every root page (docs/rules.md §22) with\n"
                   "those of an alert set file (its path as written; `Scenario.campaignSets`).",
         py_doc="Every root page's campaigns become those of the file ``id`` (``Scenario.campaign_sets``).",
         body="custom", fields=[("file", "text", "id")], c="custom", py="custom", py_timed=True),
]
