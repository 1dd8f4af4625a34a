"""The guide's Python examples (docs/guide.md) run and print what their
comments say."""

import contextlib
import io
import os
import re

from conftest import REPO


def test_the_readme_example_runs_as_documented():
    readme = (REPO / "docs" / "guide.md").read_text()
    section = readme[readme.index("## Using the engine from Python"):]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    output = io.StringIO()
    previous = os.getcwd()
    os.chdir(REPO)
    try:
        with contextlib.redirect_stdout(output):
            exec(compile(code, "docs/guide.md", "exec"), {})
    finally:
        os.chdir(previous)
    assert output.getvalue().splitlines() == [
        "show login on page",
        "'promo' is waiting for dependency 'login' (showing)",
        "finish login dismissed",
        "show promo on page",
        "chose close on promo",
        "finish promo dismissed",
        "show promo on page",
        "EDUPLICATE cannot add alert 'promo': a live alert with that id is already in the domain of page 'home'",
        "finish promo destroyed",
    ]


def run_and_listed(title: str, marker: str):
    """What the first Python example of the guide's section `title` prints,
    and the indented lines the guide says it prints (after `marker`)."""
    guide = (REPO / "docs" / "guide.md").read_text()
    section = guide[guide.index(title):]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    listed = section[section.index(marker) + len(marker):].split("\n\n")[0]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, "docs/guide.md", "exec"), {})
    return output.getvalue().splitlines(), [line[4:] for line in listed.splitlines()]


def test_section16_the_readme_caps_example_prints_what_it_says():
    printed, listed = run_and_listed("## Frequency caps and display history", "prints\n\n")
    assert printed == listed


def test_section20_the_guide_rules_example_prints_what_it_says():
    printed, listed = run_and_listed("## Rules: JsonLogic with flagd's operators", "then `v2`:\n\n")
    assert printed == listed == ["on", "v2"]
