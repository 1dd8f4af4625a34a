// The playground page: simulates the document as it is typed (debounced),
// shows the timeline, the reasons at the step clicked and the events, and
// marks errors at their line. The engine runs in the page, as WebAssembly
// (worker.mjs, through the JavaScript package served under js/).
"use strict";

const editor = document.getElementById("editor");
const gutter = document.getElementById("gutter");
const errorBox = document.getElementById("error");
const timeline = document.getElementById("timeline");
const reasons = document.getElementById("reasons");
const reasonsTitle = document.getElementById("reasons-title");
const eventsList = document.getElementById("events");
const status = document.getElementById("status");
const examples = document.getElementById("examples");

let fileName = "scenario.json";
let result = null;      // the last simulation that succeeded
let selected = null;    // the step whose reasons are shown
let pending = null;     // the debounce timer
let sent = 0;           // requests sent; an answer older than the last is dropped

function numberLines(errorLine) {
  const count = editor.value.split("\n").length;
  gutter.replaceChildren();
  for (let line = 1; line <= count; line++) {
    const row = document.createElement("div");
    row.textContent = String(line);
    if (line === errorLine) row.className = "error";
    gutter.appendChild(row);
  }
  gutter.scrollTop = editor.scrollTop;
}

function showError(error) {
  const where = error.line ? `line ${error.line}, column ${error.column}: ` : "";
  const pointer = error.pointer !== undefined && error.line ? ` (at ${error.pointer || '""'})` : "";
  errorBox.textContent = where + error.message + pointer;
  errorBox.dataset.line = error.line || "";
  errorBox.hidden = false;
  numberLines(error.line || 0);
}

function item(list, parts) {
  const li = document.createElement("li");
  for (const [text, className] of parts) {
    const span = document.createElement("span");
    span.textContent = text;
    if (className) span.className = className;
    li.appendChild(span);
  }
  list.appendChild(li);
  return li;
}

function select(step) {
  if (!result || !result.steps.length) return;
  const entry = result.steps.find((s) => s.step === step) || result.steps[result.steps.length - 1];
  selected = entry.step;
  for (const rect of timeline.querySelectorAll("rect.step")) {
    rect.classList.toggle("selected", Number(rect.dataset.step) === selected);
  }
  const when = entry.local ? `${entry.local}, t = ${entry.clock} s` : `t = ${entry.clock} s`;
  reasonsTitle.textContent = `Reasons after step ${selected} (${entry.label}, ${when})`;
  // This step's own: its campaign events (with why a skip or miss
  // happened), then the alerts live after it and those that ended in it.
  reasons.replaceChildren();
  for (const event of entry.campaigns) {
    const detail = event.reason || event.variant || event.version || "";
    const li = item(reasons, [[`${event.alert || "campaigns"}: `, ""], [`[${event.event}${detail ? " " + detail : ""}] `, "code"],
                              [event.why || "", ""]]);
    li.dataset.campaign = event.alert || "";
    li.className = "campaign";
  }
  for (const alert of entry.alerts) {
    const li = item(reasons, [[`${alert.alert}: `, ""], [`[${alert.code}] `, "code"], [alert.sentence, ""]]);
    li.dataset.alert = alert.alert;
  }
  if (!reasons.children.length) item(reasons, [["nothing live, no campaign event", "none"]]);
  for (const li of eventsList.children) {
    li.classList.toggle("current", Number(li.dataset.step) === selected);
  }
}

function show(answer) {
  if (answer.error) {
    showError(answer.error);
    return;
  }
  errorBox.hidden = true;
  numberLines(0);
  result = answer;
  timeline.innerHTML = answer.svg;  // made by the server, every text escaped
  for (const rect of timeline.querySelectorAll("rect.step")) {
    rect.addEventListener("click", () => select(Number(rect.dataset.step)));
  }
  eventsList.replaceChildren();
  answer.expect.forEach((line) => {
    const li = item(eventsList, [[line, ""]]);
    li.dataset.step = line.split(" ")[0];
  });
  select(selected === null ? Infinity : selected);
}

// Simulations run in a worker (worker.mjs): one that takes longer than
// TIME_LIMIT seconds is stopped with its worker, and a new worker starts.
const TIME_LIMIT = 5;
let worker = null;

function simulateInWorker(text) {
  return new Promise((resolve) => {
    if (worker === null) worker = new Worker("worker.mjs", { type: "module" });
    const timer = setTimeout(() => {
      worker.terminate();
      worker = null;
      resolve({ error: { message: `the simulation took longer than ${TIME_LIMIT} s and was stopped` } });
    }, TIME_LIMIT * 1000);
    worker.onmessage = ({ data }) => { clearTimeout(timer); resolve(data); };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker = null;
      resolve({ error: { message: `the engine could not start (${event.message || "no message"}): is js/xyzalert.wasm served?` } });
    };
    worker.postMessage(text);
  });
}

async function simulate() {
  const mine = ++sent;
  status.textContent = "simulating…";
  const answer = await simulateInWorker(editor.value);
  if (mine !== sent) return;  // the user typed on: a newer answer is coming
  show(answer);
  status.textContent = answer.error ? "error" : `${answer.steps.length} steps, ${answer.expect.length} events`;
  document.body.dataset.runs = String(Number(document.body.dataset.runs) + 1);
}

function scheduleSimulation() {
  clearTimeout(pending);
  pending = setTimeout(simulate, 300);
}

function open(name, text) {
  fileName = name.split("/").pop();
  editor.value = text;
  selected = null;
  numberLines(0);
  simulate();
}

function save() {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([editor.value], { type: "application/json" }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

function copyAsTest() {
  if (!result) return;
  let document_;
  try {
    document_ = JSON.parse(editor.value);
  } catch (problem) {
    showError({ message: `fix the document first: ${problem.message}` });
    return;
  }
  document_.expect = result.expect;
  editor.value = JSON.stringify(document_, null, 2) + "\n";
  numberLines(0);
  scheduleSimulation();
}

editor.addEventListener("input", () => { numberLines(Number(errorBox.dataset.line) || 0); scheduleSimulation(); });
editor.addEventListener("scroll", () => { gutter.scrollTop = editor.scrollTop; });
document.getElementById("save").addEventListener("click", save);
document.getElementById("copy-test").addEventListener("click", copyAsTest);
examples.addEventListener("change", async () => {
  if (!examples.value) return;
  const answer = await (await fetch(`api/examples/${examples.value}`)).json();
  open(answer.name, answer.text);
});

(async () => {
  // The examples and the first document come from `python -m
  // xyzalert.playground`; from a plain static file server, none: an empty one.
  let initial = { name: "new.json", text: '{"version": 1, "pages": [], "alerts": [], "steps": []}\n' };
  try {
    const list = await (await fetch("api/examples")).json();
    for (const name of list.examples) {
      const option = document.createElement("option");
      option.value = option.textContent = name;
      examples.appendChild(option);
    }
    initial = await (await fetch("api/initial")).json();
  } catch (problem) {
    examples.disabled = true;
  }
  open(initial.name, initial.text);
})();
