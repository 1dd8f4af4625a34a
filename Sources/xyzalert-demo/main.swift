// `make demo`: plays an app launch through the engine and prints the
// timeline a host would see. (The `xyzalert simulate` CLI replaces this
// once the JSON scenario format lands.)
import XYZAlert

/// Prints each event as one aligned line under the step that caused it.
final class TimelineHost: AlertHost {
    func line(_ event: String, _ alert: Alert, _ detail: String = "") {
        let name = alert.id ?? "?"
        let text = "    " + pad(event, 8) + pad(name, 10) + detail
        print(String(text.reversed().drop { $0 == " " }.reversed()))
    }
    func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(1, width - s.count)) }

    func show(_ alert: Alert, target: String, view: ViewHandle?) {
        let title = alert.content.title.map { "\"\($0)\"" } ?? ""
        line("show", alert, "on \(target)  \(title)")
    }
    func hide(_ alert: Alert, reason: HideReason) { line("hide", alert, "(\(reason))") }
    func unhide(_ alert: Alert) { line("unhide", alert) }
    func remove(_ alert: Alert, reason: EndReason) { line("remove", alert, "(\(reason))") }
    func finish(_ alert: Alert, reason: EndReason) { line("finish", alert, "(\(reason))") }
    func move(_ alert: Alert, dy: Double, duration: Double) { line("move", alert, "dy=\(dy) over \(duration)s") }
    func action(_ alert: Alert, index: Int) { line("action", alert, "'\(alert.content.actions[index].id)'") }
}

func makeAlert(_ id: String, priority: Int32, _ exclusive: Exclusive = .wait, title: String,
               actions: [String] = ["ok"], after: [String] = [], waiting: Bool = false) throws -> Alert {
    let alert = Alert(id: id)
    try alert.setPriority(priority)
    try alert.setExclusive(exclusive)
    try alert.setContent(AlertContent(title: title, actions: actions.map { AlertAction(id: $0, title: $0) }))
    for dependency in after {
        try alert.addDependency(id: dependency)
    }
    if waiting {
        try alert.setWaiting()
    }
    return alert
}

/// Numbers the steps of the story.
final class Story {
    private var number = 0
    func step(_ text: String, _ body: () throws -> Void) throws {
        print("\(number). \(text)")
        number += 1
        try body()
    }
}

let story = Story()
let host = TimelineHost()
let home = Dispatch(host: host, name: "home")
let consent = try makeAlert("consent", priority: 100, .hideOthers, title: "We use cookies", actions: ["accept"])
let login = try makeAlert("login", priority: 90, .cover, title: "Sign in", actions: ["sign_in", "later"])
let update = try makeAlert("update", priority: 95, .hideOthers, title: "Update required", actions: ["update"],
                           after: ["consent"], waiting: true)
let promo = try makeAlert("promo", priority: 10, title: "Summer sale", actions: ["open", "close"], after: ["login"])
let rating = try makeAlert("rating", priority: 5, title: "Enjoying the app?", actions: ["rate", "no"])
try rating.addDependency(promo)

try story.step("the home page appears; the app queues its launch alerts") {
    try home.pageDidAppear()
    try home.add([rating, promo, update, login, consent])
}
try story.step("the user accepts the cookie consent") { try consent.triggerAction(0) }
try story.step("the version check finishes: the update notice is ready") { try update.setReady() }
try story.step("the user opens a detail page: home disappears") { try home.pageWillDisappear() }
try story.step("back on home") { try home.pageDidAppear() }
try story.step("the user updates later (the notice is dismissed)") { try update.dismiss() }
try story.step("the user signs in") { try login.triggerAction(0) }
try story.step("the keyboard appears over the promotion") {
    try promo.setFrame(Rect(x: 20, y: 500, width: 335, height: 220))
    try home.keyboardChanged(Rect(x: 0, y: 560, width: 375, height: 252), duration: 0.25)
}
print("   why is 'rating' not showing? \(rating.explain())")
try story.step("the user closes the promotion") { try promo.triggerAction(1) }
try story.step("the user leaves the app: the page is destroyed") { try home.destroy() }
