"""Collected events read: Segment-Spec records (track, screen, page,
identify) from JSON Lines files, gzip-compressed or not, or from Parquet
files (the optional extra ``xyzalert[parquet]``), each reduced to what a
session needs."""

from __future__ import annotations

import datetime
import gzip
import json
import os
import re
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Tuple

#: Parquet rows are read this many at a time.
_PARQUET_BATCH = 65_536

# A record's fields by their Segment-Spec names, and the snake_case names
# warehouse exports use.
_ALIASES = {"userId": "user_id", "anonymousId": "anonymous_id", "messageId": "message_id"}


class Event(NamedTuple):
    """One collected event as a session reads it: `at` in seconds since the
    epoch, `offset` the timestamp's UTC offset in seconds, `order` its place
    in the input (ties in time keep it), `kind` "track", "screen" or
    "identify", `name` the event's or screen's name, `data` its properties
    (or traits), `zone` the context's time zone."""

    user: str
    at: float
    offset: int
    order: int
    message: Optional[str]
    kind: str
    name: Optional[str]
    data: Dict[str, Any]
    zone: Optional[str]


class Problem(Exception):
    """A record that cannot be placed: `kind` is the summary's counter."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _field(record: Dict[str, Any], name: str) -> Any:
    value = record.get(name)
    if value is None and name in _ALIASES:
        value = record.get(_ALIASES[name])
    return value


# RFC 3339's date-time (a space allowed for the T, as its section 5.6
# notes; a fraction of any length, of which microseconds are kept). Read
# here rather than by datetime.fromisoformat, which before Python 3.11
# refuses "Z" and fractions of other than 3 or 6 digits.
_RFC3339 = re.compile(r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?"
                      r"(?:([Zz])|([+-])(\d{2}):(\d{2}))?")


def _moment_of_text(value: str) -> datetime.datetime:
    match = _RFC3339.fullmatch(value)
    if not match:
        raise ValueError(f"not an RFC 3339 timestamp: {json.dumps(value)}")
    year, month, day, hour, minute, second = (int(match.group(n)) for n in range(1, 7))
    microsecond = int(((match.group(7) or "") + "000000")[:6])
    if match.group(8):
        zone: Optional[datetime.tzinfo] = datetime.timezone.utc
    elif match.group(9):
        sign = -1 if match.group(9) == "-" else 1
        zone = datetime.timezone(sign * datetime.timedelta(hours=int(match.group(10)), minutes=int(match.group(11))))
    else:
        raise ValueError(f"a timestamp needs its offset (Z or +HH:MM): {value}")
    try:
        return datetime.datetime(year, month, day, hour, minute, second, microsecond, tzinfo=zone)
    except ValueError:
        raise ValueError(f"not an RFC 3339 timestamp: {json.dumps(value)}") from None


def parse_time(value: Any) -> Tuple[float, int]:
    """Seconds since the epoch and the UTC offset of an RFC 3339 timestamp
    (or a datetime, as Parquet gives); ValueError when it is neither."""
    if isinstance(value, datetime.datetime):
        moment = value if value.tzinfo is not None else value.replace(tzinfo=datetime.timezone.utc)  # Parquet's naive times are UTC
    elif isinstance(value, str):
        moment = _moment_of_text(value)
    else:
        raise ValueError(f"not an RFC 3339 timestamp: {json.dumps(value, default=str)}")
    offset = moment.utcoffset()
    return moment.timestamp(), int(offset.total_seconds()) if offset else 0


def event_of(record: Any, order: int) -> Event:
    """The Event of one parsed record; Problem when it is none."""
    if not isinstance(record, dict):
        raise Problem("malformed", "a record must be a JSON object")
    user = _field(record, "userId") or _field(record, "anonymousId")
    if isinstance(user, (int, float)) and not isinstance(user, bool):
        user = json.dumps(user)
    if not isinstance(user, str) or not user:
        raise Problem("no_user", "no userId or anonymousId")
    try:
        at, offset = parse_time(record.get("timestamp"))
    except ValueError as error:
        raise Problem("bad_timestamp", str(error)) from None
    kind = record.get("type")
    if kind == "page":
        kind = "screen"
    if kind in ("track", "screen"):
        name = record.get("event" if kind == "track" else "name")
        data = record.get("properties")
    elif kind == "identify":
        name, data = None, record.get("traits")
    else:
        raise Problem("ignored", f"a {json.dumps(kind)} call")
    if isinstance(data, str):  # a warehouse's JSON column
        try:
            data = json.loads(data)
        except ValueError:
            data = None
    if data is None:
        data = {}
    if not isinstance(data, dict) or (name is not None and not isinstance(name, str)):
        raise Problem("malformed", f"a {kind} call's name or properties have the wrong type")
    context = record.get("context")
    zone = context.get("timezone") if isinstance(context, dict) else None
    message = _field(record, "messageId")
    return Event(user, at, offset, order, message if isinstance(message, str) else None, kind, name, data,
                 zone if isinstance(zone, str) else None)


class Line(NamedTuple):
    """A record where it was read: `where` is FILE:LINE (or FILE:ROW)."""

    where: str
    record: Any  # a dict; None for a line that is not JSON
    problem: Optional[str] = None


def read_records(paths: List[str]) -> Iterator[Line]:
    """Every record of `paths` in order: JSON Lines (``.jsonl``, ``.json``,
    maybe ``.gz``) line by line, Parquet (``.parquet``) row by row;
    directories' files in name order. A line that is not JSON comes with
    its problem; blank lines are skipped."""
    for path in input_files(paths):
        if path.endswith(".parquet"):
            yield from _parquet(path)
            continue
        opener: Any = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8", errors="surrogateescape") as file:
            for number, text in enumerate(file, 1):
                if not text.strip():
                    continue
                try:
                    yield Line(f"{path}:{number}", json.loads(text))
                except ValueError as error:
                    yield Line(f"{path}:{number}", None, f"not JSON: {error}")


def input_files(paths: List[str]) -> Iterator[str]:
    """The files `paths` name, in the order they are read: a directory's
    files with an input's suffix (not hidden) and its subdirectories', in
    name order."""
    for path in paths:
        if os.path.isdir(path):
            names = sorted(os.listdir(path))
            inside = [os.path.join(path, n) for n in names if not n.startswith(".")]
            yield from input_files([p for p in inside if os.path.isdir(p) or p.endswith(_SUFFIXES)])
        else:
            yield path


_SUFFIXES = (".jsonl", ".json", ".jsonl.gz", ".json.gz", ".parquet")


def _parquet(path: str) -> Iterator[Line]:
    try:
        import pyarrow.parquet as parquet  # type: ignore[import-not-found]
    except ImportError:
        raise ImportError(f"{path}: reading Parquet needs pyarrow: pip install 'xyzalert[parquet]'") from None
    row = 0
    for batch in parquet.ParquetFile(path).iter_batches(batch_size=_PARQUET_BATCH):
        for record in batch.to_pylist():
            row += 1
            yield Line(f"{path}:{row}", record)
