import Testing
import XYZAlert

/// The README's Swift example, verbatim apart from printing into a log.
@Suite("README example")
struct ReadmeExampleTests {
    final class Screen: AlertHost {
        var log: [String] = []
        func show(_ alert: Alert, target: String, view: ViewHandle?) { log.append("show \(alert.id!)") }
        func hide(_ alert: Alert, reason: HideReason) { log.append("hide \(alert.id!) \(reason)") }
        func unhide(_ alert: Alert) { log.append("unhide \(alert.id!)") }
        func finish(_ alert: Alert, reason: EndReason) { log.append("finish \(alert.id!) \(reason)") }
    }

    @Test func theReadmeExampleDoesWhatItSays() throws {
        let screen = Screen()
        let home = Dispatch(host: screen, name: "home")
        try home.pageDidAppear()
        let login = Alert(id: "login")
        try login.setPriority(100)
        try login.setExclusive(.hideOthers)
        let promo = Alert(id: "promo")
        try promo.addDependency(id: "login")
        try home.add([promo, login])
        #expect(screen.log == ["show login"])
        try login.dismiss()
        #expect(screen.log == ["show login", "finish login dismissed", "show promo"])
        #expect(promo.explain() == "'promo' is showing on page 'home' (target 'page')")
        try home.destroy()
        #expect(screen.log.last == "finish promo destroyed")
    }
}
