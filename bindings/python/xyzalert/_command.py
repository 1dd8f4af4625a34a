"""The ``xyzalert`` command a wheel installs: the tool the wheel carries
(``xyzalert/bin/xyzalert``, built by ``make wheel`` for the wheel's glibc
floor), run in this process's place with the command's arguments.
docs/install.md, "Installing"."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main() -> None:
    """Replaces this process with the package's tool; exits 127 with a
    message naming where it looked when the package has none (a package
    installed from source, not from the wheel)."""
    tool = Path(__file__).resolve().parent / "bin" / "xyzalert"
    if not os.access(tool, os.X_OK):
        sys.stderr.write(f"xyzalert: this installation of the package has no tool ({tool} is missing): "
                         "install the wheel, or the tool with make install\n")
        sys.exit(127)
    os.execv(tool, ["xyzalert", *sys.argv[1:]])
