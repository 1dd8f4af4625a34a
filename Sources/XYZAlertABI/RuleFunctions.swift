import CXYZAlert
internal import CSystem
import XYZAlert
import XYZAlertJSON

// xyz_rule_*: rules evaluated on their own (docs/rules.md, "Rules").

@c @implementation
public func xyz_rule_eval_json(_ rule: UnsafePointer<CChar>?, _ data: UnsafePointer<CChar>?,
                               _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                               _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    guard let rule, let result else {
        invalid("xyz_rule_eval_json: \(rule == nil ? "rule_json" : "result_json") is NULL", error)
        return XYZ_EINVAL
    }
    return withRule(rule, data, error) { compiled, input in
        result.pointee = ownedCString(compiled.evaluate(input).jsonText)
    }
}

@c @implementation
public func xyz_rule_explain_json(_ rule: UnsafePointer<CChar>?, _ data: UnsafePointer<CChar>?,
                                  _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                  _ explanation: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                  _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    guard let rule, let result, let explanation else {
        let what = rule == nil ? "rule_json" : result == nil ? "result_json" : "explanation"
        invalid("xyz_rule_explain_json: \(what) is NULL", error)
        return XYZ_EINVAL
    }
    return withRule(rule, data, error) { compiled, input in
        let explained = compiled.explain(input)
        result.pointee = ownedCString(explained.result.jsonText)
        explanation.pointee = explained.failing.flatMap { ownedCString($0) }
    }
}

/// Loads the rule and the data (NULL: null) and runs `body` on them;
/// a text that does not load is reported into `error`, `body` not run.
private func withRule(_ rule: UnsafePointer<CChar>, _ data: UnsafePointer<CChar>?,
                      _ error: UnsafeMutablePointer<xyz_error>?, _ body: (Rule, JSONData) -> Void) -> xyz_status {
    do {
        // (The bytes as they are: a String would have mended bad UTF-8.)
        let compiled = try RuleLoading.rule(bytes: bytes(rule, strlen(rule)), source: "<rule>")
        let input = try data.map { (text) throws(LoadError) in
            try RuleLoading.data(bytes: bytes(text, strlen(text)), source: "<data>")
        } ?? .null
        body(compiled, input)
        report(nil, into: error)
        return XYZ_OK
    } catch let failure {
        report(failure, into: error)
        return failure.kind.status
    }
}
