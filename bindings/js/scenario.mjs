/* Scenarios loaded from JSON text (docs/formats.md, "Scenarios"): pages,
 * alerts and steps, which the runner (runner.mjs) plays. */
import * as enums from "./enums.mjs";
import { AlertSet } from "./alert_set.mjs";
import {
  adopt, check, engine, loadText, readString, requireEngine, requireString, withWords,
} from "./engine.mjs";
import { STEPS } from "./step_table.mjs";

/* xyz_step_info as wasm32 lays it out (platform.c checks it): each
 * field's offset. */
const STEP = {
  size: 192, kind: 4, page: 8, child: 12, alert: 16, alerts: 20, alertCount: 24, index: 28, frame: 32, duration: 64,
  hasAt: 72, at: 80, during: 88, tag: 92, id: 108, hasFrame: 113, sets: 128, title: 132, message: 136, style: 140,
  meta: 144, actionId: 148, actionTitle: 152, actionStyle: 156, lane: 160, scale: 168, onFull: 180, order: 184,
};

/* The update fields of xyz_step_info's `sets`, in the order their setters run. */
const SETS = [["title", 1], ["message", 2], ["style", 4], ["clear_actions", 8], ["add_action", 16], ["meta", 32]];

/** A validated scenario: `pages` ({ name, parent, active, capacity,
 * durationScale, gaps, order, lanes }), `alerts` (an AlertSet), `steps`,
 * `deferred`, `history` (JSON text or null), `wallClock`, `attributes`
 * (JSON text or null), `utcOffset`, `timeZone`, `utcOffsets` ([wall,
 * seconds] pairs) and `campaignSets` (the AlertSets its set_campaigns steps
 * name, by path). close() frees it and its sets. */
export class Scenario {
  /** Loads a scenario from JSON text; a bad one throws a located
   * XYZAlertError ("parse" or "schema"). It reads no file: a
   * set_campaigns step is a schema error at the step. */
  static loads(text) {
    const e = requireEngine();
    requireString(text, "text");
    return new Scenario(loadText(text, (p, length, error) => e.xyz_scenario_load_string(p, length, error), (h) => !h));
  }

  constructor(handle) {
    const e = engine;
    this._handle = handle;
    this.pages = Array.from({ length: e.xyz_scenario_page_count(handle) }, (_, i) => page(handle, i));
    this.steps = Array.from({ length: e.xyz_scenario_step_count(handle) }, (_, i) => step(handle, i));
    this.alerts = borrowed(e.xyz_scenario_catalog(handle));
    this.deferred = e.xyz_scenario_is_deferred(handle) !== 0;
    this.history = readString(e.xyz_scenario_history_json(handle));
    this.wallClock = e.xyz_scenario_wall_clock(handle);
    this.attributes = readString(e.xyz_scenario_attributes_json(handle));
    this.utcOffset = withWords(2, (out) => (e.xyz_scenario_utc_offset(handle, out) ? float64(out) : null));
    this.timeZone = readString(e.xyz_scenario_time_zone(handle));
    this.utcOffsets = Array.from({ length: e.xyz_scenario_utc_offset_change_count(handle) }, (_, i) =>
      withWords(4, (out) => {
        e.xyz_scenario_utc_offset_change(handle, i, out, out + 8);
        return [float64(out), float64(out + 8)];
      }));
    this.campaignSets = new Map();
    this.steps.forEach((s, i) => {
      if (s.kind === "set_campaigns" && !this.campaignSets.has(s.id)) {
        this.campaignSets.set(s.id, borrowed(e.xyz_scenario_step_catalog(handle, i)));
      }
    });
  }

  /** Sets the caps the `caps` step `step` (its number) gives on `history`. */
  applyCaps(step, history) {
    check(engine.xyz_scenario_step_apply_caps(this._handle, step, history._live()));
  }

  /** Frees the scenario and the alert sets it holds. */
  close() {
    if (!this._handle) return;
    this.alerts._pointer = 0;
    for (const set of this.campaignSets.values()) set._pointer = 0;
    engine.xyz_scenario_free(this._handle);
    this._handle = 0;
  }
}

/** An AlertSet the scenario owns (freed with it, never alone). */
function borrowed(pointer) {
  return adopt(Object.create(AlertSet.prototype), pointer, null);
}

function float64(pointer) {
  return new DataView(engine.memory.buffer).getFloat64(pointer, true);
}

function page(handle, i) {
  const e = engine;
  const count = (name) => e[name](handle, i);
  return {
    name: readString(e.xyz_scenario_page_name(handle, i)),
    parent: readString(e.xyz_scenario_page_parent(handle, i)),
    active: readString(e.xyz_scenario_page_active(handle, i)),
    capacity: count("xyz_scenario_page_capacity"),
    durationScale: count("xyz_scenario_page_duration_scale"),
    gaps: new Map(Array.from({ length: count("xyz_scenario_page_gap_count") }, (_, k) =>
      [readString(e.xyz_scenario_page_gap_lane(handle, i, k)), e.xyz_scenario_page_gap(handle, i, k)])),
    order: enums.Order[count("xyz_scenario_page_order")],
    lanes: new Map(Array.from({ length: count("xyz_scenario_page_lane_limit_count") }, (_, k) =>
      [readString(e.xyz_scenario_page_lane_limit_lane(handle, i, k)),
        [e.xyz_scenario_page_lane_limit_visible(handle, i, k), enums.OnFull[e.xyz_scenario_page_lane_limit_on_full(handle, i, k)]]])),
  };
}

/** Step `i`: { kind (its key), page, child, alert, alerts, index, frame,
 * duration, tag, sets, title, message, style, action, meta, at, during,
 * lane, scale, onFull, order, id }; fields a kind does not use are null. */
function step(handle, i) {
  return withWords(STEP.size / 4, (out) => {
    new Uint8Array(engine.memory.buffer, out, STEP.size).fill(0);
    const v = () => new DataView(engine.memory.buffer, out, STEP.size);
    v().setUint32(0, STEP.size, true);
    engine.xyz_scenario_step_info(handle, i, out);
    const d = v();
    const u32 = (at) => d.getUint32(at, true), f64 = (at) => d.getFloat64(at, true), text = (at) => readString(u32(at));
    const kind = STEPS[u32(STEP.kind)][0];
    const sets = u32(STEP.sets);
    const alerts = u32(STEP.alerts);
    const actionId = text(STEP.actionId);
    return {
      kind, page: text(STEP.page), child: text(STEP.child), alert: text(STEP.alert),
      alerts: Array.from({ length: u32(STEP.alertCount) }, (_, k) => readString(new DataView(engine.memory.buffer).getUint32(alerts + 4 * k, true))),
      index: u32(STEP.index),
      frame: kind === "keyboard" || (kind === "frame" && d.getUint8(STEP.hasFrame)) ?
        [f64(STEP.frame), f64(STEP.frame + 8), f64(STEP.frame + 16), f64(STEP.frame + 24)] : null,
      duration: f64(STEP.duration), tag: text(STEP.tag),
      sets: SETS.filter(([, bit]) => sets & bit).map(([name]) => name),
      title: text(STEP.title), message: text(STEP.message), style: text(STEP.style),
      action: actionId === null ? null :
        { id: actionId, title: text(STEP.actionTitle) ?? "", style: enums.ActionStyle[u32(STEP.actionStyle)] },
      meta: text(STEP.meta), at: d.getUint8(STEP.hasAt) ? f64(STEP.at) : null, during: u32(STEP.during) || null,
      lane: text(STEP.lane), scale: f64(STEP.scale), onFull: enums.OnFull[u32(STEP.onFull)], order: enums.Order[u32(STEP.order)],
      id: text(STEP.id),
    };
  });
}
