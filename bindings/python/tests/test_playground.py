"""The playground's server (docs/playground.md): its page, the JavaScript
package the page runs the engine with, the examples, and the safety
checks, each leaving the server answering the next request. The
simulation runs in the page: Tests/playground/simulate.test.mjs tests it
under Node, Tests/playground/test_browser.py in a real browser."""

import http.client
import json
import socket
import threading
import time
from pathlib import Path

import pytest

from xyzalert.playground import server as playground_server
from xyzalert.playground.server import Playground, js_folder

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture()
def served():
    server = Playground(0, examples=REPO / "examples")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def request(server, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(method, path, body=body, headers={"Host": f"127.0.0.1:{server.port}", **(headers or {})})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    kind = response.getheader("Content-Type", "")
    return response.status, json.loads(data) if kind == "application/json" else data, response


def still_answers(server):
    status, listed, _ = request(server, "GET", "/api/examples")
    assert status == 200 and "launch.json" in listed["examples"]


def test_it_listens_on_loopback_only(served):
    assert served.server_address[0] == "127.0.0.1"


def test_the_page_its_scripts_and_the_examples(served):
    status, page, _ = request(served, "GET", "/")
    assert status == 200 and b'<textarea id="editor"' in page and b"playground.js" in page
    for script in ("/playground.js", "/worker.mjs", "/simulate.mjs", "/timeline.mjs"):
        status, _, response = request(served, "GET", script)
        assert status == 200 and response.getheader("Content-Type").startswith("text/javascript"), script
    status, listed, _ = request(served, "GET", "/api/examples")
    assert status == 200 and "launch.json" in listed["examples"] and "alerts.json" not in listed["examples"]
    status, example, _ = request(served, "GET", "/api/examples/launch.json")
    assert status == 200 and example["text"] == (REPO / "examples" / "launch.json").read_text()
    assert request(served, "GET", "/api/examples/../../etc/passwd")[0] == 404
    status, initial, _ = request(served, "GET", "/api/initial")
    assert status == 200 and initial["name"] in listed["examples"]


@pytest.fixture()
def package(tmp_path, monkeypatch):
    """A stand-in for the JavaScript package (XYZALERT_JS): its module, a
    script, and files the server must not serve."""
    folder = tmp_path / "js"
    (folder / "test").mkdir(parents=True)
    (folder / "xyzalert.wasm").write_bytes(b"\0asm\1\0\0\0")
    (folder / "xyzalert.mjs").write_text("export async function init() {}\n")
    (folder / "xyzalert.d.mts").write_text("export function init(): Promise<void>;\n")
    (folder / "test" / "engine.test.mjs").write_text("// a test\n")
    monkeypatch.setenv("XYZALERT_JS", str(folder))
    return folder


def test_the_javascript_package_and_its_module(package):
    """The page's engine: the package's .mjs files and its module under
    /js/ (the module as application/wasm, what WebAssembly.compileStreaming
    asks), nothing else of the folder, and a Content-Security-Policy that
    lets the module compile and nothing else in."""
    assert js_folder() == package
    server = Playground(0, examples=REPO / "examples")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        status, module, response = request(server, "GET", "/js/xyzalert.wasm")
        assert status == 200 and module == (package / "xyzalert.wasm").read_bytes()
        assert response.getheader("Content-Type") == "application/wasm"
        status, script, response = request(server, "GET", "/js/xyzalert.mjs")
        assert status == 200 and b"export async function init" in script
        assert response.getheader("Content-Type").startswith("text/javascript")
        policy = response.getheader("Content-Security-Policy")
        assert "script-src 'self' 'wasm-unsafe-eval'" in policy and "default-src 'self'" in policy
        for other in ("/js/test/engine.test.mjs", "/js/../../README.md", "/js/", "/js/xyzalert.d.mts"):
            assert request(server, "GET", other)[0] == 404, other
        still_answers(server)
    finally:
        server.shutdown()
        server.server_close()


def test_without_the_package_its_paths_are_not_found(served, tmp_path, monkeypatch):
    monkeypatch.setenv("XYZALERT_JS", str(tmp_path))  # no xyzalert.wasm there: not taken
    assert js_folder() != tmp_path
    served.js = None
    assert request(served, "GET", "/js/xyzalert.wasm")[0] == 404
    assert request(served, "GET", "/js/xyzalert.mjs")[0] == 404


def test_a_foreign_host_or_origin_is_refused(served):
    status, answer, _ = request(served, "GET", "/api/examples", headers={"Host": "attacker.example:80"})
    assert status == 403 and "attacker.example" in answer["error"]["message"]
    status, _, _ = request(served, "GET", "/js/xyzalert.wasm", headers={"Host": "attacker.example"})
    assert status == 403
    status, answer, _ = request(served, "GET", "/", headers={"Origin": "http://attacker.example"})
    assert status == 403 and "another site" in answer["error"]["message"]
    status, _, _ = request(served, "GET", "/", headers={"Origin": f"http://localhost:{served.port}"})
    assert status == 200
    still_answers(served)


def test_nothing_is_taken_by_post_and_unknown_paths_are_not_found(served):
    status, answer, _ = request(served, "POST", "/api/simulate", "{}", {"Content-Type": "application/json"})
    assert status == 405 and "simulates in the page" in answer["error"]["message"]
    assert request(served, "GET", "/api/nothing")[0] == 404
    assert request(served, "GET", "/api/simulate")[0] == 404
    still_answers(served)


def raw(server, data, wait=5.0):
    """Sends `data` as it is and returns what the server answers (b"" when it hangs up)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as connection:
        connection.sendall(data)
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except socket.timeout:
            return received + b"<still open>"
        return received


def test_two_host_headers_are_refused(served):
    two_hosts = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode()
    answer = raw(served, two_hosts)
    assert answer.startswith(b"HTTP/1.1 400 ") and b"more than one Host" in answer
    still_answers(served)


def test_stalled_connections_are_closed_and_their_number_capped(monkeypatch):
    monkeypatch.setattr(playground_server, "READ_TIMEOUT", 5.0)  # ample for the 8 connections to be made first
    monkeypatch.setattr(playground_server, "MAX_CONNECTIONS", 8)
    server = Playground(0, examples=REPO / "examples")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        stalled = []
        for number in range(8):  # a request line, then nothing: no end of the headers
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            head = f"GET /api/examples HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode()
            connection.sendall(head if number % 2 else head[:-2])
            stalled.append(connection)
        time.sleep(0.2)
        answer = raw(server, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 503 ") and b"more than 8 connections" in answer
        for connection in stalled:  # each closed by the server after READ_TIMEOUT
            connection.settimeout(20)
            assert connection.recv(65536) == b""
            connection.close()
        time.sleep(0.2)
        still_answers(server)
    finally:
        server.shutdown()
        server.server_close()
