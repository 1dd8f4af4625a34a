# Part of Tests/cli/test_cli.sh, sourced by it in order (its variables and
# helpers are set).
# Pictures, updates that clear, caps and history, timing, stacks, campaigns,
# numbers past 64 bits, recordings of destroyed pages.

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
# The timeline of a scenario with a wall clock shows the user's local time.
out=$("$XYZALERT" simulate examples/calendars/quiet-hours.json | sed -n '1p;6p;7p')
expect "the local time column" 0 $? "    time  local         step  what            event     alert          detail
   10799  Tue 00:59:59     4  advance 7199s   -
   10800  Tue 01:00:00     5  advance 1s      show      promo          on home (page)" "$out"
out=$("$XYZALERT" simulate examples/calendars/daylight-saving.json | sed -n 2p | cut -c1-22)
expect "the local time follows the scenario's time zone" 0 $? "       0  Sat 08:30:00" "$out"

# A capped or windowed alert that drops names the cap or the windows that ended it.
out=$("$XYZALERT" simulate Tests/data/why/capped-and-outside.json --why 3 | tail -1)
expect "--why names the cap that ended an alert" 0 $? "upsell  finished  key id:upsell         -  -             'upsell' finished: capped: 1 of 1 displays today (id:upsell)" "$out"
out=$("$XYZALERT" simulate Tests/data/why/capped-and-outside.json --why 4 | tail -1)
expect "--why names the windows that ended an alert" 0 $? "promo  finished  key windows         -  -             'promo' finished: outside_window: it would have shown outside its windows (in 09:00-10:00)" "$out"

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
expect "the campaign examples pass" 0 $? "11 passed, 0 failed" "$(echo "$out" | tail -1)"
"$XYZALERT" simulate examples/campaigns/restart.json --save-history "$scratch/counts.json" > /dev/null
expect "trigger counts are saved" 0 $? '{"version": 2, "session": 4, "keys": {}, "campaigns": {"changelog": {"triggers": [1]}, "every-third": {"triggers": [6]}}, "app_version": "2.4"}' "$(cat "$scratch/counts.json")"
out=$("$XYZALERT" simulate examples/campaigns/restart.json --history "$scratch/counts.json" --format expect | grep -E 'trigger|skip')
expect "a restart goes on counting from the saved counts" 0 $? "4 trigger every-third" "$out"
out=$("$XYZALERT" simulate examples/campaigns/rating.json --why 3 | grep '^rate ')
expect "why says trigger_delay with until" 0 $? "rate   trigger_delay  -             5  Tue 00:00:05  'rate' is waiting: campaign 'rate-after-three' delays it 5s after its trigger" "$out"
out=$("$XYZALERT" simulate examples/campaigns/rating.json --format svg | grep -c '<title>rate-after-three')
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
