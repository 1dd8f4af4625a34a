"""Writes every generated mirror of the interface's tables; `--check`
writes nothing and fails when one is stale (`make lint`).

    python3 scripts/interface [--check]

The tables: steps.py (the scenario steps), enums.py (the enumerations),
properties.py (the alert's and the page's properties, the alert's members).
README.md says what each writes and how to add a row. `--check` also runs
one_home.py: an enum word spelled by hand outside the table fails.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import accessor_mirrors  # noqa: E402
import enum_mirrors  # noqa: E402
import one_home  # noqa: E402
import property_mirrors  # noqa: E402
import step_mirrors  # noqa: E402
from regions import write  # noqa: E402


class Files(dict):
    """Path -> text: a file's pending text, read from disk on first use."""

    def __missing__(self, path):
        text = path.read_text()
        self[path] = text
        return text


def main():
    files = Files()
    step_mirrors.generate(files)
    enum_mirrors.generate(files)
    property_mirrors.generate(files)
    accessor_mirrors.generate(files)
    check = "--check" in sys.argv[1:]
    status = write(files, check, "python3 scripts/interface")
    if check:
        for problem in one_home.problems():
            print(problem)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
