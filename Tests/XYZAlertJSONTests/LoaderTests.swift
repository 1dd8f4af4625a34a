import Testing
import XYZAlert
import XYZAlertJSON

/// The loader through its Swift API: what it builds, and where its errors point.
@Suite("JSON loader (SPEC 8, 9)")
struct LoaderTests {
    func load(_ text: String) throws(LoadError) -> Document {
        try Loader.load(bytes: Array(text.utf8), source: "t.json")
    }

    func error(_ text: String) -> LoadError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func everyFieldOfAnAlertIsLoaded() throws {
        let set = try load("""
            {"version": 1, "alerts": [
              {"id": "login", "priority": -3, "exclusive": "hide_others"},
              {"id": "promo", "priority": 10, "exclusive": "cover", "after": ["login"], "ready": false,
               "target": "window", "style": "sheet", "title": "T", "message": "M",
               "actions": [{"id": "open", "title": "Open"}, {"id": "close", "title": "Later", "style": "destructive"}],
               "avoid_keyboard": false, "keyboard_adjust": -8.5, "meta": {"b": [1, 2], "a": "x"}}
            ]}
            """).alertSet
        let promo = set.definition("promo")!
        #expect(set.definitions.map(\.id) == ["login", "promo"])
        #expect(set.definition("login")!.priority == -3 && set.definition("login")!.exclusive == .hideOthers)
        #expect(promo.after == ["login"] && !promo.ready && promo.target == "window")
        #expect(promo.content == AlertContent(style: "sheet", title: "T", message: "M", actions: [
            AlertAction(id: "open", title: "Open"), AlertAction(id: "close", title: "Later", style: .destructive),
        ], meta: #"{"b":[1,2],"a":"x"}"#))
        #expect(!promo.avoidKeyboard && promo.keyboardAdjust == -8.5)
        let alert = promo.makeAlert()
        #expect(alert.state == .idle && alert.dependencyIDs == ["login"] && alert.priority == 10)
        let home = Dispatch(host: nil, name: "home")
        try home.pageDidAppear()
        try home.add([alert])
        #expect(alert.state == .waiting)
        try home.destroy()
    }

    @Test func defaultsFollowTheSpec() throws {
        let a = try load(#"{"alerts": [{"id": "a"}]}"#).alertSet.definition("a")!
        #expect(a.priority == 0 && a.exclusive == .wait && a.after.isEmpty && a.ready && a.target == "page")
        #expect(a.content == AlertContent() && a.avoidKeyboard && a.keyboardAdjust == 0 && a.page == nil)
    }

    @Test func columnsCountCharactersNotBytes() {
        let e = error(#"{"alerts": [{"title": "héllo wörld", "prority": 1, "id": "a"}]}"#)
        #expect(e?.position == TextPosition(line: 1, column: 38, offset: 39)) // é and ö are two bytes each
        #expect(e?.pointer == "/alerts/0/prority")
    }

    @Test func pointersEscapeSlashAndTilde() {
        let e = error(#"{"alerts": [{"id": "a", "a/b~c": 1}]}"#)
        #expect(e?.pointer == "/alerts/0/a~1b~0c")
        #expect(e?.position?.column == 25)
    }

    @Test func escapedKeysAreMatchedDecoded() {
        // "pri\u006frity" is "priority"; the second priority is the duplicate-free bad one.
        let e = error(#"{"alerts": [{"id": "a", "pri\u006frity": "x"}]}"#)
        #expect(e?.message == #"priority must be an integer between -2147483648 and 2147483647, got string "x""#)
        #expect(e?.position?.column == 42)
    }

    @Test func theFirstErrorInDocumentOrderIsReported() {
        let e = error("""
            {"alerts": [
              {"id": "a", "priority": "x"},
              {"id": "", "exclusive": "no"}
            ]}
            """)
        #expect(e?.pointer == "/alerts/0/priority" && e?.position?.line == 2)
    }

    @Test func descriptionReadsLikeACompilerDiagnostic() {
        let e = error("{\n  \"alerts\": 3\n}")
        #expect(e?.description == "t.json:2:13: error: alerts must be an array, got integer 3 (at /alerts)")
        #expect(e?.kind == .schema)
        #expect(error("{")?.kind == .parse)
    }

    @Test func longStringsAreShortenedInMessages() {
        let long = String(repeating: "x", count: 100)
        #expect(error(#"{"alerts": [{"id": "a", "priority": "\#(long)"}]}"#)?.message
                == "priority must be an integer between -2147483648 and 2147483647, got string \"\(String(repeating: "x", count: 40))...\"")
    }

    @Test func aScenarioHasPagesAlertsAndSteps() throws {
        let document = try load("""
            {"pages": {"tab": {"active": "home"}, "home": {"parent": "tab"}}, "deferred": true,
             "alerts": [{"id": "t", "page": "tab"}, {"id": "h", "page": "home", "after": ["t"]}],
             "steps": [{"appear": "tab"}, {"add": ["h"]}, {"add": "t"}, {"action": {"alert": "t", "index": 1}},
                       {"select": {"page": "tab", "child": null}}, {"keyboard": {"page": "tab", "frame": [0, 1, 2, 3]}},
                       {"frame": {"alert": "h", "frame": [4, 5, 6, 7.5]}}, {"flush": "home"}]}
            """)
        guard case .scenario(let s) = document else {
            Issue.record("not a scenario")
            return
        }
        #expect(s.deferred)
        #expect(s.pages == [Scenario.Page(name: "tab", parent: nil, active: "home"),
                            Scenario.Page(name: "home", parent: "tab", active: nil)])
        #expect(s.alerts.definition("h")?.page == "home")
        #expect(s.steps == [
            .appear(page: "tab"), .add(page: "home", alerts: ["h"]), .add(page: "tab", alerts: ["t"]),
            .action(alert: "t", index: 1), .select(page: "tab", child: nil),
            .keyboard(page: "tab", frame: Rect(x: 0, y: 1, width: 2, height: 3), duration: 0),
            .frame(alert: "h", frame: Rect(x: 4, y: 5, width: 6, height: 7.5)), .flush(page: "home"),
        ])
    }

    @Test func everyExampleLoads() throws {
        for name in ["alerts", "launch", "tabs", "keyboard", "deferred"] {
            let document = try Loader.loadFile(path: "examples/\(name).json")
            #expect(!document.alertSet.definitions.isEmpty, "\(name)")
        }
    }

    @Test func unreadableFilesAreIOErrors() {
        do {
            _ = try Loader.loadFile(path: "/no/such/file.json")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.kind == .io && error.position == nil)
            #expect(error.description == "/no/such/file.json: error: cannot open: No such file or directory")
        }
    }
}
