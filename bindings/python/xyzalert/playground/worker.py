"""The playground's worker process: reads a document on standard input,
writes the simulation (``simulate.simulate``) as JSON on standard output.
The server runs one per request and stops it when it takes too long."""

import json
import sys

from .simulate import simulate


def main() -> None:
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    json.dump(simulate(text), sys.stdout)


if __name__ == "__main__":
    main()
