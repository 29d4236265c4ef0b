import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Runs a folder of web-platform-tests (under `wpt/` in the test suites folder,
/// see ../shared/testsuites/README.md) headless through a WebView with the
/// suite's own testharness.js, served over HTTP by the test server with `wpt/`
/// as its static root. Counts subtests (not files), prints each file's and the
/// total, and fails if the total passed drops below the floor, or if the suite
/// is missing. A subclass has one test per folder, each calling `runSuite`.
class WPTTestCase: WebViewTestCase {
    /// The test suites folder: $TERN_TESTSUITES, else ../shared/testsuites beside the repository.
    static var suitesRoot: String {
        if let path = ProcessInfo.processInfo.environment["TERN_TESTSUITES"] { return path }
        return URL(fileURLWithPath: TestServer.repositoryRoot).deletingLastPathComponent().appendingPathComponent("shared/testsuites").path
    }

    /// Whether test pages may open popups (a UI delegate makes their web
    /// views, kept until they close): the window and messaging suites set it.
    var opensPopups = false
    private var popups: PopupOpener?

    /// Opens the windows a test page asks for, at most 20 at once.
    private final class PopupOpener: UIDelegate {
        var views: [WebView] = []
        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            guard views.count < 20 else { return nil }
            let view = WebView(configuration: configuration)
            view.uiDelegate = self
            views.append(view)
            return view
        }
        func webViewDidClose(_ webView: WebView) { views.removeAll { $0 === webView } }
    }

    struct FileResult {
        let file: String
        let passed: Int
        let total: Int
        let harnessStatus: Int
        let failures: [String]
    }

    /// Runs every test page of `folder` (a WPT path such as "css/cssom", its
    /// subfolders included) and asserts that at least `floor` subtests pass.
    /// A test is a page that loads testharness.js; the rest are helpers (an
    /// iframe's content, support files). `.any.js`/`.window.js` tests are not
    /// run: none of the folders run here has them. Prints one line per file
    /// and the total; with $TERN_WPT_VERBOSE, each failing subtest too.
    /// `optional`: a folder the shared snapshot does not have is skipped
    /// (run with $TERN_TESTSUITES naming a suites folder whose `wpt/` has it).
    func runSuite(_ folder: String, floor: Int, minimumFiles: Int, optional: Bool = false,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        let root = WPTTestCase.suitesRoot + "/wpt"
        let directory = root + "/" + folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.fileExists(atPath: root + "/resources/testharness.js") else {
            if optional { throw XCTSkip("WPT \(folder) is not in \(root): set TERN_TESTSUITES to a suites folder that has it") }
            return XCTFail("the web-platform-tests suite is missing: \(directory) (set TERN_TESTSUITES)", file: file, line: line)
        }
        let server = try TestServer(staticRoot: root)
        let files = (FileManager.default.subpaths(atPath: directory) ?? [])
            .filter { $0.hasSuffix(".html") || $0.hasSuffix(".htm") }.sorted()
            .filter { (try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8))?.contains("/resources/testharness.js") == true }
        XCTAssertGreaterThanOrEqual(files.count, minimumFiles, "the suite has its files", file: file, line: line)

        let started = Date()
        let verbose = ProcessInfo.processInfo.environment["TERN_WPT_VERBOSE"] != nil
        // Each file's line as it ends: a long run shows where it is.
        let results = files.map { name in
            let result = run("/" + folder + "/" + name, server: server)
            print("WPT \(result.file.dropFirst()): \(result.passed)/\(result.total)" + (result.harnessStatus == 0 ? "" : " (harness status \(result.harnessStatus))"))
            if verbose {
                for failure in result.failures { print("    \(failure)") }
            }
            fflush(stdout)
            return result
        }
        let passed = results.reduce(0) { $0 + $1.passed }, total = results.reduce(0) { $0 + $1.total }
        print("WPT \(folder): \(passed)/\(total) subtests passed (\(files.count) files, \(Int(Date().timeIntervalSince(started).rounded())) s)")
        let why = results.first { $0.total == 0 }?.failures.first.map { " (e.g. \($0))" } ?? ""
        XCTAssertGreaterThanOrEqual(passed, floor, "WPT \(folder) fell below the floor: \(passed)/\(total)\(why)", file: file, line: line)
    }

    /// Loads one test page and waits for testharnessreport.js to write its results into the page.
    private func run(_ path: String, server: TestServer) -> FileResult {
        makeWebView { configuration in
            // The in-browser runner's way to configure the harness (testharnessreport.js reads
            // window.opener.testharness_properties): halve the timeouts (10 s → 5 s, long 60 s → 30 s).
            // A popup keeps its real opener.
            configuration.userContentController.addUserScript(UserScript(
                source: "if (!window.opener) window.opener = { testharness_properties: { timeout_multiplier: 0.5 } };",
                injectionTime: .atDocumentStart, forMainFrameOnly: true))
            if self.opensPopups { configuration.preferences.javaScriptCanOpenWindowsAutomatically = true }
        }
        if opensPopups {
            popups = PopupOpener()
            webView.uiDelegate = popups
        }
        webView.load(server.request(path))
        _ = loop.run(until: { self.recorder.ended }, timeout: 60)
        guard evaluate("typeof document") == .string("object") else {
            return FileResult(file: path, passed: 0, total: 0, harnessStatus: -1,
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
            return FileResult(file: path, passed: 0, total: 0, harnessStatus: -1, failures: ["no results"])
        }
        var passed = 0
        let status = object["status"] as? Int ?? -1
        var failures = status == 0 ? [] : ["harness: \(String(describing: object["message"] ?? "").prefix(200))"]
        for test in tests {
            if (test["status"] as? Int) == 0 { passed += 1 } else {
                failures.append("\(test["name"] ?? "?"): \(String(describing: test["message"] ?? "").prefix(200))")
            }
        }
        return FileResult(file: path, passed: passed, total: tests.count, harnessStatus: status, failures: failures)
    }

    /// evaluateJavaScript's result, waiting on the loop for it.
    private func evaluate(_ source: String) -> ScriptValue? {
        var answer: ScriptValue??
        webView.evaluateScriptValue(source) { answer = .some(try? $0.get()) }
        _ = loop.run(until: { answer != nil }, timeout: 5)
        return answer ?? nil
    }
}
