// Nothing leaks: the module's memory (which grows and never shrinks) stays
// the same size over 100,000 cycles once warm, whether handles are closed
// or forgotten (the FinalizationRegistry releases those). Run with
// --expose-gc (make js-test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setImmediate } from "node:timers/promises";
import { Alert, AlertSet, Dispatch, init, memoryBytes } from "../xyzalert.mjs";

await init();

function cycle(page, set) {
  const alert = new Alert("top", { title: "Top ✓", priority: 10, exclusive: "cover", actions: [{ id: "ok", title: "OK" }] });
  page.add(alert);
  assert.equal(alert.state, "showing");
  alert.triggerAction(0);
  alert.close();
  const made = set.createAlert("rate");
  made.close();
  page.track("tap", { n: 1 });
}

test("100,000 closed cycles: the memory stays flat", () => {
  const page = new Dispatch({ show() {}, finish() {} });
  page.pageDidAppear();
  const set = AlertSet.loads('{"alerts": [{"id": "rate", "title": "Rate"}]}');
  for (let i = 0; i < 10000; i++) cycle(page, set);
  const warm = memoryBytes();
  for (let i = 0; i < 100000; i++) cycle(page, set);
  assert.equal(memoryBytes(), warm);
  page.close();
  set.close();
});

test("forgotten handles are released once collected", async () => {
  assert.equal(typeof globalThis.gc, "function", "run with --expose-gc");
  const page = new Dispatch({});
  page.pageDidAppear();
  const forget = async () => {
    for (let i = 0; i < 20000; i++) {
      const alert = new Alert(null, { title: "forgotten" });
      page.add(alert);
      alert.dismiss();
    }
    for (let round = 0; round < 3; round++) {
      globalThis.gc();
      await setImmediate();
    }
  };
  await forget();
  await forget();
  const warm = memoryBytes();
  for (let i = 0; i < 5; i++) await forget();
  assert.equal(memoryBytes(), warm);
  page.close();
});
