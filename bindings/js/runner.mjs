/* Plays a scenario through the package, as `xyzalert simulate` does
 * through the C API, and gives the same trace (docs/rules.md §10). */
import { Dispatch } from "./dispatch.mjs";
import { XYZAlertError } from "./engine.mjs";
import { History } from "./history.mjs";
import { formatG } from "./numbers.mjs";
import { Scenario } from "./scenario.mjs";
import { STEPS } from "./step_table.mjs";
import { Trace, TraceHost } from "./trace.mjs";

const PLAYS = new Map(STEPS.map(([key, timed, play]) => [key, [timed, play]]));

/** The trace of a scenario's JSON text: one object per event, in delivery
 * order, as `xyzalert simulate --format json` prints them (`explain`: as
 * `--explain` adds). */
export function runScenario(text, { explain = false } = {}) {
  const player = new ScenarioPlayer(Scenario.loads(text), { explain });
  try {
    player.play();
  } finally {
    player.close();
  }
  return player.events;
}

/** Plays a scenario one step at a time, tracing every event (`events`).
 * `observers(page)` may give a host object that hears that page's events
 * too, after they are traced (a page that draws them); its clock, timer and
 * flush methods are not used: the scenario runs on its virtual clock.
 * `record` records the first page's domain from the first step on;
 * `explain` traces campaign misses too and says why a skip, miss or finish
 * happened ("why"), as `xyzalert simulate --explain` does.
 * Recordings' own steps (tick, at, ...) are not played here: step()
 * throws a RangeError for them. */
export class ScenarioPlayer {
  constructor(scenario, { observers = null, record = false, explain = false } = {}) {
    this.scenario = scenario;
    const trace = this.trace = new Trace();
    trace.explain = explain;
    trace.fixedOffset = scenario.utcOffset;
    trace.changes = scenario.utcOffsets;
    trace.timeZone = scenario.timeZone;
    const made = new Map();
    for (const page of scenario.pages) {
      const observer = observers ? observers(page.name) : null;
      const host = new TraceHost(page.name, trace, observer);
      // A deferred scenario's pages run their passes at its flush steps.
      if (scenario.deferred) host.requestFlush = () => {};
      const dispatch = new Dispatch(host, {});
      dispatch.name = page.name;
      made.set(page.name, dispatch);
    }
    // A page's own root settings first, while it is still a root.
    for (const page of scenario.pages) {
      const dispatch = made.get(page.name);
      if (page.durationScale !== 1) dispatch.durationScale = page.durationScale;
      for (const [lane, seconds] of page.gaps) dispatch.setGap(lane, seconds);
      for (const [lane, [visible, onFull]] of page.lanes) dispatch.setLaneLimit(lane, visible, onFull);
      if (page.order !== "fifo") dispatch.order = page.order;
    }
    for (const page of scenario.pages) if (page.parent) made.get(page.name).parent = made.get(page.parent);
    for (const page of scenario.pages) if (page.capacity) made.get(page.name).capacity = page.capacity;
    // The display history every root shares, on the virtual wall clock.
    this.history = new History(() => scenario.wallClock + trace.clock);
    if (scenario.history !== null) this.history.loads(scenario.history);
    scenario.alerts.applyCaps(this.history);
    for (const page of scenario.pages) {
      if (page.parent) continue;
      const root = made.get(page.name);
      root.history = this.history;
      root.setCampaigns(scenario.alerts);
      root.reportsMisses = explain;
      if (scenario.attributes !== null) root.setAttributes(JSON.parse(scenario.attributes));
    }
    for (const page of scenario.pages) if (page.active) made.get(page.name).activeChild = made.get(page.active);
    this._pages = made;
    this._first = scenario.pages.length ? made.get(scenario.pages[0].name) : null;
    this._next = 0;
    if (record) {
      if (this._first === null) throw new RangeError("a scenario without pages has nothing to record");
      this._first.startRecording();
    }
  }

  /** The trace so far. */
  get events() { return this.trace.events; }

  /** The virtual clock, in seconds. */
  get clock() { return this.trace.clock; }

  /** How many steps have been played (the next step's index). */
  get played() { return this._next; }

  /** Whether every step has been played. */
  get done() { return this._next >= this.scenario.steps.length; }

  /** The page's dispatch (null once destroyed). */
  dispatch(page) { return this._pages.get(page) ?? null; }

  /** The latest instance of the alert called `name`. */
  latest(name) { return this.trace.latest.get(name) ?? null; }

  /** Plays the next step and returns it. */
  step() {
    if (this.done) throw new RangeError("the scenario has no steps left");
    const number = this._next, step = this.scenario.steps[number];
    this._next += 1;
    this.trace.step = number;
    try {
      this._run(step);
    } catch (error) {
      if (!(error instanceof XYZAlertError)) throw error;
      this.trace.error(error.code, error.message);
    }
    return step;
  }

  /** Plays every step left. */
  play() {
    while (!this.done) this.step();
  }

  /** The recording (record: true), as scenario JSON text. */
  recording() {
    if (this._first === null) throw new RangeError("nothing was recorded");
    return this._first.recording();
  }

  /** Destroys the pages quietly (their ends are not traced); the trace. */
  close() {
    this.trace.quiet = true;
    for (const dispatch of this._pages.values()) dispatch?.close();
    for (const name of this._pages.keys()) this._pages.set(name, null);
    this.history.close();
    this.scenario.close();
    return this.trace.events;
  }

  _livePage(name) {
    const dispatch = this._pages.get(name ?? "") ?? null;
    if (dispatch === null) this.trace.error("state", `page '${name}' was destroyed`);
    return dispatch;
  }

  /** The instance a step acts on: the latest, unless it is finished and
   * the one before it is not (see the Python runner's _instance). */
  _instance(id) {
    const alert = this.trace.latest.get(id ?? "") ?? null;
    if (alert === null) {
      this.trace.error("not_found", `no instance of alert '${id}' has been added yet`);
    } else if (alert.state === "finished") {
      const older = this.trace.older.get(id ?? "");
      if (older !== undefined && older.state !== "finished") return older;
    }
    return alert;
  }

  /** To each pending deadline of any page's domain in turn, earliest first
   * (ties in page order), ticking there, then to the target time. */
  _advance(seconds) {
    const trace = this.trace;
    const target = trace.clock + seconds;
    if (!Number.isFinite(target)) {
      trace.error("invalid", `advance ${formatG(seconds)}s would take the clock past the largest finite time; ` +
        `it stays at ${formatG(trace.clock)}`);
      return;
    }
    const names = [...this._pages.keys()];
    const order = new Map(names.map((name, i) => [name, i]));
    const filed = new Map();
    let heap = [];
    const file = (name) => {
      const dispatch = this._pages.get(name);
      const delay = dispatch ? dispatch.nextDeadline() : null;
      if (delay === null) {
        filed.delete(name);
      } else {
        filed.set(name, trace.clock + delay);
        heap.push([trace.clock + delay, order.get(name), name]);
      }
    };
    for (const name of names) file(name);
    trace.touched.clear();
    while (heap.length) {
      heap.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [at, , name] = heap.shift();
      if (filed.get(name) !== at) continue; // replaced by a later filing
      const dispatch = this._pages.get(name);
      const delay = dispatch ? dispatch.nextDeadline() : null;
      if (!dispatch || delay === null || trace.clock + delay !== at) {
        file(name); // changed since without an event: filed again
        continue;
      }
      if (at > target) break;
      trace.clock = at;
      try {
        dispatch.tick();
      } catch (error) {
        if (!(error instanceof XYZAlertError)) throw error;
        trace.error(error.code, error.message);
      }
      trace.touched.add(name);
      for (const touched of trace.touched) if (order.has(touched)) file(touched);
      trace.touched.clear();
    }
    trace.clock = target;
  }

  _run(step) {
    const [timed, play] = PLAYS.get(step.kind);
    if (play === null || (!timed && (step.at !== null || step.during !== null))) {
      throw new RangeError(`the JavaScript runner does not play a recording's steps (${step.kind}` +
        `${play !== null ? ", with at or during" : ""}); xyzalert simulate does`);
    }
    play(this, step);
  }

  _run_set_campaigns(step) {
    const replacement = this.scenario.campaignSets.get(step.id ?? "");
    this.trace.emit("campaigns", { alert: null, version: replacement.campaignsVersion });
    for (const dispatch of this._pages.values()) if (dispatch !== null && dispatch.parent === null) dispatch.setCampaigns(replacement);
  }

  _run_session() { this.history.beginSession(); }

  _run_caps() { this.scenario.applyCaps(this.trace.step, this.history); }

  _run_destroy(step) {
    const dispatch = this._livePage(step.page);
    if (dispatch !== null) {
      this._pages.set(step.page ?? "", null);
      dispatch.close();
    }
  }

  _run_select(step) {
    const parent = this._livePage(step.page);
    if (parent === null) return;
    let child = null;
    if (step.child !== null) {
      child = this._livePage(step.child);
      if (child === null) return;
    }
    parent.activeChild = child;
    parent.flush();
  }

  _run_add(step) {
    const dispatch = this._livePage(step.page);
    if (dispatch === null) return;
    const alerts = this.scenario.alerts;
    const fresh = step.alerts.map((name) => alerts.createAlert(name));
    for (let i = 0; i < fresh.length; i++) {
      const name = step.alerts[i], made = fresh[i];
      if (made.id === null) this.trace.names.set(made, name);
      // "after_alerts": the latest instances of those names, earlier alerts of this add first.
      for (const other of alerts.afterAlerts(name)) {
        const earlier = fresh.slice(0, i).find((_, j) => step.alerts[j] === other);
        const dependency = earlier ?? this._instance(other);
        if (dependency === null) return;
        made.addDependency(dependency);
      }
    }
    const previous = new Map(step.alerts.map((name) => [name, this.trace.latest.get(name)]));
    step.alerts.forEach((name, i) => this.trace.latest.set(name, fresh[i]));
    try {
      dispatch.add(fresh);
    } catch (error) {
      for (const [name, old] of previous) {
        if (old === undefined) this.trace.latest.delete(name);
        else this.trace.latest.set(name, old);
      }
      throw error;
    }
  }

  _run_update(step) {
    const alert = this._instance(step.alert);
    if (alert === null) return;
    // One setter per field the step gives, in the documented order.
    for (const field of step.sets) {
      if (field === "title") alert.title = step.title;
      else if (field === "message") alert.message = step.message;
      else if (field === "style") alert.style = step.style ?? "";
      else if (field === "clear_actions") alert.clearActions();
      else if (field === "add_action" && step.action !== null) alert.addAction(step.action);
      else if (field === "meta") alert.meta = step.meta === null ? null : JSON.parse(step.meta);
    }
  }
}
