"""The documentation site `make docs` built (.build/docs/html): the pages
link up, and the C reference's entries say what the declarations and the
header's conventions say (parameters, results, errors, ownership, version).
Run by `make docs` after the build: pytest Tests/docs (SITE names the site)."""

import html
import os
import pathlib
import re

import pytest

SITE = pathlib.Path(os.environ.get("SITE", ".build/docs/html"))


def text(page):
    return (SITE / page).read_text()


def entry(name):
    """The plain text of C function `name`'s entry, up to the next entry."""
    for page in (SITE / "api" / "c").glob("*.html"):
        source = page.read_text()
        start = source.find(f'id="c.{name}"')
        if start >= 0:
            end = source.find('<dl class="c ', start)
            plain = html.unescape(re.sub(r"<[^>]+>", "", source[start:end if end > 0 else None]))
            return " ".join(plain.split())
    raise AssertionError(f"{name} has no entry in the C reference")


def test_the_front_page_links_the_guide_and_each_reference():
    front = text("index.html")
    for target in ("guide.html", "api/c/index.html", "api/cpp.html", "api/python.html", "api/js.html", "rules.html"):
        assert f'href="{target}' in front, target


def test_the_front_page_links_the_backtest_fleet_and_browser_pages():
    front = text("index.html")
    for target in ("backtest.html", "fleet.html", "js.html"):
        assert f'href="{target}' in front, target
    assert "Sessions from events" in text("fleet.html") and "Backtests on a cluster" in text("fleet.html")


def test_the_javascript_reference_documents_the_declarations():
    reference = html.unescape(re.sub(r"<[^>]+>", "", text("api/js.html")))
    for name in ("class Dispatch", "class Alert", "evalRule", "runScenario", "XYZAlertError"):
        assert name in reference, name


def test_the_c_reference_has_a_page_per_topic():
    index = text("api/c/index.html")
    for topic in ("dispatch", "alerts", "content", "time", "history", "alert-sets", "rules", "campaigns", "tooling"):
        assert f'href="{topic}.html"' in index, topic


def test_a_setter_lists_its_parameters_errors_and_version():
    lane = entry("xyz_alert_set_lane")
    assert "alert (xyz_alert *): the alert, borrowed for the call (NULL: XYZ_EINVAL)" in lane
    assert "lane (const char *): UTF-8 text, read during the call and copied" in lane
    assert "Errors: XYZ_EINVAL, XYZ_ESTATE" in lane
    assert "Since: 0.2" in lane


def test_ownership_follows_the_result():
    assert "Ownership: the caller’s: end it with xyz_alert_release()" in entry("xyz_alert_create")
    assert "Ownership: the caller’s: end it with xyz_dispatch_destroy()" in entry("xyz_dispatch_create")
    assert "Ownership: the caller’s: free it with xyz_free()" in entry("xyz_alert_explain")
    assert "Ownership: borrowed: this call gives no reference of its own" in entry("xyz_dispatch_find")
    assert "xyz_alert_retain() keeps it longer" in entry("xyz_dispatch_find")
    assert "Ownership: borrowed: UTF-8 owned by the engine" in entry("xyz_alert_id")
    assert "Ownership: one more reference, released with xyz_history_release()" in entry("xyz_history_retain")


def test_error_reports_and_host_pointers_are_described():
    load = entry("xyz_catalog_load_file")
    assert "error (xyz_error *): the caller’s, filled with what failed and where when the call fails" in load
    assert "Returns: a new catalog, or NULL on an error" in load
    assert "data (void *): the host’s pointer, opaque" in entry("xyz_alert_set_user_data")


def test_a_getter_gives_a_neutral_value_for_null():
    assert "a neutral value (0, false, NULL) for a NULL handle" in entry("xyz_alert_priority")


def test_the_c_view_of_the_header_keeps_its_macros():
    assert 'id="c.XYZ_HOST_INIT"' in text("api/c/basics.html")


@pytest.mark.parametrize("page, link", [("guide.html", "api/c/basics.html#c.xyz_last_error"),
                                        ("rules.html", "api/c/rules.html#c.xyz_rule_eval_json")])
def test_function_names_in_the_guide_link_to_the_reference(page, link):
    assert f'href="{link}"' in text(page)


def test_the_cpp_and_python_references_have_their_types():
    assert 'id="_CPPv4N3xyz5alertE"' in text("api/cpp.html")
    python = text("api/python.html")
    for name in ("xyzalert.Dispatch", "xyzalert.Alert", "xyzalert.Host.show"):
        assert f'id="{name}"' in python, name
