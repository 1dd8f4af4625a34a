"""python -m xyzalert.fleet sessions --mapping MAP.json EVENTS... --out DIR|FILE.jsonl

Writes the session files and prints the summary (JSON) on standard
output. Exit status: 0 done, 1 a mapping or input that cannot be read (its
located error on standard error, nothing written), 2 bad usage."""

from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

from ..errors import ParseError
from .convert import DEFAULT_PARTITION_BYTES, sessions_from_segment
from .mapping import load_mapping


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m xyzalert.fleet",
                                     description="Collected events made into backtest sessions.")
    commands = parser.add_subparsers(dest="command", required=True)
    sessions = commands.add_parser("sessions", help="Segment-Spec events to session files")
    sessions.add_argument("--mapping", required=True, help="the event mapping (docs/formats.md)")
    sessions.add_argument("--out", required=True, help="a directory (a file per user) or FILE.jsonl[.gz]")
    sessions.add_argument("--partition-mb", type=int, default=DEFAULT_PARTITION_BYTES >> 20,
                          help="input held in memory at once, in MB (larger inputs are partitioned on disk)")
    sessions.add_argument("events", nargs="+", help=".jsonl[.gz] or .parquet files, or directories of them")
    options = parser.parse_args(argv)
    if options.partition_mb < 1:
        parser.error(f"--partition-mb must be at least 1, got {options.partition_mb}")
    try:
        mapping = load_mapping(options.mapping)
        summary = sessions_from_segment(options.events, mapping, options.out,
                                        partition_bytes=options.partition_mb << 20)
    except ParseError as error:
        print(error, file=sys.stderr)
        return 1
    except (OSError, ImportError) as error:
        print(f"xyzalert.fleet: error: {error}", file=sys.stderr)
        return 1
    json.dump(summary.to_dict(), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
