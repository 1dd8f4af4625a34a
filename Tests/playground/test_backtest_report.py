"""A backtest's HTML report (`xyzalert backtest --format html`,
docs/rules.md §23) opened in headless Chromium, as a reader would: from a
file, with scripts off (it needs none), every chart drawn, the changed
sessions listed as the JSON report lists them, and nothing fetched.
XYZALERT_SCREENSHOTS=DIR saves the page there as backtest-report.png."""

import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

REPO = Path(__file__).resolve().parents[2]
TOOL = os.environ.get("XYZALERT_CLI", str(REPO / ".build" / "debug" / "xyzalert"))
CORPUS = "examples/backtest"  # as docs/backtest.md names it: run from the repository's root


def backtest(*arguments):
    return subprocess.run([TOOL, "backtest", "--baseline", f"{CORPUS}/baseline.json",
                           "--candidate", f"{CORPUS}/tighter-cap.json", f"{CORPUS}/users", *arguments],
                          check=True, capture_output=True, text=True, cwd=REPO).stdout


@pytest.fixture(scope="module")
def report():
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "report.html"
        backtest("--format", "html", "--out", str(page))
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,1400",
                         "--disable-dev-shm-usage", "--lang=en-US"):
            options.add_argument(argument)
        options.binary_location = "/usr/bin/chromium"
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        os.environ["SE_OFFLINE"] = "true"  # Selenium must not fetch a driver: Debian's is given
        browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        browser.get(page.as_uri())
        yield browser
        browser.quit()


def test_every_chart_is_drawn(report):
    charts = report.find_elements(By.TAG_NAME, "svg")
    assert len(charts) >= 4
    for chart in charts:
        assert chart.size["width"] > 100 and chart.size["height"] > 10
        assert chart.find_elements(By.TAG_NAME, "rect"), chart.get_attribute("outerHTML")[:200]
    assert report.title == "Backtest report"
    # What a reader sees (kept in XYZALERT_SCREENSHOTS when given: docs/).
    folder = Path(os.environ.get("XYZALERT_SCREENSHOTS") or tempfile.mkdtemp())
    path = folder / "backtest-report.png"
    assert report.save_screenshot(str(path)) and path.stat().st_size > 10_000


def test_the_changes_are_the_json_reports(report):
    changes = json.loads(backtest("--format", "json"))["changes"]
    rows = report.find_elements(By.CSS_SELECTOR, "table.changes tr")[1:]
    assert len(changes) > 0
    assert [row.find_elements(By.TAG_NAME, "td")[0].text for row in rows] == [c["session"] for c in changes]


def test_nothing_is_fetched(report):
    requests = [json.loads(entry["message"])["message"] for entry in report.get_log("performance")]
    urls = [r["params"]["request"]["url"] for r in requests if r["method"] == "Network.requestWillBeSent"]
    assert urls and all(url.startswith("file://") and url.endswith("report.html") for url in urls), urls
    html = report.page_source
    assert "<script" not in html and "http:" not in html and "https:" not in html
