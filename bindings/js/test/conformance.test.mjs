// The JavaScript runner and `xyzalert simulate --format json` give the same
// trace for every scenario the Python runner is checked on: the examples'
// and the fuzz corpus's (docs/js.md). Scenarios whose set_campaigns steps
// name files are left out (loads take text: no files), and counted. The
// tool is XYZALERT_CLI, else the debug build's (make js-test sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { init, runScenario } from "../xyzalert.mjs";

await init();
const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const TOOL = process.env.XYZALERT_CLI ?? `${REPO}.build/debug/xyzalert`;
const FOLDERS = ["examples", "examples/caps", "examples/timing", "examples/stacks", "examples/coming-from",
  "examples/campaigns", "examples/calendars", "examples/experiments"];

function scenarios(folder) {
  return readdirSync(REPO + folder).filter((name) => name.endsWith(".json")).sort().map((name) => `${folder}/${name}`)
    .filter((path) => readFileSync(REPO + path, "utf8").includes('"steps"'));
}

function toolTrace(path) {
  return execFileSync(TOOL, ["simulate", path, "--format", "json"], { cwd: REPO, encoding: "utf8" })
    .split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

function names(path) {
  return readFileSync(REPO + path, "utf8").includes('"set_campaigns"');
}

const EXAMPLES = FOLDERS.flatMap(scenarios);
const FUZZED = scenarios("Tests/fuzz/corpus/load")
  .filter((path) => spawnSync(TOOL, ["check", path], { cwd: REPO }).status === 0);

test("the scenarios compared: every example with steps but those naming files", () => {
  const compared = EXAMPLES.filter((path) => !names(path));
  assert.ok(compared.length >= 57, `${compared.length} examples compared`);
  assert.deepEqual(EXAMPLES.filter(names), ["examples/experiments/experiment.json", "examples/experiments/set-update.json"]);
  assert.ok(FUZZED.length >= 15, `${FUZZED.length} fuzzed scenarios compared`);
});

for (const path of [...EXAMPLES, ...FUZZED].filter((p) => !names(p))) {
  test(`the same trace: ${path}`, () => {
    const expected = toolTrace(path);
    assert.ok(expected.length > 0 || path.startsWith("Tests/"), "a scenario without events proves nothing");
    assert.deepEqual(runScenario(readFileSync(REPO + path, "utf8")), expected);
  });
}

// With --explain: campaign misses, and why a skip, miss or finish happened.
for (const path of EXAMPLES.filter((p) => !names(p) && /campaigns|calendars|experiments|caps/.test(p))) {
  test(`the same explained trace: ${path}`, () => {
    const expected = execFileSync(TOOL, ["simulate", path, "--format", "json", "--explain"], { cwd: REPO, encoding: "utf8" })
      .split("\n").filter(Boolean).map((line) => JSON.parse(line));
    assert.deepEqual(runScenario(readFileSync(REPO + path, "utf8"), { explain: true }), expected);
  });
}

/** The tool's trace of `scenario` (an object), through a file in a scratch folder. */
function traceOf(scenario) {
  const scratch = execFileSync("mktemp", ["-d"], { encoding: "utf8" }).trim();
  const path = `${scratch}/scenario.json`;
  execFileSync("sh", ["-c", `cat > ${path}`], { input: JSON.stringify(scenario) });
  try {
    return toolTrace(path);
  } finally {
    execFileSync("rm", ["-rf", scratch]);
  }
}

test("error steps give the same error events", () => {
  const scenario = {
    pages: { home: {}, me: {} },
    alerts: [{ id: "a", page: "home" }, { id: "b", page: "home", actions: [{ id: "x", title: "X" }] }],
    steps: [{ dismiss: "a" }, { appear: "home" }, { add: "a" }, { add: "a" }, { add: "b" },
      { action: { alert: "b", index: 0 } }, { select: { page: "home", child: "me" } }, { destroy: "home" }, { flush: "home" }],
  };
  const expected = traceOf(scenario);
  assert.deepEqual(expected.filter((e) => e.event === "error").map((e) => e.code),
    ["not_found", "duplicate", "state", "owner", "state"]);
  assert.deepEqual(runScenario(JSON.stringify(scenario)), expected);
});

test("update fields, after_alerts and alerts without id", () => {
  const scenario = {
    pages: { home: {} },
    alerts: [
      { id: "a", page: "home", title: "Hello", message: "m", meta: { k: 1 }, actions: [{ id: "ok", title: "OK" }] },
      { name: "nameless", page: "home", after_alerts: ["a"], title: "After a" },
      { name: "second", page: "home", priority: 9, exclusive: "cover" },
    ],
    steps: [
      { appear: "home" }, { add: ["a", "nameless"] },
      { update: { alert: "a", title: null } }, { update: { alert: "a", message: null } },
      { update: { alert: "a", clear_actions: true } },
      { update: { alert: "a", add_action: { id: "x", title: "X", style: "destructive" } } },
      { update: { alert: "a", meta: { k: 2 } } }, { update: { alert: "a", meta: null } },
      { action: { alert: "a", index: 0 } }, { add: "second" }, { dismiss: "second" },
    ],
  };
  const expected = traceOf(scenario);
  assert.equal(expected.filter((e) => e.event === "update" && e.alert === "a").length, 6);
  assert.deepEqual(runScenario(JSON.stringify(scenario)), expected);
});

test("an advance past the largest finite time is the same error event", () => {
  const scenario = {
    pages: { p: {} }, alerts: [{ id: "a", page: "p", duration: 5 }],
    steps: [{ appear: "p" }, { advance: 1e308 }, { advance: 1e308 }, { add: "a" }, { advance: 10 }],
  };
  const expected = traceOf(scenario);
  assert.equal(expected[0].message, "advance 1e+308s would take the clock past the largest finite time; it stays at 1e+308");
  assert.deepEqual(runScenario(JSON.stringify(scenario)), expected);
});

test("a scenario that names a file does not load from text", () => {
  const text = readFileSync(`${REPO}examples/experiments/set-update.json`, "utf8");
  assert.throws(() => runScenario(text), (error) => error.code === "schema" && /reads no file/.test(error.message));
});
