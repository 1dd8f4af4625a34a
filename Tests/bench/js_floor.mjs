// The cycle of js_cycle.mjs with the module's exports called straight from
// JavaScript, without the package: what the engine costs in WebAssembly
// before the package adds anything (each import does nothing; the host
// has show only, as engine.c's has show and move). Prints "cycle N NS".
// Usage: node Tests/bench/js_floor.mjs WASM N [UNITS]
import { readFile } from "node:fs/promises";
import { Exclusive, State } from "../../bindings/js/enums.mjs";

const [wasm, queued = 10, units = 100000] = [process.argv[2], Number(process.argv[3] ?? 10), Number(process.argv[4] ?? 100000)];
const nothing = new Proxy({}, { get: () => () => 0 });
const { instance } = await WebAssembly.instantiate(await readFile(wasm), { xyzalert: nothing });
const e = instance.exports;
e._initialize();
const HOST_SHOW = 1;
const hostPointer = e.xyz_wasm_host(1, HOST_SHOW);
const page = e.xyz_dispatch_create(hostPointer, 0);
e.free(hostPointer);
e.xyz_dispatch_page_did_appear(page);
const scratch = e.malloc(64); // the alert's pointer, then its id
const COVER = Exclusive.indexOf("cover"), WAIT = Exclusive.indexOf("wait"), SHOWING = State.indexOf("showing");

let bytes = new Uint8Array(e.memory.buffer), words = new Uint32Array(e.memory.buffer);
function views() { // made again once the memory grows (the old ones are then empty)
  if (bytes.byteLength === 0) [bytes, words] = [new Uint8Array(e.memory.buffer), new Uint32Array(e.memory.buffer)];
}

function id(text) {
  views();
  for (let i = 0; i < text.length; i++) bytes[scratch + 8 + i] = text.charCodeAt(i);
  bytes[scratch + 8 + text.length] = 0;
  return scratch + 8;
}

function add(text, priority, exclusive) {
  const alert = e.xyz_alert_create(id(text));
  if (e.xyz_alert_set_priority(alert, priority) || e.xyz_alert_set_exclusive(alert, exclusive)) throw new Error("set");
  views();
  words[scratch >> 2] = alert;
  if (e.xyz_dispatch_add(page, scratch, 1)) throw new Error("add");
  return alert;
}

e.xyz_alert_release(add("p-base", 0, WAIT));
for (let i = 0; i < queued; i++) e.xyz_alert_release(add(`p-q${i}`, 0, WAIT));
const cycle = () => {
  const top = add("top", 10, COVER);
  if (e.xyz_alert_state(top) !== SHOWING) throw new Error("the cover alert shows");
  if (e.xyz_alert_dismiss(top)) throw new Error("dismiss");
  e.xyz_alert_release(top);
};
for (let i = 0; i < Math.min(units, 30000); i++) cycle(); // as js_cycle.mjs warms up
const start = process.hrtime.bigint();
for (let i = 0; i < units; i++) cycle();
const ns = Number(process.hrtime.bigint() - start) / units;
e.xyz_dispatch_destroy(page);
console.log(`cycle ${queued} ${ns.toFixed(1)}`);
