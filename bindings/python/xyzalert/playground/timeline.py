"""The playground's timeline: one row per alert, one column per step, each
cell the alert's state after that step (the colours of ``xyzalert simulate
--format svg``'s legend), campaign triggers and skips on a row of their own.
Every column is a target the page makes clickable (``data-step``)."""

from __future__ import annotations

from typing import Any, Dict, List
from xml.sax.saxutils import escape, quoteattr

ROW, STEP, TOP, CHAR = 22, 28, 26, 7
COLOURS = {"waiting": "#d3d7cf", "ready": "#fce94f", "showing": "#73d216", "hidden": "#729fcf"}
CAMPAIGN_MARKS = {"trigger": "#4e9a06", "control": "#75507b", "skip": "#888a85", "campaigns": "#3465a4"}


def svg(steps: List[Dict[str, Any]], events: List[Dict[str, Any]]) -> str:
    """The picture of a played scenario: `steps` as ``simulate`` makes them."""
    names: List[str] = []
    for step in steps:
        for alert in step["alerts"]:
            if alert["alert"] not in names:
                names.append(alert["alert"])
    # Looked up per cell: each step's states, and the campaign marks by step.
    states = [{a["alert"]: a["state"] for a in step["alerts"]} for step in steps]
    marks_at: Dict[int, List[Dict[str, Any]]] = {}
    for event in events:
        if event["event"] in CAMPAIGN_MARKS:
            marks_at.setdefault(event["step"], []).append(event)
    rows = names + (["campaigns"] if marks_at else [])
    left = max([len(name) for name in rows] + [6]) * CHAR + 16
    width, height = left + STEP * max(len(steps), 1) + 8, TOP + ROW * max(len(rows), 1) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif" font-size="11">']
    for column, step in enumerate(steps):
        out.append(f'<text x="{left + column * STEP + STEP // 2}" y="16" text-anchor="middle">{step["step"]}</text>')
    ends = {(e["step"], e["alert"]): e["reason"] for e in events if e["event"] == "finish"}
    for row, name in enumerate(rows):
        y = TOP + row * ROW
        out.append(f'<text x="8" y="{y + 15}">{escape(name)}</text>')
        for column, step in enumerate(steps):
            x = left + column * STEP
            if name == "campaigns":
                for k, mark in enumerate(marks_at.get(step["step"], [])[:3]):
                    what = f'{mark["event"]} {mark.get("alert", "")} {mark.get("reason", mark.get("variant", ""))}'.strip()
                    out.append(f'<circle cx="{x + 7 + 7 * k}" cy="{y + 11}" r="4" fill="{CAMPAIGN_MARKS[mark["event"]]}">'
                               f'<title>{escape(what)}</title></circle>')
                continue
            state = states[column].get(name)
            if state in COLOURS:
                out.append(f'<rect x="{x + 1}" y="{y + 4}" width="{STEP - 2}" height="{ROW - 8}" fill="{COLOURS[state]}">'
                           f'<title>{escape(name)}: {state}</title></rect>')
            reason = ends.get((step["step"], name))
            if reason is not None:
                out.append(f'<text x="{x + STEP // 2}" y="{y + 15}" text-anchor="middle" fill="#a40000">'
                           f'\u00d7<title>{escape(name)}: finished ({escape(reason)})</title></text>')
    for column, step in enumerate(steps):
        out.append(f'<rect class="step" data-step={quoteattr(str(step["step"]))} x="{left + column * STEP}" y="0" '
                   f'width="{STEP}" height="{height}" fill="transparent"><title>step {step["step"]}: '
                   f'{escape(step["kind"])}</title></rect>')
    out.append("</svg>")
    return "".join(out)
