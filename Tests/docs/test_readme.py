"""The README stays a page: at most 250 lines, and its first screen says
what the project is before it says how to build or install it."""

import pathlib

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_is_at_most_250_lines():
    lines = README.read_text().splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines"


def test_its_first_screen_says_what_the_project_is_before_the_commands():
    first_screen = README.read_text().splitlines()[:24]
    said = next(n for n, line in enumerate(first_screen) if "is a headless alert scheduling engine" in line)
    commands = next(n for n, line in enumerate(first_screen) if line.startswith("make demo"))
    assert said < commands
