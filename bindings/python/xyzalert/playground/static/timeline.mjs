// The playground's timeline: one row per alert, one column per step, each
// cell the alert's state after that step (the colours of `xyzalert simulate
// --format svg`'s legend), how each alert ended, campaign events on a row of
// their own, and above the grid each step's number and time (the user's
// local time with a wall clock, else seconds), below it each step's label,
// and a legend under all. Every column is a target the page makes clickable
// (data-step).

const ROW = 22, STEP = 28, TOP = 64, CHAR = 7;
// Room under the grid for the step labels: labels above (times) and below
// (steps) slant, parallel, one column apart, so they never overlap.
const LABELS = 96;
const COLOURS = { waiting: "#d3d7cf", ready: "#fce94f", showing: "#73d216", hidden: "#729fcf" };
// Campaign events: [what the legend calls it, fill, stroke]. A test
// campaign's trigger is a trigger with a ring; a miss is hollow.
const CAMPAIGN_MARKS = {
  trigger: ["trigger", "#4e9a06", "none"], test: ["test trigger", "#ffffff", "#4e9a06"],
  control: ["control", "#75507b", "none"], skip: ["skip", "#888a85", "none"],
  miss: ["miss", "#ffffff", "#888a85"], campaigns: ["set replaced", "#3465a4", "none"],
};
// How an alert ended: a glyph and its colour per kind of end, so that the
// user's own dismissal and a rule that held the alert look different.
const ENDS = {
  held: ["\u2298", "#ce5c00", "capped, outside its windows, ineligible, withdrawn"],
  control: ["\u25cb", "#75507b", "a control instance"],
  user: ["\u00d7", "#a40000", "dismissed, cancelled or another end"],
};
const HELD = new Set(["capped", "outside_window", "ineligible", "withdrawn", "expired", "dropped", "evicted",
  "displaced", "duplicate", "replaced"]);

const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const quoteAttribute = (text) => `"${escape(text).replace(/"/g, "&quot;")}"`;

/** Which glyph an end gets (ENDS' keys). */
export function endKind(reason) {
  return reason === "control" ? "control" : HELD.has(reason) ? "held" : "user";
}

/** Per column, its time when it differs from the column before. */
function timeLabels(steps, formatG) {
  const out = [];
  let last = null;
  for (const step of steps) {
    const text = step.local ? step.local.slice(0, 9) : `${formatG(step.clock)}s`;
    out.push(text !== last ? text : null);
    last = text;
  }
  return out;
}

/** The legend's items, as SVG, from `y`; and the height it takes. */
function legend(y, left, campaigns, ends) {
  const items = Object.entries(COLOURS).map(([state, colour]) => [`<rect width="14" height="10" y="-9" fill="${colour}"/>`, state]);
  for (const [kind, [name, fill, stroke]] of Object.entries(CAMPAIGN_MARKS)) {
    if (campaigns.has(kind)) items.push([`<circle cx="7" cy="-4" r="4" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`, name]);
  }
  for (const [kind, [glyph, colour, words]] of Object.entries(ENDS)) {
    if (ends.has(kind)) items.push([`<text x="7" text-anchor="middle" fill="${colour}" font-size="13">${glyph}</text>`, words]);
  }
  const out = [];
  let x = left, row = 0;
  for (const [mark, words] of items) {
    const width = 22 + CHAR * [...words].length + 14;
    if (x + width > left + 560 && x > left) {
      x = left;
      row += 1;
    }
    out.push(`<g class="legend" transform="translate(${x},${y + 14 + 18 * row})">${mark}<text x="20">${escape(words)}</text></g>`);
    x += width;
  }
  return [out, 18 * (row + 1) + 8];
}

/** Per step, its campaign events and the mark each gets. */
function campaignMarks(events, tests) {
  const marks = new Map();
  for (const event of events) {
    if (!(event.event in CAMPAIGN_MARKS)) continue;
    const mark = event.event === "trigger" && tests.has(event.alert) ? "test" : event.event;
    if (!marks.has(event.step)) marks.set(event.step, []);
    marks.get(event.step).push([mark, event]);
  }
  return marks;
}

/** The picture of a played scenario: `steps` as simulate() makes them;
 * `tests`, the ids of test campaigns (their triggers have a ring);
 * `formatG`, the package's (a time in seconds as the tool prints it). */
export function svg(steps, events, tests, formatG) {
  const names = [];
  for (const step of steps) for (const alert of step.alerts) if (!names.includes(alert.alert)) names.push(alert.alert);
  const states = steps.map((step) => new Map(step.alerts.map((a) => [a.alert, a.state])));
  const marksAt = campaignMarks(events, tests);
  const ends = new Map(events.filter((e) => e.event === "finish").map((e) => [`${e.step}\u0000${e.alert}`, e.reason]));
  const rows = [...names, ...(marksAt.size ? ["campaigns"] : [])];
  const left = Math.max(...rows.map((name) => [...name].length), 6) * CHAR + 16;
  const gridBottom = TOP + ROW * Math.max(rows.length, 1);
  const usedMarks = new Set([...marksAt.values()].flatMap((marks) => marks.map(([mark]) => mark)));
  const usedEnds = new Set([...ends.values()].map(endKind));
  const [legendItems, legendHeight] = legend(gridBottom + LABELS, 8, usedMarks, usedEnds);
  const width = Math.max(left + STEP * Math.max(steps.length, 1) + 80, 600);
  const height = gridBottom + LABELS + legendHeight;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif" font-size="11">`];
  const times = timeLabels(steps, formatG);
  steps.forEach((step, column) => {
    const x = left + column * STEP + STEP / 2;
    out.push(`<text x="${x}" y="${TOP - 46}" text-anchor="middle" font-weight="bold">${step.step}</text>`);
    if (times[column] !== null) {
      out.push(`<text class="time" x="${x}" y="${TOP - 6}" font-size="9" fill="#555753" ` +
        `transform="rotate(-60 ${x} ${TOP - 6})">${escape(times[column])}</text>`);
    }
    out.push(`<text class="label" x="${x}" y="${gridBottom + 10}" font-size="10" fill="#555753" ` +
      `transform="rotate(50 ${x} ${gridBottom + 10})">${escape([...(step.label ?? step.kind)].slice(0, 16).join(""))}</text>`);
  });
  rows.forEach((name, row) => {
    const y = TOP + row * ROW;
    out.push(`<text x="8" y="${y + 15}">${escape(name)}</text>`);
    steps.forEach((step, column) => {
      const x = left + column * STEP;
      if (name === "campaigns") {
        (marksAt.get(step.step) ?? []).slice(0, 3).forEach(([mark, event], k) => {
          const [, fill, stroke] = CAMPAIGN_MARKS[mark];
          const what = ["event", "alert", "reason", "variant"].filter((key) => event[key]).map((key) => String(event[key])).join(" ") +
            (event.why ? `: ${event.why}` : "");
          out.push(`<circle class="${mark}" cx="${x + 7 + 7 * k}" cy="${y + 11}" r="4" fill="${fill}" ` +
            `stroke="${stroke}" stroke-width="2"><title>${escape(what)}</title></circle>`);
        });
        return;
      }
      const state = states[column].get(name);
      if (state in COLOURS) {
        out.push(`<rect x="${x + 1}" y="${y + 4}" width="${STEP - 2}" height="${ROW - 8}" fill="${COLOURS[state]}">` +
          `<title>${escape(name)}: ${state}</title></rect>`);
      }
      const reason = ends.get(`${step.step}\u0000${name}`);
      if (reason !== undefined) {
        const kind = endKind(reason);
        const [glyph, colour] = ENDS[kind];
        out.push(`<text class="end ${kind}" x="${x + STEP / 2}" y="${y + 16}" text-anchor="middle" fill="${colour}" ` +
          `font-size="13">${glyph}<title>${escape(name)}: finished (${escape(reason)})</title></text>`);
      }
    });
  });
  steps.forEach((step, column) => {
    out.push(`<rect class="step" data-step=${quoteAttribute(String(step.step))} x="${left + column * STEP}" y="0" ` +
      `width="${STEP}" height="${gridBottom + LABELS - 8}" fill="transparent"><title>step ${step.step}: ` +
      `${escape(step.label ?? step.kind)}</title></rect>`);
  });
  out.push(...legendItems, "</svg>");
  return out.join("");
}
