"""Shared fixtures: a recording host, and paths into the repository."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, List, Optional

import pytest

import xyzalert

REPO = Path(__file__).resolve().parents[3]


class Recorder(xyzalert.Host):
    """Records every event as one line, e.g. "show a page" or "hide b covered";
    `react(line, alert)` may call back into the engine."""

    def __init__(self, deferred: bool = False) -> None:
        self.log: List[str] = []
        self.deferred = deferred
        self.react: Optional[Callable[[str, Any], None]] = None
        self.views: dict = {}

    def _record(self, line: str, alert: Any = None) -> None:
        self.log.append(line)
        if self.react:
            self.react(line, alert)

    def take(self) -> List[str]:
        log, self.log = self.log, []
        return log

    def show(self, alert, target, view):
        self.views[alert.id] = view
        self._record(f"show {alert.id} {target}", alert)

    def hide(self, alert, reason):
        self._record(f"hide {alert.id} {reason.name.lower()}", alert)

    def unhide(self, alert):
        self._record(f"unhide {alert.id}", alert)

    def remove(self, alert, reason):
        self._record(f"remove {alert.id} {reason.name.lower()}", alert)

    def finish(self, alert, reason):
        self._record(f"finish {alert.id} {reason.name.lower()}", alert)

    def move(self, alert, dy, duration):
        self._record(f"move {alert.id} {dy:g} {duration:g}", alert)

    def action(self, alert, index, action_id):
        self._record(f"action {alert.id} {index} {action_id}", alert)

    def update(self, alert):
        self._record(f"update {alert.id} {alert.title}", alert)

    def request_flush(self, dispatch):
        self._record(f"flush? {dispatch.name}")


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def page(recorder: Recorder):
    """Makes visible pages on the recorder's host; closes them afterwards."""
    made: List[xyzalert.Dispatch] = []

    def make(name: str, visible: bool = True, host: Optional[xyzalert.Host] = None, view: Any = None):
        dispatch = xyzalert.Dispatch(host or recorder, view, name=name)
        if visible:
            dispatch.page_did_appear()
        made.append(dispatch)
        return dispatch

    yield make
    for dispatch in reversed(made):
        if not dispatch.closed:
            dispatch.close()


def cli_path() -> Path:
    """The xyzalert tool: XYZALERT_CLI, else the repository's release or debug build."""
    if os.environ.get("XYZALERT_CLI"):
        return Path(os.environ["XYZALERT_CLI"])
    for config in ("release", "debug"):
        for candidate in sorted(REPO.glob(f".build/*/{config}/xyzalert-cli")):
            return candidate
    raise FileNotFoundError("build the tool first: make cli (or set XYZALERT_CLI)")


def split_corpus(path, parts: int, folder: Path) -> List[str]:
    """The sessions of the JSON Lines file `path` dealt out into `parts`
    files in `folder` (line k into file k modulo `parts`); their paths."""
    lines = Path(path).read_text().splitlines(keepends=True)
    paths = []
    for k in range(parts):
        part = folder / f"part-{k}.jsonl"
        part.write_text("".join(lines[k::parts]))
        paths.append(str(part))
    return paths
