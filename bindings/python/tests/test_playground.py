"""The playground's simulation and its HTTP API (docs/playground.md): the
answers, the errors located in the text, and the safety limits, each
leaving the server answering the next request. The page itself is tested
in a real browser by Tests/playground."""

import http.client
import json
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from conftest import cli_path
from xyzalert.playground import server as playground_server
from xyzalert.playground.server import MAX_DOCUMENT, Playground, find_examples
from xyzalert.playground.simulate import MAX_SECONDS, MAX_STEPS, expect_line, simulate

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = find_examples(REPO / "examples")
SMALL = json.dumps({"pages": {"home": {}},
                    "alerts": [{"id": "hello", "page": "home", "duration": 2}],
                    "steps": [{"appear": "home"}, {"add": "hello"}, {"advance": 3}]})


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_expect_lines_are_the_tools(name):
    ours = simulate(EXAMPLES[name])
    tool = subprocess.run([str(cli_path()), "simulate", str(REPO / "examples" / name), "--format", "expect"],
                          capture_output=True, text=True, check=False)
    if tool.returncode != 0:  # the tool refuses it (a file it names is relative to it): so do we
        assert "error" in ours
        return
    assert ours["expect"] == tool.stdout.splitlines()


def test_every_step_has_the_reasons_of_the_alerts_live_after_it_and_ended_in_it():
    document = json.loads(SMALL)
    document["steps"].append({"advance": 1})
    result = simulate(json.dumps(document))
    assert [s["step"] for s in result["steps"]] == [0, 1, 2, 3]
    assert result["steps"][0]["alerts"] == []
    showing = result["steps"][1]["alerts"][0]
    assert (showing["alert"], showing["state"], showing["code"]) == ("hello", "showing", "showing")
    assert "is showing on page 'home'" in showing["sentence"]
    ended = result["steps"][2]["alerts"][0]
    assert (ended["state"], ended["code"]) == ("finished", "finished")
    assert result["steps"][3]["alerts"] == []  # it ended a step before: no stale reason
    assert [s["label"] for s in result["steps"]] == ["appear home", "add hello", "advance 3s", "advance 1s"]
    assert [s["local"] for s in result["steps"]] == [None] * 4  # no wall clock
    assert result["expect"] == ["1 show hello home", "2 remove hello timeout", "2 finish hello timeout"]


def test_the_timeline_has_a_clickable_column_per_step_and_a_row_per_alert():
    svg = simulate(SMALL)["svg"]
    assert svg.startswith("<svg") and svg.count('class="step"') == 3
    assert 'data-step="2"' in svg and ">hello<" in svg
    assert 'fill="#73d216"' in svg  # showing after step 1


def test_names_are_escaped_in_the_timeline():
    document = json.loads(SMALL)
    document["alerts"][0]["id"] = "<b>&"
    document["steps"][1]["add"] = "<b>&"
    svg = simulate(json.dumps(document))["svg"]
    assert "&lt;b&gt;&amp;" in svg and "<b>" not in svg


def test_a_syntax_error_names_its_line_column_and_pointer():
    error = simulate('{\n  "alerts": [],\n  "pages": [ }\n}')["error"]
    assert (error["line"], error["column"]) == (3, 14)
    assert "invalid JSON" in error["message"] and error["pointer"] == "/pages/0"


def test_a_schema_error_names_its_pointer():
    document = json.loads(SMALL)
    document["alerts"][0]["priority"] = "high"
    error = simulate(json.dumps(document, indent=2))["error"]
    assert error["pointer"] == "/alerts/0/priority" and error["line"] > 1 and "priority" in error["message"]


def test_too_many_steps_or_too_much_time_is_an_error_not_a_run():
    steps = {"pages": {"p": {}}, "alerts": [], "steps": [{"appear": "p"}] * (MAX_STEPS + 1)}
    assert f"at most {MAX_STEPS}" in simulate(json.dumps(steps))["error"]["message"]
    forever = {"pages": {"p": {}}, "alerts": [], "steps": [{"advance": 1e300}]}
    assert "366 days" in simulate(json.dumps(forever))["error"]["message"]
    twice = {"pages": {"p": {}}, "alerts": [],
             "steps": [{"advance": MAX_SECONDS / 2 + 1}, {"advance": MAX_SECONDS / 2 + 1}]}
    assert simulate(json.dumps(twice))["error"]["message"].startswith("step 1 ")


def test_a_move_prints_as_the_tool_does():
    assert expect_line({"step": 3, "event": "move", "alert": "a", "dy": -50.0}) == "3 move a -50"
    assert expect_line({"step": 3, "event": "move", "alert": "a", "dy": 0.1 + 0.2}) == "3 move a 0.30000000000000004"
    assert expect_line({"step": 1, "event": "note", "text": "x"}) is None


# ---- the server

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
    sent = {"Host": f"127.0.0.1:{server.port}", **({"Content-Type": "application/json"} if body is not None else {}),
            **(headers or {})}
    connection.request(method, path, body=body, headers=sent)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    kind = response.getheader("Content-Type", "")
    return response.status, json.loads(data) if kind == "application/json" else data.decode("utf-8")


def still_answers(server):
    status, answer = request(server, "POST", "/api/simulate", SMALL)
    assert status == 200 and answer["expect"][0] == "1 show hello home"


def test_it_listens_on_loopback_only(served):
    assert served.server_address[0] == "127.0.0.1"


def test_the_page_its_files_and_the_examples(served):
    status, page = request(served, "GET", "/")
    assert status == 200 and "<textarea id=\"editor\"" in page and "/playground.js" in page
    assert request(served, "GET", "/playground.js")[0] == 200
    status, listed = request(served, "GET", "/api/examples")
    assert status == 200 and "launch.json" in listed["examples"] and "alerts.json" not in listed["examples"]
    status, example = request(served, "GET", "/api/examples/launch.json")
    assert status == 200 and example["text"] == (REPO / "examples" / "launch.json").read_text()
    assert request(served, "GET", "/api/examples/../../etc/passwd")[0] == 404
    status, initial = request(served, "GET", "/api/initial")
    assert status == 200 and initial["name"] in listed["examples"]


def test_simulate_answers_the_trace_the_timeline_and_the_reasons(served):
    status, answer = request(served, "POST", "/api/simulate", SMALL)
    assert status == 200 and set(answer) == {"events", "expect", "steps", "svg"}
    assert answer == json.loads(json.dumps(simulate(SMALL)))


def test_bad_json_is_an_error_at_its_line_and_the_server_goes_on(served):
    status, answer = request(served, "POST", "/api/simulate", '{"alerts": [],\n "pages": [,]}')
    assert status == 200 and answer["error"]["line"] == 2
    still_answers(served)


def test_a_ten_megabyte_document_is_refused(served):
    status, answer = request(served, "POST", "/api/simulate", "x" * (10 << 20))
    assert status == 413 and f"at most {MAX_DOCUMENT} bytes" in answer["error"]["message"]
    still_answers(served)


def test_a_foreign_host_or_origin_is_refused(served):
    status, answer = request(served, "POST", "/api/simulate", SMALL, {"Host": "attacker.example:80"})
    assert status == 403 and "attacker.example" in answer["error"]["message"]
    status, _ = request(served, "GET", "/", headers={"Host": "attacker.example"})
    assert status == 403
    status, answer = request(served, "POST", "/api/simulate", SMALL, {"Origin": "http://attacker.example"})
    assert status == 403 and "another site" in answer["error"]["message"]
    status, _ = request(served, "POST", "/api/simulate", SMALL, {"Origin": f"http://localhost:{served.port}"})
    assert status == 200
    still_answers(served)


def test_an_endless_scenario_is_an_error_and_the_server_goes_on(served):
    forever = json.dumps({"pages": {"p": {}}, "alerts": [], "steps": [{"advance": 1e300}]})
    status, answer = request(served, "POST", "/api/simulate", forever)
    assert status == 200 and "366 days" in answer["error"]["message"]
    million = '{"pages": {"p": {}}, "alerts": [], "steps": [' + ",".join(['{"appear": "p"}'] * 1_000_000) + "]}"
    status, answer = request(served, "POST", "/api/simulate", million)
    assert status == 413
    still_answers(served)


def test_a_simulation_over_the_time_limit_is_stopped(served, monkeypatch):
    monkeypatch.setattr(playground_server, "TIME_LIMIT", 0.001)
    status, answer = request(served, "POST", "/api/simulate", SMALL)
    assert status == 200 and "took longer than 0.001 s" in answer["error"]["message"]
    monkeypatch.undo()
    still_answers(served)


def test_unknown_paths_and_a_missing_length(served):
    assert request(served, "GET", "/api/nothing")[0] == 404
    assert request(served, "POST", "/api/other", "{}")[0] == 404
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.putrequest("POST", "/api/simulate", skip_host=True)
    connection.putheader("Host", f"127.0.0.1:{served.port}")
    connection.putheader("Content-Type", "application/json")
    connection.endheaders()
    response = connection.getresponse()
    assert response.status == 411
    connection.close()


def test_a_recordings_own_step_is_an_error_naming_it():
    document = {"pages": {"p": {}}, "alerts": [], "steps": [{"appear": "p"}, {"tick": "p"}]}
    assert simulate(json.dumps(document))["error"]["message"].startswith("step 1: ")


def test_campaign_triggers_and_skips_are_marked_on_a_row_of_their_own():
    result = simulate(EXAMPLES["campaigns/rating.json"])
    kinds = {e["event"] for e in result["events"]}
    assert {"trigger", "skip"} <= kinds
    svg = result["svg"]
    assert ">campaigns<" in svg
    marks = svg.count("<circle class=")
    assert marks == sum(1 for e in result["events"]
                        if e["event"] in ("trigger", "skip", "miss", "control", "campaigns"))
    assert "<title>trigger " in svg and "<title>skip " in svg


# ---- hostile requests

#: Every scenario member that names a file: the step set_campaigns, and the
#: time zone (a name in the system's zone database).
FILE_MEMBERS = [
    lambda path: {"pages": {"p": {}}, "alerts": [], "steps": [{"set_campaigns": path}]},
    lambda path: {"pages": {"p": {}}, "alerts": [], "steps": [], "time_zone": path},
]
HOSTILE_PATHS = ["/etc/passwd", "/proc/self/environ", "/dev/zero", "/nonexistent/x.json", "examples/alerts.json",
                 "alerts.json", "../examples/alerts.json", "../../../../etc/passwd", "proc/self/environ",
                 str(REPO / "examples" / "experiments" / "sets" / "spring.json"), "Europe/../../../etc/passwd"]


@pytest.mark.parametrize("member", range(len(FILE_MEMBERS)), ids=["set_campaigns", "time_zone"])
def test_a_posted_document_reads_no_file(served, member, tmp_path, monkeypatch):
    """No path a client names is opened: the answer is the same located
    error whether the file exists, cannot be read or is an alert set, and
    quotes nothing of any file."""
    monkeypatch.chdir(REPO)  # relative names would find the examples from here
    secret = tmp_path / "secret.json"
    secret.write_text('{"version": 1, "alerts": [{"id": "TOPSECRET", "title": "TOPSECRET"}]}')
    messages = set()
    for path in HOSTILE_PATHS + [str(secret), str(tmp_path / "missing.json")]:
        document = json.dumps(FILE_MEMBERS[member](path), indent=1)
        status, answer = request(served, "POST", "/api/simulate", document)
        assert status == 200 and "error" in answer, path
        error = answer["error"]
        line = next(n for n, text in enumerate(document.splitlines(), 1) if json.dumps(path) in text)
        assert error["line"] == line and error["pointer"] in ("/steps/0/set_campaigns", "/time_zone"), path
        for leak in ("root", "SHELL", "TOPSECRET", "No such file", "Permission", "alerts", "campaign \""):
            assert leak not in error["message"].replace(path, ""), (path, error["message"])
        messages.add(error["message"].replace(json.dumps(path)[1:-1], "PATH"))
    assert len(messages) == 1, messages  # no oracle: every path gets the same answer
    still_answers(served)


def test_a_scenario_from_memory_reads_no_file_but_one_from_a_file_does(tmp_path):
    import xyzalert
    campaigns = REPO / "examples" / "experiments" / "sets" / "spring.json"
    text = json.dumps({"pages": {"p": {}}, "alerts": [], "steps": [{"set_campaigns": str(campaigns)}]})
    with pytest.raises(xyzalert.ParseError, match="reads no file") as raised:
        xyzalert.Scenario.loads(text)
    assert raised.value.path == "/steps/0/set_campaigns"
    assert "reads no file" in simulate(text)["error"]["message"]
    (tmp_path / "s.json").write_text(text)
    xyzalert.Scenario.load(tmp_path / "s.json").close()  # a file's own directory: read


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


def post_head(server, *headers):
    lines = ["POST /api/simulate HTTP/1.1", f"Host: 127.0.0.1:{server.port}", *headers, "", ""]
    return "\r\n".join(lines).encode()


def test_request_headers_a_server_must_not_guess_about(served):
    body = SMALL.encode()
    two_hosts = post_head(served, f"Host: 127.0.0.1:{served.port}", "Content-Type: application/json",
                          f"Content-Length: {len(body)}") + body
    assert raw(served, two_hosts).startswith(b"HTTP/1.1 400 ") and b"more than one Host" in raw(served, two_hosts)
    both = post_head(served, "Content-Type: application/json", f"Content-Length: {len(body)}",
                     "Transfer-Encoding: chunked") + body
    assert raw(served, both).startswith(b"HTTP/1.1 400 ")
    chunked = post_head(served, "Content-Type: application/json", "Transfer-Encoding: chunked") + b"0\r\n\r\n"
    assert raw(served, chunked).startswith(b"HTTP/1.1 411 ")
    for kind in (None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        status, answer = request(served, "POST", "/api/simulate", SMALL, {"Content-Type": kind} if kind else {})
        if kind is None:  # request() sends application/json unless told otherwise
            assert status == 200
            continue
        assert status == 415 and "application/json" in answer["error"]["message"], kind
    status, _ = request(served, "POST", "/api/simulate", SMALL, {"Content-Type": "application/json; charset=utf-8"})
    assert status == 200
    still_answers(served)


def test_stalled_connections_are_closed_and_their_number_capped(monkeypatch):
    monkeypatch.setattr(playground_server, "READ_TIMEOUT", 5.0)  # ample for the 8 connections to be made first
    monkeypatch.setattr(playground_server, "MAX_CONNECTIONS", 8)
    server = Playground(0, examples=REPO / "examples")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        stalled = []
        for number in range(8):  # headers sent, then nothing: a body that never comes, or no end of the headers
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            head = post_head(server, "Content-Type: application/json", "Content-Length: 100")
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
