# Part of Tests/cli/test_cli.sh, sourced by it in order (its variables and
# helpers are set).
# Virtual time, notes, colour, and hostile inputs: deep, huge, truncated,
# binary, cyclic, extreme; long chains; recordings of the examples.

# A scenario that advances the clock shows the virtual time of every line;
# one that does not has no time column.
out=$("$XYZALERT" simulate examples/toasts.json | sed -n '1p;11p;18p')
expect "text timeline with virtual time" 0 $? "    time  step  what               event     alert          detail
       5     6  advance 6s         finish    messages       expired
       9                           show      synced         on editor (page)" "$out"
for example in toasts chat; do
    readme=$(sed -n "/^\\$ xyzalert simulate examples\\/$example.json\$/,/^\`\`\`\$/p" docs/guide.md | sed '1d;$d')
    out=$("$XYZALERT" simulate "examples/$example.json")
    expect "the guide's $example timeline is what the tool prints" 0 $? "$readme" "$out"
done
out=$("$XYZALERT" simulate examples/launch.json | head -1)
expect "text timeline without time" 0 $? "step  what                                   event     alert          detail" "$out"

# A "note" step: a line of the text and JSON traces, no expect line.
cat > "$scratch/note.json" <<'JSON'
{"version": 1, "pages": {"home": {}}, "alerts": [{"id": "a", "page": "home"}],
 "steps": [{"appear": "home"}, {"note": "the user opens the app"}, {"add": "a"}]}
JSON
out=$("$XYZALERT" simulate "$scratch/note.json")
expect "a note step in the text trace" 0 $? "step  what         event     alert          detail
   0  appear home  -
   1  note         note      the user opens the app
   2  add a        show      a              on home (page)" "$out"
out=$("$XYZALERT" simulate "$scratch/note.json" --format json)
expect "a note step in the JSON trace" 0 $? '{"step": 1, "event": "note", "text": "the user opens the app"}
{"step": 2, "event": "show", "alert": "a", "page": "home", "target": "page"}' "$out"
out=$("$XYZALERT" simulate "$scratch/note.json" --format expect)
expect "a note step has no expect line" 0 $? "2 show a home" "$out"

# Colour only on a terminal, and not with NO_COLOR set (script gives a terminal).
"$XYZALERT" simulate examples/launch.json | grep -q $'\033'
expect "no colour when stdout is not a terminal" 1 $?
script -qec "$XYZALERT simulate examples/launch.json" /dev/null | grep -q $'\033\\[32mshow'
expect "colour on a terminal" 0 $?
NO_COLOR=1 script -qec "$XYZALERT simulate examples/launch.json" /dev/null | grep -q $'\033'
expect "no colour on a terminal with NO_COLOR set" 1 $?

# matches NAME PATTERN TEXT: an extended regular expression over the whole text.
matches() {
    if [[ "$3" =~ $2 ]]; then pass "$1"; else fail "$1" "expected to match: $2" "actual: ${3:0:300}"; fi
}

# Deep nesting: an error at the depth Jansson stops at, not a crash.
python3 -c 'print("{\"alerts\": " + "[" * 100000 + "]" * 100000 + "}")' > "$scratch/deep.json"
out=$("$XYZALERT" check "$scratch/deep.json" 2>&1)
expect "deeply nested input exits 1" 1 $?
matches "deeply nested input is located" "^$scratch/deep.json:1:2059: error: invalid JSON: maximum parsing depth reached near '\[' \(at /alerts(/0)+\)$" "$(echo "$out" | head -1)"
# Its one line of 200,000 characters is shown as 120 of them around the
# column, "..." either side, the caret under the column.
expect "a long line is shown around the column" 0 0 "    1 | ...$(printf '[%.0s' {1..120})...
      |    $(printf ' %.0s' {1..60})^" "$(echo "$out" | tail -2)"

# A 50 MB alert set whose last alert is wrong: located exactly.
python3 - "$scratch/big.json" <<'PY'
import json, sys
count = 185000
alerts = [{"id": "a%d" % i, "priority": i % 100, "title": "Alert %d" % i, "message": "x" * 150,
           "after": ["a%d" % (i - 1)] if i % 10 else []} for i in range(count)]
alerts[-1]["priority"] = "high"
text = json.dumps({"version": 1, "alerts": alerts}, indent=1)
assert len(text) > 50_000_000, len(text)
open(sys.argv[1], "w").write(text)
lines = text.split("\n")
line = next(n for n, l in enumerate(lines, 1) if '"priority": "high"' in l)
print(line, lines[line - 1].index('"high"') + 1, file=open(sys.argv[1] + ".where", "w"))
PY
read -r line column < "$scratch/big.json.where"
out=$("$XYZALERT" check "$scratch/big.json" 2>&1)
expect "a 50 MB file is checked and located" 1 $? \
    "$scratch/big.json:$line:$column: error: priority must be an integer between -2147483648 and 2147483647, got string \"high\" (at /alerts/184999/priority)
$(source_lines "$scratch/big.json" "$line" "$column")" "$out"

# Truncated, garbage and binary input: errors, never crashes.
head -c 1000000 "$scratch/big.json" > "$scratch/truncated.json"
"$XYZALERT" check "$scratch/truncated.json" > /dev/null 2>&1
expect "a truncated file is a parse error" 1 $?
head -c 200000 /dev/urandom > "$scratch/random.json"
"$XYZALERT" check "$scratch/random.json" > /dev/null 2>&1
expect "random bytes are a parse error" 1 $?

# A page whose parent chain runs into a cycle that does not contain it: an
# error at the cycle, not a hang (the guard only stops a hung run).
cat > "$scratch/chain-cycle.json" <<'JSON'
{"pages": {"c": {"parent": "a"}, "a": {"parent": "b"}, "b": {"parent": "a"}}, "alerts": [], "steps": []}
JSON
out=$(timeout 300 "$XYZALERT" check "$scratch/chain-cycle.json" 2>&1)
expect "a parent chain into a cycle is reported" 1 $? \
    "$scratch/chain-cycle.json:1:50: error: parent cycle: a -> b -> a (at /pages/a/parent)
$(source_lines "$scratch/chain-cycle.json" 1 50)" "$out"

# Huge but finite frames and adjusts: offsets stay finite, the trace is JSON.
cat > "$scratch/huge-frames.json" <<'JSON'
{"pages": {"home": {}},
 "alerts": [{"id": "a", "page": "home", "keyboard_adjust": -1.7e308}],
 "steps": [{"appear": "home"}, {"add": "a"}, {"frame": {"alert": "a", "frame": [0, 100, 10, 1e308]}},
           {"keyboard": {"page": "home", "frame": [0, -1e308, 10, 10]}}]}
JSON
"$XYZALERT" simulate "$scratch/huge-frames.json" --format json > "$scratch/huge-frames.jsonl"
expect "huge frames simulate" 0 $?
out=$(python3 -c 'import json, sys
moves = [json.loads(l)["dy"] for l in open(sys.argv[1]) if json.loads(l)["event"] == "move"]
print(moves)' "$scratch/huge-frames.jsonl" 2>&1)
expect "huge frames give finite offsets in valid JSON" 0 $? "[-1.7976931348623157e+308]" "$out"

# Long page chains and many instances load and run (make bench measures
# how they scale).
python3 - "$scratch" <<'PY'
import json, sys
def chain(n):
    pages = {"p0": {}}
    pages.update({"p%d" % i: {"parent": "p%d" % (i - 1)} for i in range(1, n)})
    return pages
json.dump({"pages": chain(10000), "alerts": [], "steps": []}, open(sys.argv[1] + "/chain.json", "w"))
n = 500
steps = [{"appear": "p%d" % i} for i in range(n)] + [{"add": "a%d" % i} for i in range(n)]
json.dump({"pages": chain(n), "alerts": [{"id": "a%d" % i, "page": "p%d" % (n - 1)} for i in range(n)],
           "steps": steps + [{"dismiss": "a%d" % i} for i in range(n)]}, open(sys.argv[1] + "/chain-run.json", "w"))
n = 20000
steps = [{"appear": "home"}] + [{"add": "a%d" % i} for i in range(n)] + [{"dismiss": "a%d" % i} for i in range(n)]
json.dump({"pages": {"home": {}}, "alerts": [{"id": "a%d" % i, "page": "home"} for i in range(n)], "steps": steps},
          open(sys.argv[1] + "/instances.json", "w"))
PY
out=$("$XYZALERT" check "$scratch/chain.json" 2>&1)
expect "a 10,000-page chain loads" 0 $? "$scratch/chain.json: ok, 0 alerts" "$out"
out=$("$XYZALERT" simulate "$scratch/chain-run.json" --format json | grep -c '"finish"')
expect "alerts on a 500-page chain show and finish" 0 $? "500" "$out"
out=$("$XYZALERT" simulate "$scratch/instances.json" --format json | grep -c '"finish"')
expect "20,000 instances show and finish" 0 $? "20000" "$out"


# Recording (docs/formats.md, "Recordings"): each example, recorded as it
# plays, replays to the events it showed, in order (its error events are
# failed calls, which a host sees as return codes and a recording leaves out).
for scenario in examples/*.json; do
    grep -q '"steps"' "$scenario" || continue
    name=$(basename "$scenario" .json)
    "$XYZALERT" simulate "$scenario" --format expect --record "$scratch/rec-$name.json" > "$scratch/played-$name.txt"
    status=$?
    played=$(grep -v '^[0-9]* error ' "$scratch/played-$name.txt" | cut -d' ' -f2-)
    replayed=$("$XYZALERT" simulate "$scratch/rec-$name.json" --format expect | cut -d' ' -f2-)
    expect "the recording of $name replays to its events" 0 $status "$played" "$replayed"
done
"$XYZALERT" check "$scratch/rec-launch.json" > /dev/null
expect "a recording is a valid scenario" 0 $?
out=$("$XYZALERT" simulate examples/launch.json --record 2>&1)
expect "--record without a file" 2 $? "xyzalert simulate: --record needs a file to write" "$(echo "$out" | head -1)"
out=$("$XYZALERT" simulate examples/launch.json --record "$scratch/no/such/dir.json" 2>&1 >/dev/null)
expect "--record to a file that cannot be written" 2 $? "xyzalert: cannot write the recording to '$scratch/no/such/dir.json': No such file or directory" "$out"
# A cycle of a scenario's alerts is an error of the add that makes it live.
printf '{"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "after": ["b"]}, {"id": "b", "page": "p", "after": ["a"]}], "steps": [{"add": ["a", "b"]}]}' > "$scratch/cycle.json"
out=$("$XYZALERT" simulate "$scratch/cycle.json" --format expect)
expect "a dependency cycle made live is an error event" 0 $? "0 error - cycle" "$out"

# Extreme times and long ids: every format finishes at once, whatever the
# magnitude of the times (the picture's work is bounded by the trace's
# size); the SVG is well-formed; data formats (expect, json) carry every id
# whole, and `test --update` round-trips them; pictures cut labels visibly.
python3 - "$scratch" <<'PY'
import json, sys
long_id = "x" * 58 + "\u00e9" * 3 + "y" * 540  # the cut falls among two-byte characters
def scenario(name, steps, alerts=(), pages=None):
    doc = {"pages": pages or {"p": {}}, "alerts": list(alerts), "steps": steps}
    with open(f"{sys.argv[1]}/extreme-{name}.json", "w") as f:
        json.dump(doc, f)
a = {"id": "a", "page": "p"}
scenario("advance-1e20", [{"appear": "p"}, {"advance": 1e20}])
scenario("at-1e15", [{"appear": "p"}, {"add": "a", "at": 1e15}], [a])
scenario("advance-1e300", [{"appear": "p"}, {"add": "a"}, {"advance": 1e300}], [dict(a, duration=1e308)])
scenario("advance-overflow", [{"appear": "p"}, {"advance": 1e308}, {"advance": 1e308}, {"add": "a"}, {"advance": 10}],
         [dict(a, duration=5)])
scenario("denormal", [{"appear": "p"}, {"add": "a", "at": 5e-324}, {"advance": 5e-324}, {"tick": "p"}],
         [dict(a, duration=5e-324)])
scenario("at-0", [{"appear": "p", "at": 0}, {"add": "a", "at": 0}], [dict(a, ttl=1e308)])
scenario("long-id", [{"appear": "p"}, {"add": long_id}, {"dismiss": long_id}],
         [{"id": long_id, "page": "p", "lane": "z" * 700}])
with open(f"{sys.argv[1]}/long-id.txt", "w") as f:
    f.write(long_id)
PY
for f in "$scratch"/extreme-*.json; do
    for format in text json expect svg; do
        timeout 20 "$XYZALERT" simulate "$f" --format $format > "$scratch/out.$format" 2>&1
        status=$?
        expect "$(basename "$f" .json) --format $format finishes" 0 $status
    done
    python3 -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" "$scratch/out.svg" 2>&1
    status=$?
    expect "$(basename "$f" .json) --format svg is well-formed XML" 0 $status
done
out=$("$XYZALERT" simulate "$scratch/extreme-advance-overflow.json" --format expect)
expect "an advance past the largest finite time is an error event, and the clock goes on from where it was" 0 $? \
"2 error - invalid
3 show a p
4 remove a timeout
4 finish a timeout" "$out"
long_id=$(cat "$scratch/long-id.txt")
out=$("$XYZALERT" simulate "$scratch/extreme-long-id.json" --format expect | head -1)
expect "expect lines carry a long id whole" 0 $? "1 show $long_id p lane:$(printf 'z%.0s' $(seq 700))" "$out"
"$XYZALERT" simulate "$scratch/extreme-long-id.json" --format json | grep -qF "\"alert\": \"$long_id\""
expect "the JSON trace carries a long id whole" 0 $?
"$XYZALERT" simulate "$scratch/extreme-long-id.json" --format svg | grep -qF ">${long_id:0:59}…"
expect "the picture cuts a long id on a character boundary, visibly" 0 $?
"$XYZALERT" simulate "$scratch/extreme-long-id.json" | grep -qF "add ${long_id:0:55}…"
expect "the text timeline cuts a long step label the same way" 0 $?
"$XYZALERT" test --update "$scratch/extreme-long-id.json" > /dev/null && "$XYZALERT" test "$scratch/extreme-long-id.json" > /dev/null
expect "test --update round-trips a long id" 0 $?
grep -qF "\"2 finish $long_id dismissed\"" "$scratch/extreme-long-id.json"
expect "the updated expect list has the id whole" 0 $?
