"""The playground's timeline: one row per alert, one column per step, each
cell the alert's state after that step (the colours of ``xyzalert simulate
--format svg``'s legend), how each alert ended, campaign events on a row of
their own, and above the grid each step's number and time (the user's
local time with a wall clock, else seconds), below it each step's label,
and a legend under all. Every column is a target the page makes clickable
(``data-step``)."""

from __future__ import annotations

from typing import AbstractSet, Any, Dict, Iterable, List, Optional, Set, Tuple
from xml.sax.saxutils import escape, quoteattr

ROW, STEP, TOP, CHAR = 22, 28, 64, 7
#: Room under the grid for the step labels. Labels above (times) and below
#: (steps) slant, parallel, one column (28 px) apart: more than their
#: height apart across their slant, so they never overlap.
LABELS = 96
COLOURS = {"waiting": "#d3d7cf", "ready": "#fce94f", "showing": "#73d216", "hidden": "#729fcf"}
#: Campaign events: (what the legend calls it, fill, stroke). A test
#: campaign's trigger is a trigger with a ring; a miss is hollow.
CAMPAIGN_MARKS = {"trigger": ("trigger", "#4e9a06", "none"), "test": ("test trigger", "#ffffff", "#4e9a06"),
                  "control": ("control", "#75507b", "none"), "skip": ("skip", "#888a85", "none"),
                  "miss": ("miss", "#ffffff", "#888a85"), "campaigns": ("set replaced", "#3465a4", "none")}
#: How an alert ended: a glyph and its colour per kind of end, so that the
#: user's own dismissal and a rule that held the alert look different.
ENDS = {"held": ("\u2298", "#ce5c00", "capped, outside its windows, ineligible, withdrawn"),
        "control": ("\u25cb", "#75507b", "a control instance"),
        "user": ("\u00d7", "#a40000", "dismissed, cancelled or another end")}
HELD = frozenset({"capped", "outside_window", "ineligible", "withdrawn", "expired", "dropped", "evicted",
                  "displaced", "duplicate", "replaced"})


def end_kind(reason: str) -> str:
    """Which glyph an end gets (ENDS' keys)."""
    return "control" if reason == "control" else "held" if reason in HELD else "user"


def _time_labels(steps: List[Dict[str, Any]]) -> List[Optional[str]]:
    """Per column, its time when it differs from the column before (local
    "Tue 08:00" with a wall clock, else seconds "120s"), else None."""
    out: List[Optional[str]] = []
    last = None
    for step in steps:
        text = step["local"][:9] if step.get("local") else f'{step["clock"]:g}s'
        out.append(text if text != last else None)
        last = text
    return out


def _legend(y: int, left: int, campaigns: Set[str], ends: Set[str]) -> Tuple[List[str], int]:
    """The legend's items (states always; the campaign marks and ends the
    picture uses), as SVG, from `y`; and the height it takes."""
    items: List[Tuple[str, str]] = [(f'<rect width="14" height="10" y="-9" fill="{colour}"/>', state)
                                     for state, colour in COLOURS.items()]
    for kind in CAMPAIGN_MARKS:
        if kind in campaigns:
            name, fill, stroke = CAMPAIGN_MARKS[kind]
            items.append((f'<circle cx="7" cy="-4" r="4" fill="{fill}" stroke="{stroke}" stroke-width="2"/>', name))
    for kind, (glyph, colour, words) in ENDS.items():
        if kind in ends:
            items.append((f'<text x="7" text-anchor="middle" fill="{colour}" font-size="13">{glyph}</text>', words))
    out, x, row = [], left, 0
    for mark, words in items:
        width = 22 + CHAR * len(words) + 14
        if x + width > left + 560 and x > left:
            x, row = left, row + 1
        out.append(f'<g class="legend" transform="translate({x},{y + 14 + 18 * row})">{mark}'
                   f'<text x="20">{escape(words)}</text></g>')
        x += width
    return out, 18 * (row + 1) + 8


def _campaign_marks(events: Iterable[Dict[str, Any]], tests: AbstractSet[str]) -> Dict[int, List[Tuple[str, Dict[str, Any]]]]:
    """Per step, its campaign events and the mark each gets."""
    marks: Dict[int, List[Tuple[str, Dict[str, Any]]]] = {}
    for event in events:
        kind = event["event"]
        if kind in CAMPAIGN_MARKS:
            mark = "test" if kind == "trigger" and event.get("alert") in tests else kind
            marks.setdefault(event["step"], []).append((mark, event))
    return marks


def svg(steps: List[Dict[str, Any]], events: List[Dict[str, Any]], tests: AbstractSet[str] = frozenset()) -> str:
    """The picture of a played scenario: `steps` as ``simulate`` makes
    them; `tests`, the ids of test campaigns (their triggers have a ring)."""
    names: List[str] = []
    for step in steps:
        for alert in step["alerts"]:
            if alert["alert"] not in names:
                names.append(alert["alert"])
    # Looked up per cell: each step's states, the campaign marks by step, the ends.
    states = [{a["alert"]: a["state"] for a in step["alerts"]} for step in steps]
    marks_at = _campaign_marks(events, tests)
    ends = {(e["step"], e["alert"]): e["reason"] for e in events if e["event"] == "finish"}
    rows = names + (["campaigns"] if marks_at else [])
    left = max([len(name) for name in rows] + [6]) * CHAR + 16
    grid_bottom = TOP + ROW * max(len(rows), 1)
    legend, legend_height = _legend(grid_bottom + LABELS, 8, {m for ms in marks_at.values() for m, _ in ms},
                                    {end_kind(reason) for reason in ends.values()})
    width = max(left + STEP * max(len(steps), 1) + 80, 600)
    height = grid_bottom + LABELS + legend_height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif" font-size="11">']
    times = _time_labels(steps)
    for column, step in enumerate(steps):
        x = left + column * STEP + STEP // 2
        out.append(f'<text x="{x}" y="{TOP - 46}" text-anchor="middle" font-weight="bold">{step["step"]}</text>')
        if times[column] is not None:  # only where the time moved: labels never overlap
            out.append(f'<text class="time" x="{x}" y="{TOP - 6}" font-size="9" fill="#555753" '
                       f'transform="rotate(-60 {x} {TOP - 6})">{escape(times[column] or "")}</text>')
        out.append(f'<text class="label" x="{x}" y="{grid_bottom + 10}" font-size="10" fill="#555753" '
                   f'transform="rotate(50 {x} {grid_bottom + 10})">{escape(step.get("label", step["kind"])[:16])}'
                   f'</text>')
    for row, name in enumerate(rows):
        y = TOP + row * ROW
        out.append(f'<text x="8" y="{y + 15}">{escape(name)}</text>')
        for column, step in enumerate(steps):
            x = left + column * STEP
            if name == "campaigns":
                for k, (mark, event) in enumerate(marks_at.get(step["step"], [])[:3]):
                    _, fill, stroke = CAMPAIGN_MARKS[mark]
                    what = " ".join(str(event.get(key, "")) for key in ("event", "alert", "reason", "variant")
                                    if event.get(key)) + (f': {event["why"]}' if event.get("why") else "")
                    out.append(f'<circle class="{mark}" cx="{x + 7 + 7 * k}" cy="{y + 11}" r="4" fill="{fill}" '
                               f'stroke="{stroke}" stroke-width="2"><title>{escape(what)}</title></circle>')
                continue
            state = states[column].get(name)
            if state in COLOURS:
                out.append(f'<rect x="{x + 1}" y="{y + 4}" width="{STEP - 2}" height="{ROW - 8}" fill="{COLOURS[state]}">'
                           f'<title>{escape(name)}: {state}</title></rect>')
            reason = ends.get((step["step"], name))
            if reason is not None:
                glyph, colour, _ = ENDS[end_kind(reason)]
                out.append(f'<text class="end {end_kind(reason)}" x="{x + STEP // 2}" y="{y + 16}" '
                           f'text-anchor="middle" fill="{colour}" font-size="13">'
                           f'{glyph}<title>{escape(name)}: finished ({escape(reason)})</title></text>')
    for column, step in enumerate(steps):
        out.append(f'<rect class="step" data-step={quoteattr(str(step["step"]))} x="{left + column * STEP}" y="0" '
                   f'width="{STEP}" height="{grid_bottom + LABELS - 8}" fill="transparent"><title>step {step["step"]}: '
                   f'{escape(step.get("label", step["kind"]))}</title></rect>')
    out.extend(legend)
    out.append("</svg>")
    return "".join(out)
