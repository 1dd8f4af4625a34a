// Loading an alert set of 10,000 alerts, against Jansson parsing the same
// text alone: the loader (parse, validate, build definitions) should cost at
// most 1.5x the bare parse.
import CJansson
import XYZAlert
import XYZAlertJSON

/// A realistic alert set: every field used, some dependencies.
func alertSetText(count: Int) -> [UInt8] {
    var text = "{\"version\": 1, \"alerts\": [\n"
    for i in 0..<count {
        let after = i % 5 == 0 || i == 0 ? "" : ", \"after\": [\"alert\(i - 1)\"]"
        text += """
              {"id": "alert\(i)", "priority": \(i % 100), "exclusive": "\(Exclusive.allCases[i % 3])"\(after),
               "ready": \(i % 7 != 0), "target": "window", "style": "alert", "title": "Alert number \(i)",
               "message": "Something happened that the user should know about.",
               "actions": [{"id": "ok", "title": "OK"}, {"id": "cancel", "title": "Cancel", "style": "cancel"}],
               "avoid_keyboard": true, "keyboard_adjust": -8, "meta": {"image": "picture\(i).png", "rank": \(i)}}\(i + 1 < count ? "," : "")

            """
    }
    return Array((text + "]}\n").utf8)
}

func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
}

func benchmarkLoading() throws {
    let bytes = alertSetText(count: 10_000)
    let clock = ContinuousClock()
    var parse = Double.infinity
    var load = Double.infinity
    for _ in 0..<10 {
        parse = min(parse, seconds(clock.measure {
            var error = json_error_t()
            let json = bytes.withUnsafeBufferPointer { buffer in
                UnsafeRawPointer(buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    json_loadb($0, buffer.count, Int(JSON_REJECT_DUPLICATES), &error)
                }
            }
            precondition(json != nil)
            xyz_json_release(json)
        }))
        load = min(load, try seconds(clock.measure {
            let document = try Loader.load(bytes: bytes, source: "bench")
            precondition(document.alertSet.definitions.count == 10_000)
        }))
    }
    let ratio = load / parse
    print("load an alert set of 10,000 alerts (\(bytes.count / 1000) kB, best of 10)")
    print("  Jansson parse alone: \(Int(parse * 1e6)) us")
    print("  xyz load (parse, validate, build): \(Int(load * 1e6)) us")
    print("  ratio: \(Double(Int(ratio * 100 + 0.5)) / 100) (\(ratio <= 1.5 ? "ok, within 1.5x" : "TOO SLOW, target is within 1.5x"))")
}
