/* What the module imports (the module "xyzalert"): the clocks, time zone
 * names, and every host callback, each finding its Dispatch (or History)
 * by the context number and calling the host object's method. */
import * as enums from "./enums.mjs";
import { Alert, liveAlerts } from "./alert.mjs";
import { bytes, decoder, dispatchesByContext, dispatchesByPointer, engine, keepHostError, readString } from "./engine.mjs";
import { historyClocks } from "./history.mjs";

/** Runs host method `name` of the dispatch whose context is `context`;
 * an exception is kept and rethrown when the engine call returns. */
function callHost(context, name, args, fallback) {
  const dispatch = dispatchesByContext.get(context);
  const method = dispatch?._host?.[name];
  if (typeof method !== "function") return fallback;
  try {
    return method.apply(dispatch._host, args);
  } catch (error) {
    keepHostError(error);
    return fallback;
  }
}

/** The offset from UTC, in seconds, of `timeZone` (an IANA name; undefined:
 * the platform's) at `wall` seconds since the epoch, through Intl. */
export function utcOffsetOf(timeZone, wall) {
  const date = new Date(wall * 1000);
  if (!timeZone) return -date.getTimezoneOffset() * 60;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
  }).formatToParts(date);
  const field = (type) => Number(parts.find((p) => p.type === type).value);
  const local = Date.UTC(field("year"), field("month") - 1, field("day"), field("hour"), field("minute"), field("second"));
  return Math.round((local - Math.floor(wall) * 1000) / 1000);
}

export const imports = {
  monotonic_seconds: () => performance.now() / 1000,
  real_time_seconds: () => Date.now() / 1000,
  time_zone_exists: (pointer, length) => {
    const name = decoder.decode(bytes().subarray(pointer, pointer + length));
    try { new Intl.DateTimeFormat("en-US", { timeZone: name }); return 1; } catch { return 0; }
  },
  show: (alert, target, view, context) => callHost(context, "show", [Alert._seen(alert), readString(target), null]),
  hide: (alert, reason, context) => callHost(context, "hide", [Alert._seen(alert), enums.HideReason[reason]]),
  unhide: (alert, context) => callHost(context, "unhide", [Alert._seen(alert)]),
  remove: (alert, reason, context) => callHost(context, "remove", [Alert._seen(alert), enums.EndReason[reason]]),
  finish: (alert, reason, context) => {
    // (Always set: the finished alert leaves the live table.)
    const object = liveAlerts.get(alert);
    liveAlerts.delete(alert);
    const dispatch = dispatchesByContext.get(context);
    if (typeof dispatch?._host?.finish === "function") callHost(context, "finish", [object ?? Alert._seen(alert), enums.EndReason[reason]]);
  },
  move: (alert, dy, duration, context) => callHost(context, "move", [Alert._seen(alert), dy, duration]),
  action: (alert, index, context) =>
    callHost(context, "action", [Alert._seen(alert), index, readString(engine.xyz_alert_action_id(alert, index))]),
  request_flush: (root, context) => callHost(context, "requestFlush", [dispatchesByPointer.get(root) ?? null]),
  destroy_context: (context) => {
    const dispatch = dispatchesByContext.get(context);
    dispatchesByContext.delete(context);
    if (dispatch) dispatchesByPointer.delete(dispatch._pointer);
  },
  now: (context) => callHost(context, "now", [], NaN),
  set_timer: (root, delay, context) => callHost(context, "setTimer", [dispatchesByPointer.get(root) ?? null, delay]),
  update: (alert, context) => callHost(context, "update", [Alert._seen(alert)]),
  announce: (alert, politeness, text, context) =>
    callHost(context, "announce", [Alert._seen(alert), enums.Politeness[politeness], readString(text)]),
  campaign: (root, campaign, kind, reason, alert, context) => callHost(context, "campaign",
    [dispatchesByPointer.get(root) ?? null, readString(campaign), enums.CampaignEvent[kind], readString(reason), Alert._seen(alert)]),
  history_clock: (context) => {
    try { return historyClocks.get(context)(); } catch (error) { keepHostError(error); return NaN; }
  },
  history_forget: (context) => historyClocks.delete(context),
  utc_offset: (wall, context) => {
    const dispatch = dispatchesByContext.get(context);
    if (typeof dispatch?._host?.utcOffset === "function") return callHost(context, "utcOffset", [wall], 0);
    try { return utcOffsetOf(dispatch?._timeZone, wall); } catch (error) { keepHostError(error); return 0; }
  },
};

