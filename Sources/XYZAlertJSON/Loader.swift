internal import CSystem
import XYZAlert

/// A loaded document: an alert set, or a scenario (whose root has "pages" or
/// "steps"). Both are validated in full; every error names the source, the
/// line and column, and the JSON pointer of the offending value.
///
/// Its scenario is boxed. As an enum of the two documents, the alert-set
/// case left most of the (scenario-sized) payload unwritten, and the
/// compiler's outlined copy of the value branched on those bytes (valgrind
/// on the release and Embedded builds: "conditional jump or move depends
/// on uninitialised value(s)" in `Document`'s outlined copy, of the value
/// `Schema.document` made). A box is one pointer, always written.
public struct Document: Sendable {
    /// The alerts of either kind.
    public let alertSet: AlertSet
    private let box: ScenarioBox?

    /// The scenario, for a scenario file (its `alerts` are `alertSet`).
    public var scenario: Scenario? { box?.scenario }

    /// An alert set's document.
    public static func alertSet(_ set: AlertSet) -> Document { Document(alertSet: set, box: nil) }
    /// A scenario's document.
    public static func scenario(_ scenario: Scenario) -> Document {
        Document(alertSet: scenario.alerts, box: ScenarioBox(scenario))
    }
}

/// A scenario on the heap (see `Document`).
final class ScenarioBox: Sendable {
    let scenario: Scenario

    init(_ scenario: Scenario) {
        self.scenario = scenario
    }
}

public enum Loader {
    /// Loads a document from memory. `source` names it in errors; the error
    /// thrown is the first problem in document order.
    /// With `expectUnchecked`, a scenario's "expect" member may hold
    /// anything: only its place is kept (`Schema.expectUnchecked`).
    /// `directory` is where the files a scenario names are read from (with
    /// its trailing "/"; "" the current directory); nil, as for a document
    /// that came from memory, reads no file: a member naming one is an error.
    public static func load(bytes: [UInt8], source: String, directory: String? = nil,
                            expectUnchecked: Bool = false) throws(LoadError) -> Document {
        let (document, problems, _, _) = read(bytes: bytes, source: source, directory: directory, limit: 1,
                                           expectUnchecked: expectUnchecked)
        guard let document else { throw problems[0] }
        return document
    }

    /// Loads a document from a file; `.io` when it cannot be read. The files
    /// it names are read from its directory.
    public static func loadFile(path: String, expectUnchecked: Bool = false) throws(LoadError) -> Document {
        let bytes = try readFile(path)
        return try load(bytes: bytes, source: path, directory: splitPath(path).directory, expectUnchecked: expectUnchecked)
    }

    /// Every independent problem of a document, in document order, at most
    /// `limit` (checking stops there); empty when it is valid. Each member of
    /// the root, each alert and each of its fields, and each step is checked
    /// on its own ("pages" as a whole); a check that depends on a broken part
    /// (a step naming an alert whose definition has a problem) is skipped. A
    /// document that is not well-formed JSON has one problem.
    public static func check(bytes: [UInt8], source: String, limit: Int) -> [LoadError] {
        checkCounting(bytes: bytes, source: source, directory: nil, limit: limit).problems
    }

    /// `check` of a file; one `.io` problem when it cannot be read.
    public static func checkFile(path: String, limit: Int) -> [LoadError] {
        checkFileCounting(path: path, limit: limit).problems
    }

    /// `check`, and how many alerts the document defines (0 when it cannot
    /// be read). Keeps only what the checks need: an alert set's
    /// definitions without dependencies are dropped as soon as they are
    /// checked, so checking costs little beyond Jansson's parse.
    public static func checkCounting(bytes: [UInt8], source: String, directory: String?,
                                     limit: Int) -> (problems: [LoadError], alerts: Int) {
        let result = read(bytes: bytes, source: source, directory: directory, limit: max(limit, 1), checkOnly: true)
        return (result.problems, result.alerts)
    }

    /// `checkCounting` of a file; one `.io` problem when it cannot be read.
    public static func checkFileCounting(path: String, limit: Int) -> (problems: [LoadError], alerts: Int) {
        do {
            return checkCounting(bytes: try readFile(path), source: path, directory: splitPath(path).directory, limit: limit)
        } catch {
            return ([error], 0)
        }
    }

    /// The warnings of a valid document (docs/formats.md, "Warnings"), in
    /// document order, at most `limit`; with its problems, when it has any
    /// (then no warnings: a document is fixed first).
    public static func warnings(bytes: [UInt8], source: String, directory: String?,
                                limit: Int) -> (problems: [LoadError], warnings: [LoadError]) {
        let result = read(bytes: bytes, source: source, directory: directory, limit: max(limit, 1), checkOnly: true)
        return (result.problems, result.problems.isEmpty ? Array(result.warnings.prefix(limit)) : [])
    }

    /// `warnings` of a file; one `.io` problem when it cannot be read.
    public static func fileWarnings(path: String, limit: Int) -> (problems: [LoadError], warnings: [LoadError]) {
        do {
            return warnings(bytes: try readFile(path), source: path, directory: splitPath(path).directory, limit: limit)
        } catch {
            return ([error], [])
        }
    }

    /// Checks that `text` is one JSON object, under the rules documents
    /// follow (UTF-8, no duplicate keys), as alerts' "meta" must be.
    public static func checkObject(_ text: String, source: String) throws(LoadError) {
        let json = try JSONDocument.parse(bytes: Array(text.utf8), source: source)
        guard json.root.kind == .object else {
            throw LoadError(kind: .schema, message: "must be a JSON object, got \(json.root.described)", pointer: "",
                            position: TextPosition(line: 1, column: 1, offset: 0), source: source)
        }
    }

    /// The document when it has no problem, and the problems found.
    static func read(bytes: [UInt8], source: String, directory: String?, limit: Int, expectUnchecked: Bool = false,
                     checkOnly: Bool = false)
        -> (document: Document?, problems: [LoadError], alerts: Int, warnings: [LoadError]) {
        let json: JSONDocument
        do {
            json = try JSONDocument.parse(bytes: bytes, source: source)
        } catch {
            return (nil, [error], 0, [])
        }
        var schema = Schema(document: json, scanner: TextScanner(bytes), source: source, directory: directory,
                            problems: Problems(limit: limit))
        schema.expectUnchecked = expectUnchecked
        schema.checkOnly = checkOnly
        var document: Document?
        do {
            document = try schema.attempt { () throws(LoadError) in try schema.document(json.root) } ?? nil
        } catch {
            document = nil // the limit was reached
        }
        let problems = schema.problems.sorted
        return (problems.isEmpty ? document : nil, problems, schema.alertCount, schema.problems.sortedWarnings)
    }
}
