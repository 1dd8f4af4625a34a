import Testing
import XYZAlert
import XYZAlertJSON

/// The loader through its Swift API: what it builds, and where its errors point.
@Suite("JSON loader (docs/rules.md §8, §9)")
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

    @Test func aDuplicateActionIDIsFoundAmongFewAndAmongMany() {
        // Up to eight actions are compared one by one, past that through a
        // set: the same error either way, at the second one's id.
        func actions(_ ids: [String]) -> String {
            "{\"alerts\": [{\"id\": \"a\", \"actions\": ["
                + ids.map { "{\"id\": \"\($0)\", \"title\": \"T\"}" }.joined(separator: ", ") + "]}]}"
        }
        for (ids, index) in [(["x", "y", "x"], 2), ((0..<8).map { "a\($0)" } + ["a3"], 8),
                             ((0..<12).map { "a\($0)" } + ["a10"], 12), ((0..<9).map { "a\($0)" } + ["a8"], 9)] {
            let e = error(actions(ids))
            #expect(e?.message == "duplicate action id \"\(ids[index])\"", "\(ids)")
            #expect(e?.pointer == "/alerts/0/actions/\(index)/id", "\(ids)")
        }
        #expect(error(actions((0..<20).map { "a\($0)" })) == nil)
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

    /// `check` of `text`: each problem's pointer, in the order reported.
    func problems(_ text: String, limit: Int = 20) -> [String] {
        Loader.check(bytes: Array(text.utf8), source: "t.json", limit: limit).map(\.pointer)
    }

    @Test func checkReportsEveryIndependentProblemInDocumentOrder() {
        #expect(problems("""
            {"alerts": [
              {"id": "a", "priority": "x", "exclusive": "no"},
              {"id": "b", "after": ["nowhere"]},
              {"id": "a"},
              {"id": "c", "tittle": "t"}
            ], "extra": 1}
            """) == ["/alerts/0/priority", "/alerts/0/exclusive", "/alerts/1/after/0", "/alerts/2/id",
                     "/alerts/3/tittle", "/extra"])
        #expect(problems(#"{"version": 1, "alerts": []}"#).isEmpty)
        #expect(problems("{\"alerts\": [1, 2,]}").count == 1) // malformed JSON: one problem
    }

    @Test func checksThatDependOnABrokenPartAreSkipped() {
        // A misspelt "alerts" is reported; its absence is not.
        #expect(problems(#"{"alert": []}"#) == ["/alert"])
        // A misspelt "id" is reported, not a missing id.
        #expect(problems(#"{"alerts": [{"di": "a"}]}"#) == ["/alerts/0/di"])
        // Steps naming a broken alert or a page of broken "pages" report nothing more; the rest still do.
        #expect(problems("""
            {"pages": {"home": {"parent": 5}}, "alerts": [{"id": "a", "page": "home", "priority": "x"}],
             "steps": [{"dismiss": "a"}, {"appear": "elsewhere"}, {"dismiss": "b"}, {"action": {"alert": "a", "index": 9}}]}
            """) == ["/pages/home/parent", "/alerts/0/priority", "/steps/2/dismiss"])
        // "after" naming an alert whose id could not be read is not reported unknown.
        #expect(problems(#"{"alerts": [{"id": 5}, {"id": "b", "after": ["a"]}]}"#) == ["/alerts/0/id"])
        // A cycle is looked for only when every alert is sound.
        #expect(problems(#"{"alerts": [{"id": "a", "after": ["a"], "ready": 1}]}"#) == ["/alerts/0/ready"])
    }

    @Test func anActionStepsIndexIsCheckedAgainstItsAlertsActions() {
        let text = """
            {"pages": {"p": {}}, "alerts": [{"id": "a", "page": "p", "actions": [{"id": "x", "title": "X"}]},
                                          {"id": "b", "page": "p"}],
             "steps": [{"action": {"alert": "a", "index": 0}}, {"action": {"alert": "a", "index": 1}},
                       {"action": {"alert": "b", "index": 0}}]}
            """
        let found = Loader.check(bytes: Array(text.utf8), source: "t.json", limit: 20)
        #expect(found.map(\.pointer) == ["/steps/1/action/index", "/steps/2/action/index"])
        #expect(found.map(\.message) == ["index 1 is out of range: alert \"a\" has 1 action (index 0)",
                                          "index 0 is out of range: alert \"b\" has no actions"])
    }

    @Test func checkStopsAtItsLimitAndLoadReportsTheFirstProblem() {
        let alerts = (0..<30).map { #"{"id": "a\#($0)", "priority": "x"}"# }.joined(separator: ", ")
        let text = #"{"alerts": [\#(alerts)]}"#
        #expect(problems(text, limit: 5) == (0..<5).map { "/alerts/\($0)/priority" })
        #expect(problems(text, limit: 100).count == 30)
        #expect(error(text)?.pointer == "/alerts/0/priority")
    }

    @Test func descriptionReadsLikeACompilerDiagnostic() {
        let e = error("{\n  \"alerts\": 3\n}")
        #expect(e?.description == "t.json:2:13: error: alerts must be an array, got integer 3 (at /alerts)")
        #expect(e?.kind == .schema)
        #expect(error("{")?.kind == .parse)
        #expect(error("[]")?.description == "t.json:1:1: error: the document must be an object, got an array (at \"\")")
    }

    @Test func longStringsAreShortenedInMessages() {
        let long = String(repeating: "x", count: 100)
        #expect(error(#"{"alerts": [{"id": "a", "priority": "\#(long)"}]}"#)?.message
                == "priority must be an integer between -2147483648 and 2147483647, got string \"\(String(repeating: "x", count: 40))...\"")
    }

    @Test func aScenarioHasPagesAlertsAndSteps() throws {
        let document = try load("""
            {"pages": {"tab": {"active": "home"}, "home": {"parent": "tab"}}, "deferred": true,
             "alerts": [{"id": "t", "page": "tab", "actions": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]},
                        {"id": "h", "page": "home", "after": ["t"]}],
             "steps": [{"appear": "tab"}, {"add": ["h"]}, {"add": "t"}, {"action": {"alert": "t", "index": 1}},
                       {"select": {"page": "tab", "child": null}}, {"keyboard": {"page": "tab", "frame": [0, 1, 2, 3]}},
                       {"frame": {"alert": "h", "frame": [4, 5, 6, 7.5]}}, {"flush": "home"}]}
            """)
        guard let s = document.scenario else {
            Issue.record("not a scenario")
            return
        }
        #expect(s.deferred)
        #expect(s.pages == [Scenario.Page(name: "tab", parent: nil, active: "home"),
                            Scenario.Page(name: "home", parent: "tab", active: nil)])
        #expect(s.alerts.definition("h")?.page == "home")
        #expect(s.steps == [
            .appear(page: "tab"), .add(page: "home", alerts: ["h"]), .add(page: "tab", alerts: ["t"]),
            .action(alert: "t", index: 1), .select(page: "tab", child: nil, flush: true),
            .keyboard(page: "tab", frame: Rect(x: 0, y: 1, width: 2, height: 3), duration: 0),
            .frame(alert: "h", frame: Rect(x: 4, y: 5, width: 6, height: 7.5)), .flush(page: "home"),
        ])
    }

    @Test func theRecordingExtensionsLoad() throws {
        let document = try load("""
            {"pages": {"app": {}, "late": {}}, "alerts": [
               {"id": "t", "page": "app", "frame": [0, 1, 2, 3]},
               {"name": "t#2", "id": "t", "page": "app"},
               {"name": "#1", "page": "late", "after_alerts": ["t"]}],
             "steps": [{"add": "t", "at": 100.5}, {"dismiss": "t", "during": 1}, {"add": ["t#2"]}, {"add": "#1"},
                       {"tick": "app", "at": 101}, {"parent": {"page": "late", "parent": "app"}},
                       {"parent": {"page": "late", "parent": null}}, {"capacity": {"page": "app", "capacity": 2}},
                       {"avoidance": {"alert": "#1", "enabled": false, "adjust": -8}},
                       {"target": {"alert": "#1", "target": "window"}}, {"depend": {"alert": "#1", "on": "t#2"}},
                       {"depend": {"alert": "#1", "id": "anything"}},
                       {"select": {"page": "app", "child": null, "flush": false}}, {"frame": {"alert": "t", "frame": null}},
                       {"update": {"alert": "#1", "title": null, "message": "m", "style": "sheet", "clear_actions": true,
                                   "add_action": {"id": "ok", "title": "OK", "style": "cancel"}, "meta": {"k": 1}}}]}
            """)
        guard let s = document.scenario else {
            Issue.record("not a scenario")
            return
        }
        #expect(s.alerts.definitions.map(\.name) == ["t", "t#2", "#1"])
        #expect(s.alerts.definitions.map(\.id) == ["t", "t", ""])
        #expect(s.alerts.definition("t")?.frame == Rect(x: 0, y: 1, width: 2, height: 3))
        #expect(s.alerts.definition("#1")?.afterAlerts == ["t"])
        #expect(s.alerts.definition("#1")?.makeAlert().id == nil)
        var change = Scenario.ContentUpdate(title: .some(nil), message: "m", style: "sheet")
        change.clearActions = true
        change.addAction = AlertAction(id: "ok", title: "OK", style: .cancel)
        change.meta = .some(#"{"k":1}"#)
        #expect(s.steps == [
            .add(page: "app", alerts: ["t"]), .dismiss(alert: "t"), .add(page: "app", alerts: ["t#2"]),
            .add(page: "late", alerts: ["#1"]), .tick(page: "app"), .parent(page: "late", parent: "app"),
            .parent(page: "late", parent: nil), .capacity(page: "app", capacity: 2),
            .avoidance(alert: "#1", enabled: false, adjust: -8), .target(alert: "#1", target: "window"),
            .depend(alert: "#1", on: "t#2", id: nil), .depend(alert: "#1", on: nil, id: "anything"),
            .select(page: "app", child: nil, flush: false), .frame(alert: "t", frame: nil),
            .update(alert: "#1", change: change),
        ])
        #expect(s.timings[0] == Scenario.Timing(at: 100.5) && s.timings[1] == Scenario.Timing(during: 1))
        #expect(s.timings[4] == Scenario.Timing(at: 101) && s.timings[2] == Scenario.Timing())
    }

    @Test func theRecordingExtensionsAreChecked() {
        let pages = #""pages": {"p": {}}"#
        let alert = #"{"id": "a", "page": "p"}"#
        func steps(_ steps: String) -> [String] {
            problems(#"{\#(pages), "alerts": [\#(alert)], "steps": [\#(steps)]}"#)
        }
        #expect(steps(#"{"add": "a", "during": 1}"#) == ["/steps/0/during"])
        #expect(steps(#"{"add": "a"}, {"dismiss": "a", "during": 0}"#) == ["/steps/1/during"])
        #expect(steps(#"{"add": "a", "at": "now"}"#) == ["/steps/0/at"])
        #expect(steps(#"{"depend": {"alert": "a", "on": "a", "id": "x"}}"#) == ["/steps/0/depend"])
        #expect(steps(#"{"depend": {"alert": "a", "on": "b"}}"#) == ["/steps/0/depend/on"])
        #expect(steps(#"{"update": {"alert": "a", "clear_actions": false}}"#) == ["/steps/0/update/clear_actions"])
        #expect(steps(#"{"update": {"alert": "a", "meta": 3}}"#) == ["/steps/0/update/meta"])
        #expect(steps(#"{"update": {"alert": "a", "add_action": {"id": "x"}}}"#) == ["/steps/0/update/add_action"])
        #expect(steps(#"{"capacity": {"page": "p", "capacity": -1}}"#) == ["/steps/0/capacity/capacity"])
        #expect(steps(#"{"parent": {"page": "p", "parent": "q"}}"#) == ["/steps/0/parent/parent"])
        #expect(steps(#"{"select": {"page": "p", "child": null, "flush": 0}}"#) == ["/steps/0/select/flush"])
        #expect(steps(#"{"tick": "q"}"#) == ["/steps/0/tick"])
        // Names: unique, and the only way to an alert without id; scenarios only.
        #expect(problems(#"{\#(pages), "alerts": [\#(alert), {"name": "a", "page": "p"}], "steps": []}"#)
                == ["/alerts/1/name"])
        #expect(problems(#"{\#(pages), "alerts": [{"page": "p"}], "steps": []}"#) == ["/alerts/0"])
        #expect(problems(#"{"alerts": [{"id": "a", "name": "b"}]}"#) == ["/alerts/0/name"])
        #expect(problems(#"{\#(pages), "alerts": [{"id": "a", "page": "p", "after_alerts": ["zz"]}], "steps": []}"#)
                == ["/alerts/0/after_alerts/0"])
        // In a scenario only an alert after its own id is a cycle of the file;
        // a longer one is an error of the add that makes it live.
        #expect(problems(#"{\#(pages), "alerts": [{"id": "a", "page": "p", "after": ["b"]}, {"id": "b", "page": "p", "after": ["a"]}], "steps": []}"#)
                == [])
        #expect(problems(#"{\#(pages), "alerts": [{"id": "a", "page": "p", "after": ["a"]}], "steps": []}"#)
                == ["/alerts/0/after/0"])
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
