"""The check that calls between the engine's folders go one way
(scripts/calls_one_way.py), on the engine and on small made-up engines."""
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

import calls_one_way  # noqa: E402

PASSES = "extension Domain {\n    func run() { settle(); ending(); }\n}\n"
SETTLING = "extension Domain {\n    func settle() {}\n}\n"
ENDING = "extension Domain {\n    func ending() {}\n}\n"


def engine(**files):
    """A made-up engine: {"Folder/File.swift": code} with the real
    surface files present (a SURFACE entry naming a missing file fails)."""
    made = {entry.split(":")[0]: "" for entry in calls_one_way.SURFACE}
    made.update({name.replace("__", "/") + ".swift": code for name, code in files.items()})
    return made


def calls_against(files):
    """The problems of a made-up engine, without the report that it makes
    no longer the real engine's excepted call."""
    return [p for p in calls_one_way.problems(files) if not p.startswith("EXCEPTIONS names")]


def test_the_engine_calls_one_way():
    assert calls_one_way.problems() == []


def test_a_call_down_is_fine_and_one_up_is_a_problem():
    files = engine(Scheduling__Passes=PASSES, Policies__Timing=ENDING.replace("{}", "{ helper() }"),
                   Scheduling__Lanes="extension Domain {\n    func helper() {}\n}\n")
    files["Scheduling/Settlement.swift"] = SETTLING
    found = calls_against(files)
    assert found == ["Policies/Timing.swift calls helper() up to Scheduling (Scheduling/Lanes.swift)"], found


def test_the_surface_may_be_called_from_below():
    files = engine(Policies__Timing="extension Domain {\n    func hold() { settle() }\n}\n")
    files["Scheduling/Settlement.swift"] = SETTLING
    assert calls_against(files) == []


def test_peers_do_not_call_each_other_and_observers_may():
    files = engine(Pages__Adding="extension Dispatch {\n    func add() { why() ; record() }\n}\n",
                   Explain__Why="extension Alert {\n    func why() {}\n}\n",
                   Recording__Steps="extension Domain {\n    func record() { add() }\n}\n")
    assert calls_against(files) == [
        "Pages/Adding.swift calls why() across to its peer Explain (Explain/Why.swift)"]


def test_a_name_two_folders_declare_proves_nothing():
    files = engine(Policies__Timing="extension Domain {\n    func hold() { helper() }\n}\n",
                   Scheduling__Lanes="extension Domain {\n    func helper() {}\n}\n",
                   Model__Alert="final class Alert {\n    var helper = 0\n}\n")
    assert calls_against(files) == []


def test_an_exception_no_longer_needed_is_reported():
    files = engine(Scheduling__Passes=PASSES)
    files["Scheduling/Settlement.swift"] = SETTLING
    found = calls_one_way.problems(files)
    assert any(problem.startswith("EXCEPTIONS names a call that is no longer made") for problem in found), found
