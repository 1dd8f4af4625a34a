"""Fleet data: the events an app already collects (Segment-Spec track,
screen, page and identify calls, as JSON Lines or Parquet) made into the
session files a backtest replays (docs/backtest.md, "Sessions from
events"; the mapping's format: docs/formats.md, "Event mappings").

>>> summary = xyzalert.fleet.sessions_from_segment(["events.jsonl"], "mapping.json", "sessions/")  # doctest: +SKIP
>>> summary.users                                                                                 # doctest: +SKIP
3

From a shell: ``python -m xyzalert.fleet sessions --mapping MAP.json EVENTS... --out DIR|FILE.jsonl``.
"""

from .convert import DEFAULT_PARTITION_BYTES, sessions_from_segment
from .mapping import Mapping, load_mapping
from .sessions import Summary

__all__ = ["DEFAULT_PARTITION_BYTES", "Mapping", "Summary", "load_mapping", "sessions_from_segment"]
