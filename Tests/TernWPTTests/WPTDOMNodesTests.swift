import XCTest
import Foundation
import TernKit
import TernTestSupport

/// The web-platform-tests DOM subset (`wpt/dom/nodes/*.html` under the test
/// suites folder, see ../shared/testsuites/README.md) run headless through a
/// WebView with the suite's own testharness.js, served over HTTP by the test
/// server. Counts subtests (not files), prints each file's and the total,
/// and fails if the total passed drops below `floor`, or if the suite is missing.
final class WPTDOMNodesTests: WebViewTestCase {
    /// Subtests that must pass. Measured 1932/2015 in 46 files (2026-11); the
    /// misses are adoption across documents, doctype and processing-instruction
    /// creation, namespaces, and the iframe-driven ParentNode-querySelector-All.
    static let floor = 1900

    /// The test suites folder: $TERN_TESTSUITES, else ../shared/testsuites beside the repository.
    static var suitesRoot: String {
        if let path = ProcessInfo.processInfo.environment["TERN_TESTSUITES"] { return path }
        return URL(fileURLWithPath: TestServer.repositoryRoot).deletingLastPathComponent().appendingPathComponent("shared/testsuites").path
    }

    struct FileResult {
        let file: String
        let passed: Int
        let total: Int
        let harnessStatus: Int
        let failures: [String]
    }

    func testDOMNodesSubtestsPass() throws {
        let root = WPTDOMNodesTests.suitesRoot + "/wpt"
        let folder = root + "/dom/nodes"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.fileExists(atPath: root + "/resources/testharness.js") else {
            return XCTFail("the web-platform-tests DOM suite is missing: \(folder) (set TERN_TESTSUITES)")
        }
        let server = try TestServer(staticRoot: root)
        // A test is a page that loads testharness.js; the rest are helpers (an iframe's content, .js files).
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
            .filter { (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8))?.contains("/resources/testharness.js") == true }
        XCTAssertGreaterThan(files.count, 40, "the suite has its files")

        var results: [FileResult] = []
        for file in files {
            results.append(run(file, server: server))
        }
        let passed = results.reduce(0) { $0 + $1.passed }, total = results.reduce(0) { $0 + $1.total }
        for result in results {
            print("WPT dom/nodes/\(result.file): \(result.passed)/\(result.total)" + (result.harnessStatus == 0 ? "" : " (harness status \(result.harnessStatus))"))
            if ProcessInfo.processInfo.environment["TERN_WPT_VERBOSE"] != nil {
                for failure in result.failures { print("    \(failure)") }
            }
        }
        print("WPT dom/nodes: \(passed)/\(total) subtests passed (\(files.count) files)")
        let why = results.first { $0.total == 0 }?.failures.first.map { " (e.g. \($0))" } ?? ""
        XCTAssertGreaterThanOrEqual(passed, WPTDOMNodesTests.floor, "WPT dom/nodes fell below the floor: \(passed)/\(total)\(why)")
    }

    /// Loads one test page and waits for testharnessreport.js to write its results into the page.
    private func run(_ file: String, server: TestServer) -> FileResult {
        makeWebView { configuration in
            // The in-browser runner's way to configure the harness (testharnessreport.js reads
            // window.opener.testharness_properties): halve the timeouts (10 s → 5 s, long 60 s → 30 s).
            configuration.userContentController.addUserScript(UserScript(
                source: "window.opener = { testharness_properties: { timeout_multiplier: 0.5 } };",
                injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
        webView.load(server.request("/dom/nodes/" + file))
        _ = loop.run(until: { self.recorder.ended }, timeout: 60)
        guard evaluate("typeof document") == .string("object") else {
            return FileResult(file: file, passed: 0, total: 0, harnessStatus: -1,
                              failures: ["the page has no document: TernKit must call ScriptWindow.attach(document:)"])
        }
        var report: ScriptValue?
        let reportScript = "(function () { var e = document.getElementById('__testharness__results__'); return e ? e.textContent : null; })()"
        _ = loop.run(until: {
            report = self.evaluate(reportScript)
            if case .string? = report { return true }
            return false // null: the harness has not written its results yet
        }, timeout: 45)
        guard case .string(let json)? = report, let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let tests = object["tests"] as? [[String: Any]] else {
            return FileResult(file: file, passed: 0, total: 0, harnessStatus: -1, failures: ["no results"])
        }
        var passed = 0
        var failures: [String] = []
        for test in tests {
            if (test["status"] as? Int) == 0 { passed += 1 } else {
                failures.append("\(test["name"] ?? "?"): \(String(describing: test["message"] ?? "").prefix(200))")
            }
        }
        return FileResult(file: file, passed: passed, total: tests.count, harnessStatus: object["status"] as? Int ?? -1, failures: failures)
    }

    /// evaluateJavaScript's result, waiting on the loop for it.
    private func evaluate(_ source: String) -> ScriptValue? {
        var answer: ScriptValue??
        webView.evaluateScriptValue(source) { answer = .some(try? $0.get()) }
        _ = loop.run(until: { answer != nil }, timeout: 5)
        return answer ?? nil
    }
}
