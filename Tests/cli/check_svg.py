#!/usr/bin/env python3
"""Checks of `xyzalert simulate --format svg` (docs/cli.md): for every
example, the picture is well-formed XML (a real parser), names every alert
the trace shows, and renders with a real renderer (rsvg-convert) without a
message; the launch example renders to docs/launch.png within a small
tolerance; 200 alerts give a picture that keeps its row height (it scrolls).
Usage: check_svg.py PATH-TO-xyzalert. Prints "ok NAME" or "FAIL NAME" lines
and ends with "N passed, N failed"; exit 0 when all pass.

To refresh the committed picture after a deliberate change of the drawing:
  xyzalert simulate examples/launch.json --format svg > docs/launch.svg
  rsvg-convert docs/launch.svg -o docs/launch.png
"""

import json
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}" + (f"\n  {detail}" if detail else ""))


def run(*args, **kwargs):
    return subprocess.run(args, capture_output=True, **kwargs)


def read_png(data):
    """Width, height and rows of RGBA bytes of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, chunks, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(chunks)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        previous = line
        if channels == 3:
            line = bytearray(b"".join(bytes(line[i:i + 3]) + b"\xff" for i in range(0, stride, 3)))
        rows.append(bytes(line))
    return width, height, rows


def compare(actual, expected):
    """None when the pictures agree within the tolerance, else why not."""
    (w1, h1, a), (w2, h2, b) = actual, expected
    if (w1, h1) != (w2, h2):
        return f"size {w1}x{h1}, expected {w2}x{h2}"
    total = differing = 0
    for ra, rb in zip(a, b):
        for i in range(0, len(ra), 4):
            d = max(abs(ra[i + c] - rb[i + c]) for c in range(3))
            total += d
            differing += d > 48
    pixels = w1 * h1
    if total / pixels > 2.0 or differing / pixels > 0.01:
        return f"mean difference {total / pixels:.2f}, {differing} of {pixels} pixels differ"
    return None


def picture(xyzalert, scratch, name, scenario):
    """The parsed picture of `scenario` (a dict)."""
    (scratch / f"{name}.json").write_text(json.dumps(scenario))
    return ElementTree.fromstring(run(xyzalert, "simulate", str(scratch / f"{name}.json"), "--format", "svg",
                                      check=True).stdout)


def main(xyzalert):
    scenarios = sorted(p for p in (REPO / "examples").glob("*.json") if '"steps"' in p.read_text())
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        for scenario in scenarios:
            name = scenario.stem
            svg = run(xyzalert, "simulate", str(scenario), "--format", "svg", check=True).stdout
            try:
                root = ElementTree.fromstring(svg)
                check(f"the {name} picture is well-formed SVG", root.tag == SVG + "svg")
            except ElementTree.ParseError as error:
                check(f"the {name} picture is well-formed SVG", False, str(error))
                continue
            texts = {"".join(t.itertext()) for t in root.iter(SVG + "text")}
            trace = run(xyzalert, "simulate", str(scenario), "--format", "json", check=True).stdout
            ids = {json.loads(line)["alert"] for line in trace.splitlines() if json.loads(line).get("alert")}
            missing = sorted(i for i in ids if not any(t == i or t.startswith(i + " ") for t in texts))
            check(f"the {name} picture names every alert", not missing, f"missing: {missing}")
            (scratch / f"{name}.svg").write_bytes(svg)
            rendered = run("rsvg-convert", str(scratch / f"{name}.svg"), "-o", str(scratch / f"{name}.png"))
            check(f"rsvg-convert renders the {name} picture", rendered.returncode == 0 and not rendered.stderr,
                  rendered.stderr.decode(errors="replace"))

        golden = REPO / "docs" / "launch.png"
        actual = scratch / "launch.png"
        if actual.exists():
            why = compare(read_png(actual.read_bytes()), read_png(golden.read_bytes()))
            check("the launch picture renders as docs/launch.png", why is None, why or "")
            committed = (REPO / "docs" / "launch.svg").read_bytes()
            check("docs/launch.svg is the launch picture", committed == (scratch / "launch.svg").read_bytes())

        # U+FFFE and U+FFFF in an id and a lane (valid JSON, forbidden in
        # XML): the picture stays well-formed, with U+FFFD in their place.
        odd = {"pages": {"home": {}}, "alerts": [{"id": "odd\uffff\ufffe", "page": "home", "lane": "to\uffffast"}],
               "steps": [{"appear": "home"}, {"add": "odd\uffff\ufffe"}]}
        (scratch / "odd.json").write_text(json.dumps(odd))
        svg = run(xyzalert, "simulate", str(scratch / "odd.json"), "--format", "svg", check=True).stdout
        try:
            texts = "".join(ElementTree.fromstring(svg).itertext())
            check("U+FFFE and U+FFFF are written as U+FFFD", "odd\ufffd\ufffd" in texts and "to\ufffdast" in texts)
        except ElementTree.ParseError as error:
            check("U+FFFE and U+FFFF are written as U+FFFD", False, str(error))

        # An instance capped at its add ends where it finished (step 4), not
        # at the start of the chart.
        capped = {"pages": {"home": {}}, "alerts": [{"id": "a", "page": "home", "limit": {"count": 1, "per": "session"}},
                                                    {"id": "b", "page": "home"}],
                  "steps": [{"appear": "home"}, {"add": "a"}, {"dismiss": "a"}, {"add": "b"}, {"add": "a"}]}
        root = picture(xyzalert, scratch, "capped", capped)
        step_x = {t.text: float(t.get("x")) - 2 for t in root.iter(SVG + "text") if t.get("y") == "61"}
        label = [float(t.get("x")) for t in root.iter(SVG + "text") if t.text == "capped"]
        check("a capped label is drawn at the step it was capped in", len(label) == 1 and label[0] >= step_x.get("4", 1e9),
              f"label at {label}, step 4 at {step_x.get('4')}")

        # A toast that times out at 5 s within an advance: its bar ends on
        # the axis's 5 s label (it ended slightly before it).
        timed = {"pages": {"home": {}}, "alerts": [{"id": "t", "page": "home", "duration": 5}],
                 "steps": [{"appear": "home"}, {"add": "t"}, {"advance": 10}]}
        root = picture(xyzalert, scratch, "timed", timed)
        five = [float(t.get("x")) - 2 for t in root.iter(SVG + "text") if t.text == "5s"]
        bars = [float(r.get("x")) + float(r.get("width")) for g in root.iter(SVG + "g")
                for r in g.iter(SVG + "rect") if any(t.text == "t" for t in g.iter(SVG + "text"))]
        check("a bar that ends at 5 s ends on the 5 s label", len(five) == 1 and bars and abs(bars[-1] - five[0]) < 0.15,
              f"bars end at {bars}, 5 s at {five}")

        # 200 alerts: every row keeps its height; the picture grows (and scrolls).
        many = {"pages": {"home": {}}, "alerts": [{"id": f"a{i}", "page": "home", "priority": i % 7} for i in range(200)],
                "steps": [{"appear": "home"}] + [{"add": f"a{i}"} for i in range(200)]
                + [{"cancel": f"a{i}"} for i in range(200)]}
        (scratch / "many.json").write_text(json.dumps(many))
        svg = run(xyzalert, "simulate", str(scratch / "many.json"), "--format", "svg", check=True).stdout
        root = ElementTree.fromstring(svg)
        height, width = float(root.get("height")), float(root.get("width"))
        check("200 alerts get 200 rows of 20 pixels", height >= 201 * 20 and width >= 400 * 40, f"{width}x{height}")
        (scratch / "many.svg").write_bytes(svg)
        rendered = run("rsvg-convert", str(scratch / "many.svg"), "-o", str(scratch / "many.png"))
        check("rsvg-convert renders 200 alerts", rendered.returncode == 0 and not rendered.stderr)

    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
