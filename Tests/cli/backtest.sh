# Sourced by test_cli.sh: `xyzalert backtest` (docs/rules.md §23). The
# sessions of Tests/data/backtest/sessions.jsonl each show one rule (its
# generator's comments in docs/testing.md say which); baseline.json and
# candidate.json are the two policies.

bt=Tests/data/backtest
policies=(--baseline "$bt/baseline.json" --candidate "$bt/candidate.json")
# json_at FILE EXPRESSION: a member of a JSON file, printed as JSON.
json_at() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(json.dumps(eval("d" + sys.argv[2])))' "$1" "$2"
}
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --format json > "$scratch/bt.json"
expect "a backtest runs over a corpus with bad lines in it" 0 $?
expect "every line is a session, a blank one is not" 0 0 "9 2 5 2" \
    "$(json_at "$scratch/bt.json" '["sessions"]') $(json_at "$scratch/bt.json" '["unchanged"]') $(json_at "$scratch/bt.json" '["changed"]') $(json_at "$scratch/bt.json" '["not_replayable"]')"
expect "a reaction moves with its alert's show (x shows 2 s later, and so is dismissed)" 0 0 \
    '{"session": "Tests/data/backtest/sessions.jsonl:1", "alert": "x", "kind": "shifted", "reason": null, "delta": 2}' \
    "$(json_at "$scratch/bt.json" '["changes"][0]')"
expect "and what waited behind it moves too" 0 0 '[0, 2]' "$(json_at "$scratch/bt.json" '["alerts"]["y"]["time_to_show"]["p50"]')"
expect "a reaction to an alert no longer on screen is dropped and counted" 0 0 '[0, 1] {"dismissed": [1, 0], "timeout": [0, 1]}' \
    "$(json_at "$scratch/bt.json" '["reactions_dropped"]') $(json_at "$scratch/bt.json" '["alerts"]["t"]["ended"]')"
expect "an add of an alert the policy does not define is removed and counted" 0 0 \
    '[0, 1] {"session": "Tests/data/backtest/sessions.jsonl:4", "alert": "gone", "kind": "newly_suppressed", "reason": "removed_by_policy", "delta": null}' \
    "$(json_at "$scratch/bt.json" '["removed_by_policy"]') $(json_at "$scratch/bt.json" '["changes"][2]')"
expect "campaign instances come from the policy's campaigns" 0 0 \
    '[1, 0] {"session": "Tests/data/backtest/sessions.jsonl:7", "alert": "rating", "kind": "newly_suppressed", "reason": "not_triggered", "delta": null, "campaign": "rate"}' \
    "$(json_at "$scratch/bt.json" '["campaigns"]["rate"]["triggered"]') $(json_at "$scratch/bt.json" '["changes"][3]')"
expect "the policy's caps: the second promo of a session is capped" 0 0 \
    '{"session": "Tests/data/backtest/sessions.jsonl:8", "alert": "promo", "kind": "newly_suppressed", "reason": "capped", "delta": null}' \
    "$(json_at "$scratch/bt.json" '["changes"][4]')"
expect "a line that is not JSON is an error, with its line" 0 0 \
    '{"session": "Tests/data/backtest/sessions.jsonl:6", "message": "does not load (column 4): invalid JSON: '"'"'['"'"' or '"'"'{'"'"' expected near '"'"'this'"'"'"}' \
    "$(json_at "$scratch/bt.json" '["errors"][0]')"
expect "a session that fails under the candidate only is not replayable, and says why" 0 0 \
    '{"session": "Tests/data/backtest/sessions.jsonl:9", "message": "under the candidate: step 3 (add): duplicate: cannot add alert '"'"'d'"'"': a live alert with that id is already in the domain of page '"'"'home'"'"'"}' \
    "$(json_at "$scratch/bt.json" '["errors"][1]')"
expect "an alert shown without a reaction in the file gets the model's (a dismiss after 5 s): u waits 4 s" 0 0 '[4, 4] [4, 3]' \
    "$(json_at "$scratch/bt.json" '["alerts"]["u"]["time_to_show"]["p90"]') $(json_at "$scratch/bt.json" '["reactions_modelled"]')"
"$XYZALERT" backtest "${policies[@]}" --model "$bt/model.json" "$bt/sessions.jsonl" --format json > "$scratch/bt-model.json"
expect "a model's dismiss_after and action: m's action 'open' after 2 s, so u waits 1 s" 0 $? '{"open": [1, 1]} [1, 1]' \
    "$(json_at "$scratch/bt-model.json" '["alerts"]["m"]["actions"]') $(json_at "$scratch/bt-model.json" '["alerts"]["u"]["time_to_show"]["p90"]')"

# The model's choice is flagd's fractional over the user id and the alert id.
python3 - "$bt/sessions.jsonl" "$scratch/users.jsonl" <<'EOF'
import json, sys
line = [l for l in open(sys.argv[1]) if '"add":"m"' in l][0]
with open(sys.argv[2], "w") as out:
    for user in ["ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]:
        session = json.loads(line)
        session["attributes"] = {"user_id": user}
        out.write(json.dumps(session) + "\n")
EOF
printf '{"version": 1, "alerts": {"m": {"dismiss_after": 1, "actions": {"0": 1, "dismiss": 1}}}}' > "$scratch/split.json"
wanted="" got=""
for k in 1 2 3 4 5 6 7 8; do
    user=$(sed -n "${k}p" "$scratch/users.jsonl" | python3 -c 'import json, sys; print(json.load(sys.stdin)["attributes"]["user_id"])')
    choice=$("$XYZALERT" eval "{\"fractional\": [\"${user}m\", [\"0\", 1], [\"dismiss\", 1]]}" '{}')
    wanted="$wanted $user:$([ "$choice" = '"0"' ] && echo open || echo dismiss)"
    sed -n "${k}p" "$scratch/users.jsonl" > "$scratch/user.jsonl"
    "$XYZALERT" backtest "${policies[@]}" --model "$scratch/split.json" "$scratch/user.jsonl" --format json > "$scratch/bt-user.json"
    got="$got $user:$([ "$(json_at "$scratch/bt-user.json" '["alerts"]["m"]["actions"]')" = '{"open": [1, 1]}' ] && echo open || echo dismiss)"
done
expect "the model chooses per user by flagd's fractional over user_id + alert id (as xyzalert eval does)" 0 0 "$wanted" "$got"
"$XYZALERT" backtest "${policies[@]}" --model "$scratch/split.json" "$scratch/users.jsonl" --format json > "$scratch/bt-split.json"
"$XYZALERT" backtest "${policies[@]}" --model "$scratch/split.json" "$scratch/users.jsonl" --format json > "$scratch/bt-split2.json"
cmp -s "$scratch/bt-split.json" "$scratch/bt-split2.json"
expect "and the same inputs give the same bytes" 0 $?

# Several candidates, each against the baseline: counts are lists.
"$XYZALERT" backtest "${policies[@]}" --candidate "$bt/baseline.json" "$bt/sessions.jsonl" --format json > "$scratch/bt-two.json"
expect "two candidates: outcomes per candidate, counts per policy, changes naming their candidate" 0 $? \
    '[2, 7] [5, 0] [1, 0, 1] 1' "$(json_at "$scratch/bt-two.json" '["unchanged"]') $(json_at "$scratch/bt-two.json" '["changed"]') $(json_at "$scratch/bt-two.json" '["alerts"]["gone"]["shown"]') $(json_at "$scratch/bt-two.json" '["changes"][0]["candidate"]')"

# Jobs, compression, standard input, directories, the sample, merging.
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --format json --jobs 2 | cmp -s - "$scratch/bt.json"
expect "--jobs 2 prints the bytes --jobs 1 does" 0 $?
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --format json --jobs 5 --changes 3 > "$scratch/bt-5.json"
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --format json --changes 3 | cmp -s - "$scratch/bt-5.json"
expect "so does --jobs 5 keeping the first 3 changes" 0 $? "3" "$(json_at "$scratch/bt-5.json" '["changes"].__len__()')"
mkdir -p "$scratch/corpus/sub"
gzip -c "$bt/sessions.jsonl" > "$scratch/corpus/a.jsonl.gz"
sed -n 1p "$bt/sessions.jsonl" > "$scratch/corpus/sub/one.json"
gzip -c "$scratch/corpus/sub/one.json" > "$scratch/corpus/sub/two.json.gz"
echo "not a session: no .json" > "$scratch/corpus/notes.txt"
"$XYZALERT" backtest "${policies[@]}" "$scratch/corpus" --format json > "$scratch/bt-dir.json"
expect "a directory: its .jsonl.gz, .json and .json.gz files, in name order" 0 $? \
    "11 $scratch/corpus/a.jsonl.gz:1 $scratch/corpus/sub/one.json $scratch/corpus/sub/two.json.gz" \
    "$(json_at "$scratch/bt-dir.json" '["sessions"]') $(python3 -c 'import json, sys; print(*sorted({c["session"] for c in json.load(open(sys.argv[1]))["changes"] if c["alert"] == "x"}))' "$scratch/bt-dir.json")"
expect "a gzip-compressed corpus reports what the plain one does" 0 0 "$(json_at "$scratch/bt.json" '["alerts"]')" \
    "$("$XYZALERT" backtest "${policies[@]}" "$scratch/corpus/a.jsonl.gz" --format json > "$scratch/bt-gz.json"; json_at "$scratch/bt-gz.json" '["alerts"]')"
out=$("$XYZALERT" backtest "${policies[@]}" - --format json < "$bt/sessions.jsonl" > "$scratch/bt-stdin.json"; json_at "$scratch/bt-stdin.json" '["errors"][0]["session"]')
expect "- reads JSON Lines from standard input" 0 $? '"<stdin>:6"' "$out"
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --sample 4 --seed 1 --format json > "$scratch/bt-s1.json"
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --sample 4 --seed 1 --format json --jobs 2 | cmp -s - "$scratch/bt-s1.json"
expect "--sample 4 replays 4 sessions, the same with any --jobs" 0 $? "4" "$(json_at "$scratch/bt-s1.json" '["sessions"]')"
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --sample 4 --seed 2 --format json > "$scratch/bt-s2.json"
cmp -s "$scratch/bt-s1.json" "$scratch/bt-s2.json"
expect "another seed picks other sessions" 1 $?
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --sample 100 --seed 1 --format json | cmp -s - "$scratch/bt.json"
expect "a sample larger than the corpus is the whole corpus" 0 $?
head -4 "$bt/sessions.jsonl" > "$scratch/first.jsonl"
tail -n +5 "$bt/sessions.jsonl" > "$scratch/rest.jsonl"
"$XYZALERT" backtest "${policies[@]}" "$scratch/first.jsonl" --format state > "$scratch/first.state"
"$XYZALERT" backtest "${policies[@]}" "$scratch/rest.jsonl" --format state > "$scratch/rest.state"
"$XYZALERT" backtest "${policies[@]}" --merge "$scratch/rest.state" "$scratch/first.state" --format json > "$scratch/merged.json"
expect "states of parts merge (in any order) into the whole's numbers" 0 $? "$(json_at "$scratch/bt.json" '["alerts"]') $(json_at "$scratch/bt.json" '["per_session"]')" \
    "$(json_at "$scratch/merged.json" '["alerts"]') $(json_at "$scratch/merged.json" '["per_session"]')"

for k in 0 1 2; do
    "$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --part "$k/3" --format state > "$scratch/part$k.state"
done
"$XYZALERT" backtest "${policies[@]}" --merge "$scratch/part2.state" "$scratch/part0.state" "$scratch/part1.state" --format json |
    cmp -s - "$scratch/bt.json"
expect "--part K/3 for K = 0, 1, 2 merge into the whole report's bytes" 0 $?
out=$("$XYZALERT" backtest "${policies[@]}" --part 3/3 "$bt/sessions.jsonl" 2>&1)
expect "--part K/N needs K below N" 2 $? "xyzalert backtest: --part takes K/N, N from 1 to 1000000 and K from 0 to N - 1, got '3/3'" \
    "$(echo "$out" | head -1)"

# Bad input: located, counted, or a usage error; never a partial report.
out=$("$XYZALERT" backtest "${policies[@]}" "$scratch/missing.jsonl" "$bt/sessions.jsonl" --format json > "$scratch/bt-missing.json"; json_at "$scratch/bt-missing.json" '["errors"][0]')
expect "a missing corpus path is an error of the report, not fatal" 0 $? \
    "{\"session\": \"$scratch/missing.jsonl\", \"message\": \"cannot read: No such file or directory\"}" "$out"
printf '{"version": 1, "alerts": {"m": {"dismis_after": 2}}}\n' > "$scratch/bad-model.json"
out=$("$XYZALERT" backtest "${policies[@]}" --model "$scratch/bad-model.json" --out "$scratch/never.json" "$bt/sessions.jsonl" 2>&1)
expect "a model with an unknown member is a located error, and nothing is written" 1 $? \
    "$scratch/bad-model.json:1:33: error: unknown key \"dismis_after\" in the response to 'm' (did you mean \"dismiss_after\"?) (at /alerts/m/dismis_after)" \
    "$(echo "$out" | head -1)$([ -e "$scratch/never.json" ] && echo ' (written)')"
out=$("$XYZALERT" backtest --baseline "$scratch/missing.json" --candidate "$bt/candidate.json" "$bt/sessions.jsonl" 2>&1)
expect "a baseline that cannot be read: exit 1" 1 $? "$scratch/missing.json: error: cannot open: No such file or directory" "$out"
out=$("$XYZALERT" backtest "${policies[@]}" --format html2 "$bt/sessions.jsonl" 2>&1)
expect "an unknown --format is a usage error" 2 $? "xyzalert backtest: unknown format (text, json, html or state): 'html2'" "$(echo "$out" | head -1)"
out=$("$XYZALERT" backtest --baseline "$bt/baseline.json" "$bt/sessions.jsonl" 2>&1)
expect "a backtest needs a candidate" 2 $? "xyzalert backtest: missing --candidate FILE" "$(echo "$out" | head -1)"
out=$("$XYZALERT" backtest "${policies[@]}" --jobs 0 "$bt/sessions.jsonl" 2>&1)
expect "--jobs takes 1 to 256" 2 $? "xyzalert backtest: --jobs takes a whole number from 1 to 256, got '0'" "$(echo "$out" | head -1)"
out=$("$XYZALERT" backtest "${policies[@]}" --merge "$bt/sessions.jsonl" 2>&1)
expect "--merge of something that is not a state" 1 $? \
    "xyzalert backtest: $bt/sessions.jsonl: error: not a backtest's state: line 1 is not a line of a backtest's state" "$out"
out=$("$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" 2>/dev/null | head -1)
expect "the text report starts with the totals" 0 $? "backtest of 9 sessions: 2 unchanged, 5 changed, 2 not replayable" "$out"
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" | awk 'length > 100 { bad = 1 } END { exit bad }'
expect "and fits 100 columns" 0 $?

# The HTML report: one file, no script, nothing fetched, the same bytes; its
# charts: shows, ends, a time chart per alert shown (8), alerts per session.
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --format html --out "$scratch/bt.html"
expect "--format html writes a page" 0 $? "<!DOCTYPE html>" "$(head -1 "$scratch/bt.html")"
"$XYZALERT" backtest "${policies[@]}" "$bt/sessions.jsonl" --format html --jobs 3 | cmp -s - "$scratch/bt.html"
expect "the same bytes from 3 jobs" 0 $?
expect "with its charts inline, no script and nothing to fetch" 0 0 "11 svg, 0 script, 0 fetched" \
    "$(grep -o '<svg' "$scratch/bt.html" | wc -l) svg, $(grep -c '<script' "$scratch/bt.html") script, $(grep -Ec 'https?:|src=|href=' "$scratch/bt.html") fetched"

# examples/backtest: its users are the recordings of its scenarios, and
# docs/backtest.md shows the JSON report the tool prints for them.
for scenario in examples/backtest/scenarios/*.json; do
    name=$(basename "$scenario")
    "$XYZALERT" simulate "$scenario" --format expect --record "$scratch/$name" > /dev/null
    cmp -s "$scratch/$name" "examples/backtest/users/$name"
    expect "examples/backtest/users/$name is the recording of scenarios/$name (make golden)" 0 $?
done
golden=$(python3 -c 'import re; print(re.search(r"--format json\n```\n\n```json\n(.*?)```", open("docs/backtest.md").read(), re.S).group(1), end="")')
out=$("$XYZALERT" backtest --baseline examples/backtest/baseline.json --candidate examples/backtest/tighter-cap.json \
    examples/backtest/users --format json)
expect "docs/backtest.md's JSON report is what the tool prints" 0 $? "$golden" "$out"
# The backtest gives Jansson its own small blocks (json_blocks.c): the
# library frees Jansson's text of a campaign alert's real number with
# Jansson's free, not libc's.
printf '%s' '{"pages": {"app": {}}, "alerts": [{"id": "sale", "title": "Sale", "ttl": 2.5}],
 "campaigns": [{"id": "c", "alert": "sale", "trigger": {"event": "open"}}],
 "steps": [{"appear": "app"}, {"track": {"event": "open"}}, {"advance": 5}]}' > "$scratch/real.json"
out=$("$XYZALERT" backtest --baseline examples/backtest/baseline.json --candidate examples/backtest/tighter-cap.json \
    "$scratch/real.json" --format json | python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["sessions"], r["not_replayable"])')
expect "a session whose campaign alert has a real number backtests" 0 $? "1 0" "$out"
# A recording keeps the user's UTC offset though no window read it (Bob's
# alert set has none that shows to him): a candidate's quiet hours need it.
"$XYZALERT" simulate examples/backtest/scenarios/bob.json --format expect --record "$scratch/bob-rec.json" > /dev/null
expect "a recording keeps the UTC offset no window read" 0 $? '"utc_offset": 3600.0,' "$(grep -o '"utc_offset": [0-9.]*,' "$scratch/bob-rec.json")"
out=$("$XYZALERT" backtest --baseline examples/backtest/baseline.json --candidate examples/backtest/quiet-hours.json \
    examples/backtest/users --format json | python3 -c 'import json, sys; print(*sorted({c["session"] for c in json.load(sys.stdin)["changes"]}))')
expect "so quiet hours leave Bob, at 09:30 his time, unchanged" 0 $? \
    "examples/backtest/users/ada.json examples/backtest/users/dee.json" "$out"
