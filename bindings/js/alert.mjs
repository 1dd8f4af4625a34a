/* Alert: one alert, its properties, actions, tags, caps and life. */
import * as enums from "./enums.mjs";
import { installProperties } from "./accessors.mjs";
import {
  Handle, WHY_SIZE, adopt, check, dispatchesByPointer, engine, readString, requireEngine, requireString, takeString,
  limitArguments, withRect, withString, withStrings,
} from "./engine.mjs";
import { ALERT_PROPERTIES } from "./properties.mjs";

/** The Alert objects of alerts added and not finished (the engine holds
 * those anyway; their finish removes them), so that every callback about
 * one alert gives the same object. */
export const liveAlerts = new Map();
const FINISHED = enums.State.indexOf("finished");

/** One alert: its properties (ALERT_PROPERTIES, by their camelCase names),
 * its actions and its life (`state`, `dismiss()`, `triggerAction(i)`). */
export class Alert extends Handle {
  /** A new idle alert with `id` (null: none) and the properties of
   * `properties` ({ title: "Hello", priority: 10, ... }), with `actions`
   * ([{ id, title, style }]) and `tags` (strings) too. */
  constructor(id = null, properties = undefined) {
    const e = requireEngine();
    if (id !== null && typeof id !== "string") requireString(id, "id");
    const pointer = withString(id, (idPointer) => e.xyz_alert_create(idPointer));
    if (!pointer) check(1);
    super(pointer, "xyz_alert_release");
    if (properties !== undefined) this._set(properties);
  }

  _set(properties) {
    try {
      for (const name in properties) {
        const value = properties[name];
        if (name === "actions") for (const action of value) this.addAction(action);
        else if (name === "tags") for (const tag of value) this.addTag(tag);
        else {
          const set = ALERT_SETTERS.get(name);
          if (set === undefined) throw new TypeError(`unknown alert property ${name}`);
          set.call(this, value);
        }
      }
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** The Alert object that owns the reference `pointer` is (+1 already). */
  static _adopt(pointer) {
    return pointer ? adopt(Object.create(Alert.prototype), pointer, "xyz_alert_release") : null;
  }

  /** The Alert object of an engine alert a callback or an answer names:
   * the live one's, else a new one (retained for it). */
  static _seen(pointer) {
    if (!pointer) return null;
    let alert = liveAlerts.get(pointer);
    if (alert) return alert;
    alert = Alert._adopt(engine.xyz_alert_retain(pointer));
    if (engine.xyz_alert_state(pointer) !== FINISHED) liveAlerts.set(pointer, alert);
    return alert;
  }

  close() {
    if (this._pointer && liveAlerts.get(this._pointer) === this) liveAlerts.delete(this._pointer);
    super.close();
  }

  /** The id (null: none). */
  get id() { return readString(engine.xyz_alert_id(this._live())); }

  /** "idle", "waiting", "ready", "showing", "hidden" or "finished". */
  get state() { return enums.State[engine.xyz_alert_state(this._live())]; }

  /** The actions: [{ id, title, style }]. */
  get actions() {
    const pointer = this._live();
    const count = engine.xyz_alert_action_count(pointer);
    return Array.from({ length: count }, (_, i) => ({
      id: readString(engine.xyz_alert_action_id(pointer, i)), title: readString(engine.xyz_alert_action_title(pointer, i)),
      style: enums.ActionStyle[engine.xyz_alert_action_style(pointer, i)],
    }));
  }

  /** Adds an action: { id, title, style = "default", keepOpen = false }
   * (keepOpen: choosing it delivers the action only; the alert stays). */
  addAction(action) {
    if (action === null || typeof action !== "object") throw new TypeError(`action must be an object { id, title, style }, got ${typeof action}`);
    const { id, title, style = "default", keepOpen = false } = action;
    requireString(id, "action.id");
    requireString(title, "action.title");
    const index = enums.ActionStyle.indexOf(style);
    if (index < 0) throw new TypeError(`action.style must be one of ${enums.ActionStyle.join(", ")}, got ${style}`);
    check(withStrings([id, title], (i, t) => engine.xyz_alert_add_action_flags(this._live(), i, t, index, keepOpen ? 1 : 0)));
  }

  /** The campaign that made this alert, and its variant (null: none). */
  get campaign() { return readString(engine.xyz_alert_campaign(this._live())); }
  get variant() { return readString(engine.xyz_alert_variant(this._live())); }

  /** How many displays of the alert's id the history counted. */
  get occurrenceCount() { return Number(engine.xyz_alert_occurrence_count(this._live())); }

  /** The page the alert was added to (null: none, or finished). */
  get dispatch() { return dispatchesByPointer.get(engine.xyz_alert_dispatch(this._live())) ?? null; }

  /** The tags, in the order they were added. */
  get tags() {
    const pointer = this._live();
    return Array.from({ length: engine.xyz_alert_tag_count(pointer) }, (_, i) => readString(engine.xyz_alert_tag(pointer, i)));
  }

  /** Adds a tag (lanes and caps read tags). */
  addTag(tag) { requireString(tag, "tag"); check(withString(tag, (t) => engine.xyz_alert_add_tag(this._live(), t))); }

  hasTag(tag) { requireString(tag, "tag"); return withString(tag, (t) => engine.xyz_alert_has_tag(this._live(), t)) !== 0; }

  /** The alert shows only once `dependency` (an Alert, or an id) has finished. */
  addDependency(dependency) {
    if (!(dependency instanceof Alert)) throw new TypeError("dependency must be an Alert");
    check(engine.xyz_alert_add_dependency(this._live(), dependency._live()));
  }

  /** At most `count` displays of this alert's id per `per` (see History.setLimit). */
  addLimit(count, per) {
    check(engine.xyz_alert_add_limit(this._live(), ...limitArguments(count, per)));
  }

  /** Removes the alert's own caps. */
  clearCaps() { check(engine.xyz_alert_clear_caps(this._live())); }

  /** The alert's frame on screen ([x, y, width, height]; null: unknown),
   * for keyboard avoidance. */
  setFrame(frame) {
    if (frame === null) return check(engine.xyz_alert_set_frame(this._live(), 0));
    check(withRect(frame, (rect) => engine.xyz_alert_set_frame(this._live(), rect), " or null"));
  }

  /** Removes every action. */
  clearActions() { check(engine.xyz_alert_clear_actions(this._live())); }

  /** A waiting alert (showAfter, holds) becomes ready now. */
  setReady() { check(engine.xyz_alert_set_ready(this._live())); }

  /** Holds the alert off screen until unhold() (holds count). */
  hold() { check(engine.xyz_alert_hold(this._live())); }
  unhold() { check(engine.xyz_alert_unhold(this._live())); }

  /** Ends the alert as cancelled, wherever it is. */
  cancel() { check(engine.xyz_alert_cancel(this._live())); }

  /** Ends a waiting, ready or on-screen alert as dismissed. */
  dismiss() { check(engine.xyz_alert_dismiss(this._live())); }

  /** The user chose action `index` of the showing alert. */
  triggerAction(index) {
    if (!Number.isInteger(index) || index < 0) throw new TypeError(`index must be a whole number >= 0, got ${index}`);
    check(engine.xyz_alert_trigger_action(this._live(), index));
  }

  /** Why the alert is where it is, as data (docs/rules.md §18): { code,
   * cause (an Alert, a Dispatch, an id or null), until (seconds until a
   * timer changes it, or null), endReason (a finished alert's), key and
   * rule (the cap or rule that holds or ended it, or null), sentence }. */
  why() {
    const out = engine.malloc(WHY_SIZE);
    try {
      new Uint8Array(engine.memory.buffer, out, WHY_SIZE).fill(0);
      const view = () => new DataView(engine.memory.buffer, out, WHY_SIZE);
      view().setUint32(0, WHY_SIZE, true);
      check(engine.xyz_alert_why(this._live(), out));
      const v = view();
      const code = enums.WhyCode[v.getInt32(4, true)];
      const alert = v.getUint32(8, true), page = v.getUint32(12, true), id = v.getUint32(16, true);
      const until = v.getFloat64(24, true);
      return {
        code, cause: alert ? Alert._seen(alert) : page ? dispatchesByPointer.get(page) ?? null : readString(id),
        until: until < 0 ? null : until, endReason: code === "finished" ? enums.EndReason[v.getInt32(32, true)] : null,
        key: readString(v.getUint32(36, true)), rule: readString(v.getUint32(40, true)), sentence: this.explain(),
      };
    } finally {
      engine.free(out);
    }
  }

  /** Why the alert is where it is, in words. */
  explain() { return takeString(engine.xyz_alert_explain(this._live())); }
}


/** The properties' setters by name (the constructor's `properties`). */
const ALERT_SETTERS = installProperties(Alert, ALERT_PROPERTIES);
