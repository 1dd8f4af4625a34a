// The playground's simulation (docs/playground.md), which runs in the page:
// its expect lines are the tool's, every step's reasons, the timeline,
// errors located in the text, the limits, and the campaigns explained
// (each step's own events with why, local times, marks, a legend). Run by
// `make js-test` (XYZALERT_CLI: the tool).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as xyz from "../../bindings/js/xyzalert.mjs";
import { MAX_SECONDS, MAX_STEPS, expectLine, simulate as simulateWith } from "../../bindings/python/xyzalert/playground/static/simulate.mjs";
import { endKind } from "../../bindings/python/xyzalert/playground/static/timeline.mjs";

await xyz.init();
const REPO = fileURLToPath(new URL("../../", import.meta.url));
const TOOL = process.env.XYZALERT_CLI ?? `${REPO}.build/debug/xyzalert`;
const simulate = (text) => simulateWith(xyz, text);
const SMALL = JSON.stringify({
  pages: { home: {} }, alerts: [{ id: "hello", page: "home", duration: 2 }],
  steps: [{ appear: "home" }, { add: "hello" }, { advance: 3 }],
});
const SHOP = readFileSync(`${REPO}examples/campaigns/shop-upsell.json`, "utf8");

/** The examples the playground offers (python -m xyzalert.playground's):
 * scenarios with steps, none naming files, no recording. */
function examples(folder = "examples") {
  return readdirSync(REPO + folder).sort().flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(REPO + path).isDirectory()) return examples(path);
    if (!name.endsWith(".json")) return [];
    const document = JSON.parse(readFileSync(REPO + path, "utf8"));
    const steps = document && typeof document === "object" && Array.isArray(document.steps) ? document.steps : null;
    return steps && !steps.some((step) => step && typeof step === "object" && ("set_campaigns" in step || "at" in step)) ? [path] : [];
  });
}

test("the expect lines are the tool's for every example the playground offers", () => {
  const paths = examples();
  assert.ok(paths.length >= 50, `${paths.length} examples`);
  for (const path of paths) {
    const ours = simulate(readFileSync(REPO + path, "utf8"));
    const tool = spawnSync(TOOL, ["simulate", path, "--format", "expect"], { cwd: REPO, encoding: "utf8" });
    if (tool.status !== 0) {
      assert.ok("error" in ours, path);
      continue;
    }
    assert.deepEqual(ours.expect, tool.stdout.split("\n").filter(Boolean), path);
  }
});

test("every step has the reasons of the alerts live after it and ended in it", () => {
  const document = JSON.parse(SMALL);
  document.steps.push({ advance: 1 });
  const result = simulate(JSON.stringify(document));
  assert.deepEqual(result.steps.map((s) => s.step), [0, 1, 2, 3]);
  assert.deepEqual(result.steps[0].alerts, []);
  const showing = result.steps[1].alerts[0];
  assert.deepEqual([showing.alert, showing.state, showing.code], ["hello", "showing", "showing"]);
  assert.match(showing.sentence, /is showing on page 'home'/);
  const ended = result.steps[2].alerts[0];
  assert.deepEqual([ended.state, ended.code], ["finished", "finished"]);
  assert.deepEqual(result.steps[3].alerts, []); // it ended a step before: no stale reason
  assert.deepEqual(result.steps.map((s) => s.label), ["appear home", "add hello", "advance 3s", "advance 1s"]);
  assert.deepEqual(result.steps.map((s) => s.local), [null, null, null, null]);
  assert.deepEqual(result.expect, ["1 show hello home", "2 remove hello timeout", "2 finish hello timeout"]);
});

test("the timeline has a clickable column per step and a row per alert, names escaped", () => {
  const svg = simulate(SMALL).svg;
  assert.ok(svg.startsWith("<svg") && svg.split('class="step"').length - 1 === 3);
  assert.ok(svg.includes('data-step="2"') && svg.includes(">hello<") && svg.includes('fill="#73d216"'));
  const document = JSON.parse(SMALL);
  document.alerts[0].id = "<b>&";
  document.steps[1].add = "<b>&";
  const escaped = simulate(JSON.stringify(document)).svg;
  assert.ok(escaped.includes("&lt;b&gt;&amp;") && !escaped.includes("<b>"));
});

test("a syntax error names its line, column and pointer; a schema error its pointer", () => {
  const error = simulate('{\n  "alerts": [],\n  "pages": [ }\n}').error;
  assert.deepEqual([error.line, error.column, error.pointer], [3, 14, "/pages/0"]);
  assert.match(error.message, /invalid JSON/);
  const document = JSON.parse(SMALL);
  document.alerts[0].priority = "high";
  const schema = simulate(JSON.stringify(document, null, 2)).error;
  assert.ok(schema.pointer === "/alerts/0/priority" && schema.line > 1 && /priority/.test(schema.message));
});

test("too many steps or too much time is an error, not a run", () => {
  const steps = { pages: { p: {} }, alerts: [], steps: Array(MAX_STEPS + 1).fill({ appear: "p" }) };
  assert.match(simulate(JSON.stringify(steps)).error.message, new RegExp(`at most ${MAX_STEPS}`));
  const forever = { pages: { p: {} }, alerts: [], steps: [{ advance: 1e300 }] };
  assert.match(simulate(JSON.stringify(forever)).error.message, /366 days/);
  const twice = { pages: { p: {} }, alerts: [], steps: [{ advance: MAX_SECONDS / 2 + 1 }, { advance: MAX_SECONDS / 2 + 1 }] };
  assert.ok(simulate(JSON.stringify(twice)).error.message.startsWith("step 1 "));
});

test("a move prints as the tool does; a note is no expect line", () => {
  assert.equal(expectLine({ step: 3, event: "move", alert: "a", dy: -50.0 }), "3 move a -50");
  assert.equal(expectLine({ step: 3, event: "move", alert: "a", dy: 0.1 + 0.2 }), "3 move a 0.30000000000000004");
  assert.equal(expectLine({ step: 1, event: "note", text: "x" }), null);
});

test("a recording's own step is an error naming it", () => {
  const document = { pages: { p: {} }, alerts: [], steps: [{ appear: "p" }, { tick: "p" }] };
  assert.ok(simulate(JSON.stringify(document)).error.message.startsWith("step 1: "));
});

test("a document names no file the page could read: the same located error for every path", () => {
  const members = [(path) => ({ pages: { p: {} }, alerts: [], steps: [{ set_campaigns: path }] }),
    (path) => ({ pages: { p: {} }, alerts: [], steps: [], time_zone: path })];
  for (const member of members) {
    const messages = new Set();
    for (const path of ["/etc/passwd", "examples/alerts.json", "../../../../etc/passwd", "Europe/../../../etc/passwd"]) {
      const text = JSON.stringify(member(path), null, 1);
      const error = simulate(text).error;
      const line = text.split("\n").findIndex((row) => row.includes(JSON.stringify(path))) + 1;
      assert.ok(error && error.line === line && ["/steps/0/set_campaigns", "/time_zone"].includes(error.pointer), path);
      messages.add(error.message.replace(JSON.stringify(path).slice(1, -1), "PATH"));
    }
    assert.equal(messages.size, 1, [...messages].join(" | "));
  }
});

test("campaign triggers and skips are marked on a row of their own", () => {
  const result = simulate(readFileSync(`${REPO}examples/campaigns/rating.json`, "utf8"));
  const kinds = new Set(result.events.map((e) => e.event));
  assert.ok(kinds.has("trigger") && kinds.has("skip"));
  assert.ok(result.svg.includes(">campaigns<"));
  const marks = result.svg.split("<circle class=").length - 1;
  assert.equal(marks, result.events.filter((e) => ["trigger", "skip", "miss", "control", "campaigns"].includes(e.event)).length);
  assert.ok(result.svg.includes("<title>trigger ") && result.svg.includes("<title>skip "));
});

test("a step lists its own campaign events with why", () => {
  const steps = simulate(SHOP).steps;
  assert.deepEqual(steps[1].campaigns, [{ event: "miss", alert: "upsell", reason: "where", why: ">=(event.order_number = 2, 3) is false" }]);
  assert.deepEqual(steps[2].campaigns, [{ event: "skip", alert: "upsell", reason: "audience",
    why: 'sem_ver(app_version = "2.3.9", ">=", "2.4") is false' }]);
  assert.deepEqual(steps[3].campaigns, []);
  assert.deepEqual(steps[4].campaigns, [{ event: "trigger", alert: "upsell", variant: "a" }]);
});

test("misses are events but not expect lines", () => {
  const result = simulate(SHOP);
  assert.ok(result.events.some((e) => e.event === "miss"));
  assert.ok(!result.expect.some((line) => line.includes(" miss ")));
  assert.deepEqual(result.expect, JSON.parse(SHOP).expect);
});

test("times are the user's local time, or seconds without a wall clock", () => {
  const steps = simulate(SHOP).steps;
  assert.deepEqual([steps[0].local, steps[0].clock], ["Tue 07:00:00", 0]);
  assert.deepEqual([steps[6].local, steps[6].clock], ["Tue 08:00:05", 3605]);
  assert.deepEqual([steps[4].label, steps[3].label], ["track order_completed", "set app_version"]);
  const document = { pages: { p: {} }, alerts: [{ id: "a", page: "p", duration: 2 }],
    steps: [{ appear: "p" }, { add: "a" }, { advance: 90 }, { advance: 30 }] };
  const result = simulate(JSON.stringify(document));
  assert.deepEqual([...result.svg.matchAll(/<text class="time"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]), ["0s", "90s", "120s"]);
  assert.deepEqual(result.steps.map((s) => s.local), [null, null, null, null]);
});

test("the timeline has times, labels, marks and a legend", () => {
  const svg = simulate(SHOP).svg;
  const found = (pattern) => [...svg.matchAll(pattern)].map((m) => m[1]);
  assert.deepEqual(found(/<text class="time"[^>]*>([^<]*)<\/text>/g), ["Tue 07:00", "Tue 08:00"]);
  const labels = found(/<text class="label"[^>]*>([^<]*)<\/text>/g);
  assert.deepEqual(labels.slice(0, 3), ["appear shop", "track order_comp", "track order_comp"]);
  assert.equal(labels.length, 12);
  const count = (text) => svg.split(text).length - 1;
  assert.deepEqual([count('<circle class="test"'), count('<circle class="miss"'), count('<circle class="trigger"'),
    count('<circle class="skip"'), count('class="end held"'), count('class="end user"')], [1, 1, 2, 1, 1, 2]);
  assert.deepEqual(found(/<g class="legend"[^>]*>.*?<text x="20">([^<]*)<\/text><\/g>/g), ["waiting", "ready", "showing",
    "hidden", "trigger", "test trigger", "skip", "miss", "capped, outside its windows, ineligible, withdrawn",
    "dismissed, cancelled or another end"]);
});

test("ends a rule made look apart from the user's", () => {
  assert.deepEqual(["capped", "dismissed", "control", "ineligible", "timeout"].map(endKind), ["held", "user", "control", "held", "user"]);
});
