// The JavaScript package over xyzalert.wasm: the engine's calls, its errors
// as exceptions, host callbacks, and handles (docs/js.md). `make js-test`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { Alert, AlertSet, Dispatch, History, XYZAlertError, evalRule, formatG, init, utcOffsetOf, version } from "../xyzalert.mjs";
import { engine, readString } from "../engine.mjs";

await init();

/** A host that writes every callback as a line: "show a page". */
function recorder() {
  const lines = [];
  const host = {
    lines,
    show: (alert, target) => lines.push(`show ${alert.id} ${target}`),
    hide: (alert, reason) => lines.push(`hide ${alert.id} ${reason}`),
    unhide: (alert) => lines.push(`unhide ${alert.id}`),
    remove: (alert, reason) => lines.push(`remove ${alert.id} ${reason}`),
    finish: (alert, reason) => lines.push(`finish ${alert.id} ${reason}`),
    action: (alert, index, id) => lines.push(`action ${alert.id} ${index} ${id}`),
  };
  return host;
}

test("the version is the package's", async () => {
  const { readFile } = await import("node:fs/promises");
  const manifest = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
  assert.match(version(), /^\d+\.\d+\.\d+$/);
  assert.equal(version(), manifest.version);
});

test("add, show, dismiss: the host hears each step", () => {
  const host = recorder();
  const page = new Dispatch(host);
  page.pageDidAppear();
  const alert = new Alert("hello", { title: "Hello", priority: 5 });
  page.add(alert);
  assert.equal(alert.state, "showing");
  assert.equal(alert.title, "Hello");
  assert.equal(alert.priority, 5);
  assert.equal(alert.exclusive, "wait");
  alert.dismiss();
  assert.equal(alert.state, "finished");
  assert.deepEqual(host.lines, ["show hello page", "finish hello dismissed"]);
  page.close();
  alert.close();
});

test("a higher priority hide_others alert hides the one on screen, which comes back", () => {
  const host = recorder();
  const page = new Dispatch(host);
  page.pageDidAppear();
  const low = new Alert("low", { title: "Low" });
  const high = new Alert("high", { title: "High", priority: 10, exclusive: "hide_others" });
  page.add(low);
  page.add(high);
  high.dismiss();
  assert.deepEqual(host.lines, ["show low page", "hide low covered", "show high page", "finish high dismissed", "unhide low"]);
  page.close();
});

test("actions: the host hears the index and the id", () => {
  const host = recorder();
  const page = new Dispatch(host);
  page.pageDidAppear();
  const alert = new Alert("ask", { title: "Rate?", actions: [{ id: "yes", title: "Yes" }, { id: "no", title: "No", style: "cancel" }] });
  assert.deepEqual(alert.actions, [{ id: "yes", title: "Yes", style: "default" }, { id: "no", title: "No", style: "cancel" }]);
  page.add(alert);
  alert.triggerAction(1);
  assert.deepEqual(host.lines.slice(1), ["action ask 1 no", "remove ask dismissed", "finish ask dismissed"]);
  page.close();
});

test("malformed JSON is a located error", () => {
  assert.throws(() => AlertSet.loads('{"alerts": [\n  {"id": "a",}\n]}'), (error) => {
    assert.ok(error instanceof XYZAlertError);
    assert.equal(error.code, "parse");
    assert.equal(error.line, 2);
    assert.ok(error.column > 0);
    return true;
  });
  assert.throws(() => AlertSet.loads('{"alerts": [{"id": "a", "priority": "high"}]}'), (error) => {
    assert.equal(error.code, "schema");
    assert.equal(error.pointer, "/alerts/0/priority");
    assert.match(error.message, /priority must be an integer/);
    return true;
  });
});

test("an alert set makes alerts and runs campaigns", () => {
  const set = AlertSet.loads(JSON.stringify({
    alerts: [{ id: "rate", title: "Rate us" }],
    campaigns: [{ id: "ask", alert: "rate", trigger: { event: "purchase", count: 2 } }],
  }));
  assert.deepEqual(set.ids, ["rate"]);
  const host = recorder();
  const events = [];
  host.campaign = (root, campaign, kind, reason, alert) => events.push(`${campaign} ${kind} ${alert ? alert.id : reason}`);
  const page = new Dispatch(host);
  page.pageDidAppear();
  page.setCampaigns(set);
  page.track("purchase");
  assert.deepEqual(host.lines, []);
  page.track("purchase", { amount: 3 });
  assert.deepEqual(events, ["ask trigger rate"]);
  assert.deepEqual(host.lines, ["show rate page"]);
  const made = set.createAlert("rate");
  assert.equal(made.title, "Rate us");
  page.close();
  set.close();
});

test("attributes feed audiences", () => {
  const set = AlertSet.loads(JSON.stringify({
    alerts: [{ id: "promo", title: "Sale" }],
    campaigns: [{ id: "sale", alert: "promo", trigger: { event: "open" }, audience: { "==": [{ var: "plan" }, "free"] } }],
  }));
  const host = recorder();
  const page = new Dispatch(host);
  page.pageDidAppear();
  page.setCampaigns(set);
  page.setAttribute("plan", "paid");
  page.track("open");
  assert.deepEqual(host.lines, []);
  page.setAttribute("plan", "free");
  page.track("open");
  assert.deepEqual(host.lines, ["show promo page"]);
  page.close();
});

test("evalRule: JsonLogic with flagd's operators, and its errors", () => {
  assert.equal(evalRule({ "==": [{ var: "plan" }, "free"] }, { plan: "free" }), true);
  assert.deepEqual(evalRule({ merge: [[1], [2, 3]] }), [1, 2, 3]);
  assert.equal(evalRule('{"sem_ver": ["1.2.3", ">=", "1.2.0"]}'), true);
  assert.throws(() => evalRule('{"==": [1,'), (error) => error.code === "parse" && error.source === "<rule>");
  assert.throws(() => evalRule({ frobnicate: [] }), (error) => error.code === "schema");
});

test("a closed dispatch refuses calls with a state error", () => {
  const page = new Dispatch({});
  page.close();
  page.close();
  assert.throws(() => page.pageDidAppear(), (error) => error instanceof XYZAlertError && error.code === "state");
  const alert = new Alert("a");
  alert.close();
  assert.throws(() => alert.state, (error) => error.code === "state");
});

test("a host callback that throws: the engine call that made it rethrows it", () => {
  const page = new Dispatch({ show() { throw new Error("drawing failed"); } });
  page.pageDidAppear();
  const alert = new Alert("a", { title: "A" });
  assert.throws(() => page.add(alert), /drawing failed/);
  assert.equal(alert.state, "showing"); // the engine's decision stands
  page.close();
});

test("wrong argument types: a TypeError naming the parameter", () => {
  assert.throws(() => new Alert(5), { name: "TypeError", message: /^id must be a string/ });
  assert.throws(() => new Alert("a", { priority: "high" }), { name: "TypeError", message: /^priority must be a number/ });
  assert.throws(() => new Alert("a", { exclusive: "sometimes" }), { name: "TypeError", message: /^exclusive must be one of/ });
  assert.throws(() => new Dispatch(null), { name: "TypeError", message: /^host must be an object/ });
  const page = new Dispatch({});
  assert.throws(() => page.track(7), { name: "TypeError", message: /^event must be a string/ });
  assert.throws(() => page.add("a"), { name: "TypeError", message: /^alerts must be Alert objects/ });
  assert.throws(() => AlertSet.loads({}), { name: "TypeError", message: /^text must be a string/ });
  page.close();
});

test("engine errors keep their code: a duplicate id is refused, state unchanged", () => {
  const page = new Dispatch({});
  page.pageDidAppear();
  page.add(new Alert("same", { title: "1" }));
  const second = new Alert("same", { title: "2", onDuplicate: "reject" });
  assert.throws(() => page.add(second), (error) => error.code === "duplicate");
  assert.equal(second.state, "idle");
  page.close();
});

test("a constructor takes the alert's properties only: a method's name is no property", () => {
  for (const name of ["dismiss", "state", "close", "colour"]) {
    assert.throws(() => new Alert("a", { [name]: 1 }), { name: "TypeError", message: `unknown alert property ${name}` });
  }
  const alert = new Alert("a", { title: "T", priority: 3, exclusive: "cover", avoidKeyboard: true, meta: { k: [1] } });
  assert.deepEqual([alert.title, alert.priority, alert.exclusive, alert.avoidKeyboard, alert.meta], ["T", 3, "cover", true, { k: [1] }]);
  alert.close();
});

test("adding a closed alert among others adds none", () => {
  const page = new Dispatch({});
  page.pageDidAppear();
  const open = new Alert("open");
  const closed = new Alert("closed");
  closed.close();
  assert.throws(() => page.add([open, closed]), (error) => error.code === "state");
  assert.equal(open.state, "idle");
  page.add(open);
  assert.equal(open.state, "showing");
  open.close();
  page.close();
});

test("a string read again at the same address is read again, whatever it was before", () => {
  // (The package keeps the last short ASCII string it read, and where.)
  const at = engine.malloc(80);
  for (const text of ["abc", "abd", "xbd", "ab", "abcd", "", "é-c", "abc", "x".repeat(70), "y".repeat(64), "abc"]) {
    new Uint8Array(engine.memory.buffer).set(new TextEncoder().encode(`${text}\0`), at);
    assert.equal(readString(at), text);
  }
  engine.free(at);
});

test("each page's callbacks reach its own host, however the pages alternate", () => {
  const [one, two, three] = [recorder(), recorder(), recorder()];
  const first = new Dispatch(one);
  const second = new Dispatch(two);
  first.pageDidAppear();
  second.pageDidAppear();
  for (const [page, id] of [[first, "a"], [second, "b"], [second, "c"], [first, "d"]]) {
    page.add(new Alert(id, { exclusive: "cover", priority: id.charCodeAt(0) }));
  }
  second.close();
  const third = new Dispatch(three);
  third.pageDidAppear();
  third.add(new Alert("e"));
  first.find("a").dismiss();
  assert.deepEqual(one.lines, ["show a page", "show d page", "finish a dismissed"]);
  assert.deepEqual(two.lines, ["show b page", "show c page", "remove c destroyed", "finish c destroyed", "remove b destroyed", "finish b destroyed"]);
  assert.deepEqual(three.lines, ["show e page"]);
  first.close();
  third.close();
});

test("strings cross as UTF-8", () => {
  const alert = new Alert("ünï", { title: "日本語 — ok 🎉" });
  assert.equal(alert.id, "ünï");
  assert.equal(alert.title, "日本語 — ok 🎉");
  alert.close();
});

test("time zones through Intl", () => {
  const wall = Date.UTC(2026, 6, 1, 12) / 1000;
  assert.equal(utcOffsetOf("Europe/Paris", wall), 7200);
  assert.equal(utcOffsetOf("America/New_York", Date.UTC(2026, 0, 1, 12) / 1000), -18000);
  assert.equal(utcOffsetOf("UTC", wall), 0);
});

test("a history caps displays per session, on its own clock", () => {
  let wall = 1.8e9;
  const history = new History(() => wall);
  history.setLimit("all", 1, "session");
  const host = recorder();
  const page = new Dispatch(host);
  page.history = history;
  assert.equal(page.history, history);
  page.pageDidAppear();
  const first = new Alert("a", { title: "A" });
  page.add(first);
  first.dismiss();
  wall += 60;
  const second = new Alert("b", { title: "B", onCapped: "wait" });
  page.add(second);
  assert.equal(second.why().code, "capped");
  assert.equal(second.why().key, "all");
  assert.equal(history.session, 1);
  history.beginSession(); // a new history's first call begins session 1: its counts restart
  assert.equal(history.session, 1);
  assert.equal(second.state, "showing");
  history.beginSession();
  assert.equal(history.session, 2);
  const saved = JSON.parse(history.save());
  assert.equal(saved.session, 2);
  assert.throws(() => history.loads('{"version": 2, "session": "x"}'), (error) => error.code === "schema" && error.pointer === "/session");
  page.close();
  history.close();
});

test("why: data, with the cause as the same objects", () => {
  const page = new Dispatch(recorder());
  page.pageDidAppear();
  const front = new Alert("front", { title: "Front" });
  const back = new Alert("back", { title: "Back" });
  page.add([front, back]);
  const why = back.why();
  assert.equal(why.code, "behind");
  assert.equal(why.cause, front);
  assert.equal(why.until, null);
  assert.match(why.sentence, /front/);
  front.dismiss();
  assert.equal(front.why().code, "finished");
  assert.equal(front.why().endReason, "dismissed");
  page.close();
});

test("a recording is scenario JSON", () => {
  const page = new Dispatch(recorder());
  page.startRecording();
  page.pageDidAppear();
  const alert = new Alert("hi", { title: "Hi" });
  page.add(alert);
  alert.dismiss();
  page.stopRecording();
  const recording = JSON.parse(page.recording());
  assert.ok(Array.isArray(recording.steps) && recording.steps.length >= 3);
  assert.deepEqual(recording.steps.map((step) => Object.keys(step)[0]).slice(0, 3), ["appear", "add", "dismiss"]);
  page.close();
});

test("what a 32-bit Int cannot hold is an error or a right answer, never a trap", () => {
  // A cap count above 2^31 - 1 (the native library takes up to 2^32 - 1): a located error.
  assert.throws(() => AlertSet.loads('{"alerts": [{"id": "a", "title": "A", "limit": {"count": 3000000000, "per": "session"}}]}'),
    (error) => error.code === "schema" && error.pointer === "/alerts/0/limit/count" && /from 1 to 2147483647/.test(error.message));
  // An array index of 12 digits reads past the end: null.
  assert.equal(evalRule({ var: "items.123456789012" }, { items: [1, 2] }), null);
  // A campaign's dates after 2038 are written as dates.
  const set = AlertSet.loads(JSON.stringify({
    alerts: [{ id: "later", title: "Later" }],
    campaigns: [{ id: "future", alert: "later", trigger: { event: "open" }, start: "2040-01-01T00:00:00Z" }],
  }));
  const page = new Dispatch({});
  page.pageDidAppear();
  page.setCampaigns(set);
  page.track("open");
  assert.match(page.explainCampaign("future"), /2040-01-01T00:00:00Z/);
  // A cool-down of more than 2^31 seconds is worded in seconds.
  const history = new History(() => 1.8e9);
  history.setCooldown("all", 2147483649);
  page.history = history;
  const alert = new Alert("a", { title: "A", onCapped: "wait" });
  page.add(alert);
  alert.dismiss();
  const next = new Alert("b", { title: "B", onCapped: "wait" });
  page.add(next);
  assert.match(next.why().rule, /2147483649s/);
  page.close();
  set.close();
  history.close();
});

test("rectangles cross whatever the string stack holds before them", () => {
  // A frame set from a callback, while the call that made it still holds
  // its string (3 bytes and a NUL) on the stack: the doubles go aligned.
  let frames = 0;
  const page = new Dispatch({
    update(alert) {
      alert.setFrame([0, 500, 320, 100]);
      frames++;
    },
  });
  page.pageDidAppear();
  const alert = new Alert("a", { title: "A", avoidKeyboard: true });
  page.add(alert);
  alert.title = "abc";
  alert.message = "defgh";
  assert.equal(frames, 2);
  page.close();
});

test("formatG writes numbers as C's %g does", () => {
  const values = [1e308, 123456789, 1e21, 0.00001234, 5, 1.5e-7, 999999.7, 0.1 + 0.2, 120, 3605, -50, 1e-5, 0.0001, 31622400, 0];
  const printed = execFileSync("printf", [values.map(() => "%g\\n").join(""), ...values.map(String)], { encoding: "utf8" });
  assert.deepEqual(values.map(formatG), printed.trim().split("\n"));
  assert.deepEqual([Infinity, -Infinity, NaN].map(formatG), ["inf", "-inf", "nan"]);
});
