import XYZAlert

final class Screen: AlertHost {                  // implement only what you draw
    func show(_ alert: Alert, target: String, view: ViewHandle?) { print("show", alert.id!) }
}

let home = Dispatch(host: Screen(), name: "home")
try home.pageDidAppear()
let consent = Alert(id: "consent")
try consent.setPriority(10)
try home.add([Alert(id: "welcome"), consent])   // throws AlertError on failure
try consent.dismiss()
try home.destroy()
