"""The package's public surface: every public name has a docstring that
cites only what a user of the package can read, enums print as the words
traces use on every Python version, and scenarios close in a ``with``."""

import ctypes
import dataclasses
import enum
import inspect
import re
import sys

import pytest

import xyzalert
from xyzalert import _lib
from conftest import REPO


def public_members():
    """(qualified name, object) of every public name and of every public
    method, property and class method of the public classes."""
    for name in xyzalert.__all__:
        value = getattr(xyzalert, name)
        yield name, value
        if inspect.isclass(value) and not issubclass(value, enum.Enum):
            for member, attribute in vars(value).items():
                if member.startswith("_") and member != "__init__":
                    continue
                if member == "__init__" and dataclasses.is_dataclass(value):
                    continue  # generated from the fields the class documents
                if isinstance(attribute, property):
                    yield f"{name}.{member}", attribute.fget
                elif isinstance(attribute, (classmethod, staticmethod)):
                    yield f"{name}.{member}", attribute.__func__
                elif inspect.isfunction(attribute):
                    yield f"{name}.{member}", attribute


def test_every_public_name_has_a_docstring():
    missing = [name for name, value in public_members() if not (value.__doc__ or "").strip()]
    assert missing == []


def test_docstrings_cite_no_unshipped_document():
    # The package ships without the repository: a docstring names a document
    # as "docs/NAME.md in the XYZAlert repository" or not at all, never a
    # specification section.
    offenders = []
    for name, value in public_members():
        doc = value.__doc__ or ""
        if re.search(r"\bSPEC\b", doc):
            offenders.append(name)
        for cited in re.findall(r"docs/[a-z-]+\.md", doc):
            if not (REPO / cited).exists():
                offenders.append(f"{name}: {cited}")
    assert offenders == []


def test_every_class_a_docstring_names_exists():
    names = set()
    for _, value in public_members():
        names.update(re.findall(r":class:`([A-Za-z_.]+)`", value.__doc__ or ""))
    missing = [n for n in sorted(names) if n.split(".")[-1] not in dir(xyzalert)]
    assert missing == []


def test_dir_shows_only_the_public_names_and_modules():
    extra = {name for name in dir(xyzalert) if not name.startswith("_")} - set(xyzalert.__all__)
    modules = {"alert", "alert_set", "backtest", "callbacks", "dispatch", "errors", "fleet", "history", "host",
               "playground", "rules", "runner", "scenario", "timers", "windows"}
    assert extra <= modules, extra - modules


NAMED = {
    "State": "xyz_state_name", "Exclusive": "xyz_exclusive_name", "HideReason": "xyz_hide_reason_name",
    "EndReason": "xyz_end_reason_name", "ActionStyle": "xyz_action_style_name",
    "OnDuplicate": "xyz_on_duplicate_name", "OnCapped": "xyz_on_capped_name", "Politeness": "xyz_politeness_name",
    "WhyCode": "xyz_why_code_name", "Status": "xyz_status_name", "WhenDisplaced": "xyz_when_displaced_name",
    "OnFull": "xyz_on_full_name", "Order": "xyz_order_name", "StepKind": "xyz_step_kind_name",
    "Preempt": "xyz_preempt_name", "OnOutside": "xyz_on_outside_name",
}


def test_the_limit_periods_are_the_library_s_words():
    assert [_lib.lib.xyz_limit_per_name(i).decode() for i in range(6)] == ["session", "lifetime", "window", "day", "week",
                                                                           "unknown"]


@pytest.mark.parametrize("enum_name", sorted(NAMED))
def test_str_of_an_enum_is_the_library_s_word(enum_name):
    function = getattr(_lib.lib, NAMED[enum_name])
    for member in getattr(xyzalert, enum_name):
        word = ctypes.cast(function(int(member)), ctypes.c_char_p).value.decode() \
            if function.restype is not ctypes.c_char_p else function(int(member)).decode()
        assert str(member) == word, (sys.version_info, member)
        assert f"{member}" == word and f"{member:>12}" == f"{word:>12}"
        assert int(member) == member.value and member == member.value


def test_str_of_every_enum_is_a_lower_case_word():
    for name in xyzalert.__all__:
        value = getattr(xyzalert, name)
        if inspect.isclass(value) and issubclass(value, enum.Enum) and value is not xyzalert.Status:
            for member in value:
                assert str(member) == member.name.lower()


def test_a_scenario_closes_at_the_end_of_a_with_block():
    with xyzalert.Scenario.load(REPO / "examples" / "launch.json") as scenario:
        assert scenario.pages and len(scenario.alerts) > 0
    assert scenario._handle == 0 and scenario.alerts._handle == 0


def test_mypy_checks_the_oldest_python_the_package_accepts():
    pyproject = (REPO / "bindings" / "python" / "pyproject.toml").read_text()
    oldest = re.search(r'requires-python = ">=(3\.\d+)"', pyproject).group(1)
    assert re.search(r'python_version = "(3\.\d+)"', pyproject).group(1) == oldest
    assert f'"Programming Language :: Python :: {oldest}"' in pyproject


def test_the_package_readme_example_prints_what_it_says(capsys):
    readme = (REPO / "bindings" / "python" / "README.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S))
    exec(compile(block, "bindings/python/README.md", "exec"), {})
    assert capsys.readouterr().out == "show consent\n"
