# Part of Tests/cli/test_cli.sh, sourced by it in order (its variables and
# helpers are set).
# Golden traces, every bad input, exit statuses, the documentation's examples,
# help, near misses and failing steps.

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
import json, re, sys
text = open("docs/formats.md").read()
for i, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.S)):
    try:  # (a response model's "alerts" is an object: not an alert set)
        model = isinstance(json.loads(block).get("alerts"), dict)
    except (ValueError, AttributeError):
        model = False
    if (block.lstrip().startswith("{\n") or '"alerts"' in block) and not model:
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
    "xyzalert: unknown command 'frobnicate' (commands: check, simulate, test, graph, eval, variants, backtest, help; see xyzalert --help)" "$out"
out=$("$XYZALERT" help frobnicate 2>&1 >/dev/null)
expect "help for an unknown command" 2 $? \
    "xyzalert help: unknown command 'frobnicate' (commands: check, simulate, test, graph, eval, variants, backtest, help; see xyzalert --help)" "$out"
out=$("$XYZALERT" check --frobnicate examples/alerts.json 2>&1 >/dev/null)
expect "an unknown option is named" 2 $? "xyzalert check: unknown option '--frobnicate'" "$(echo "$out" | head -1)"
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
    "xyzalert: unknown command 'simulat'; did you mean 'simulate'? (commands: check, simulate, test, graph, eval, variants, backtest, help; see xyzalert --help)" "$out"
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
out=$(grep -v '^ *[0-9]* |\|^ *|\|^[-+ @]' "$scratch/report.txt" | sed 's/:[0-9]*:[0-9]*:/:L:C:/')
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
out=$("$XYZALERT" test Tests/data/test/two-mismatches.json 2>&1 >/dev/null | tail -n +4)
expect "test prints every difference as a unified diff after the first, located" 0 0 "--- Tests/data/test/two-mismatches.json (expect)
+++ Tests/data/test/two-mismatches.json (trace)
@@ -1,5 +1,5 @@
 1 show a home
-2 finish a cancelled
+2 finish a dismissed
 2 show b home
 3 finish b dismissed
 3 show c home
@@ -10,4 +10,3 @@
 6 finish e dismissed
 6 show f home
 7 finish f dismissed
-7 show a home" "$out"
out=$(python3 Tests/cli/check_diff.py "$XYZALERT" 200)
expect "the diff of random expect lists applies to give the trace, in diff -u's hunks" 0 $? "diff ok, 200 cases" "$out"
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
