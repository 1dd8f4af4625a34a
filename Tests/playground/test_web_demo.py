"""The web demo (examples/web, docs/js.md) in headless Chromium: the page,
served by a static file server from the repository's root, runs the engine
as WebAssembly through the JavaScript package; a tour clicks through toasts,
dialogs, a modal that hides the others, a campaign and the page leaving and
coming back, and checks what is drawn and what the reasons panel says.
XYZALERT_SCREENSHOTS=DIR saves web-demo.png and web-demo-reasons.png there."""

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def demo():
    assert (REPO / "bindings/js/xyzalert.wasm").exists(), "make wasm first"
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(REPO)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,760",
                     "--disable-dev-shm-usage", "--lang=en-US"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    os.environ["SE_OFFLINE"] = "true"  # Selenium must not fetch a driver: Debian's is given
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    browser.get(f"http://127.0.0.1:{port}/examples/web/")
    WebDriverWait(browser, 20).until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    yield browser
    browser.quit()
    server.terminate()
    server.wait()


def click(browser, id):
    browser.find_element(By.ID, id).click()


def shown(browser, selector):
    """The alerts drawn and visible under `selector`, by id."""
    return [e.get_attribute("data-alert") for e in browser.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()]


def reason(browser, alert):
    return browser.find_element(By.CSS_SELECTOR, f'#reasons li[data-alert="{alert}"]').text


def screenshot(browser, name):
    folder = Path(os.environ.get("XYZALERT_SCREENSHOTS") or tempfile.mkdtemp())
    path = folder / name
    assert browser.save_screenshot(str(path)) and path.stat().st_size > 10_000


def test_the_tour(demo):
    browser = demo
    assert browser.find_element(By.ID, "status").text == "The engine is running in this page."
    # Toasts stack in their lane; three saves are one toast with a count.
    for _ in range(3):
        click(browser, "save")
    click(browser, "offline")
    assert shown(browser, ".toast") == ["offline", "saved"]
    assert browser.find_element(By.CSS_SELECTOR, '.toast[data-alert="saved"]').text == "Saved ×3"
    assert "offline: showing" in reason(browser, "offline")
    # A dialog, then a modal that hides the others.
    click(browser, "update")
    assert shown(browser, ".dialog") == ["update"]
    click(browser, "consent")
    assert shown(browser, ".dialog") == ["consent"]
    assert shown(browser, ".toast") == ["offline", "saved"]  # hide_others hides its own lane only
    assert reason(browser, "update").startswith("update: hidden")
    screenshot(browser, "web-demo.png")
    browser.find_element(By.CSS_SELECTOR, '.dialog[data-alert="consent"] button[data-action="accept"]').click()
    assert shown(browser, ".dialog") == ["update"]
    # Two purchases: the campaign's rating dialog waits behind the update.
    click(browser, "purchase")
    click(browser, "purchase")
    assert "campaign rate-after-purchases: trigger" in browser.find_element(By.ID, "log").text
    browser.find_element(By.CSS_SELECTOR, '.dialog[data-alert="update"] button[data-action="later"]').click()
    assert shown(browser, ".dialog") == ["rate"]
    screenshot(browser, "web-demo-reasons.png")
    # Leaving hides what is on screen; coming back shows it again.
    click(browser, "leave")
    assert shown(browser, ".dialog") == []
    assert reason(browser, "rate").startswith("rate: hidden")
    click(browser, "back")
    assert shown(browser, ".dialog") == ["rate"]
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
