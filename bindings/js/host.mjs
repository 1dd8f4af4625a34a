/* What the module imports (the module "xyzalert"): the clocks, time zone
 * names, and every host callback, each finding its Dispatch (or History)
 * by the context number and calling the host object's method. */
import * as enums from "./enums.mjs";
import { Alert, liveAlerts } from "./alert.mjs";
import { bytes, decoder, dispatchesByContext, dispatchesByPointer, engine, keepHostError, readString } from "./engine.mjs";
import { historyClocks } from "./history.mjs";

let lastContext = 0, lastHost = undefined; // the last context a callback named, and its host object

/** The host object of the dispatch whose context is `context` (callbacks
 * come in runs for one page: the last one is kept). */
function hostOf(context) {
  if (context !== lastContext) {
    lastHost = dispatchesByContext.get(context)?._host;
    lastContext = lastHost === undefined ? 0 : context;
  }
  return lastHost;
}

/** Calls `method` of `host` (when it is a function; else `fallback`); an
 * exception is kept, rethrown when the engine call returns, and `fallback`
 * returned. Each import reads its method by its own name (no lookup by a
 * name held in a variable: the callbacks are the package's hottest path). */
function callHost(fallback, host, method, ...args) {
  if (typeof method !== "function") return fallback;
  try {
    return method.apply(host, args);
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
  show: (alert, target, view, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.show, Alert._seen(alert), readString(target), null);
  },
  hide: (alert, reason, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.hide, Alert._seen(alert), enums.HideReason[reason]);
  },
  unhide: (alert, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.unhide, Alert._seen(alert));
  },
  remove: (alert, reason, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.remove, Alert._seen(alert), enums.EndReason[reason]);
  },
  finish: (alert, reason, context) => {
    // (Always set: the finished alert leaves the live table.)
    const host = hostOf(context);
    if (typeof host?.finish !== "function") return void liveAlerts.delete(alert);
    const object = liveAlerts.get(alert);
    liveAlerts.delete(alert);
    callHost(undefined, host, host.finish, object ?? Alert._seen(alert), enums.EndReason[reason]);
  },
  move: (alert, dy, duration, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.move, Alert._seen(alert), dy, duration);
  },
  action: (alert, index, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.action, Alert._seen(alert), index, readString(engine.xyz_alert_action_id(alert, index)));
  },
  request_flush: (root, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.requestFlush, dispatchesByPointer.get(root) ?? null);
  },
  destroy_context: (context) => {
    if (context === lastContext) [lastContext, lastHost] = [0, undefined]; // (not to keep a destroyed page's host)
    const dispatch = dispatchesByContext.get(context);
    dispatchesByContext.delete(context);
    if (dispatch) dispatchesByPointer.delete(dispatch._pointer);
  },
  now: (context) => {
    const host = hostOf(context);
    return callHost(NaN, host, host?.now);
  },
  set_timer: (root, delay, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.setTimer, dispatchesByPointer.get(root) ?? null, delay);
  },
  update: (alert, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.update, Alert._seen(alert));
  },
  announce: (alert, politeness, text, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.announce, Alert._seen(alert), enums.Politeness[politeness], readString(text));
  },
  campaign: (root, campaign, kind, reason, alert, context) => {
    const host = hostOf(context);
    callHost(undefined, host, host?.campaign, dispatchesByPointer.get(root) ?? null, readString(campaign),
      enums.CampaignEvent[kind], readString(reason), Alert._seen(alert));
  },
  history_clock: (context) => {
    try { return historyClocks.get(context)(); } catch (error) { keepHostError(error); return NaN; }
  },
  history_forget: (context) => historyClocks.delete(context),
  utc_offset: (wall, context) => {
    const dispatch = dispatchesByContext.get(context);
    const host = dispatch?._host;
    if (typeof host?.utcOffset === "function") return callHost(0, host, host.utcOffset, wall);
    try { return utcOffsetOf(dispatch?._timeZone, wall); } catch (error) { keepHostError(error); return 0; }
  },
};
