"""The playground's HTTP server: the page and its files (the simulation runs
in the page, through the JavaScript package, as WebAssembly), and the
examples as JSON.

Loopback only, and safe by default: requests whose ``Host`` header does not
name this server on loopback, or whose ``Origin`` is another site, are
refused (403: a page elsewhere cannot reach it through DNS rebinding), as
are two ``Host`` headers (400); nothing is taken by POST (405); a
connection that sends nothing for ``READ_TIMEOUT`` seconds is closed, and
past ``MAX_CONNECTIONS`` at once a new one is answered 503 and closed; the
server never reads or writes a file a client names.

What it serves (every answer but the page's files is JSON):

- the page (``/``), its scripts and style, and under ``/js/`` the
  JavaScript package with ``xyzalert.wasm`` (``js_folder()`` finds it);
- ``GET /api/examples``: ``{"examples": [names]}``; ``GET
  /api/examples/NAME``: ``{"name", "text"}``;
- ``GET /api/initial``: ``{"name", "text"}``, the document to start with.

Errors of the request itself (a foreign host, no such path, a POST)
answer ``{"error": {"message"}}`` with a 4xx status.
"""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

#: Seconds a connection may send nothing (before or inside a request) before it is closed.
READ_TIMEOUT = 10.0
#: Connections served at once; one more is answered 503 and closed.
MAX_CONNECTIONS = 32

STATIC = Path(__file__).resolve().parent / "static"
SCRIPT = "text/javascript; charset=utf-8"
FILES = {"/": ("index.html", "text/html; charset=utf-8"), "/playground.js": ("playground.js", SCRIPT),
         "/worker.mjs": ("worker.mjs", SCRIPT), "/simulate.mjs": ("simulate.mjs", SCRIPT),
         "/timeline.mjs": ("timeline.mjs", SCRIPT), "/playground.css": ("playground.css", "text/css; charset=utf-8")}
#: The JavaScript package's files the page loads, under /js/.
JS_TYPES = {".mjs": SCRIPT, ".wasm": "application/wasm"}


def js_folder() -> Optional[Path]:
    """The JavaScript package with its xyzalert.wasm: XYZALERT_JS, the
    copy beside this module (an installed package), or the checkout's
    bindings/js (after `make wasm`); None when none has the module."""
    here = Path(__file__).resolve().parent
    candidates = [Path(os.environ["XYZALERT_JS"])] if os.environ.get("XYZALERT_JS") else []
    candidates += [here / "js", here.parents[3] / "bindings" / "js"]
    return next((c for c in candidates if (c / "xyzalert.wasm").is_file()), None)


def find_examples(folder: Optional[Path]) -> Dict[str, str]:
    """The scenario files under `folder` (those with "steps", but not those
    whose "set_campaigns" steps name other files, which a page cannot
    send, nor recordings, whose "at" times the Python runner does not
    play), by their path relative to it; the checkout's examples/ or the
    package's copy by default."""
    if folder is None:
        here = Path(__file__).resolve().parent
        candidates = [here / "examples", here.parents[3] / "examples"]
        folder = next((c for c in candidates if c.is_dir()), None)
        if folder is None:
            return {}
    found = {}
    for path in sorted(folder.rglob("*.json")):
        try:
            text = path.read_text(encoding="utf-8")
            document = json.loads(text)
            if isinstance(document, dict) and "steps" in document and \
                    not any(isinstance(step, dict) and ("set_campaigns" in step or "at" in step)
                            for step in document["steps"]):
                found[path.relative_to(folder).as_posix()] = text
        except (OSError, ValueError):
            continue
    return found


class Playground(ThreadingHTTPServer):
    """The server: loopback only, on `port` (0: any free one)."""

    daemon_threads = True

    def __init__(self, port: int = 0, initial: Optional[Tuple[str, str]] = None,
                 examples: Optional[Path] = None) -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.connections = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.examples = find_examples(examples)
        self.js = js_folder()
        first = next(iter(self.examples.items()), ("new.json", '{"version": 1, "pages": [], "alerts": [], "steps": []}'))
        self.initial = initial or first

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def process_request(self, request: Any, client_address: Any) -> None:
        """One thread per connection, at most MAX_CONNECTIONS at once."""
        if not self.connections.acquire(blocking=False):
            body = json.dumps({"error": {"message": f"refused: more than {MAX_CONNECTIONS} connections at once"}})
            head = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n")
            try:
                request.sendall((head + body).encode("ascii"))
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    def js_files(self) -> List[str]:
        """The names of the JavaScript package's files it serves under /js/."""
        if self.js is None:
            return []
        return sorted(p.name for p in self.js.iterdir() if p.suffix in JS_TYPES and p.is_file())

    def hosts(self) -> List[str]:
        """The Host headers this server answers to."""
        return [f"{name}:{self.port}" for name in ("127.0.0.1", "localhost", "[::1]")]


class Handler(BaseHTTPRequestHandler):
    server: Playground
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        # A stalled client's read times out (handle_one_request then closes).
        self.timeout = READ_TIMEOUT  # type: ignore[misc]  # per connection, so that tests may change it
        super().setup()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the playground prints its address and nothing per request."""

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        # ('wasm-unsafe-eval': the engine's WebAssembly may be compiled; nothing else.)
        self.send_header("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
                         "img-src 'self' data:; style-src 'self'")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, value: Any) -> None:
        self._send(status, json.dumps(value).encode("utf-8"), "application/json")

    def _refuse(self, status: int, message: str) -> None:
        self.close_connection = True
        self._json(status, {"error": {"message": message}})

    def _allowed(self) -> bool:
        """Only this server, by a loopback name, and only its own page."""
        hosts = self.server.hosts()
        if len(self.headers.get_all("Host", [])) > 1:
            self._refuse(400, "refused: more than one Host header")
            return False
        if self.headers.get("Host") not in hosts:
            self._refuse(403, f"refused: Host {self.headers.get('Host')!r} is not this server ({hosts[0]})")
            return False
        origin = self.headers.get("Origin")
        if origin is not None and origin not in [f"http://{host}" for host in hosts]:
            self._refuse(403, f"refused: Origin {origin!r} is another site")
            return False
        return True

    def do_GET(self) -> None:
        if not self._allowed():
            return
        path = self.path.split("?", 1)[0]
        if path in FILES:
            name, kind = FILES[path]
            self._send(200, (STATIC / name).read_bytes(), kind)
        elif path.startswith("/js/") and self.server.js is not None and path[4:] in self.server.js_files():
            name = path[4:]
            self._send(200, (self.server.js / name).read_bytes(), JS_TYPES[Path(name).suffix])
        elif path == "/api/examples":
            self._json(200, {"examples": list(self.server.examples)})
        elif path.startswith("/api/examples/") and path[len("/api/examples/"):] in self.server.examples:
            name = path[len("/api/examples/"):]
            self._json(200, {"name": name, "text": self.server.examples[name]})
        elif path == "/api/initial":
            name, text = self.server.initial
            self._json(200, {"name": name, "text": text})
        else:
            self._refuse(404, f"no such path: {path}")

    def do_POST(self) -> None:
        if not self._allowed():
            return
        self._refuse(405, "the playground takes nothing by POST: it simulates in the page")
