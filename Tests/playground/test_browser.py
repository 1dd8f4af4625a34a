"""The playground in a real browser: headless Chromium, driven by Selenium
through chromedriver (`make playground-test`; Debian's chromium and
chromium-driver, Selenium from PyPI, from `scripts/install-deps
playground`). It opens the page, types a step into the editor and waits
for the timeline to grow, clicks a step and reads the reasons, types a
syntax error and finds it marked at its line, adds the trace as an expect
list and saves the file. XYZALERT_SCREENSHOTS=DIR saves the screenshots
there (`make screenshots` puts them in docs/)."""

import json
import os
import tempfile
import threading
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from xyzalert.playground.server import Playground

REPO = Path(__file__).resolve().parents[2]
LAUNCH = (REPO / "examples" / "launch.json").read_text()


def wait_for(condition, what, seconds=20.0):
    """Polls `condition` until it is true; fails naming `what`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


@pytest.fixture(scope="module")
def downloads():
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


@pytest.fixture(scope="module")
def page(downloads):
    server = Playground(0, initial=("launch.json", LAUNCH), examples=REPO / "examples")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                     "--disable-dev-shm-usage", "--lang=en-US"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    os.environ["SE_OFFLINE"] = "true"  # Selenium must not fetch a driver: Debian's is given
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    browser.get(f"http://127.0.0.1:{server.port}/")
    yield browser
    browser.quit()
    server.shutdown()
    server.server_close()


def runs(browser):
    return int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-runs"))


def columns(browser):
    return len(browser.find_elements(By.CSS_SELECTOR, "#timeline rect.step"))


def screenshot(browser, name):
    folder = os.environ.get("XYZALERT_SCREENSHOTS")
    if folder:
        path = Path(folder) / f"playground-{name}.png"
        assert browser.save_screenshot(str(path)) and path.stat().st_size > 10_000


def caret_after(browser, text):
    """Puts the editor's caret right after the first `text` in it."""
    browser.execute_script(
        "const e = document.getElementById('editor'); const at = e.value.indexOf(arguments[0]) + arguments[0].length;"
        "e.focus(); e.setSelectionRange(at, at);", text)


def test_the_page_opens_with_its_document_simulated(page):
    wait_for(lambda: runs(page) >= 1, "the first simulation")
    editor = page.find_element(By.ID, "editor")
    assert editor.get_attribute("value") == LAUNCH
    steps = len(json.loads(LAUNCH)["steps"])
    assert columns(page) == steps
    assert len(page.find_elements(By.CSS_SELECTOR, "#gutter div")) == LAUNCH.count("\n") + 1
    options = [o.get_attribute("value") for o in page.find_elements(By.CSS_SELECTOR, "#examples option")]
    assert "launch.json" in options and "stacks/toast-storm.json" in options


def test_typing_a_step_updates_the_timeline(page):
    before, seen = columns(page), runs(page)
    caret_after(page, '"steps": [')
    page.find_element(By.ID, "editor").send_keys('\n    { "advance": 1 },')
    wait_for(lambda: runs(page) > seen and columns(page) == before + 1, "the timeline to gain the typed step")
    assert page.find_element(By.ID, "error").get_attribute("hidden") is not None


def test_clicking_a_step_shows_every_alerts_reason_there(page):
    # The typed advance went first: consent now shows at step 2.
    page.find_element(By.CSS_SELECTOR, '#timeline rect.step[data-step="2"]').click()
    title = page.find_element(By.ID, "reasons-title")
    wait_for(lambda: "after step 2" in title.text, "the reasons of step 2")
    reasons = {li.get_attribute("data-alert"): li.text for li in page.find_elements(By.CSS_SELECTOR, "#reasons li")}
    assert reasons["consent"].startswith("consent: [showing]")
    assert "[id_dependency]" in reasons["promo"] and "login" in reasons["promo"]
    selected = page.find_elements(By.CSS_SELECTOR, "#timeline rect.step.selected")
    assert [r.get_attribute("data-step") for r in selected] == ["2"]
    screenshot(page, "reasons")


def test_a_syntax_error_is_marked_at_its_line(page):
    seen = runs(page)
    text = page.find_element(By.ID, "editor").get_attribute("value")
    line = text[:text.index('"alerts"')].count("\n") + 1
    caret_after(page, '"alerts"')
    page.find_element(By.ID, "editor").send_keys(" oops")
    wait_for(lambda: runs(page) > seen and page.find_element(By.ID, "error").is_displayed(), "the error")
    error = page.find_element(By.ID, "error")
    assert error.text.startswith(f"line {line}, column ") and "invalid JSON" in error.text
    marked = page.find_elements(By.CSS_SELECTOR, "#gutter div.error")
    assert [m.text for m in marked] == [str(line)]
    screenshot(page, "error")
    # Undone, the mark goes.
    for _ in " oops":
        page.find_element(By.ID, "editor").send_keys("\b")
    wait_for(lambda: not page.find_element(By.ID, "error").is_displayed(), "the error to clear")
    assert page.find_elements(By.CSS_SELECTOR, "#gutter div.error") == []


def test_copy_as_test_adds_the_trace_as_the_expect_list(page):
    seen = runs(page)
    events = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#events li")]
    page.find_element(By.ID, "copy-test").click()
    document = json.loads(page.find_element(By.ID, "editor").get_attribute("value"))
    assert document["expect"] == events and events[0] == "2 show consent home"
    wait_for(lambda: runs(page) > seen, "the simulation of the document with its expect list")


def test_save_downloads_the_document(page, downloads):
    page.find_element(By.ID, "save").click()
    saved = wait_for(lambda: (downloads / "launch.json").exists() and (downloads / "launch.json"), "the download")
    wait_for(lambda: saved.read_text() == page.find_element(By.ID, "editor").get_attribute("value"), "the whole file")


def test_an_example_can_be_opened(page):
    seen = runs(page)
    page.find_element(By.CSS_SELECTOR, '#examples option[value="stacks/toast-storm.json"]').click()
    wait_for(lambda: runs(page) > seen, "the example's simulation")
    assert page.find_element(By.ID, "editor").get_attribute("value") == (REPO / "examples/stacks/toast-storm.json").read_text()


def test_a_campaigns_miss_and_skip_are_explained_at_their_step(page):
    seen = runs(page)
    page.find_element(By.CSS_SELECTOR, '#examples option[value="campaigns/shop-upsell.json"]').click()
    wait_for(lambda: runs(page) > seen, "the campaign example's simulation")
    # Times on the grid in the user's local time, the legend under it.
    times = [t.text for t in page.find_elements(By.CSS_SELECTOR, "#timeline text.time")]
    assert times == ["Tue 07:00", "Tue 08:00"]
    legend = [g.text for g in page.find_elements(By.CSS_SELECTOR, "#timeline g.legend")]
    assert "test trigger" in legend and "miss" in legend
    page.find_element(By.CSS_SELECTOR, '#timeline rect.step[data-step="1"]').click()
    title = page.find_element(By.ID, "reasons-title")
    wait_for(lambda: "after step 1" in title.text, "the reasons of step 1")
    assert title.text == "Reasons after step 1 (track order_completed, Tue 07:00:00, t = 0 s)"
    reasons = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#reasons li")]
    assert reasons == ["upsell: [miss where] >=(event.order_number = 2, 3) is false"]
    screenshot(page, "campaign")
    page.find_element(By.CSS_SELECTOR, '#timeline rect.step[data-step="2"]').click()
    wait_for(lambda: "after step 2" in title.text, "the reasons of step 2")
    reasons = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#reasons li")]
    assert reasons == ['upsell: [skip audience] sem_ver(app_version = "2.3.9", ">=", "2.4") is false']
    # A step with neither says so, not an earlier step's reason.
    page.find_element(By.CSS_SELECTOR, '#timeline rect.step[data-step="3"]').click()
    wait_for(lambda: "after step 3" in title.text, "the reasons of step 3")
    reasons = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#reasons li")]
    assert reasons == ["nothing live, no campaign event"]
