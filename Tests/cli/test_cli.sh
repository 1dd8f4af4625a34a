#!/usr/bin/env bash
# Tests of the xyzalert tool (docs/cli.md, docs/formats.md): golden traces for
# every example, exact diagnostics for every bad input, exit codes, and inputs
# too large or too deep to check in. Usage: test_cli.sh PATH-TO-xyzalert
# Run from the repository root. Ends with "N passed, N failed".
set -u
XYZALERT=$(realpath "$1")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
. Tests/expect.sh

# source_lines FILE LINE COLUMN: the two lines check prints under a located
# error in an ASCII file (the line, a caret under the column).
source_lines() {
    local number
    number=$(printf '%5d' "$2")
    printf '%s | %s\n%*s| %*s^' "$number" "$(sed -n "$2p" "$1")" $((${#number} + 1)) "" $(($3 - 1)) ""
}


# Golden traces: every scenario in examples/ against its checked-in trace.
for scenario in examples/*.json; do
    name=$(basename "$scenario" .json)
    golden=examples/golden/$name.jsonl
    [ -f "$golden" ] || continue
    "$XYZALERT" simulate "$scenario" --format json > "$scratch/$name.jsonl"
    status=$?
    if [ $status -ne 0 ]; then
        fail "golden trace $name" "exit status $status"
    elif ! diff -u "$golden" "$scratch/$name.jsonl" > "$scratch/$name.diff"; then
        fail "golden trace $name" "$(cat "$scratch/$name.diff")"
    else
        pass "golden trace $name"
    fi
    "$XYZALERT" simulate "$scenario" > "$scratch/$name.txt"
    expect "text timeline $name runs" 0 $?
done
"$XYZALERT" graph examples/alerts.json > "$scratch/alerts.dot"
expect "graph of examples/alerts.json" 0 $? "$(cat examples/golden/alerts.dot)" "$(cat "$scratch/alerts.dot")"

# Every bad input: the exact line check prints, exit status 1.
for bad in Tests/data/bad/*.json; do
    name=$(basename "$bad" .json)
    actual=$(cd Tests/data/bad && "$XYZALERT" check "$name.json" 2>&1 >/dev/null)
    expect "check reports $name" 1 $? "$(cat "Tests/data/bad/$name.expected")" "$actual"
done

# Exit statuses and output of each command.
out=$("$XYZALERT" check examples/alerts.json examples/launch.json 2>&1)
expect "check of valid files" 0 $? "$(printf 'examples/alerts.json: ok, 3 alerts\nexamples/launch.json: ok, 5 alerts')" "$out"
"$XYZALERT" check examples/alerts.json Tests/data/bad/cycle-free-missing.json > /dev/null 2>&1
expect "check of a missing file is an I/O error" 2 $?
out=$("$XYZALERT" check Tests/data/bad/id-empty.json examples/alerts.json 2>/dev/null)
expect "check goes on after an invalid file" 1 $? "examples/alerts.json: ok, 3 alerts" "$out"
"$XYZALERT" > /dev/null 2>&1
expect "no command is a usage error" 2 $?
"$XYZALERT" frobnicate x > /dev/null 2>&1
expect "an unknown command is a usage error" 2 $?
"$XYZALERT" simulate examples/launch.json --format yaml > /dev/null 2>&1
expect "an unknown format is a usage error" 2 $?
"$XYZALERT" simulate Tests/data/bad/key-typo.json > /dev/null 2>&1
expect "simulate of an invalid file exits 1" 1 $?
"$XYZALERT" simulate examples/alerts.json > /dev/null 2>&1
expect "simulate of an alert set (not a scenario) exits 1" 1 $?
out=$("$XYZALERT" --version)
expect "--version" 0 $? "xyzalert $(sed -n "s/^#define XYZALERT_VERSION_STRING \"\(.*\)\"/\1/p" include/xyzalert.h)" "$out"
"$XYZALERT" --help | grep -q "xyzalert simulate \[--format"
expect "--help" 0 $?

# The examples of the documentation are valid.
python3 - "$scratch" <<'PY'
import re, sys
text = open("docs/formats.md").read()
for i, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.S)):
    if block.lstrip().startswith("{\n") or '"alerts"' in block:
        open(f"{sys.argv[1]}/doc-example-{i}.json", "w").write(block)
PY
for example in "$scratch"/doc-example-*.json; do
    "$XYZALERT" check "$example" > /dev/null
    expect "docs/formats.md example $(basename "$example" .json) is valid" 0 $?
done
"$XYZALERT" simulate "$(ls "$scratch"/doc-example-*.json | tail -1)" > /dev/null
expect "docs/formats.md's scenario simulates" 0 $?

# Per-command help and clear usage errors.
for command in check simulate graph; do
    out=$("$XYZALERT" $command --help)
    expect "$command --help" 0 $? "usage: xyzalert $command" "$(echo "$out" | head -1 | cut -d' ' -f1-3)"
    out=$("$XYZALERT" help $command)
    expect "help $command" 0 $? "usage: xyzalert $command" "$(echo "$out" | head -1 | cut -d' ' -f1-3)"
    out=$("$XYZALERT" $command 2>&1 >/dev/null)
    expect "a bare $command names what is missing" 2 $? "xyzalert $command: missing FILE" "$(echo "$out" | head -1)"
done
out=$("$XYZALERT" frobnicate x 2>&1 >/dev/null)
expect "an unknown command is named" 2 $? \
    "xyzalert: unknown command 'frobnicate' (commands: check, simulate, test, graph, eval, variants, help; see xyzalert --help)" "$out"
out=$("$XYZALERT" help frobnicate 2>&1 >/dev/null)
expect "help for an unknown command" 2 $? \
    "xyzalert help: unknown command 'frobnicate' (commands: check, simulate, test, graph, eval, variants, help; see xyzalert --help)" "$out"
out=$("$XYZALERT" check --strict examples/alerts.json 2>&1 >/dev/null)
expect "an unknown option is named" 2 $? "xyzalert check: unknown option '--strict'" "$(echo "$out" | head -1)"
# A near miss gets a suggestion: an option of that command, or a command.
out=$("$XYZALERT" simulate --formt text examples/launch.json 2>&1 >/dev/null)
expect "a mistyped option is named with the one meant" 2 $? \
    "xyzalert simulate: unknown option '--formt'; did you mean '--format'?" "$(echo "$out" | head -1)"
out=$("$XYZALERT" simulate --hisotry=h.json examples/launch.json 2>&1 >/dev/null)
expect "a mistyped option with its value" 2 $? \
    "xyzalert simulate: unknown option '--hisotry=h.json'; did you mean '--history'?" "$(echo "$out" | head -1)"
out=$("$XYZALERT" test --udpate examples/launch.json 2>&1 >/dev/null)
expect "only the command's own options are suggested" 2 $? \
    "xyzalert test: unknown option '--udpate'; did you mean '--update'?" "$(echo "$out" | head -1)"
out=$("$XYZALERT" check --update examples/alerts.json 2>&1 >/dev/null)
expect "another command's option is not suggested" 2 $? "xyzalert check: unknown option '--update'" "$(echo "$out" | head -1)"
out=$("$XYZALERT" simulat examples/launch.json 2>&1 >/dev/null)
expect "a mistyped command is named with the one meant" 2 $? \
    "xyzalert: unknown command 'simulat'; did you mean 'simulate'? (commands: check, simulate, test, graph, eval, variants, help; see xyzalert --help)" "$out"
out=$("$XYZALERT" simulate examples/launch.json --format 2>&1 >/dev/null)
expect "--format without a value" 2 $? "xyzalert simulate: --format needs a value (text, json, expect or svg)" "$(echo "$out" | head -1)"
out=$("$XYZALERT" simulate examples/launch.json examples/tabs.json 2>&1 >/dev/null)
expect "simulate takes one file" 2 $? "xyzalert simulate: one FILE only, got another: 'examples/tabs.json'" "$(echo "$out" | head -1)"

# check reports every problem of each file, and at most 20 per file.
python3 - "$scratch/many.json" <<'PY'
import json, sys
json.dump({"version": 1, "alerts": [{"id": "a%d" % i, "priority": "high"} for i in range(25)]}, open(sys.argv[1], "w"))
PY
"$XYZALERT" check "$scratch/many.json" 2> "$scratch/many.err"
expect "check stops after 20 problems" 1 $? "21 $scratch/many.json: error: more than 20 problems; stopping here" \
    "$(grep -c ': error: ' "$scratch/many.err") $(tail -1 "$scratch/many.err")"

# Failing steps print error events and the run goes on.
cat > "$scratch/errors.json" <<'JSON'
{
  "pages": { "home": {} },
  "alerts": [ { "id": "a", "page": "home" }, { "id": "b", "page": "home" } ],
  "steps": [
    { "dismiss": "a" },
    { "appear": "home" },
    { "add": "a" },
    { "add": "a" },
    { "dismiss": "a" },
    { "dismiss": "a" },
    { "add": "b" },
    { "destroy": "home" },
    { "appear": "home" }
  ]
}
JSON
out=$("$XYZALERT" simulate "$scratch/errors.json" --format json)
expect "failing steps print error events" 0 $? '{"step": 0, "event": "error", "code": "not_found", "message": "no instance of alert '"'a'"' has been added yet"}
{"step": 2, "event": "show", "alert": "a", "page": "home", "target": "page"}
{"step": 3, "event": "error", "code": "duplicate", "message": "cannot add alert '"'a'"': a live alert with that id is already in the domain of page '"'home'"'"}
{"step": 4, "event": "finish", "alert": "a", "reason": "dismissed"}
{"step": 5, "event": "error", "code": "state", "message": "cannot dismiss: alert '"'a'"' has finished"}
{"step": 6, "event": "show", "alert": "b", "page": "home", "target": "page"}
{"step": 7, "event": "remove", "alert": "b", "reason": "destroyed"}
{"step": 7, "event": "finish", "alert": "b", "reason": "destroyed"}
{"step": 8, "event": "error", "code": "state", "message": "page '"'home'"' was destroyed"}' "$out"

# xyzalert test: the examples that carry an "expect" list pass; a wrong line,
# a missing one and an extra one each give one diagnostic at the right place;
# malformed and unreadable files fail; --update writes what test then passes.
out=$("$XYZALERT" test examples/toasts.json examples/chat.json 2>&1)
expect "test passes the examples' expect lists" 0 $? "examples/toasts.json: ok, 16 events
examples/chat.json: ok, 22 events
2 passed, 0 failed" "$out"
python3 - "$scratch" <<'PY'
import json, sys
base = json.load(open("examples/toasts.json"))
def write(name, expect):
    doc = dict(base, expect=expect)
    with open(f"{sys.argv[1]}/{name}.json", "w") as f:
        f.write(json.dumps(doc, indent=1).replace("\n", "\n"))
lines = base["expect"]
write("wrong", lines[:9] + ["7 unhide synced"] + lines[10:])
write("short", lines[:-1])
write("long", lines + ["8 show more editor"])
PY
cp examples/toasts.json "$scratch/none.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d.pop('expect'); json.dump(d, open(sys.argv[1], 'w'))" "$scratch/none.json"
printf '{"pages": {"p": {}}, "alerts": [], "steps": [], "expect": ["0 wave a"]}' > "$scratch/malformed.json"
(cd "$scratch" && "$XYZALERT" test wrong.json short.json long.json none.json malformed.json > report.txt 2>&1)
status=$?
out=$(grep -v '^ *[0-9]* |\|^ *|' "$scratch/report.txt" | sed 's/:[0-9]*:[0-9]*:/:L:C:/')
expect "test reports the first difference of each failing file" 1 $status 'wrong.json:L:C: error: expected "7 unhide synced", got "7 unhide saved" (at /expect/9)
short.json:L:C: error: the trace goes on after the last expected line: "8 finish synced timeout" is event 16 of 16 (at /expect)
long.json:L:C: error: expected "8 show more editor", but the trace ends after 16 events (at /expect/16)
none.json: error: the scenario has no "expect" list (xyzalert test --update adds one)
malformed.json:L:C: error: an expect line must read "STEP EVENT ALERT [DETAIL]" (EVENT one of show, hide, unhide, remove, finish, move, action, update, announce, error, trigger, skip, control, campaigns), got "0 wave a" (at /expect/0)
0 passed, 5 failed' "$out"
(cd "$scratch" && "$XYZALERT" test wrong.json > /dev/null 2>&1)
expect "a failing test exits 1" 1 $?
line=$(cd "$scratch" && "$XYZALERT" test wrong.json 2>&1 | head -1 | cut -d: -f2,3)
pos=$(grep -n '"7 unhide synced"' "$scratch/wrong.json" | cut -d: -f1):$(( $(grep '"7 unhide synced"' "$scratch/wrong.json" | sed 's/".*//' | wc -c) ))
expect "the diagnostic points at the expect entry" 0 0 "$pos" "$line"
out=$(cd "$scratch" && "$XYZALERT" test wrong.json 2>&1 | sed -n 2,3p)
expect "the diagnostic shows the expect entry with a caret" 0 0 "$(source_lines "$scratch/wrong.json" "${pos%:*}" "${pos#*:}")" "$out"
"$XYZALERT" test "$scratch/missing.json" > /dev/null 2>&1
expect "an unreadable file exits 2" 2 $?
out=$("$XYZALERT" test --update "$scratch/wrong.json" "$scratch/none.json" && "$XYZALERT" test "$scratch/wrong.json" "$scratch/none.json" | tail -1)
expect "--update rewrites the lists, which then pass" 0 $? "$scratch/wrong.json: updated, 16 expected events
$scratch/none.json: updated, 16 expected events
2 passed, 0 failed
2 passed, 0 failed" "$out"
out=$("$XYZALERT" simulate examples/toasts.json --format expect | head -3)
expect "simulate --format expect" 0 $? "1 show saved editor
1 announce saved polite
4 hide saved covered" "$out"

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

# Pictures (--format svg): well-formed, every alert named, rendered by
# rsvg-convert, the launch example as docs/launch.png (Tests/cli/check_svg.py).
out=$(python3 Tests/cli/check_svg.py "$XYZALERT")
status=$?
echo "$out" | grep -v '^ok ' | grep -v 'passed, .* failed$'
expect "the SVG pictures ($(echo "$out" | tail -1))" 0 $status


# --why STEP (docs/rules.md §18): after the step, every live alert and each
# one finished in it, with its reason, cause, timer and sentence.
out=$("$XYZALERT" simulate examples/launch.json --why 2)
expect "--why prints a table after the step" 0 $? "after step 2:
alert    code           cause        until  sentence
consent  finished       -                -  'consent' finished: dismissed
login    showing        -                -  'login' is showing on page 'home' (target 'page')
update   not_ready      -                -  'update' is waiting: the host has not marked it ready
promo    id_dependency  id login         -  'promo' is waiting for dependency 'login' (showing)
rating   id_dependency  id promo         -  'rating' is waiting for dependency 'promo' (ready)" "$out"
out=$("$XYZALERT" simulate examples/launch.json --why 3)
expect "--why leaves out alerts finished before the step" 0 $? "" "$(echo "$out" | grep consent)"
out=$("$XYZALERT" simulate examples/tabs.json --why 9 --format json | sed -n 3p)
expect "--why --format json: one object per alert" 0 $? \
    '{"step": 9, "alert": "survey", "code": "behind", "cause": {"alert": "home_tip"}, "until": null, "sentence": "'"'"'survey'"'"' is blocked by '"'"'home_tip'"'"': it is '"'"'wait'"'"' and never shows over another alert"}' "$out"
out=$("$XYZALERT" simulate examples/tabs.json --why 5 --format json | sed -n 2p)
expect "--why names a page as the cause" 0 $? '{"step": 5, "alert": "profile_badge", "code": "not_active_child", "cause": {"page": "profile"}, "until": null, "sentence": "'"'"'profile_badge'"'"' is ready but page '"'"'profile'"'"' is not the active child of page '"'"'tabbar'"'"'"}' "$out"
cat > "$scratch/timed.json" <<'JSON'
{"pages": {"p": {}}, "alerts": [{"id": "toast", "page": "p", "duration": 4}],
 "steps": [{"appear": "p"}, {"add": "toast"}, {"advance": 1.5}]}
JSON
out=$("$XYZALERT" simulate "$scratch/timed.json" --why 2 --format json)
expect "--why gives the seconds until a timer changes the alert" 0 $? \
    '{"step": 2, "alert": "toast", "code": "showing", "cause": null, "until": 2.5, "sentence": "'"'"'toast'"'"' is showing on page '"'"'p'"'"' (target '"'"'page'"'"')"}' "$out"
out=$("$XYZALERT" simulate examples/timing/holds.json --why 4)
expect "--why: a toast whose countdown is held says held (docs/rules.md §18)" 0 $? "after step 4:
alert   code     cause     until  sentence
saved   held     -             -  'saved' is showing on page 'editor' (target 'page'); its countdown waits while it is held (lane 'toast')
synced  showing  -             2  'synced' is showing on page 'editor' (target 'page') (lane 'status')" "$out"
out=$("$XYZALERT" simulate examples/timing/holds.json --why 9 --format json)
expect "--why: the root's timer holds hold a countdown too" 0 $? \
    '{"step": 9, "alert": "saved", "code": "held", "cause": null, "until": null, "sentence": "'"'"'saved'"'"' is showing on page '"'"'editor'"'"' (target '"'"'page'"'"'); its countdown waits while it is held (lane '"'"'toast'"'"')"}' "$out"
out=$("$XYZALERT" simulate examples/why.json --why 7 --format json | grep '"tip"')
expect "--why: a suspended page comes before the alert on screen (docs/rules.md §18)" 0 $? \
    '{"step": 7, "alert": "tip", "code": "suspended", "cause": {"page": "tabs"}, "until": null, "sentence": "'"'"'tip'"'"' is held: page '"'"'tabs'"'"' is suspended"}' "$out"
out=$("$XYZALERT" simulate examples/why-flush.json --why 1 --format json | grep '"rating"')
expect "--why: before a flush the first candidate goes first" 0 $? \
    '{"step": 1, "alert": "rating", "code": "lower_priority", "cause": {"alert": "welcome"}, "until": null, "sentence": "'"'"'rating'"'"' is ready but '"'"'welcome'"'"' shows first (priority 5, above 1)"}' "$out"
out=$("$XYZALERT" simulate examples/tabs.json --why 14 2>&1)
expect "--why past the last step is a usage error naming the range" 2 $? \
    "xyzalert simulate: --why 14: out of range, the scenario has steps 0 to 13" "$out"
out=$("$XYZALERT" simulate examples/tabs.json --why -1 2>&1)
status=$?
expect "--why needs a number" 2 $status "xyzalert simulate: --why needs a step number, got '-1'" "$(echo "$out" | head -1)"
out=$("$XYZALERT" simulate examples/tabs.json --why 1 --format svg 2>&1)
status=$?
expect "--why prints text or json" 2 $status "xyzalert simulate: --why prints text or json, not 'svg'" "$(echo "$out" | head -1)"


# An update step whose title, message or meta is null clears it: the step
# is played (an update event), not skipped as having no such field.
cat > "$scratch/null-update.json" <<'JSON'
{"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "title": "Hello", "message": "m", "meta": {"k": 1}}],
 "steps": [{"appear": "p"}, {"add": "a"}, {"update": {"alert": "a", "title": null}},
           {"update": {"alert": "a", "message": null}}, {"update": {"alert": "a", "meta": null}}]}
JSON
out=$("$XYZALERT" simulate "$scratch/null-update.json" --format expect)
expect "an update to null is played" 0 $? "1 show a p
1 announce a polite
2 update a
2 announce a polite
3 update a
4 update a" "$out"

# Caps and history (docs/rules.md §16): the caps examples pass their expect
# lists; --history starts from a saved history, --save-history writes the
# pruned one; a bad history file is a located load error.
out=$("$XYZALERT" test examples/caps/*.json 2>&1)
expect "the caps examples pass" 0 $? "5 passed, 0 failed" "$(echo "$out" | tail -1)"
out=$("$XYZALERT" simulate examples/caps/session.json --format expect \
      --history examples/caps/history/returning-user.json --save-history "$scratch/saved.json")
expect "--history starts from a saved history" 0 $? "1 finish sale capped
2 error - state
3 finish bundle capped
4 error - state
5 show news home
6 finish coupon capped
7 finish news dismissed
8 show upgrade home" "$out"
expect "--save-history writes the history" 0 0 \
    '{"version": 1, "session": 8, "keys": {"id:tour": {"lifetime": 1}, "tag:promo": {"session": 1}}}' \
    "$(cat "$scratch/saved.json")"
printf '{"version": 9, "session": 1}' > "$scratch/future.json"
out=$("$XYZALERT" simulate examples/caps/session.json --history "$scratch/future.json" 2>&1)
expect "a future history version is refused" 1 $? "$scratch/future.json:1:13: error: history version 9 is newer than this engine reads (2): it was saved by a later version of XYZAlert (at /version)
$(source_lines "$scratch/future.json" 1 13)" "$out"
printf '{"version": 1, "keys": {"all": {"displays": [1, 2' > "$scratch/truncated.json"
"$XYZALERT" simulate examples/caps/session.json --history "$scratch/truncated.json" > /dev/null 2>&1
expect "a truncated history is refused" 1 $? "" ""
out=$("$XYZALERT" simulate examples/caps/session.json --history 2>&1)
expect "--history needs a file" 2 $? "xyzalert simulate: --history needs a file to read" "$(echo "$out" | head -1)"
# A recording of a capped scenario replays to the same events.
"$XYZALERT" simulate examples/caps/cooldown.json --format expect --record "$scratch/caps-rec.json" > "$scratch/caps-live.txt"
out=$("$XYZALERT" simulate "$scratch/caps-rec.json" --format expect | cut -d' ' -f2-)
expect "a recording with caps replays" 0 $? "$(cut -d' ' -f2- "$scratch/caps-live.txt")" "$out"

# Timing for people (docs/rules.md §17): the timing examples pass their
# expect lists; an announcement is a trace event in every format.
out=$("$XYZALERT" test examples/timing/*.json 2>&1)
expect "the timing examples pass" 0 $? "5 passed, 0 failed" "$(echo "$out" | tail -1)"
out=$("$XYZALERT" simulate examples/timing/announce.json --format json | grep announce | head -1)
expect "an announcement in JSON" 0 $? '{"step": 1, "event": "announce", "alert": "upload", "politeness": "polite", "text": "Uploading. 0 of 3 files"}' "$out"
# A child page's own root settings are kept for when it splits off.
printf '{"pages": {"p": {}, "c": {"parent": "p", "duration_scale": "never"}}, "alerts": [{"id": "t", "page": "c", "duration": 1}], "steps": [{"appear": "p"}, {"appear": "c"}, {"add": "t"}, {"parent": {"page": "c", "parent": null}}, {"advance": 5}]}' > "$scratch/scale-child.json"
out=$("$XYZALERT" simulate "$scratch/scale-child.json" --format expect 2>&1)
expect "a child keeps its own duration_scale for when it splits off" 0 $? "2 show t c" "$out"

# Stacks, upserts and dialog-manager controls (docs/rules.md §19): the
# examples pass their expect lists; bad limits, orders and policies are
# reported where they are; a recording of each example replays; why names
# a full lane.
out=$("$XYZALERT" test examples/stacks/*.json 2>&1)
expect "the stacks examples pass" 0 $? "11 passed, 0 failed" "$(echo "$out" | tail -1)"
printf '{"pages": {"p": {"lanes": {"toast": {"visible": 0}}}}, "alerts": [], "steps": []}' > "$scratch/zero.json"
out=$("$XYZALERT" check "$scratch/zero.json" 2>&1)
expect "a visible limit of 0 is refused" 1 $? "$scratch/zero.json:1:49: error: visible must be an integer from 1 to 2147483647 (how many of the lane show at once), got integer 0 (at /pages/p/lanes/toast/visible)
$(source_lines "$scratch/zero.json" 1 49)" "$out"
printf '{"pages": {"p": {"lanes": {"toast": {"on_full": "evict"}}}}, "alerts": [], "steps": []}' > "$scratch/evict.json"
out=$("$XYZALERT" check "$scratch/evict.json" 2>&1)
expect "an unknown on_full is refused" 1 $? "$scratch/evict.json:1:49: error: on_full must be \"queue\" or \"evict_oldest\", got string \"evict\" (at /pages/p/lanes/toast/on_full)
$(source_lines "$scratch/evict.json" 1 49)" "$out"
printf '{"pages": {"p": {"order": "random"}}, "alerts": [], "steps": []}' > "$scratch/order.json"
out=$("$XYZALERT" check "$scratch/order.json" 2>&1)
expect "an unknown order is refused" 1 $? "$scratch/order.json:1:27: error: order must be \"fifo\" or \"lifo\", got string \"random\" (at /pages/p/order)
$(source_lines "$scratch/order.json" 1 27)" "$out"
printf '{"pages": {"p": {}, "c": {"parent": "p", "lanes": {"toast": {"visible": 2}}}}, "alerts": [], "steps": []}' > "$scratch/lanes-child.json"
out=$("$XYZALERT" check "$scratch/lanes-child.json" 2>&1)
expect "lanes on a child page are its own" 0 $? "$scratch/lanes-child.json: ok, 0 alerts" "$out"
printf '{"version": 1, "alerts": [{"id": "a", "when_displaced": "hide"}, {"id": "b", "actions": [{"id": "x", "title": "X", "keep_open": 1}]}]}' > "$scratch/policies.json"
out=$("$XYZALERT" check "$scratch/policies.json" 2>&1)
expect "a bad when_displaced and keep_open are refused" 1 $? "$scratch/policies.json:1:57: error: when_displaced must be \"restore\" or \"drop\", got string \"hide\" (at /alerts/0/when_displaced)
$scratch/policies.json:1:129: error: keep_open must be true or false, got integer 1 (at /alerts/1/actions/0/keep_open)" "$(echo "$out" | grep ': error: ')"
printf '{"version": 1, "alerts": [{"id": "a", "preempt": "same"}, {"id": "b", "coverable": "no"}]}' > "$scratch/preempt.json"
out=$("$XYZALERT" check "$scratch/preempt.json" 2>&1)
expect "a bad preempt and coverable are refused" 1 $? "$scratch/preempt.json:1:50: error: preempt must be \"lower\" or \"equal\", got string \"same\" (at /alerts/0/preempt)
$scratch/preempt.json:1:84: error: coverable must be true or false, got string \"no\" (at /alerts/1/coverable)" "$(echo "$out" | grep ': error: ')"
out=$("$XYZALERT" simulate examples/stacks/uncoverable.json --why 2 | grep '^outage ')
expect "why names the alert that is not coverable" 0 $? "outage   behind   alert consent         -  'outage' is blocked by 'consent': it is not coverable" "$out"
out=$("$XYZALERT" simulate examples/stacks/preempt.json --why 2 | grep '^promo ')
expect "why of an equal that does not pre-empt" 0 $? "promo  behind   alert sync         -  'promo' is blocked by 'sync' (priority 5 >= 5)" "$out"
out=$("$XYZALERT" simulate examples/stacks/toast-storm.json --format json | grep '"update"' | tail -1)
expect "a coalesced toast's update carries its count" 0 $? '{"step": 12, "event": "update", "alert": "offline", "count": 10}' "$out"
out=$("$XYZALERT" simulate examples/stacks/toast-storm.json | grep -c 'announce  *offline')
expect "a coalesced toast is announced at every add" 0 $? "10" "$out"
for example in examples/stacks/*.json examples/coming-from/*.json; do
    "$XYZALERT" simulate "$example" --format expect --record "$scratch/stack-rec.json" > "$scratch/stack-live.txt"
    out=$("$XYZALERT" simulate "$scratch/stack-rec.json" --format expect | cut -d' ' -f2-)
    expect "a recording of $example replays" 0 $? "$(cut -d' ' -f2- "$scratch/stack-live.txt")" "$out"
done
# Campaigns (docs/rules.md §21): the examples pass their expect lists;
# trigger counts survive a restart through --save-history and --history;
# why says trigger_delay; the picture marks triggers and skips.
out=$("$XYZALERT" test examples/campaigns/*.json 2>&1)
expect "the campaign examples pass" 0 $? "9 passed, 0 failed" "$(echo "$out" | tail -1)"
"$XYZALERT" simulate examples/campaigns/restart.json --save-history "$scratch/counts.json" > /dev/null
expect "trigger counts are saved" 0 $? '{"version": 2, "session": 4, "keys": {}, "campaigns": {"changelog": {"triggers": [1]}, "every-third": {"triggers": [6]}}, "app_version": "2.4"}' "$(cat "$scratch/counts.json")"
out=$("$XYZALERT" simulate examples/campaigns/restart.json --history "$scratch/counts.json" --format expect | grep -E 'trigger|skip')
expect "a restart goes on counting from the saved counts" 0 $? "4 trigger every-third" "$out"
out=$("$XYZALERT" simulate examples/campaigns/rating.json --why 3 | grep '^rate ')
expect "why says trigger_delay with until" 0 $? "rate   trigger_delay  -             5  'rate' is waiting: campaign 'rate-after-three' delays it 5s after its trigger" "$out"
out=$("$XYZALERT" simulate examples/campaigns/rating.json --format svg | grep -c 'rate-after-three')
expect "the picture marks each trigger and skip" 0 $? "3" "$out"
# A recording of each replays (pages.json also shows a page outside the
# recorded domain, whose events a recording of that domain leaves out).
for example in examples/campaigns/*.json; do
    [ "$example" = examples/campaigns/pages.json ] && continue
    "$XYZALERT" simulate "$example" --format expect --record "$scratch/campaign-rec.json" > "$scratch/campaign-live.txt"
    out=$("$XYZALERT" simulate "$scratch/campaign-rec.json" --format expect | cut -d' ' -f2-)
    expect "a recording of $example replays" 0 $? "$(cut -d' ' -f2- "$scratch/campaign-live.txt")" "$out"
done
out=$("$XYZALERT" simulate examples/campaigns/dates.json --format json | grep '"skip"' | head -1)
expect "a skip carries its reason in the JSON trace" 0 $? '{"step": 1, "event": "skip", "alert": "advent", "reason": "not_started"}' "$out"
# An integer literal beyond 64 bits gets the answer the same value written as a real gets.
printf '{"alerts": [{"id": "a", "duration": 10000000000000000000, "ttl": 9223372036854775808}]}' > "$scratch/big-int.json"
out=$("$XYZALERT" check "$scratch/big-int.json" 2>&1)
expect "a duration of 10000000000000000000 is valid, as 1e19 is" 0 $? "$scratch/big-int.json: ok, 1 alert" "$out"
printf '{"alerts": [{"id": "a", "priority": 100000000000000000000}]}' > "$scratch/big-priority.json"
printf '{"alerts": [{"id": "a", "priority": 1e20}]}' > "$scratch/real-priority.json"
out=$("$XYZALERT" check "$scratch/big-priority.json" 2>&1 | head -1 | sed 's/^[^:]*://')
expect "a priority of 10^20 gets the message 1e20 gets" 0 0 "$("$XYZALERT" check "$scratch/real-priority.json" 2>&1 | head -1 | sed 's/^[^:]*://')" "$out"
# test --update rewrites a stale expect list (steps removed since), or one that is not even a list.
python3 - "$scratch/stale.json" <<'PY'
import json, sys
doc = json.load(open("examples/stacks/stack.json"))
doc["steps"] = doc["steps"][:3]
json.dump(doc, open(sys.argv[1], "w"), indent=1)
PY
"$XYZALERT" test "$scratch/stale.json" > /dev/null 2>&1
expect "a stale expect list fails test" 1 $?
"$XYZALERT" test --update "$scratch/stale.json" > /dev/null 2>&1 && "$XYZALERT" test "$scratch/stale.json" > /dev/null 2>&1
expect "test --update repairs an expect list whose step numbers are out of range" 0 $?
printf '{"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p"}], "steps": [{"appear": "p"}, {"add": "a"}], "expect": {"not": "a list"}}' > "$scratch/odd-expect.json"
"$XYZALERT" test --update "$scratch/odd-expect.json" > /dev/null 2>&1 && out=$("$XYZALERT" test "$scratch/odd-expect.json")
expect "test --update replaces an expect member that is not a list" 0 $? "$scratch/odd-expect.json: ok, 1 event
1 passed, 0 failed" "$out"
# A recording whose page is destroyed is written as it stood before the destroy.
printf '{"version": 1, "pages": {"p": {}, "q": {}}, "alerts": [{"id": "a", "page": "p"}, {"id": "b", "page": "q"}], "steps": [{"appear": "p"}, {"add": "a"}, {"appear": "q"}, {"destroy": "p"}, {"add": "b"}]}' > "$scratch/destroyed.json"
err=$("$XYZALERT" simulate "$scratch/destroyed.json" --format expect --record "$scratch/destroyed-rec.json" 2>&1 >/dev/null)
expect "--record says where a recording whose page was destroyed ends" 0 $? \
    "xyzalert: the recording ends before step 3, which destroyed page 'p', the page it records" "$err"
out=$("$XYZALERT" simulate "$scratch/destroyed-rec.json" --format expect | cut -d' ' -f2-)
expect "and it replays to the events before that step" 0 $? "show a p" "$out"
# docs/coming-from.md: each library's mapping is a scenario that passes.
out=$("$XYZALERT" test examples/coming-from/*.json 2>&1)
expect "the coming-from examples pass" 0 $? "8 passed, 0 failed" "$(echo "$out" | tail -1)"
out=$("$XYZALERT" simulate examples/stacks/stack.json --why 2 | grep '^d ')
expect "why names the full lane" 0 $? "d      behind   alert a         -  'd' is queued: lane 'toast' is full (3 of 3 visible: 'c', 'b', 'a') (lane 'toast')" "$out"

# Conventions every command shares (docs/cli.md, "Conventions").
# Exit statuses: an unreadable file is 2 for every command, a directory too.
for command in check simulate test graph; do
    out=$("$XYZALERT" $command "$scratch/missing.json" 2>&1 >/dev/null)
    expect "$command of a missing file exits 2" 2 $? "$scratch/missing.json: error: cannot open: No such file or directory" "$out"
    out=$("$XYZALERT" $command "$scratch" 2>&1 >/dev/null)
    expect "$command of a directory says cannot open" 2 $? "$scratch: error: cannot open: Is a directory" "$out"
done
out=$("$XYZALERT" simulate --history "$scratch/missing.json" examples/launch.json 2>&1 >/dev/null)
expect "simulate --history of a missing file exits 2" 2 $? "$scratch/missing.json: error: cannot open: No such file or directory" "$out"
# - is standard input, named <stdin>; -- ends the options.
out=$("$XYZALERT" check - < examples/alerts.json)
expect "check - reads standard input" 0 $? "<stdin>: ok, 3 alerts" "$out"
out=$(printf '{"alerts": [{"id": 1}]}' | "$XYZALERT" check - 2>&1)
expect "check - names <stdin> in its errors" 1 $? "<stdin>:1:20: error: id must be a non-empty string, got integer 1 (at /alerts/0/id)" "$out"
out=$("$XYZALERT" simulate --format expect - < examples/launch.json)
expect "simulate - reads standard input" 0 $? "$("$XYZALERT" simulate --format expect examples/launch.json)" "$out"
out=$("$XYZALERT" graph - < examples/alerts.json)
expect "graph - reads standard input" 0 $? "$("$XYZALERT" graph examples/alerts.json)" "$out"
cp examples/launch.json "$scratch/with-expect.json" && "$XYZALERT" test --update "$scratch/with-expect.json" > /dev/null
"$XYZALERT" test - < "$scratch/with-expect.json" > "$scratch/out.txt"
expect "test - reads standard input" 0 $? "$("$XYZALERT" test "$scratch/with-expect.json" | head -1 | sed "s|^$scratch/with-expect.json|<stdin>|")" \
    "$(head -1 "$scratch/out.txt")"
"$XYZALERT" test --update - < "$scratch/with-expect.json" > /dev/null 2> "$scratch/err.txt"
expect "test --update - is a usage error" 2 $? "xyzalert test: --update rewrites files, not standard input: '-'" \
    "$(head -1 "$scratch/err.txt")"
cp examples/alerts.json "$scratch/-dash.json"
out=$(cd "$scratch" && "$XYZALERT" check -- -dash.json)
expect "-- ends the options" 0 $? "-dash.json: ok, 3 alerts" "$out"
(cd "$scratch" && "$XYZALERT" check -dash.json > /dev/null 2> err.txt)
expect "without --, a FILE starting with - is an option" 2 $? "xyzalert check: unknown option '-dash.json'" \
    "$(head -1 "$scratch/err.txt")"
cp examples/launch.json "$scratch/-launch.json"
out=$(cd "$scratch" && "$XYZALERT" simulate --format expect -- -launch.json)
expect "simulate -- FILE" 0 $? "$("$XYZALERT" simulate --format expect examples/launch.json)" "$out"
# help help; the help of every command ends with the one exit-status table.
out=$("$XYZALERT" help help | head -1)
expect "xyzalert help help" 0 $? "usage: xyzalert help [COMMAND]" "$out"
table=$("$XYZALERT" --help | sed -n '/^Exit status/,$p' | head -5)
for command in check simulate test graph help; do
    expect "$command --help has the exit-status table" 0 0 "$table" "$("$XYZALERT" help $command | sed -n '/^Exit status/,$p')"
done
# --color=WHEN beside NO_COLOR.
escape=$(printf '\033')
for case in "always::yes" "never::no" "auto::no" "always:1:yes" "auto:1:no"; do
    when=${case%%:*} rest=${case#*:} no_color=${rest%%:*} want=${rest#*:}
    got=$(NO_COLOR=$no_color "$XYZALERT" simulate --color=$when examples/launch.json | grep -cF "$escape")
    expect "--color=$when with NO_COLOR='$no_color' colours: $want" 0 0 "$want" "$([ "$got" -gt 0 ] && echo yes || echo no)"
done
out=$(script -qec "NO_COLOR= $XYZALERT simulate examples/launch.json" /dev/null | grep -cF "$escape")
expect "auto colours a terminal" 0 0 "yes" "$([ "$out" -gt 0 ] && echo yes || echo no)"
out=$(script -qec "NO_COLOR=1 $XYZALERT simulate examples/launch.json" /dev/null | grep -cF "$escape")
expect "auto with NO_COLOR set does not" 0 0 "0" "$out"
"$XYZALERT" simulate --color=sometimes examples/launch.json > /dev/null 2>&1
expect "an unknown --color value is a usage error" 2 $?
# A UTF-8 byte-order mark is named, not shown.
printf '\357\273\277{"alerts": []}' > "$scratch/bom.json"
out=$("$XYZALERT" check "$scratch/bom.json" 2>&1)
expect "a byte-order mark is named in the error" 1 $? \
    "$scratch/bom.json:1:1: error: invalid JSON: the text starts with a UTF-8 byte-order mark (bytes EF BB BF); save it as UTF-8 without one (at \"\")" "$(echo "$out" | head -1)"
# Results and diagnostics keep their order in one pipe.
out=$("$XYZALERT" check examples/alerts.json Tests/data/bad/id-empty.json examples/launch.json 2>&1 | grep -v '^ *[0-9]* |\|^ *|' | cut -d: -f1)
expect "results and diagnostics in order through one pipe" 0 0 "examples/alerts.json
Tests/data/bad/id-empty.json
examples/launch.json" "$out"

# --why STEP names an alert capped at its add in that step (it finished
# during the step, before the add returned).
printf '{"pages": {"home": {}}, "alerts": [{"id": "a", "page": "home", "limit": {"count": 1, "per": "session"}}, {"id": "b", "page": "home"}], "steps": [{"appear": "home"}, {"add": "a"}, {"dismiss": "a"}, {"add": "b"}, {"add": "a"}]}' > "$scratch/capped-why.json"
out=$("$XYZALERT" simulate "$scratch/capped-why.json" --why 4 --format json | grep '"alert": "a"')
expect "--why lists an alert capped at its add" 0 $? '{"step": 4, "alert": "a", "code": "finished", "cause": null, "until": null, "sentence": "'"'"'a'"'"' finished: capped (a frequency cap or cool-down forbade its display)"}' "$out"

# Saving is atomic: a save cut short by the file-size limit (a full disk)
# leaves the previous history whole, and no scratch file behind.
mkdir -p "$scratch/atomic"
python3 -c 'import json; print(json.dumps({"version": 1, "session": 3, "keys": {"tag:x": {"displays": [float(i) for i in range(1, 300)]}}}))' \
    > "$scratch/atomic/big.json"
printf '{"alerts": [], "pages": {"home": {}}, "steps": [{"session": {}}]}' > "$scratch/atomic/s.json"
"$XYZALERT" simulate "$scratch/atomic/s.json" --history "$scratch/atomic/big.json" --save-history "$scratch/atomic/history.json" > /dev/null
expect "a history of 2 kB is saved" 0 $?
cp "$scratch/atomic/history.json" "$scratch/good-history.json"
out=$(ulimit -f 1; "$XYZALERT" simulate "$scratch/atomic/s.json" --history "$scratch/atomic/history.json" \
      --save-history "$scratch/atomic/history.json" 2>&1 >/dev/null)
expect "a save past ulimit -f fails with the reason" 2 $? \
    "xyzalert: cannot write the history to '$scratch/atomic/history.json': File too large" "$out"
cmp -s "$scratch/atomic/history.json" "$scratch/good-history.json"
expect "the failed save left the previous history whole" 0 $?
out=$(ls -A "$scratch/atomic" | tr '\n' ' ')
expect "the failed save left no scratch file" 0 0 "big.json history.json s.json " "$out"
"$XYZALERT" simulate "$scratch/atomic/s.json" --history "$scratch/atomic/history.json" > /dev/null
expect "the history loads after the failed save" 0 $?
out=$(ulimit -f 1; "$XYZALERT" simulate "$scratch/atomic/s.json" --history "$scratch/atomic/big.json" \
      --record "$scratch/atomic/history.json" 2>&1 >/dev/null)
expect "a recording past ulimit -f fails and keeps the old file" 2 $? \
    "xyzalert: cannot write the recording to '$scratch/atomic/history.json': File too large" "$out"
cmp -s "$scratch/atomic/history.json" "$scratch/good-history.json"
expect "the failed recording left the old file whole" 0 $?

# eval: JsonLogic's official suite through the tool, case by case; then
# files, standard input, located errors and exit statuses.
out=$(python3 - "$XYZALERT" <<'PY'
import json, subprocess, sys
tool = sys.argv[1]
def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b
cases = [c for c in json.load(open("Tests/rules/jsonlogic/tests.json")) if not isinstance(c, str)]
bad = 0
for rule, data, expected in cases:
    run = subprocess.run([tool, "eval", json.dumps(rule), json.dumps(data)], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != 1 or not same(json.loads(lines[0]), expected):
        bad += 1
        print(f"{json.dumps(rule)} on {json.dumps(data)}: expected {json.dumps(expected)}, got {run.stdout!r} {run.stderr!r}")
print(f"{len(cases)} cases, {bad} failed")
PY
)
expect "eval passes JsonLogic's official suite" 0 $? "277 cases, 0 failed" "$(echo "$out" | tail -1)"
out=$("$XYZALERT" eval '{"+": ["1", 1]}')
expect "eval prints the result" 0 $? "2" "$out"
out=$("$XYZALERT" eval '{"var": ""}')
expect "eval without DATA reads null" 0 $? "null" "$out"
printf '{"in": [{"var": "plan"},\n  ["free", "trial"]]}' > "$scratch/rule.json"
out=$(echo '{"plan": "trial"}' | "$XYZALERT" eval @"$scratch/rule.json" @-)
expect "eval reads @FILE and @-" 0 $? "true" "$out"
printf '{"or": [true,\n    {"strats_with": ["a", "b"]}]}' > "$scratch/typo.json"
out=$("$XYZALERT" eval @"$scratch/typo.json" 2>&1)
expect "eval locates an unknown operator in its file" 1 $? \
    "$scratch/typo.json:2:5: error: unknown operator 'strats_with'; did you mean 'starts_with'? (at /or/1)
$(source_lines "$scratch/typo.json" 2 5)" "$out"
out=$("$XYZALERT" eval '{"var": "a"}' '{"a": [1,}' 2>&1)
expect "eval names inline data <data>" 1 $? "<data>:1:10: error: invalid JSON: unexpected token near '}' (at /a/1)" "$out"
out=$("$XYZALERT" eval @"$scratch/no-such-rule.json" 2>&1)
expect "eval of a missing FILE is an I/O error" 2 $? "$scratch/no-such-rule.json: error: cannot open: No such file or directory" "$out"
printf '1\0 2' > "$scratch/nul.json"
out=$("$XYZALERT" eval @"$scratch/nul.json" 2>&1)
expect "eval refuses a NUL byte in a FILE" 1 $? "$scratch/nul.json: error: the text holds a NUL byte at offset 1" "$out"
out=$("$XYZALERT" eval 2>&1)
expect "eval without RULE is a usage error" 2 $? "$(printf 'xyzalert eval: missing RULE\nusage: xyzalert eval [--] RULE [DATA]')" "$out"
"$XYZALERT" eval 1 2 3 > /dev/null 2>&1
expect "eval with a third argument is a usage error" 2 $?
out=$("$XYZALERT" eval -- -1)
expect "eval -- takes a RULE that starts with -" 0 $? "-1" "$out"

# Reads are bounded: an endless file is an I/O error naming the limit, not
# memory that grows until the process is killed.
limit_message="error: cannot read: larger than 268435456 bytes (256 MiB), the most a file load reads"
out=$("$XYZALERT" check /dev/zero 2>&1)
expect "check /dev/zero stops at the limit" 2 $? "/dev/zero: $limit_message" "$out"
out=$("$XYZALERT" simulate examples/caps/session.json --history /dev/zero 2>&1)
expect "--history /dev/zero stops at the limit" 2 $? "/dev/zero: $limit_message" "$out"
out=$("$XYZALERT" check - < /dev/zero 2>&1)
expect "standard input stops at the limit" 2 $? "<stdin>: $limit_message" "$out"

# Calendars (docs/rules.md §22): the examples pass their expect lists
# (a weekly window at Airship's four edges, an exclude across midnight,
# on_outside drop, a window across a daylight-saving change in a named
# zone, a calendar day against a rolling 24 h at local 23:59 and 00:01,
# a day cap whose midnight is skipped, windows in a skipped and in a
# repeated hour); why says outside_window with the next opening as until.
out=$("$XYZALERT" test examples/calendars/*.json 2>&1)
expect "the calendar examples pass" 0 $? "7 passed, 0 failed" "$(echo "$out" | tail -1)"
out=$(timeout 20 "$XYZALERT" simulate examples/calendars/midnight-gap.json --why 3 | awk '/^daily-tip /{print $5}')
expect "a day whose midnight is skipped ends at 01:00, after the gap" 0 $? "14400" "$out"
out=$("$XYZALERT" simulate examples/calendars/clock-changes.json --why 1 | awk '/^spring /{print $5}')
expect "a window from a skipped 02:30 opens when the gap ends (03:00)" 0 $? "3600" "$out"
out=$("$XYZALERT" simulate examples/calendars/clock-changes.json --why 6 | awk '/^autumn /{print $5}')
expect "a window opens again in the repeated hour" 0 $? "900" "$out"
out=$("$XYZALERT" simulate examples/calendars/weekly-window.json --why 6 | grep '^digest ')
expect "why says outside_window until Thursday 03:00" 0 $? "digest  outside_window  key windows     86400  'digest' is ready but outside its windows (in tue,thu 03:00-24:00)" "$out"
out=$("$XYZALERT" simulate examples/calendars/daylight-saving.json --why 4 | grep '^breakfast ' | awk '{print $5}')
expect "the next opening across the end of summer time is 25 hours on" 0 $? "84600" "$out"
out=$("$XYZALERT" simulate examples/calendars/calendar-day.json --why 7 | awk '/-tip /{print $1, $5}')
expect "a calendar day frees at local midnight, a rolling day 24 hours on" 0 $? "daily-tip 60
rolling-tip 86400" "$out"
# The same file in another zone (utc_offset of the process ignored: a
# scenario without one is in UTC, everywhere).
out=$(TZ=Asia/Tokyo "$XYZALERT" test examples/calendars/quiet-hours.json 2>&1 | tail -1)
expect "a scenario's local time does not depend on the process's zone" 0 $? "1 passed, 0 failed" "$out"
out=$(TZ=America/New_York "$XYZALERT" test examples/calendars/daylight-saving.json 2>&1 | tail -1)
expect "a scenario's named zone does not depend on the process's zone" 0 $? "1 passed, 0 failed" "$out"
for example in examples/calendars/*.json; do
    # (calendar-day.json's two root pages share a history, which a
    # recording of one domain cannot hold.)
    case "$example" in examples/calendars/calendar-day.json) continue;; esac
    "$XYZALERT" simulate "$example" --format expect --record "$scratch/calendar-rec.json" > "$scratch/calendar-live.txt"
    out=$("$XYZALERT" simulate "$scratch/calendar-rec.json" --format expect | cut -d' ' -f2-)
    expect "a recording of $example replays" 0 $? "$(cut -d' ' -f2- "$scratch/calendar-live.txt")" "$out"
done
out=$("$XYZALERT" simulate examples/calendars/weekly-window.json --format svg | grep -c 'fill="#e3f2e6"')
expect "the picture shades when a window lets an alert show (two instances, and the legend)" 0 $? "3" "$out"
out=$("$XYZALERT" simulate examples/toasts.json --format svg | grep -c 'in its windows')
expect "a picture without windows has no band in its legend" 1 $? "0" "$out"
# A recording across daylight-saving changes keeps the offsets it read
# (utc_offsets, where they change) and the wall clock they were read at.
"$XYZALERT" simulate examples/calendars/clock-changes.json --format expect --record "$scratch/dst-rec.json" > /dev/null
out=$(grep -E '"(utc_offsets|wall_clock)"' "$scratch/dst-rec.json")
expect "a recording across two clock changes keeps where the offset changed" 0 $? '  "wall_clock": 1741500000.0,
  "utc_offsets": [[1741314600.0, -18000.0], [1741503600.0, -14400.0], [1762063200.0, -18000.0]],' "$out"
# Experiments, test campaigns and set updates (docs/rules.md §22): the
# examples pass (variants by user_id, kept across a weight change; a
# control variant pacing like the real one; no_user; a test campaign past
# its audience, dates, window and exhausted cap; a replaced set withdrawing
# queued instances and keeping the one on screen and the trigger counts).
out=$("$XYZALERT" test examples/experiments/*.json 2>&1)
expect "the experiment examples pass" 0 $? "4 passed, 0 failed" "$(echo "$out" | tail -1)"
# A test campaign's display is not counted: the saved history is the one it started from.
"$XYZALERT" simulate examples/experiments/test-campaign.json --save-history "$scratch/test-campaign.json" > /dev/null
expect "a test campaign's display is not counted" 0 $? '{"version": 2, "session": 3, "keys": {"id:upgrade": {"lifetime": 1, "displays": [1796000000.0]}}, "campaigns": {"pro-pitch": {"triggers": [1]}, "qa-preview": {"triggers": [1]}}}' "$(cat "$scratch/test-campaign.json")"
# Variant choices are kept in the history, per user.
"$XYZALERT" simulate examples/experiments/experiment.json --save-history "$scratch/variants.json" > /dev/null
expect "variant choices are saved per user" 0 $? '{"version": 2, "session": 1, "keys": {}, "campaigns": {"onboarding": {"triggers": [5], "variants": {"ada": "video", "grace": "holdout", "linus": "short-title"}}}}' "$(cat "$scratch/variants.json")"
# 10,000 users split 50/50 within 1%, the same in every run.
out=$("$XYZALERT" variants --users 10000 examples/experiments/sets/half-and-half.json)
expect "variants prints the split" 0 $? "$(printf 'campaign first-order, 10000 users\n  variant       users    share\n  A              4975   49.75%%\n  B              5025   50.25%%')" "$out"
again=$("$XYZALERT" variants --users 10000 examples/experiments/sets/half-and-half.json)
expect "variants is the same in every run" 0 $? "$out" "$again"
echo "$out" | awk '/^  [AB] /{ if ($2 < 4900 || $2 > 5100) bad = 1 } END { exit bad }'
expect "a 50/50 split is within 1% over 10,000 users" 0 $? "" ""
out=$("$XYZALERT" variants examples/toasts.json)
expect "variants says when no campaign has variants" 0 $? "examples/toasts.json: no campaign has variants" "$out"
out=$("$XYZALERT" variants --users -3 examples/toasts.json 2>&1)
expect "variants refuses a bad --users" 2 $? "xyzalert variants: --users takes a whole number from 0 to 100000000, got '-3'" "$(echo "$out" | head -1)"
out=$("$XYZALERT" simulate examples/experiments/experiment.json --format json | grep '"campaigns"')
expect "the campaigns event carries the set's version" 0 $? '{"step": 5, "event": "campaigns", "alert": null, "version": "2026-12-08"}' "$out"
# Recordings of variants, control and test instances replay; a set
# replaced mid-recording says why it cannot be written.
for example in examples/experiments/control.json examples/experiments/test-campaign.json; do
    "$XYZALERT" simulate "$example" --format expect --record "$scratch/experiment-rec.json" > "$scratch/experiment-live.txt"
    out=$("$XYZALERT" simulate "$scratch/experiment-rec.json" --format expect | cut -d' ' -f2-)
    expect "a recording of $example replays" 0 $? "$(cut -d' ' -f2- "$scratch/experiment-live.txt")" "$out"
done
out=$("$XYZALERT" simulate examples/experiments/set-update.json --format expect --record "$scratch/update-rec.json" 2>&1 >/dev/null)
expect "a set replaced while recording says why the file cannot hold it" 1 $? "xyzalert: cannot write the recording: the recording cannot be replayed: the campaigns changed after the recording began, which a file cannot hold (do it before recording)" "$out"
# Bad experiments and set updates are located errors.
for bad in variants-all-zero variants-negative-weight variants-duplicate variants-control-with-alert set-campaigns-missing-file; do
    out=$(cd Tests/data/bad && "$XYZALERT" check "$bad.json" 2>&1 >/dev/null)
    expect "check reports $bad" 1 $? "$(cat "Tests/data/bad/$bad.expected")" "$out"
done
# The help text, docs/cli.md and the manual page say the same thing.
out=$(python3 Tests/cli/check_docs.py "$XYZALERT")
expect "help, docs/cli.md and docs/xyzalert.1 agree" 0 $? "docs agree" "$(echo "$out" | tail -1)"

finish
