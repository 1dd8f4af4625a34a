// Compiled by tsc --strict --noEmit (make js-test): the declarations
// describe the module as a program uses it.
import { Alert, AlertSet, Dispatch, type Host, XYZAlertError, evalRule, init, runScenario, State } from "../xyzalert.mjs";

await init();
const host: Host = {
  show(alert: Alert, target: string) { console.log(alert.id, target, alert.title); },
  finish(alert, reason) { const word: "dismissed" | string = reason; console.log(word); },
};
const page = new Dispatch(host, { timeZone: "Europe/Paris" });
page.pageDidAppear();
const alert = new Alert("hello", { title: "Hello", priority: 3, exclusive: "cover", actions: [{ id: "ok", title: "OK" }] });
page.add([alert]);
const state: (typeof State)[number] = alert.state;
const set = AlertSet.loads("{\"alerts\": []}");
page.setCampaigns(set);
page.track("open", { from: "push" });
page.setAttribute("plan", "free");
try { evalRule({ "==": [1, 1] }); } catch (error) { if (error instanceof XYZAlertError) console.log(error.code, error.pointer); }
console.log(state, set.ids.length, alert.actions[0].style);
const events = runScenario('{"pages": {"p": {}}, "alerts": [], "steps": [{"appear": "p"}]}');
console.log(events.length === 0 ? "none" : events[0].event);
page.close();
