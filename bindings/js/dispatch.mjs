/* Dispatch: a page, its host object, its alerts, campaigns and history. */
import * as enums from "./enums.mjs";
import { installProperties } from "./accessors.mjs";
import { Alert, liveAlerts } from "./alert.mjs";
import { AlertSet } from "./alert_set.mjs";
import {
  Handle, bytes, check, dispatchesByContext, dispatchesByPointer, engine, newContext, requireEngine, requireString, withPointers, withWords,
  readString, rethrowHostError, takeString, withRect, withString, withStrings,
} from "./engine.mjs";
import { History, historiesByPointer } from "./history.mjs";
import { PAGE_PROPERTIES } from "./properties.mjs";

/** The host object's methods, in the order of platform.c's bits. */
const HOST_METHODS = ["show", "hide", "unhide", "remove", "finish", "move", "action", "requestFlush", "now", "setTimer",
  "update", "announce", "campaign", "utcOffset"];

/** A page: its alerts are arbitrated with its parent's and children's. The
 * host object's methods are the callbacks, each optional: show(alert,
 * target, view), hide(alert, reason), unhide(alert), remove(alert, reason),
 * finish(alert, reason), move(alert, dy, duration), action(alert, index,
 * actionId), update(alert), announce(alert, politeness, text),
 * campaign(root, campaign, kind, reason, alert), requestFlush(root), now(),
 * setTimer(root, delay), utcOffset(wall). An exception a callback throws is
 * rethrown from the engine call that made it. `options.timeZone` (an IANA
 * name) answers utcOffset through Intl when the host has none; without
 * either, the platform's time zone. */
export class Dispatch extends Handle {
  constructor(host = {}, options = {}) {
    const e = requireEngine();
    if (host === null || typeof host !== "object") throw new TypeError(`host must be an object, got ${host === null ? "null" : typeof host}`);
    const context = newContext();
    // The callbacks the host has (platform.c's bits, in this order); finish
    // is always crossed (the live table forgets the alert) and the time
    // zone always answered (Intl when the host has no utcOffset).
    const callbacks = HOST_METHODS.reduce((bits, name, i) => (typeof host[name] === "function" ? bits | (1 << i) : bits), 0) |
      (1 << HOST_METHODS.indexOf("finish")) | (1 << HOST_METHODS.indexOf("utcOffset"));
    const hostPointer = e.xyz_wasm_host(context, callbacks);
    const pointer = e.xyz_dispatch_create(hostPointer, 0);
    e.free(hostPointer);
    if (!pointer) check(1);
    super(pointer, null); // a page lives until close(), as the engine's does
    this._host = host;
    this._timeZone = options.timeZone;
    dispatchesByContext.set(context, this);
    dispatchesByPointer.set(pointer, this);
  }

  /** Destroys the page (its alerts end "destroyed"); again: nothing. */
  close() {
    if (!this._pointer) return;
    const pointer = this._pointer;
    this._pointer = 0;
    check(engine.xyz_dispatch_destroy(pointer));
  }

  /** The page appeared: its alerts may show. */
  pageDidAppear() { check(engine.xyz_dispatch_page_did_appear(this._live())); }

  /** The page is about to disappear: its alerts hide. */
  pageWillDisappear() { check(engine.xyz_dispatch_page_will_disappear(this._live())); }

  /** The keyboard's frame changed ([x, y, width, height]; all 0: hidden),
   * animated over `duration` seconds: alerts that avoid it move. */
  keyboardChanged(frame, duration = 0) {
    check(withRect(frame, (rect) => engine.xyz_dispatch_keyboard_changed(this._live(), rect, duration)));
  }

  /** Removes the attribute `name` (pending instances are tested again). */
  removeAttribute(name) {
    requireString(name, "name");
    check(withString(name, (n) => engine.xyz_dispatch_set_attribute(this._live(), n, 0)));
  }

  /** Adds an alert or an array of alerts (all or none). */
  add(alerts) {
    const list = Array.isArray(alerts) ? alerts : [alerts];
    for (const alert of list) if (!(alert instanceof Alert)) throw new TypeError("alerts must be Alert objects");
    const page = this._live();
    const pointers = list.map((alert) => alert._live());
    // Live from now on (a finish during the add takes each out again).
    list.forEach((alert, i) => liveAlerts.set(pointers[i], alert));
    let status;
    try {
      status = withPointers(pointers, (array) => engine.xyz_dispatch_add(page, array, pointers.length));
    } finally {
      if (status !== 0) list.forEach((alert, i) => { if (liveAlerts.get(pointers[i]) === alert) liveAlerts.delete(pointers[i]); });
    }
    check(status);
  }

  /** Adds a new alert of every definition of `alertSet` that names a page
   * (as the tool's scenarios do). */
  addSet(alertSet) {
    if (!(alertSet instanceof AlertSet)) throw new TypeError("alertSet must be an AlertSet");
    check(engine.xyz_dispatch_add_set(this._live(), alertSet._live()));
  }

  /** The live alert of the domain with `id` (null: none). */
  find(id) {
    requireString(id, "id");
    return Alert._seen(withString(id, (p) => engine.xyz_dispatch_find(this._live(), p)));
  }

  /** The parent page (null: a root); setting it joins the parent's domain. */
  get parent() { return dispatchesByPointer.get(engine.xyz_dispatch_parent(this._live())) ?? null; }

  set parent(parent) {
    if (parent !== null && !(parent instanceof Dispatch)) throw new TypeError("parent must be a Dispatch or null");
    check(engine.xyz_dispatch_set_parent(this._live(), parent ? parent._live() : 0));
  }

  /** The active child (tabs: only its alerts and the parent's show). */
  get activeChild() { return this._activeChild ?? null; }

  set activeChild(child) {
    if (child !== null && !(child instanceof Dispatch)) throw new TypeError("child must be a Dispatch or null");
    check(engine.xyz_dispatch_set_active_child(this._live(), child ? child._live() : 0));
    this._activeChild = child;
  }

  /** At most `visible` alerts of `lane` on screen; past that, `onFull`
   * ("queue" or "evict_oldest"). */
  setLaneLimit(lane, visible, onFull = "queue") {
    requireString(lane, "lane");
    const index = enums.OnFull.indexOf(onFull);
    if (index < 0) throw new TypeError(`onFull must be one of ${enums.OnFull.join(", ")}, got ${onFull}`);
    if (!Number.isInteger(visible) || visible < 1) throw new TypeError(`visible must be a whole number >= 1, got ${visible}`);
    check(withString(lane, (l) => engine.xyz_dispatch_set_lane_limit(this._live(), l, visible, index)));
  }

  /** At least `seconds` between two shows in `lane`. */
  setGap(lane, seconds) {
    requireString(lane, "lane");
    if (typeof seconds !== "number") throw new TypeError(`seconds must be a number, got ${typeof seconds}`);
    check(withString(lane, (l) => engine.xyz_dispatch_set_gap(this._live(), l, seconds)));
  }

  /** Seconds until the domain's earliest deadline (null: no timer runs). */
  nextDeadline() {
    const seconds = engine.xyz_dispatch_next_deadline(this._live());
    rethrowHostError();
    return seconds < 0 ? null : seconds;
  }

  /** Suspends the page's alerts (none shows) until resume(). */
  suspend() { check(engine.xyz_dispatch_suspend(this._live())); }
  resume() { check(engine.xyz_dispatch_resume(this._live())); }
  get isSuspended() { return engine.xyz_dispatch_is_suspended(this._live()) !== 0; }

  /** Holds the domain's timers (a modal moment) until unholdTimers(). */
  holdTimers() { check(engine.xyz_dispatch_hold_timers(this._live())); }
  unholdTimers() { check(engine.xyz_dispatch_unhold_timers(this._live())); }

  /** Cancels the live alerts with `tag` (null: all), or only the queued
   * ones: how many. */
  cancelTagged(tag = null) { return this._cancel("xyz_dispatch_cancel_tagged", tag); }
  cancelQueued(tag = null) { return this._cancel("xyz_dispatch_cancel_queued", tag); }

  _cancel(name, tag) {
    if (tag !== null) requireString(tag, "tag");
    const count = engine.malloc(4);
    try {
      check(withString(tag, (t) => engine[name](this._live(), t, count)));
      return new DataView(engine.memory.buffer).getUint32(count, true);
    } finally {
      engine.free(count);
    }
  }

  /** Sets several attributes at once (an object). */
  setAttributes(attributes) {
    if (attributes === null || typeof attributes !== "object") throw new TypeError("attributes must be an object");
    check(withString(JSON.stringify(attributes), (a) => engine.xyz_dispatch_set_attributes_json(this._live(), a)));
  }

  /** The root's attributes (an object). */
  get attributes() { return JSON.parse(takeString(engine.xyz_dispatch_attributes_json(this._live()))); }

  /** What the last event the triggers of `campaign` named on this domain
   * did (docs/rules.md §21): { code ("fired", or why it made no instance),
   * event, trigger (its index, or null), detail (for a rule, the smallest
   * failing part with the values it read, or null), sentence }. */
  campaignWhy(campaign) {
    requireString(campaign, "campaign");
    const v = withWords(5, (out) => {
      new Uint32Array(bytes().buffer, out, 5).fill(0);
      new DataView(engine.memory.buffer).setUint32(out, 20, true);
      check(withString(campaign, (c) => engine.xyz_dispatch_campaign_why(this._live(), c, out)));
      const d = new DataView(engine.memory.buffer, out, 20);
      return { code: enums.CampaignWhyCode[d.getInt32(4, true)], event: readString(d.getUint32(8, true)),
        trigger: d.getInt32(12, true), detail: readString(d.getUint32(16, true)) };
    });
    return { ...v, trigger: v.trigger < 0 ? null : v.trigger, sentence: this.explainCampaign(campaign) };
  }

  /** Why `campaign` did or did not make an instance, in words. */
  explainCampaign(campaign) {
    requireString(campaign, "campaign");
    return takeString(withString(campaign, (c) => engine.xyz_dispatch_explain_campaign(this._live(), c)));
  }

  /** Runs the pending pass of a deferred page (host.requestFlush). */
  flush() { check(engine.xyz_dispatch_flush(this._live())); }

  /** The timer the host set with setTimer fired. */
  tick() { check(engine.xyz_dispatch_tick(this._live())); }

  /** A campaign event: `props` an object of the event's properties. */
  track(event, props = null) {
    requireString(event, "event");
    check(withStrings([event, props === null ? null : JSON.stringify(props)], (e, p) => engine.xyz_dispatch_track(this._live(), e, p)));
  }

  /** Sets a user attribute rules read (any JSON value). */
  setAttribute(name, value) {
    requireString(name, "name");
    if (value === undefined) throw new TypeError("value must be a JSON value, got undefined");
    check(withStrings([name, JSON.stringify(value)], (n, v) => engine.xyz_dispatch_set_attribute(this._live(), n, v)));
  }

  /** The campaigns of `alertSet` run on this root (null: none). */
  setCampaigns(alertSet) {
    if (alertSet !== null && !(alertSet instanceof AlertSet)) throw new TypeError("alertSet must be an AlertSet or null");
    check(engine.xyz_dispatch_set_campaigns(this._live(), alertSet ? alertSet._live() : 0));
  }

  /** Records this page's domain from now on (docs/rules.md §10). */
  startRecording() { check(engine.xyz_dispatch_start_recording(this._live())); }

  /** Stops recording; the recording stays readable. */
  stopRecording() { check(engine.xyz_dispatch_stop_recording(this._live())); }

  /** The recording so far, as scenario JSON text (`xyzalert simulate`
   * replays it to the same events). */
  recording() { return takeString(engine.xyz_dispatch_recording_json(this._live())); }

  /** The display history of this root's domain (null: none). */
  get history() {
    const pointer = engine.xyz_dispatch_history(this._live());
    return pointer ? historiesByPointer.get(pointer)?.deref() ?? null : null;
  }

  set history(history) {
    if (history !== null && !(history instanceof History)) throw new TypeError("history must be a History or null");
    check(engine.xyz_dispatch_set_history(this._live(), history ? history._live() : 0));
  }

  /** What the page holds, as the engine's snapshot (an object). */
  snapshot() { return JSON.parse(takeString(engine.xyz_dispatch_snapshot_json(this._live()))); }
}

installProperties(Dispatch, PAGE_PROPERTIES);

