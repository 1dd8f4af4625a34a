"""docs/formats.md names every member the schema reads: each member of a
scenario's root (the list Sources/XYZAlertJSON/Schema+Documents.swift
checks keys against) has a row in its "Scenarios" table, but `version`
and `alerts`, which the sentence before it gives."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def scenario_members():
    source = (REPO / "Sources/XYZAlertJSON/Schema+Documents.swift").read_text()
    listed = re.search(r"let known = isScenario \? \[(.*?)\]", source, re.S)
    assert listed, "the scenario's known members are no longer listed where this test reads them"
    return re.findall(r'"([a-z_]+)"', listed.group(1))


def test_every_scenario_member_is_in_the_scenario_table():
    text = (REPO / "docs/formats.md").read_text()
    section = text[text.index("\n## Scenarios"):text.index("\n## History")]
    intro = section[:section.index("| member |")]
    rows = re.findall(r"^\| `([a-z_]+)`(?:, `([a-z_]+)`)?", section, re.M)
    # (The sentence before the table gives the two an alert set has too.)
    documented = {name for row in rows for name in row if name} | {"version", "alerts"}
    assert "`version` and `alerts` as in an alert set" in intro
    members = scenario_members()
    assert len(members) >= 15 and "alert_set" in members
    assert [m for m in members if m not in documented] == []
