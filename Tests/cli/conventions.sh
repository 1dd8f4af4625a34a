# Part of Tests/cli/test_cli.sh, sourced by it in order (its variables and
# helpers are set).
# What every command shares (exit statuses, byte-order marks, order of output,
# atomic saves, bounded reads), calendars, experiments, and the help and the
# manual agreeing.

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
expect "--why lists an alert capped at its add" 0 $? '{"step": 4, "alert": "a", "code": "finished", "cause": {"key": "id:a"}, "until": null, "sentence": "'"'"'a'"'"' finished: capped: 1 of 1 displays this session (id:a)"}' "$out"

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
expect "eval without RULE is a usage error" 2 $? "$(printf 'xyzalert eval: missing RULE\nusage: xyzalert eval [--explain] [--] RULE [DATA]')" "$out"
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
expect "why says outside_window until Thursday 03:00" 0 $? "digest  outside_window  key windows     86400  Thu 03:00:00  'digest' is ready but outside its windows (in tue,thu 03:00-24:00)" "$out"
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
