/* The trace of a scenario played through the package (docs/rules.md §10):
 * the host every page of a ScenarioPlayer has, which traces each event as
 * `xyzalert simulate --format json` prints it, and the trace itself
 * (events, virtual clock, local time, the latest instance of each name). */
import { engine, readString } from "./engine.mjs";
import { utcOffsetOf } from "./host.mjs";

/** Traces one page's events, then hands each to the page's observer (a
 * host object whose methods hear them too; may be null). */
export class TraceHost {
  constructor(page, trace, observer) {
    this.page = page;
    this.trace = trace;
    this.observer = observer ?? {};
  }

  now() { return this.trace.clock; }

  utcOffset(wall) { return this.trace.utcOffset(wall); }

  _tell(method, ...args) {
    this.trace.touched.add(this.page);
    this.observer[method]?.(...args);
  }

  show(alert, target, view) {
    const lane = alert.lane;
    this.trace.emit("show", lane === "main" ? { alert: this.trace.name(alert), page: this.page, target }
      : { alert: this.trace.name(alert), page: this.page, target, lane });
    this._tell("show", alert, target, view);
  }

  hide(alert, reason) {
    this.trace.emit("hide", { alert: this.trace.name(alert), reason });
    this._tell("hide", alert, reason);
  }

  unhide(alert) {
    this.trace.emit("unhide", { alert: this.trace.name(alert) });
    this._tell("unhide", alert);
  }

  remove(alert, reason) {
    this.trace.emit("remove", { alert: this.trace.name(alert), reason });
    this._tell("remove", alert, reason);
  }

  finish(alert, reason) {
    const name = this.trace.name(alert);
    const why = this.trace.explain ? alert.explain() : null;
    this.trace.emit("finish", why !== null && why !== `'${name}' finished: ${reason}` ? { alert: name, reason, why }
      : { alert: name, reason });
    this._tell("finish", alert, reason);
  }

  move(alert, dy, duration) {
    this.trace.emit("move", { alert: this.trace.name(alert), dy, duration });
    this._tell("move", alert, dy, duration);
  }

  action(alert, index, actionId) {
    this.trace.emit("action", { alert: this.trace.name(alert), action: actionId });
    this._tell("action", alert, index, actionId);
  }

  update(alert) {
    const count = alert.occurrenceCount; // a coalesced alert's update carries its count
    this.trace.emit("update", count > 1 ? { alert: this.trace.name(alert), count } : { alert: this.trace.name(alert) });
    this._tell("update", alert);
  }

  announce(alert, politeness, text) {
    this.trace.emit("announce", { alert: this.trace.name(alert), politeness, text });
    this._tell("announce", alert, politeness, text);
  }

  campaign(root, campaign, kind, reason, alert) {
    const trace = this.trace;
    if (alert !== null && kind === "trigger") { // later steps act on the instance, by its definition's name
      const name = readString(engine.xyz_alert_campaign_definition(alert._live()));
      const current = trace.latest.get(name);
      if (current !== undefined && current.state !== "finished") trace.older.set(name, current);
      trace.latest.set(name, alert);
    }
    const variant = alert !== null ? alert.variant : null;
    const detail = trace.explain && (kind === "skip" || kind === "miss") ? root.campaignWhy(campaign).detail : null;
    if (reason !== null && detail !== null) trace.emit(kind, { alert: campaign, reason, why: detail });
    else if (reason !== null) trace.emit(kind, { alert: campaign, reason });
    else if (variant !== null) trace.emit(kind, { alert: campaign, variant });
    else trace.emit(kind, { alert: campaign });
    this._tell("campaign", root, campaign, kind, reason, alert);
  }
}

/** The trace: events, the virtual clock, the pages touched, the latest
 * (and the one before) instance of each alert name, local time. */
export class Trace {
  constructor() {
    this.events = [];
    this.names = new Map(); // an alert without id -> its name in the file
    this.step = 0;
    this.quiet = false;
    this.explain = false;
    this.clock = 0;
    this.touched = new Set();
    this.latest = new Map();
    this.older = new Map();
    this.fixedOffset = null;
    this.timeZone = null;
    this.changes = []; // [wall, offset], walls rising
  }

  /** The scenario's local time (docs/rules.md §22): its utc_offset, its
   * changes, its time_zone through Intl, else UTC. */
  utcOffset(wall) {
    if (this.fixedOffset !== null) return this.fixedOffset;
    if (this.changes.length) {
      let i = 0;
      while (i + 1 < this.changes.length && this.changes[i + 1][0] <= wall) i++;
      return this.changes[i][1];
    }
    if (this.timeZone === null || !(wall > -1e15 && wall < 1e15)) return 0;
    return utcOffsetOf(this.timeZone, Math.floor(wall));
  }

  name(alert) {
    return alert.id ?? this.names.get(alert) ?? "";
  }

  emit(event, fields = {}) {
    if (!this.quiet) this.events.push({ step: this.step, event, ...fields });
  }

  error(code, message) {
    this.emit("error", { code, message });
  }
}
