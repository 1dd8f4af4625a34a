"""Collected events to session files, in bounded memory: the records are
shared out by a hash of their user into partitions on disk, then each
partition is read back, its users' events sorted and made into sessions.
The output is the same whatever the partitions: users come in the order
of (hash, id) and every partition is a range of hashes."""

from __future__ import annotations

import gzip
import json
import os
import tempfile
import zlib
from typing import IO, Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union
from urllib.parse import quote

from ..errors import ReadError
from .events import Event, Problem, event_of, input_files, read_records
from .mapping import Mapping, load_mapping
from .sessions import Summary, session_of, session_text

PathLike = Union[str, "os.PathLike[str]"]

#: The input held in memory at once (bytes of JSON text, estimated): a
#: larger input is partitioned on disk. Python holds an event in about
#: three times its text: 32 MB keeps a conversion near 100 MB resident
#: whatever the input's size (docs/performance.md, "Fleet data").
DEFAULT_PARTITION_BYTES = 32 << 20
# How much larger than its file a compressed input is taken to be.
_EXPANSION = {".gz": 6, ".parquet": 8}


def _hash(user: str) -> int:
    return zlib.crc32(user.encode("utf-8", "surrogatepass"))


def _estimate(paths: List[str]) -> int:
    """The input's size as text, about: the files read_records reads."""
    total = 0
    for path in input_files(paths):
        suffix = next((s for s in _EXPANSION if path.endswith(s)), "")
        try:
            total += os.path.getsize(path) * _EXPANSION.get(suffix, 1)
        except OSError:
            pass
    return total


def sessions_from_segment(paths: Union[PathLike, Iterable[PathLike]], mapping: Union[PathLike, Mapping],
                          out: PathLike, *, partition_bytes: int = DEFAULT_PARTITION_BYTES,
                          scratch: Optional[PathLike] = None) -> Summary:
    """Turns the Segment-Spec events of `paths` (JSON Lines, maybe gzip-
    compressed, Parquet, or directories of them) into session files with
    the event mapping `mapping` (a file, or one loaded with
    :func:`load_mapping`), written to `out`: a directory (one ``.json``
    file per user) or a ``.jsonl`` file (``.jsonl.gz`` compressed), a
    session per line. Returns the summary; events that cannot be placed are
    counted there, never raised. An input larger than `partition_bytes` is
    partitioned on disk (in `scratch`, default the system's temporary
    directory). A mapping that does not load raises its located error."""
    if not isinstance(mapping, Mapping):
        mapping = load_mapping(mapping)
    sources = [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fspath(p) for p in paths]
    for source in sources:
        if not os.path.exists(source):
            raise ReadError("cannot read: no such file or directory", source=source)
    if partition_bytes < 1:
        raise ValueError(f"partition_bytes must be at least 1, got {partition_bytes}")
    count = max(1, -(-_estimate(sources) // partition_bytes))
    summary = Summary()
    with _Writer(os.fspath(out)) as writer:
        if count == 1:
            users: Dict[str, List[Event]] = {}
            for event in _events(sources, summary):
                users.setdefault(event.user, []).append(event)
            _write_users(users, mapping, summary, writer)
        else:
            with tempfile.TemporaryDirectory(prefix="xyzalert-sessions-", dir=scratch) as folder:
                _partitioned(sources, mapping, summary, writer, folder, count)
    return summary


def _events(sources: List[str], summary: Summary) -> Iterator[Event]:
    for order, line in enumerate(read_records(sources)):
        summary.records += 1
        if line.problem:
            summary.skip("malformed")
            summary.error(line.where, line.problem)
            continue
        try:
            yield event_of(line.record, order)
        except Problem as problem:
            summary.skip(problem.kind)
            if problem.kind in ("malformed", "bad_timestamp"):
                summary.error(line.where, str(problem))


def _partitioned(sources: List[str], mapping: Mapping, summary: Summary, writer: "_Writer", folder: str,
                 count: int) -> None:
    files: List[IO[str]] = [open(os.path.join(folder, f"{k}.jsonl"), "w", encoding="utf-8",
                                 errors="surrogatepass") for k in range(count)]
    try:
        for event in _events(sources, summary):
            part = _hash(event.user) * count >> 32
            files[part].write(json.dumps(event, ensure_ascii=False, default=str) + "\n")
    finally:
        for file in files:
            file.close()
    for k in range(count):
        path = os.path.join(folder, f"{k}.jsonl")
        users: Dict[str, List[Event]] = {}
        with open(path, encoding="utf-8", errors="surrogatepass") as file:
            for text in file:
                event = Event(*json.loads(text))
                users.setdefault(event.user, []).append(event)
        os.remove(path)
        _write_users(users, mapping, summary, writer)


def _write_users(users: Dict[str, List[Event]], mapping: Mapping, summary: Summary, writer: "_Writer") -> None:
    for user in sorted(users, key=lambda u: (_hash(u), u)):
        events = sorted(users[user], key=lambda e: (e.at, e.order))
        seen = set()
        kept = []
        for event in events:
            if event.message is not None:
                if event.message in seen:
                    summary.skip("duplicate")
                    continue
                seen.add(event.message)
            kept.append(event)
        summary.users += 1
        writer.write(user, session_text(session_of(user, kept, mapping, summary)))


class _Writer:
    """Session files into a directory, or lines of a JSON Lines file."""

    def __init__(self, out: str) -> None:
        self.out = out
        self.lines: Optional[IO[str]] = None
        self.names: Dict[str, int] = {}

    def __enter__(self) -> "_Writer":
        if self.out.endswith((".jsonl", ".jsonl.gz")):
            folder = os.path.dirname(self.out)
            if folder:
                os.makedirs(folder, exist_ok=True)
            opener: Any = gzip.open if self.out.endswith(".gz") else open
            self.lines = opener(self.out, "wt", encoding="utf-8")
        else:
            os.makedirs(self.out, exist_ok=True)
        return self

    def __exit__(self, *exc: Tuple[Any, ...]) -> None:
        if self.lines is not None:
            self.lines.close()

    def write(self, user: str, text: str) -> None:
        if self.lines is not None:
            self.lines.write(text + "\n")
            return
        with open(os.path.join(self.out, self._file_name(user)), "w", encoding="utf-8") as file:
            file.write(text + "\n")

    def _file_name(self, user: str) -> str:
        """A file name of its own for `user`: the id with every byte but
        letters, digits, '-' and '_' escaped as %XX (so no hidden file, no
        path), shortened past 200 bytes with the id's hash."""
        name = quote(user.encode("utf-8", "surrogatepass"), safe="-_").replace(".", "%2E")
        if len(name) > 200:
            name = f"{name[:180]}~{_hash(user):08x}"
        return name + ".json"
