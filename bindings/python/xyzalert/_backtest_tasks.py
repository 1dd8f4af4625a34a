"""How a backtest's corpus is shared out into tasks, and the tasks run:
on a ``concurrent.futures`` executor, or on a Dask cluster (a
``distributed.Client``, the optional extra ``xyzalert[dask]``), whose
partial reports are merged by a tree of additions on the workers."""

from __future__ import annotations

import concurrent.futures
import operator
import os
import sys
from typing import Any, Callable, List, NamedTuple, Optional, Sequence

#: Tasks per worker thread of a Dask cluster by default: a worker that
#: finishes early takes another, and a lost worker's retry is small.
DASK_TASKS_PER_THREAD = 4


class Task(NamedTuple):
    """One task: the corpus paths it reads, and its share of their
    sessions (part `part` of `parts`; all of them when `parts` is 1)."""

    paths: List[str]
    part: int
    parts: int


def plan(paths: Sequence[str], count: int) -> List[Task]:
    """`count` tasks over the corpus `paths`: groups of whole files when
    there are at least as many plain files as tasks (each task reads only
    its own), else every task reads every path and replays one session in
    `count` (``--part``)."""
    if len(paths) >= count and all(os.path.isfile(p) for p in paths):
        return [Task(list(paths[k::count]), 0, 1) for k in range(count)]
    return [Task(list(paths), k, count) for k in range(count)]


def is_dask(executor: Any) -> bool:
    """Whether `executor` is a Dask ``distributed.Client``."""
    return type(executor).__module__.split(".")[0] == "distributed" and hasattr(executor, "scheduler_info")


def dask_threads(client: Any) -> int:
    """The worker threads of a Dask cluster (at least 1)."""
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


class _Bar:
    """A bar on standard error: parts done of all."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.show()

    def show(self) -> None:
        width = 30
        filled = width * self.done // self.total
        sys.stderr.write(f"\rbacktest: [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} parts")
        if self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def step(self) -> None:
        self.done += 1
        self.show()


def run_local(pool: concurrent.futures.Executor, work: Callable[[Task], Any], tasks: List[Task],
              progress: bool) -> List[Any]:
    """Each task's result from `pool`, in task order; a bar while they run."""
    futures = [pool.submit(work, task) for task in tasks]
    if progress:
        bar = _Bar(len(futures))
        for _ in concurrent.futures.as_completed(futures):
            bar.step()
    return [f.result() for f in futures]


def run_dask(client: Any, work: Callable[[Task], Any], tasks: List[Task], progress: bool) -> Any:
    """The sum of the tasks' results, added on the cluster pairwise (a tree:
    log2(tasks) rounds); Dask's own progress bar while the tasks run. A task
    whose worker dies is run again by Dask."""
    futures = client.map(work, tasks, pure=False)
    if progress:
        from distributed import progress as dask_progress  # type: ignore[import-not-found]

        dask_progress(futures)
    while len(futures) > 1:
        paired = [client.submit(operator.add, futures[k], futures[k + 1], pure=False)
                  for k in range(0, len(futures) - 1, 2)]
        futures = paired + futures[len(futures) - len(futures) % 2:]
    return futures[0].result()


def cwd() -> Optional[str]:
    """The caller's directory, where relative corpus paths were written."""
    try:
        return os.getcwd()
    except OSError:
        return None
