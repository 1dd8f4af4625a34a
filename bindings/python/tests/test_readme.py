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


def test_section16_the_readme_caps_example_prints_what_it_says():
    readme = (REPO / "docs" / "guide.md").read_text()
    section = readme[readme.index("## Frequency caps and display history"):]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    printed = section[section.index("prints\n\n") + len("prints\n\n"):].split("\n\n")[0]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, "docs/guide.md", "exec"), {})
    assert output.getvalue().splitlines() == [line[4:] for line in printed.splitlines()]
