// The engine's cycle through the JavaScript package (Tests/bench/engine.c's
// `cycle`, the same workload): one priority-0 alert showing and N queued
// behind it; each cycle creates a priority-10 cover alert, adds it (it
// shows), dismisses it and closes it. Prints "cycle N NS" (nanoseconds a
// cycle), as engine.c does. Usage: node Tests/bench/js_cycle.mjs N [UNITS
// [WASM]] (WASM: the module the package loads; default, the one beside it).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Alert, Dispatch, init } from "../../bindings/js/xyzalert.mjs";

const queued = Number(process.argv[2] ?? 10);
const units = Number(process.argv[3] ?? 100000);
await init(process.argv[4] ? pathToFileURL(resolve(process.argv[4])) : undefined);
const page = new Dispatch({ show() {}, move() {} });
page.pageDidAppear();
const add = (id, priority, exclusive) => {
  const alert = new Alert(id, { priority, exclusive });
  page.add(alert);
  alert.close();
};
add("p-base", 0, "wait");
for (let i = 0; i < queued; i++) add(`p-q${i}`, 0, "wait");
const cycle = () => {
  const top = new Alert("top", { priority: 10, exclusive: "cover" });
  page.add(top);
  if (top.state !== "showing") throw new Error("the cover alert shows");
  top.dismiss();
  top.close();
};
// Warm up: V8 compiles the module's functions with its baseline compiler
// first and with its optimizing one once they are hot, in the background;
// after 1,000 cycles most of the engine still ran baseline code (a third
// slower over the next 100,000), after 30,000 the time is steady.
for (let i = 0; i < Math.min(units, 30000); i++) cycle();
const start = process.hrtime.bigint();
for (let i = 0; i < units; i++) cycle();
const ns = Number(process.hrtime.bigint() - start) / units;
page.close();
console.log(`cycle ${queued} ${ns.toFixed(1)}`);
