"""Backtests: recorded sessions replayed under a baseline alert set and a
candidate, and what the candidate would have changed (docs/rules.md §23).

>>> report = xyzalert.backtest.run("baseline.json", "tighter-cap.json", ["sessions/"])  # doctest: +SKIP
>>> report.to_dict()["alerts"]["promo"]["shown"]                                       # doctest: +SKIP
[7, 4]

Sessions come from recordings, or from the events an app already
collects: :func:`sessions_from_segment` (:mod:`xyzalert.fleet`).

The replay is the ``xyzalert`` tool's (one implementation, in C, beside the
scenario player it reuses: docs/architecture.md says why), run on parts of
the corpus (``xyzalert backtest --part K/N --format state``): a part's
``Report`` holds the tool's state of its numbers, and reports merge
with ``+`` into the report of the whole corpus, byte for byte, in any order
and grouping. The tool is found through the XYZALERT_CLI environment
variable, then a copy inside this package, then the repository's build
directory, then ``PATH``.
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _backtest_tasks as _tasks
from .errors import ParseError, ReadError, SchemaError, XYZAlertError
from .fleet import sessions_from_segment  # sessions from collected events, to replay here

PathLike = Union[str, "os.PathLike[str]"]

#: The most states a report holds before it asks the tool to add them up.
_STATES_KEPT = 16


def tool() -> str:
    """The ``xyzalert`` tool's path; FileNotFoundError naming where it looked."""
    override = os.environ.get("XYZALERT_CLI")
    if override:
        return override
    here = Path(__file__).resolve().parent
    candidates = [here / "bin" / "xyzalert"]
    root = here.parent.parent.parent
    for config in ("release", "debug"):
        candidates += sorted(root.glob(f".build/*/{config}/xyzalert-cli"))
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    found = shutil.which("xyzalert")
    if found:
        return found
    raise FileNotFoundError("xyzalert.backtest needs the xyzalert tool: install it (make install puts it in "
                            "PREFIX/bin), or set XYZALERT_CLI to its path")


def _error_from(stderr: str) -> XYZAlertError:
    """The tool's first diagnostic line as the package's exception: a load
    error ("FILE:LINE:COLUMN: error: MESSAGE (at POINTER)", or "FILE:
    error: cannot open: REASON") located, anything else as it is."""
    line = stderr.strip().splitlines()[0] if stderr.strip() else "the xyzalert tool failed"
    head, sep, rest = line.partition(": error: ")
    if sep:
        parts = head.rsplit(":", 2)
        message, _, pointer = rest.rpartition(" (at ")
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit() and pointer.endswith(")"):
            error_type = ParseError if "JSON" in message else SchemaError
            return error_type(message, source=parts[0], line=int(parts[1]), column=int(parts[2]), path=pointer[:-1])
        if rest.startswith("cannot "):
            return ReadError(rest, source=head)
    return XYZAlertError(line)


def _call(arguments: Sequence[str], stdin: Optional[str] = None, cwd: Optional[str] = None) -> str:
    # (A worker of another machine may not have the caller's directory.)
    folder = cwd if cwd and os.path.isdir(cwd) else None
    result = subprocess.run([tool(), "backtest", *arguments], input=stdin, capture_output=True, text=True,
                            cwd=folder)
    if result.returncode != 0:
        raise _error_from(result.stderr)
    return result.stdout


@dataclass(frozen=True)
class _Inputs:
    """What every part of a run shares: the tool's arguments but the corpus."""

    policies: Tuple[str, ...]  # the baseline, then the candidates, as given
    model: Optional[str]
    changes: int

    def arguments(self) -> List[str]:
        out = ["--baseline", self.policies[0]]
        for candidate in self.policies[1:]:
            out += ["--candidate", candidate]
        if self.model is not None:
            out += ["--model", self.model]
        return out + ["--changes", str(self.changes)]


@dataclass(frozen=True)
class Change:
    """One difference of a candidate's replay from the baseline's: ``kind``
    is ``newly_shown``, ``newly_suppressed`` (with its ``reason``) or
    ``shifted`` (by ``delta`` seconds); ``campaign`` when a campaign made
    the instance; ``candidate`` is 1 for the first candidate."""

    alert: str
    kind: str
    reason: Optional[str] = None
    delta: Optional[float] = None
    campaign: Optional[str] = None
    candidate: int = 1


@dataclass(frozen=True)
class ChangedSession:
    """A session a candidate changed (``session`` is ``FILE:LINE``, or
    ``FILE`` for a .json file) and its differences, in instance order."""

    session: str
    changes: Tuple[Change, ...]


class Report:
    """A backtest's report, or a part of one: merge parts with ``+``.

    Reports of the same inputs (policies, model, ``changes``) add up;
    ``a + b`` holds both parts' states, added up by the tool when there get
    to be many, and renders the bytes the whole run's tool prints. Picklable
    (an executor's processes hand parts back)."""

    def __init__(self, inputs: _Inputs, states: Sequence[str]) -> None:
        """A report of `states` (the tool's ``--format state`` outputs)."""
        self._inputs = inputs
        self._states: Tuple[str, ...] = tuple(states)
        self._rendered: Dict[str, str] = {}

    def __add__(self, other: "Report") -> "Report":
        if not isinstance(other, Report):
            return NotImplemented
        if other._inputs != self._inputs:
            raise ValueError("reports of different policies, models or change limits do not add up")
        states = self._states + other._states
        if len(states) > _STATES_KEPT:
            states = (self._render("state", states),)
        return Report(self._inputs, states)

    def __getstate__(self) -> Dict[str, Any]:
        return {"inputs": self._inputs, "states": self._states}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__init__(state["inputs"], state["states"])  # type: ignore[misc]

    def _render(self, form: str, states: Optional[Sequence[str]] = None) -> str:
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for k, text in enumerate(self._states if states is None else states):
                path = Path(folder) / f"{k}.state"
                path.write_text(text, encoding="utf-8")
                paths.append(str(path))
            return _call(self._inputs.arguments() + ["--merge", "--format", form, "--", *paths])

    def _cached(self, form: str) -> str:
        if form not in self._rendered:
            self._rendered[form] = self._render(form)
        return self._rendered[form]

    def to_json(self) -> str:
        """The report as JSON text (docs/formats.md, "Backtest reports")."""
        return self._cached("json")

    def to_html(self) -> str:
        """The report as one self-contained HTML page (charts, no script)."""
        return self._cached("html")

    def to_text(self) -> str:
        """The report as the tool's terminal table."""
        return self._cached("text")

    def to_dict(self) -> Dict[str, Any]:
        """The JSON report, parsed."""
        parsed: Dict[str, Any] = json.loads(self.to_json())
        return parsed

    def changed_sessions(self) -> List[ChangedSession]:
        """The first changed sessions the report keeps, in name order, each
        with its differences."""
        sessions: List[ChangedSession] = []
        for entry in self.to_dict()["changes"]:
            change = Change(entry["alert"], entry["kind"], entry["reason"], entry["delta"], entry.get("campaign"),
                            entry.get("candidate", 1))
            if sessions and sessions[-1].session == entry["session"]:
                sessions[-1] = ChangedSession(entry["session"], sessions[-1].changes + (change,))
            else:
                sessions.append(ChangedSession(entry["session"], (change,)))
        return sessions


def replay_part(inputs: _Inputs, corpus: Sequence[str], part: int, parts: int, cwd: Optional[str] = None) -> Report:
    """Replays part `part` of `parts` of the corpus (the sessions whose
    number modulo `parts` is `part`; with `parts` 1, all of `corpus`): one
    task of :func:`run`, run in `cwd` (the caller's directory, where
    relative paths were written) when the machine has it."""
    share = ["--part", f"{part}/{parts}"] if parts > 1 else []
    state = _call(inputs.arguments() + share + ["--format", "state", "--", *corpus], cwd=cwd)
    return Report(inputs, [state])


def _paths(value: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(v) for v in value]


def replay_task(inputs: _Inputs, cwd: Optional[str], task: _tasks.Task) -> Report:
    """One task of :func:`run` (picklable: Dask ships it to its workers)."""
    return replay_part(inputs, task.paths, task.part, task.parts, cwd)


def run(baseline: PathLike, candidate: Union[PathLike, Sequence[PathLike]], corpus: Union[PathLike, Iterable[PathLike]],
        model: Optional[PathLike] = None, executor: Any = None, *, parts: Optional[int] = None,
        changes: int = 100, progress: Optional[bool] = None) -> Report:
    """Replays every session of `corpus` (.json and .jsonl files and
    directories of them, maybe gzip-compressed) under the alert set
    `baseline` and `candidate` (or each of several candidates), with the
    response model `model` (a file; None: a dismiss 5 s after each show),
    and returns the report, keeping the first `changes` changes.

    The corpus is shared out in `parts` tasks (whole files when there are
    enough, else one session in `parts` each), run by `executor`: any
    ``concurrent.futures.Executor`` (default: a process of the tool per
    CPU, `parts` defaulting to the executor's workers), or a Dask
    ``distributed.Client`` (the extra ``xyzalert[dask]``; `parts`
    defaulting to four per worker thread), whose workers need the package
    and its tool installed and the corpus at the same paths (docs/fleet.md,
    "Backtests on a cluster"). The parts' reports are added up (on the
    cluster for Dask): the report's bytes are the same however the corpus
    was shared out. `progress` (default: standard error is a terminal)
    shows a bar: Dask's own for a client. A policy or model that does not
    load raises :class:`~xyzalert.ParseError` (or its subclasses) with its
    location; a session that cannot be replayed is an error of the report,
    never raised."""
    policies = tuple(_paths(baseline) + _paths(candidate))
    if len(policies) < 2:
        raise ValueError("run needs a candidate")
    inputs = _Inputs(policies, None if model is None else os.fspath(model), changes)
    paths = _paths(corpus)
    if not paths:
        raise ValueError("run needs a corpus")
    dask = _tasks.is_dask(executor)
    if dask:
        workers = _tasks.DASK_TASKS_PER_THREAD * _tasks.dask_threads(executor)
    else:
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    count = parts or workers
    if count < 1:
        raise ValueError(f"parts must be at least 1, got {count}")
    show = sys.stderr.isatty() if progress is None else progress
    work = functools.partial(replay_task, inputs, _tasks.cwd())
    tasks = _tasks.plan(paths, count)
    if dask:
        total: Report = _tasks.run_dask(executor, work, tasks, show)
        return total
    # The default: a thread per CPU, each waiting on a process of the tool.
    own = executor is None
    pool: concurrent.futures.Executor = executor or concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    try:
        reports = _tasks.run_local(pool, work, tasks, show)
    finally:
        if own:
            pool.shutdown()
    total = reports[0]
    for part in reports[1:]:
        total = total + part
    return total
