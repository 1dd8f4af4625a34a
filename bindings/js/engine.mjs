/* The module's instance and what every part of the package shares: its
 * errors, strings in its memory, handles and their release, the tables
 * that find a JavaScript object from an engine pointer, and the exception
 * a host callback threw (xyzalert.mjs is the package's entry). */
import * as enums from "./enums.mjs";

/** The instance's exports, once init() has run (setEngine). */
export let engine = null;
export const encoder = new TextEncoder();
export const decoder = new TextDecoder();

export function setEngine(exports) {
  engine = exports;
}

/* ------------------------------------------------------------------ errors */

/** An engine call failed: `code` is the status's word ("invalid", "state",
 * "parse", "schema", ...), `status` its number; a load's error also has
 * `line`, `column` (1-based), `pointer` (RFC 6901) and `source`. */
export class XYZAlertError extends Error {
  constructor(status, message, location = {}) {
    super(message);
    this.name = "XYZAlertError";
    this.status = status;
    this.code = enums.Status[status] ?? "invalid";
    this.pointer = location.pointer ?? "";
    this.line = location.line ?? 0;
    this.column = location.column ?? 0;
    this.source = location.source ?? "";
  }
}

export function requireEngine() {
  if (!engine) throw new Error("xyzalert: call `await init()` first");
  return engine;
}

/** Throws the last error of the engine when `status` is not 0. */
export function check(status) {
  rethrowHostError();
  if (status !== 0) {
    const e = engine;
    throw new XYZAlertError(status, readString(e.xyz_last_error()), { pointer: readString(e.xyz_last_error_pointer()) });
  }
}

/* -------------------------------------------------------- memory, strings */

let view8 = null, view32 = null; // views of the module's memory, made again once the memory grows
let scratch = 0, scratchTop = 0, scratchEnd = 0; // the string stack (initScratch)
const SCRATCH_BYTES = 1 << 16;

/** The module's memory as bytes (the same view until the memory grows). */
export function bytes() {
  if (view8 === null || view8.byteLength === 0) view8 = new Uint8Array(engine.memory.buffer);
  return view8;
}

/** The module's memory as 32-bit words (the same view until it grows). */
function words() {
  if (view32 === null || view32.byteLength === 0) view32 = new Uint32Array(engine.memory.buffer);
  return view32;
}

/** The string stack: arguments' copies go there (no malloc for each), and
 * each call takes its space back when it returns; a host callback's own
 * calls stack above. */
export function initScratch() {
  scratch = scratchTop = engine.malloc(SCRATCH_BYTES);
  scratchEnd = scratch + SCRATCH_BYTES;
}

let lastPointer = 0, lastText = ""; // the last short ASCII string read, and where

/** The NUL-terminated UTF-8 string at `pointer` (null for NULL). The same
 * short ASCII bytes at the same place as the last read give the same
 * string without making one (callbacks name the same target again and
 * again). */
export function readString(pointer) {
  if (!pointer) return null;
  const memory = bytes();
  if (pointer === lastPointer && holds(memory, pointer, lastText)) return lastText;
  let text = "";
  for (let at = pointer, c = memory[at]; c !== 0; c = memory[++at]) {
    if (c >= 0x80 || at - pointer === 64) {
      let end = at;
      while (memory[end] !== 0) end++;
      return decoder.decode(memory.subarray(pointer, end));
    }
    text += String.fromCharCode(c);
  }
  lastPointer = pointer;
  lastText = text;
  return text;
}

/** Whether the NUL-terminated bytes at `pointer` are `text`'s (ASCII). */
function holds(memory, pointer, text) {
  for (let i = 0; i < text.length; i++) if (memory[pointer + i] !== text.charCodeAt(i)) return false;
  return memory[pointer + text.length] === 0;
}

/** The string an engine call made (freed here); NULL: the call's error. */
export function takeString(pointer) {
  if (!pointer) check(1);
  const text = readString(pointer);
  engine.xyz_free(pointer);
  return text;
}

/** A malloc'ed copy of `text`, NUL-terminated: [pointer, length in bytes]
 * (the caller frees it). */
export function writeString(text) {
  const encoded = encoder.encode(text);
  const pointer = engine.malloc(encoded.length + 1);
  if (!pointer) throw new RangeError("xyzalert: out of WebAssembly memory");
  const memory = bytes();
  memory.set(encoded, pointer);
  memory[pointer + encoded.length] = 0;
  return [pointer, encoded.length];
}

/** A copy of `text` on the string stack (or malloc'ed when the stack is
 * full: `spilled` lists those); 0 for null. */
function push(text, spilled) {
  if (text === null || text === undefined) return 0;
  const n = text.length;
  if (scratchTop + 3 * n + 1 <= scratchEnd) {
    const memory = bytes();
    const start = scratchTop;
    let at = start, i = 0;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) break;
      memory[at++] = c;
    }
    if (i < n) at += encoder.encodeInto(text.slice(i), memory.subarray(at, scratchEnd)).written;
    memory[at++] = 0;
    scratchTop = at;
    return start;
  }
  const [pointer] = writeString(text);
  spilled.push(pointer);
  return pointer;
}

const noSpills = [];

/** Calls `body(p)` with a C copy of `text` (null stays NULL). */
export function withString(text, body) {
  const mark = scratchTop, spilled = scratchTop + 3 * (text?.length ?? 0) + 1 <= scratchEnd ? noSpills : [];
  try {
    return body(push(text, spilled));
  } finally {
    scratchTop = mark;
    for (const pointer of spilled) engine.free(pointer);
  }
}

/** Calls `body(p)` with room for `count` 32-bit words on the string stack,
 * 8-byte aligned (pointers the engine reads during the call, doubles and
 * results it writes). */
export function withWords(count, body) {
  const mark = scratchTop;
  const start = (scratchTop + 7) & ~7;
  if (start + 4 * count > scratchEnd) {
    const pointer = engine.malloc(4 * count);
    try {
      return body(pointer);
    } finally {
      engine.free(pointer);
    }
  }
  scratchTop = start + 4 * count;
  try {
    return body(start);
  } finally {
    scratchTop = mark;
  }
}

/** Calls `body(p)` with `pointers` (numbers) as an array of 32-bit words
 * on the string stack. */
export function withPointers(pointers, body) {
  return withWords(pointers.length, (array) => {
    const memory = words();
    for (let i = 0; i < pointers.length; i++) memory[(array >> 2) + i] = pointers[i];
    return body(array);
  });
}

/** Calls `body(p)` with `frame` ([x, y, width, height]) as an xyz_rect on
 * the string stack; a TypeError names `frame` for anything else (`orNull`:
 * what else the caller takes, in the message). */
export function withRect(frame, body, orNull = "") {
  if (!Array.isArray(frame) || frame.length !== 4 || !frame.every((v) => typeof v === "number")) {
    throw new TypeError(`frame must be [x, y, width, height] numbers${orNull}`);
  }
  return withWords(8, (rect) => {
    new Float64Array(bytes().buffer, rect, 4).set(frame);
    return body(rect);
  });
}

/** Runs `load(p, length, error)` with a C copy of `text` and room for an
 * xyz_error; when `failed(result)`, throws the error it located. */
export function loadText(text, load, failed) {
  const errorPointer = engine.malloc(ERROR_SIZE);
  try {
    const [pointer, length] = writeString(text);
    let result;
    try {
      result = load(pointer, length, errorPointer);
    } finally {
      engine.free(pointer);
    }
    rethrowHostError();
    if (failed(result)) throw loadError(errorPointer);
    return result;
  } finally {
    engine.free(errorPointer);
  }
}

/** A limit's C arguments: [count, the period's value, its window] from a
 * count and `per` (a LimitPer word, or seconds: a window). */
export function limitArguments(count, per) {
  if (!Number.isInteger(count) || count < 1) throw new TypeError(`count must be a whole number >= 1, got ${count}`);
  const index = enums.LimitPer.indexOf(typeof per === "number" ? "window" : per);
  if (index < 0) throw new TypeError(`per must be one of ${enums.LimitPer.join(", ")} or seconds, got ${per}`);
  return [count, index, typeof per === "number" ? per : 0];
}

/** Calls `body(p1, p2, ...)` with C copies of `texts` (null stays NULL). */
export function withStrings(texts, body) {
  const mark = scratchTop, spilled = [];
  try {
    return body(...texts.map((text) => push(text, spilled)));
  } finally {
    scratchTop = mark;
    for (const pointer of spilled) engine.free(pointer);
  }
}

export function requireString(value, name) {
  if (typeof value !== "string") throw new TypeError(`${name} must be a string, got ${typeof value}`);
  return value;
}

/* A load's xyz_error (wasm32 layout: status, line, column, position, then
 * source[256], pointer[256], message[512]). */
export const ERROR_SIZE = 1040;
/* xyz_why's size (platform.c checks both layouts when it is compiled). */
export const WHY_SIZE = 48;

export function loadError(pointer) {
  const view = new DataView(engine.memory.buffer, pointer, ERROR_SIZE);
  const text = (offset, size) => {
    const raw = bytes().subarray(pointer + offset, pointer + offset + size);
    return decoder.decode(raw.subarray(0, raw.indexOf(0) < 0 ? size : raw.indexOf(0)));
  };
  return new XYZAlertError(view.getInt32(0, true), text(528, 512), {
    line: view.getInt32(4, true), column: view.getInt32(8, true), source: text(16, 256), pointer: text(272, 256),
  });
}

/* ------------------------------------------------------ handles, releases */

/* A handle's token: its pointer and free function, which the registry
 * reads once the handle is collected; close() empties it (no unregister). */
export const released = new FinalizationRegistry((token) => {
  if (engine && token.pointer) engine[token.free](token.pointer);
});

/* Registering costs more than the rest of a short-lived alert's life in
 * the package (about 0.3 us in V8), so new handles wait here: once the
 * current job ends (a microtask) or REGISTER_BATCH have gathered, those
 * still open are registered, and a handle closed before then never is.
 * A forgotten handle is thus held until then, and released once collected
 * after it. */
const unregistered = [];
const REGISTER_BATCH = 256;
let registrationQueued = false;

function registerOpenHandles() {
  registrationQueued = false;
  for (const object of unregistered) if (object._token.pointer) released.register(object, object._token);
  unregistered.length = 0;
}

/** `object` owns `pointer`, released by engine function `free` at close()
 * or, forgotten, when it is collected (`free` null: close() only). */
export function adopt(object, pointer, free) {
  object._pointer = pointer;
  object._token = { pointer, free };
  if (free) {
    unregistered.push(object);
    if (unregistered.length >= REGISTER_BATCH) {
      registerOpenHandles();
    } else if (!registrationQueued) {
      registrationQueued = true;
      queueMicrotask(registerOpenHandles);
    }
  }
  return object;
}

/** What every handle has: its pointer, close() and the safety net. */
export class Handle {
  constructor(pointer, free) {
    adopt(this, pointer, free);
  }

  /** The live pointer; a closed handle throws an XYZAlertError "state". */
  _live() {
    if (!this._pointer) throw new XYZAlertError(2, `${this.constructor.name} is closed`);
    return this._pointer;
  }

  /** Releases the handle now (again: nothing). */
  close() {
    if (!this._pointer) return;
    const pointer = this._pointer;
    this._pointer = 0;
    this._token.pointer = 0;
    engine[this._token.free](pointer);
  }
}

/* ------------------------------------------------------------- registries */

export const dispatchesByContext = new Map(); // the host's context number -> Dispatch
export const dispatchesByPointer = new Map(); // pointer -> Dispatch
let nextContext = 1;

/** A new number for a host's or a clock's context. */
export function newContext() {
  return nextContext++;
}
let hostError = null; // the first exception a host callback threw during the current call

export function rethrowHostError() {
  if (hostError) {
    const error = hostError;
    hostError = null;
    throw error;
  }
}

/** Keeps `error`, the first a host callback threw during the current call. */
export function keepHostError(error) {
  hostError ??= error;
}
