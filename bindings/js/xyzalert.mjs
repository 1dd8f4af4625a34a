/* XYZAlert for JavaScript: the engine, compiled to WebAssembly
 * (xyzalert.wasm, `make wasm`), behind the Python package's API in
 * JavaScript's conventions (docs/js.md). No dependencies; Node 18+ and
 * browsers.
 *
 *     import { init, Dispatch, Alert } from "./xyzalert.mjs";
 *     await init();
 *     const page = new Dispatch({ show(alert) { draw(alert); }, finish(alert, reason) { erase(alert); } });
 *     page.pageDidAppear();
 *     page.add(new Alert("welcome", { title: "Hello" }));
 *
 * Strings cross the boundary as UTF-8. Every handle (Dispatch, Alert,
 * AlertSet, History) is released by close(); a FinalizationRegistry
 * releases those a program forgets. One thread: the module is not shared
 * between workers. */
import { engine, initScratch, readString, requireEngine, setEngine } from "./engine.mjs";
import { imports } from "./host.mjs";

export * from "./enums.mjs";
export { XYZAlertError } from "./engine.mjs";
export { Alert } from "./alert.mjs";
export { AlertSet } from "./alert_set.mjs";
export { Dispatch } from "./dispatch.mjs";
export { History } from "./history.mjs";
export { utcOffsetOf } from "./host.mjs";
export { formatG } from "./numbers.mjs";
export { evalRule } from "./rules.mjs";
export { Scenario } from "./scenario.mjs";
export { ScenarioPlayer, runScenario } from "./runner.mjs";

/** Loads xyzalert.wasm once: `source` a URL, a file path (Node), bytes or a
 * WebAssembly.Module; default: the xyzalert.wasm beside this module. */
export async function init(source = new URL("./xyzalert.wasm", import.meta.url)) {
  if (engine) return;
  let module;
  if (source instanceof WebAssembly.Module) {
    module = source;
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    module = await WebAssembly.compile(source);
  } else {
    const url = source instanceof URL ? source : new URL(source, import.meta.url);
    if (url.protocol === "file:") {
      const { readFile } = await import("node:fs/promises");
      module = await WebAssembly.compile(await readFile(url));
    } else {
      module = await WebAssembly.compileStreaming(fetch(url));
    }
  }
  const instance = await WebAssembly.instantiate(module, { xyzalert: imports });
  instance.exports._initialize(); // a WASI reactor's constructors, once
  setEngine(instance.exports);
  initScratch();
}

/** The size of the module's memory in bytes (it grows, never shrinks: a
 * size that stays flat over many cycles means nothing leaks). */
export function memoryBytes() {
  return requireEngine().memory.buffer.byteLength;
}

/** The engine's version ("0.5.0"). */
export function version() {
  return readString(requireEngine().xyz_version_string());
}
