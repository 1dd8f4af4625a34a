// One simulation of the playground, in the page: a scenario's text in,
// everything the page shows out, through the JavaScript package (`xyz`, the
// module xyzalert.mjs, given by the caller).
import { svg } from "./timeline.mjs";

/** The most steps a document may have. */
export const MAX_STEPS = 10000;
/** The most virtual time its steps may let pass, in all (366 days). */
export const MAX_SECONDS = 366 * 86400;

// Trace events whose "alert" is not an alert's name (or that have none).
const NOT_AN_ALERT = new Set(["note", "error", "trigger", "skip", "miss", "control", "campaigns"]);
// The campaign events a step lists with its reasons.
const CAMPAIGN_EVENTS = new Set(["trigger", "skip", "miss", "control", "campaigns"]);

/** A number as Python's repr of a float would print it in "%.15g" first:
 * the tool's expect lines print a move's dy so. */
function dyText(dy) {
  const short = Number(dy.toPrecision(15));
  return String(short === dy ? short : Number(dy.toPrecision(17)));
}

/** The event as a line of a scenario's "expect" list (null for a note,
 * and for a miss: the tool's default trace has none). */
export function expectLine(event) {
  const kind = event.event, step = event.step;
  let alert = event.alert ?? "-", detail;
  if (kind === "note" || kind === "miss") return null;
  if (kind === "show") {
    detail = [event.page, ...((event.target ?? "page") !== "page" ? [event.target] : []),
      ...("lane" in event ? [`lane:${event.lane}`] : [])];
  } else if (["hide", "remove", "finish", "skip"].includes(kind)) {
    detail = [event.reason];
  } else if (kind === "move") {
    detail = [dyText(Number(event.dy))];
  } else if (kind === "action") {
    detail = [event.action];
  } else if (kind === "error") {
    alert = "-";
    detail = [event.code];
  } else if (kind === "announce") {
    detail = [event.politeness];
  } else if (kind === "trigger" || kind === "control") {
    detail = "variant" in event ? [event.variant] : [];
  } else if (kind === "campaigns") {
    alert = "-";
    detail = event.version ? [event.version] : [];
  } else {
    detail = [];
  }
  return [String(step), kind, alert, ...detail].join(" ");
}

function checkLimits(scenario, formatG) {
  if (scenario.steps.length > MAX_STEPS) {
    throw new RangeError(`the scenario has ${scenario.steps.length} steps; the playground plays at most ${MAX_STEPS}`);
  }
  let seconds = 0;
  scenario.steps.forEach((step, number) => {
    if (step.kind !== "advance") return;
    seconds += step.duration;
    if (!Number.isFinite(seconds) || seconds > MAX_SECONDS) {
      throw new RangeError(`step ${number} lets the scenario's time pass ${formatG(seconds)} s; the playground plays ` +
        `at most ${formatG(MAX_SECONDS)} s (366 days) in all`);
    }
  });
}

/** The alerts live after a step and those that ended in it: state and why. */
function reasons(player, names, ended) {
  const out = [];
  for (const name of names) {
    const alert = player.latest(name);
    if (alert !== null && (alert.state !== "finished" || ended.has(name))) {
      const why = alert.why();
      out.push({ alert: name, state: alert.state, code: why.code, sentence: why.sentence });
    }
  }
  return out;
}

/** A step as the timeline names it: its kind and what it acts on
 * (`formatG`: the package's). */
export function label(step, formatG) {
  if (step.kind === "advance") return `advance ${formatG(step.duration)}s`;
  if (step.kind === "track" || step.kind === "set_attribute") return `${step.kind === "track" ? "track" : "set"} ${step.id}`;
  if (step.kind === "add") return ["add", ...step.alerts].join(" ");
  const what = step.alert || step.page || step.id;
  return what ? `${step.kind} ${what}` : step.kind;
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The user's local time at `wall`, as the tool prints it ("Tue 08:00:00"). */
export function localTime(wall, offset) {
  const moment = new Date(Math.floor(wall + offset) * 1000);
  const two = (n) => String(n).padStart(2, "0");
  return `${DAYS[moment.getUTCDay()]} ${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}:${two(moment.getUTCSeconds())}`;
}

/** The ids of the document's test campaigns (their triggers are marked apart). */
function testCampaigns(text) {
  try {
    const campaigns = JSON.parse(text).campaigns ?? [];
    return new Set(campaigns.filter((c) => c && typeof c === "object" && c.test === true && "id" in c).map((c) => c.id));
  } catch {
    return new Set();
  }
}

/** The document's trace ("events", `simulate --explain`'s), its "expect"
 * lines (the tool's default trace: no misses), one entry per step
 * ("steps": its kind, "label", virtual "clock", the user's "local" time
 * with a wall clock, the reasons of the alerts live after it and of those
 * that ended in it, its "campaigns" events) and the SVG timeline; or
 * "error": its message, and for a document that does not load its "line",
 * "column" and JSON "pointer". */
export function simulate(xyz, text) {
  let scenario;
  try {
    scenario = xyz.Scenario.loads(text);
  } catch (error) {
    if (!(error instanceof xyz.XYZAlertError)) throw error;
    return error.line ? { error: { message: error.message, line: error.line, column: error.column, pointer: error.pointer } }
      : { error: { message: error.message } };
  }
  try {
    checkLimits(scenario, xyz.formatG);
  } catch (error) {
    scenario.close();
    return { error: { message: error.message } };
  }
  const names = [...scenario.alerts.ids];
  const wallClock = scenario.wallClock;
  let player;
  try {
    player = new xyz.ScenarioPlayer(scenario, { explain: true });
  } catch (error) {
    scenario.close();
    if (!(error instanceof xyz.XYZAlertError)) throw error;
    return { error: { message: error.message } };
  }
  const steps = [];
  const known = new Set(names);
  try {
    while (!player.done) {
      const number = player.played, seen = player.events.length;
      const step = player.step();
      const mine = player.events.slice(seen);
      for (const event of mine) {
        if (!NOT_AN_ALERT.has(event.event) && !known.has(event.alert)) {
          names.push(event.alert); // an instance a campaign made
          known.add(event.alert);
        }
      }
      const ended = new Set(mine.filter((e) => e.event === "finish").map((e) => e.alert));
      const wall = wallClock + player.clock;
      steps.push({
        step: number, kind: step.kind, label: label(step, xyz.formatG), clock: player.clock,
        local: wallClock ? localTime(wall, player.trace.utcOffset(wall)) : null,
        alerts: reasons(player, names, ended),
        campaigns: mine.filter((e) => CAMPAIGN_EVENTS.has(e.event)).map(({ step: _, ...rest }) => rest),
      });
    }
  } catch (error) { // a recording's own steps are not played here
    player.close();
    if (!(error instanceof RangeError) && !(error instanceof xyz.XYZAlertError)) throw error;
    return { error: { message: `step ${player.played - 1}: ${error.message}` } };
  }
  const events = player.close();
  return { events, expect: events.map(expectLine).filter((line) => line !== null), steps, svg: svg(steps, events, testCampaigns(text), xyz.formatG) };
}
