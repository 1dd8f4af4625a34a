/* History: the display history caps count, on a JavaScript clock. */
import {
  Handle, check, engine, limitArguments, loadText, newContext, requireEngine, requireString, takeString, withString,
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
   * `per` ("session", "day", "week", "lifetime", or a number of seconds: a
   * window). */
  setLimit(key, count, per) {
    requireString(key, "key");
    const limit = limitArguments(count, per);
    check(withString(key, (k) => engine.xyz_history_set_limit(this._live(), k, ...limit)));
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
    const history = this._live();
    loadText(text, (p, length, error) => engine.xyz_history_load_string(history, p, length, error), (status) => status !== 0);
  }
}

