/* History: the display history caps count, on a JavaScript clock. */
import * as enums from "./enums.mjs";
import {
  ERROR_SIZE, Handle, check, engine, loadError, newContext, requireEngine, requireString, rethrowHostError, takeString,
  withString, withStrings, writeString,
} from "./engine.mjs";

export const historiesByPointer = new Map(); // pointer -> WeakRef(History)
export const historyClocks = new Map(); // the history's context number -> its clock function

/** The display history caps count (docs/rules.md §16): shared by the root
 * pages it is given to (`page.history = history`). `clock()` gives seconds
 * since the epoch (default: Date.now()). */
export class History extends Handle {
  constructor(clock = null) {
    const e = requireEngine();
    if (clock !== null && typeof clock !== "function") throw new TypeError(`clock must be a function or null, got ${typeof clock}`);
    const context = newContext();
    if (clock) historyClocks.set(context, clock);
    super(e.xyz_wasm_history_create(context, clock ? 1 : 0), "xyz_history_release");
    historiesByPointer.set(this._pointer, new WeakRef(this));
  }

  close() {
    if (this._pointer) historiesByPointer.delete(this._pointer);
    super.close();
  }

  /** The session number (1 for a new history). */
  get session() { return Number(engine.xyz_history_session(this._live())); }

  /** A new app session begins (per-session caps start again). */
  beginSession() { check(engine.xyz_history_begin_session(this._live())); }

  /** At most `count` displays of `key` ("all", "tag:promo", "id:rate") per
   * `per` ("session", "day", "week", "month", "lifetime", or a number of
   * seconds: a window). */
  setLimit(key, count, per) {
    requireString(key, "key");
    if (!Number.isInteger(count) || count < 1) throw new TypeError(`count must be a whole number >= 1, got ${count}`);
    const window = typeof per === "number" ? per : 0;
    const word = typeof per === "number" ? "window" : per;
    const index = enums.LimitPer.indexOf(word);
    if (index < 0) throw new TypeError(`per must be one of ${enums.LimitPer.join(", ")} or seconds, got ${per}`);
    check(withString(key, (k) => engine.xyz_history_set_limit(this._live(), k, count, index, window)));
  }

  /** At least `seconds` between two displays of `key`. */
  setCooldown(key, seconds) {
    requireString(key, "key");
    if (typeof seconds !== "number") throw new TypeError(`seconds must be a number, got ${typeof seconds}`);
    check(withString(key, (k) => engine.xyz_history_set_cooldown(this._live(), k, seconds)));
  }

  /** Removes the caps of `key` (null: every key's). */
  clearCaps(key = null) {
    if (key !== null) requireString(key, "key");
    check(withString(key, (k) => engine.xyz_history_clear_caps(this._live(), k)));
  }

  /** The history as JSON text (docs/formats.md, "History"). */
  save() { return takeString(engine.xyz_history_json(this._live())); }

  /** Replaces the counts with a saved history's; a bad one throws a
   * located XYZAlertError and changes nothing. */
  loads(text) {
    requireString(text, "text");
    const errorPointer = engine.malloc(ERROR_SIZE);
    try {
      const [pointer, length] = writeString(text);
      try {
        const status = engine.xyz_history_load_string(this._live(), pointer, length, errorPointer);
        rethrowHostError();
        if (status !== 0) throw loadError(errorPointer);
      } finally {
        engine.free(pointer);
      }
    } finally {
      engine.free(errorPointer);
    }
  }
}

