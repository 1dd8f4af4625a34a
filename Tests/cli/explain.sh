# Sourced by test_cli.sh: why a campaign did not fire (docs/rules.md §21):
# simulate --explain, --why's campaigns, and eval --explain (docs/rules.md §20).

typo=examples/campaigns/mistakes/where-typo.json
out=$("$XYZALERT" simulate "$typo" --format expect)
expect "a default trace has no miss events" 0 $? "" "$out"
out=$("$XYZALERT" simulate "$typo" --explain --format json | head -1)
expect "--explain traces a miss with the part of the rule that failed" 0 $? \
    '{"step": 1, "event": "miss", "alert": "upsell", "reason": "where", "why": "var \"order_number\" is missing (did you mean \"event.order_number\"?): >=(order_number missing, 3) is false"}' "$out"
out=$("$XYZALERT" simulate "$typo" --explain | sed -n 3p)
expect "and in the text timeline, after the reason" 0 $? \
    'Tue 07:00:00     1  track order_completed {"order_number":3}  miss      upsell         where: var "order_number" is missing (did you mean "event.order_number"?): >=(order_number missing, 3) is false' "$out"
out=$("$XYZALERT" simulate "$typo" --explain --format expect)
expect "an expect list has the miss without its why" 0 $? "1 miss upsell where
3 miss upsell where" "$out"
out=$("$XYZALERT" simulate Tests/data/why/campaign-ineligible.json --explain --format json | tail -1)
expect "--explain says which part of the audience ended an instance" 0 $? \
    '{"step": 2, "event": "finish", "alert": "upsell", "reason": "ineligible", "why": "'"'"'upsell'"'"' finished: ineligible: its campaign'"'"'s audience stopped admitting it: ==(plan = \"pro\", \"free\") is false"}' "$out"
out=$("$XYZALERT" simulate examples/campaigns/shop-upsell.json --explain --format json | grep '"skip"')
expect "--explain says which part of an audience skipped" 0 $? \
    '{"step": 2, "event": "skip", "alert": "upsell", "reason": "audience", "why": "sem_ver(app_version = \"2.3.9\", \">=\", \"2.4\") is false"}' "$out"
out=$("$XYZALERT" simulate examples/campaigns/shop-upsell.json --explain --format json | grep '"finish"' | head -1)
expect "a finish that says no more than its reason has no why" 0 $? \
    '{"step": 7, "event": "finish", "alert": "upsell", "reason": "dismissed"}' "$out"

out=$("$XYZALERT" simulate "$typo" --why 1 | tail -3)
expect "--why says what each campaign's last event did" 0 $? "campaign   code       event            trigger  sentence
upsell     where      order_completed  0        'upsell' did not fire at 'order_completed': the where of triggers/0 failed: var \"order_number\" is missing (did you mean \"event.order_number\"?): >=(order_number missing, 3) is false
upsell-qa  untracked  -                -        'upsell-qa': no event its triggers name ('qa_upsell') was tracked since its campaigns were set" "$out"
out=$("$XYZALERT" simulate examples/campaigns/shop-upsell.json --why 4 --format json | grep '"campaign": "upsell"')
expect "--why's campaigns in JSON" 0 $? \
    '{"step": 4, "campaign": "upsell", "page": "shop", "code": "fired", "event": "order_completed", "trigger": 0, "detail": null, "sentence": "'"'"'upsell'"'"' fired at '"'"'order_completed'"'"' (triggers/0)"}' "$out"
out=$("$XYZALERT" simulate examples/campaigns/shop-upsell.json --why 1 --format json | grep '"campaign": "upsell"')
expect "--why's count, where and detail in JSON" 0 $? \
    '{"step": 1, "campaign": "upsell", "page": "shop", "code": "where", "event": "order_completed", "trigger": 0, "detail": ">=(event.order_number = 2, 3) is false", "sentence": "'"'"'upsell'"'"' did not fire at '"'"'order_completed'"'"': the where of triggers/0 failed: >=(event.order_number = 2, 3) is false"}' "$out"
out=$("$XYZALERT" simulate examples/timing/announce.json --why 0 | grep -c campaign)
expect "--why has no campaigns section without campaigns" 1 $? "0" "$out"

out=$("$XYZALERT" eval --explain '{">=": [{"var": "order_number"}, 3]}' '{"event": {"order_number": 3}}')
expect "eval --explain names a missing variable and the nearest name" 0 $? 'false
why: var "order_number" is missing (did you mean "event.order_number"?): >=(order_number missing, 3) is false' "$out"
out=$("$XYZALERT" eval --explain '{"sem_ver": [{"var": "v"}, ">=", "2.4"]}' '{"v": "2.5.0"}')
expect "eval --explain adds nothing to a truthy result" 0 $? "true" "$out"
out=$("$XYZALERT" eval --explain -- '{"or": [false, {"var": "n"}]}' '{"n": 0}')
expect "eval --explain takes -- and words every part of an or" 0 $? '0
why: none of the 2 parts of an or passes: the rule is the constant false; n = 0 gives 0, which counts as false' "$out"
out=$("$XYZALERT" eval --explian true 2>&1)
expect "eval refuses an unknown option" 2 $? "" ""

# The picture: a local time axis with a wall clock, and campaign labels
# that never overlap (each on the first free line, else a tooltip only).
out=$("$XYZALERT" simulate examples/campaigns/shop-upsell.json --format svg | grep -o '#08519c">[^<]*' | head -3 | cut -d'>' -f2)
expect "the picture's time axis is in the user's local time" 0 $? "Tue 07:00:00
Tue 07:00:05
Tue 07:05:00" "$out"
out=$("$XYZALERT" simulate examples/caps/cooldown.json --format svg | grep -o '#08519c">[^<]*' | head -2 | cut -d'>' -f2)
expect "and in seconds without a wall clock" 0 $? "0s
40s" "$out"
printf '{"version": 1, "pages": {"p": {}}, "alerts": [{"id": "a", "page": "p"}], "campaigns": [%s], "steps": [{"appear": "p"}, {"track": {"event": "e"}}]}' \
    "$(for i in 1 2 3 4 5 6; do printf '{"id": "campaign-%s", "alert": "a", "trigger": {"event": "e"}}%s' $i "$([ $i -lt 6 ] && echo ,)"; done)" > "$scratch/six-marks.json"
svg=$("$XYZALERT" simulate "$scratch/six-marks.json" --format svg)
out=$(echo "$svg" | grep -c '<title>campaign-')
expect "every campaign mark has its label as a tooltip" 0 $? "6" "$out"
out=$(echo "$svg" | grep 'class="mark-label"' | sed 's/.*y="\([0-9.]*\)".*/\1/' | sort | uniq -d | wc -l)
expect "marks at one place write their labels on lines of their own" 0 $? "0" "$out"

# Warnings (docs/formats.md, "Warnings"): what a valid file does that
# likely fails silently; --strict makes them errors.
out=$(cd Tests/data/warnings && "$XYZALERT" check campaigns.json 2>&1)
expect "check warns of what fails silently, and the file is valid" 0 $? "$(cat Tests/data/warnings/campaigns.expected)" "$out"
out=$(cd Tests/data/warnings && "$XYZALERT" check --strict campaigns.json 2>&1)
expect "check --strict makes the warnings errors" 1 $? \
    "$(grep -v ': ok, ' Tests/data/warnings/campaigns.expected | sed 's/: warning: /: error: /')" "$out"
out=$("$XYZALERT" check --strict examples/campaigns/from-third-order.json 2>&1)
expect "check --strict passes a file without warnings" 0 $? "examples/campaigns/from-third-order.json: ok, 1 alert" "$out"
out=$("$XYZALERT" check - < Tests/data/warnings/campaigns.json 2>&1 | tail -1)
expect "standard input gets its warnings too" 0 $? "<stdin>: ok, 1 alert, 5 warnings" "$out"

# A scenario's "alert_set": the set file's alerts, caps and campaigns, its
# problems located in it (docs/formats.md, "Scenarios").
out=$("$XYZALERT" test Tests/data/alert-set/try-shop.json 2>&1 | tail -1)
expect "a scenario plays an alert set file's alerts, caps and campaigns" 0 $? "1 passed, 0 failed" "$out"
for bad in uses-bad-set duplicates unknown-page missing-file names-a-scenario; do
    out=$(cd Tests/data/alert-set && "$XYZALERT" check "$bad.json" 2>&1)
    expect "check reports alert_set's $bad" 1 $? "$(cat "Tests/data/alert-set/$bad.expected")" "$out"
done
out=$("$XYZALERT" check - < Tests/data/alert-set/try-shop.json 2>&1)
expect "a scenario read from standard input reads no alert_set file" 1 $? \
    '<stdin>:4:16: error: alert_set names the file "shop.json", and a scenario read from memory reads no file (load the scenario from a file beside it) (at /alert_set)' "$(echo "$out" | head -1)"

# docs/guide.md's walk through a campaign that does not fire: every tool
# session it shows is what the tool prints.
out=$(python3 Tests/cli/check_guide.py "$XYZALERT" "Why didn't my campaign fire?")
expect "the guide's campaign sessions are the tool's" 0 $? "5 sessions" "$out"

# A recording replays with its reasons: --explain on the replay says what
# the live run's --explain says.
"$XYZALERT" simulate examples/campaigns/shop-upsell.json --format expect --record "$scratch/shop-rec.json" > /dev/null
out=$("$XYZALERT" simulate "$scratch/shop-rec.json" --explain --format json | grep -E '"(miss|skip)"' | cut -d, -f2-)
expect "a recording's replay explains its misses and skips as the live run does" 0 $? \
    "$("$XYZALERT" simulate examples/campaigns/shop-upsell.json --explain --format json | grep -E '"(miss|skip)"' | cut -d, -f2-)" "$out"
