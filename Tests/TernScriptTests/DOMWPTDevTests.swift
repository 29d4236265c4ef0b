import XCTest
import Foundation
import TernDOM
import TernNet
@testable import TernScript

/// A quick run of the WPT dom/nodes files against a bare ScriptWindow (no
/// web view, scripts read from disk), printing each file's subtests. The
/// real harness is Tests/TernWPTTests; this one is for debugging the bindings.
final class DOMWPTDevTests: DOMTestCase {
    func testDevRun() throws {
        guard let only = ProcessInfo.processInfo.environment["TERN_WPT_DEV"] else { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/testsuites/wpt").path
        let folder = root + "/dom/nodes"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
            .filter { only == "all" || $0.contains(only) }
        var passed = 0, total = 0
        for file in files {
            let html = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            try load(html, url: "http://127.0.0.1:8000/dom/nodes/\(file)")
            var registered = false
            for script in document.getElementsByTagName("script") {
                let source: String
                if let src = script.attribute("src") {
                    let path = src.hasPrefix("/") ? root + src : folder + "/" + src
                    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                    source = text
                } else {
                    source = script.textContent
                }
                window.currentScript = script
                window.run(source, sourceURL: file)
                if !registered, js("typeof add_completion_callback") == .string("function") {
                    js("add_completion_callback(function (tests, status) { window.__wpt = { tests: tests.map(function (t) { return [t.name, t.status, t.message || '']; }), status: status.status, message: status.message || '' }; });")
                    registered = true
                }
            }
            window.currentScript = nil
            window.readyState = .interactive
            window.dispatchEvent("DOMContentLoaded", to: document.node, bubbles: true)
            window.readyState = .complete
            window.dispatchEvent("load", to: nil)
            _ = loop.run(until: { self.js("typeof window.__wpt") == .string("object") }, timeout: 20)
            guard case .dictionary(let result) = js("window.__wpt || null"), case .array(let tests)? = result["tests"] else {
                print("WPTDEV \(file): no results; console: \(host.console.prefix(5))")
                continue
            }
            var ok = 0
            for case .array(let t) in tests {
                if t[1] == .number(0) { ok += 1 } else if ProcessInfo.processInfo.environment["TERN_WPT_VERBOSE"] != nil {
                    print("  FAIL \(t[0]) :: \(t[2].description.prefix(300))")
                }
            }
            passed += ok; total += tests.count
            print("WPTDEV \(file): \(ok)/\(tests.count) harness=\(result["status"] ?? .null) \(result["message"]?.description.prefix(200) ?? "")")
            if ProcessInfo.processInfo.environment["TERN_WPT_VERBOSE"] != nil { for line in host.console.prefix(10) { print("  console: \(line.prefix(300))") } }
        }
        print("WPTDEV total \(passed)/\(total) (\(files.count) files)")
    }
}
