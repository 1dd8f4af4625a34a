"""``python -m xyzalert.playground [--port N] [FILE]``: serves the playground
on http://127.0.0.1:N/ (loopback only) until interrupted; FILE is the
document it opens with (default: the first example)."""

import argparse
import sys
from pathlib import Path

from .server import Playground


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m xyzalert.playground", description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8765, help="the port on 127.0.0.1 (default 8765; 0: any free one)")
    parser.add_argument("--examples", type=Path, help="the folder of example scenarios it offers (default: examples/)")
    parser.add_argument("file", nargs="?", type=Path, help="the alert set scenario to open with")
    args = parser.parse_args()
    initial = None
    if args.file is not None:
        try:
            initial = (args.file.name, args.file.read_text(encoding="utf-8"))
        except OSError as error:
            print(f"playground: cannot read {args.file}: {error.strerror}", file=sys.stderr)
            return 2
    try:
        server = Playground(args.port, initial, args.examples)
    except OSError as error:
        print(f"playground: cannot listen on 127.0.0.1:{args.port}: {error.strerror}", file=sys.stderr)
        return 2
    print(f"XYZAlert playground on http://127.0.0.1:{server.port}/ (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
