// The web demo (docs/js.md): an app's screen with a toast stack and
// dialogs, drawn by this page, decided by the engine running in the browser
// through the JavaScript package; the reasons panel asks the engine why
// each alert is where it is. Served from the repository's root (any static
// file server): /examples/web/ imports /bindings/js/xyzalert.mjs.
import { Alert, AlertSet, Dispatch, init } from "../../bindings/js/xyzalert.mjs";

const $ = (id) => document.getElementById(id);
const ALERTS = {
  alerts: [
    { id: "saved", title: "Saved", lane: "toast", exclusive: "cover", duration: 4, style: "toast", on_duplicate: "coalesce" },
    { id: "offline", title: "You are offline", message: "Changes are kept until you reconnect.", lane: "toast",
      exclusive: "cover", priority: 5, style: "error" },
    { id: "update", title: "An update is ready", message: "Restart to use the new version.", priority: 50,
      actions: [{ id: "install", title: "Restart" }, { id: "later", title: "Later", style: "cancel" }] },
    { id: "consent", title: "Cookies?", message: "We use cookies to keep you signed in.", priority: 100,
      exclusive: "hide_others", actions: [{ id: "accept", title: "Accept" }, { id: "reject", title: "Reject", style: "cancel" }] },
    { id: "rate", title: "Enjoying the app?", message: "Two purchases already: tell us what you think.", priority: 20,
      actions: [{ id: "rate", title: "Rate it" }, { id: "no", title: "Not now", style: "cancel" }] },
  ],
  campaigns: [{ id: "rate-after-purchases", alert: "rate", trigger: { event: "purchase", count: 2 } }],
};

await init();
const set = AlertSet.loads(JSON.stringify(ALERTS));
const drawn = new Map(); // alert -> its element
let timer = null;

function log(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("log").prepend(item);
}

/** A toast's words: a storm of the same one is one toast with a count. */
function toastText(alert) {
  const count = alert.occurrenceCount > 1 ? ` ×${alert.occurrenceCount}` : "";
  return (alert.message ? `${alert.title}: ${alert.message}` : alert.title) + count;
}

function draw(alert) {
  if (alert.lane === "toast") {
    const toast = document.createElement("li");
    toast.className = `toast ${alert.style}`;
    toast.dataset.alert = alert.id;
    toast.textContent = toastText(alert);
    $("toasts").prepend(toast);
    return toast;
  }
  const dialog = document.createElement("div");
  dialog.className = "dialog";
  dialog.dataset.alert = alert.id;
  dialog.setAttribute("role", "dialog");
  const box = document.createElement("div");
  box.className = "box";
  const title = document.createElement("h3");
  title.textContent = alert.title;
  const message = document.createElement("p");
  message.textContent = alert.message ?? "";
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  alert.actions.forEach((action, index) => {
    const button = document.createElement("button");
    button.textContent = action.title;
    button.className = action.style;
    button.dataset.action = action.id;
    button.addEventListener("click", () => { alert.triggerAction(index); refresh(); });
    buttons.append(button);
  });
  box.append(title, message, buttons);
  dialog.append(box);
  $("dialogs").append(dialog);
  return dialog;
}

const page = new Dispatch({
  show(alert) { drawn.set(alert, draw(alert)); log(`show ${alert.id}`); },
  hide(alert, reason) { drawn.get(alert)?.classList.add("hidden"); log(`hide ${alert.id} (${reason})`); },
  unhide(alert) { drawn.get(alert)?.classList.remove("hidden"); log(`unhide ${alert.id}`); },
  remove(alert, reason) { drawn.get(alert)?.remove(); drawn.delete(alert); log(`remove ${alert.id} (${reason})`); },
  finish(alert, reason) { drawn.get(alert)?.remove(); drawn.delete(alert); log(`finish ${alert.id} (${reason})`); },
  action(alert, index, id) { log(`action ${alert.id}: ${id}`); },
  update(alert) {
    const element = drawn.get(alert);
    if (element?.classList.contains("toast")) element.textContent = toastText(alert);
    log(`update ${alert.id}`);
  },
  campaign(root, campaign, kind) { log(`campaign ${campaign}: ${kind}`); },
  setTimer(root, delay) {
    clearTimeout(timer);
    if (delay >= 0) timer = setTimeout(() => { page.tick(); refresh(); }, delay * 1000);
  },
});
page.name = "app";
page.setLaneLimit("toast", 3, "evict_oldest");
page.setCampaigns(set);
page.pageDidAppear();

const live = [];
function add(id) {
  const alert = set.createAlert(id);
  page.add(alert);
  live.push(alert);
  refresh();
}

/** The reasons panel: each live alert's state and why, from the engine. */
function refresh() {
  const list = $("reasons");
  list.replaceChildren();
  for (let i = live.length - 1; i >= 0; i--) if (live[i].state === "finished") live.splice(i, 1);
  for (const alert of [...live, ...[...drawn.keys()].filter((a) => !live.includes(a))]) {
    const why = alert.why();
    const item = document.createElement("li");
    item.dataset.alert = alert.id;
    const state = document.createElement("span");
    state.className = "state";
    state.textContent = `${alert.id}: ${alert.state}`;
    item.append(state, ` — ${why.sentence}`);
    list.append(item);
  }
}

$("save").addEventListener("click", () => add("saved"));
$("offline").addEventListener("click", () => add("offline"));
$("update").addEventListener("click", () => add("update"));
$("consent").addEventListener("click", () => add("consent"));
$("purchase").addEventListener("click", () => { page.track("purchase"); refresh(); });
/** The page leaves (its alerts hide) or comes back. */
function setAway(away) {
  if (away) page.pageWillDisappear();
  else page.pageDidAppear();
  $("screen").classList.toggle("away", away);
  $("leave").disabled = away;
  $("back").disabled = !away;
  refresh();
}
$("leave").addEventListener("click", () => setAway(true));
$("back").addEventListener("click", () => setAway(false));
$("status").textContent = "The engine is running in this page.";
document.body.dataset.ready = "true";
