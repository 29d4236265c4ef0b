import XCTest
import Foundation

/// The web-platform-tests `dom/events` and `dom/abort` folders: their `.html`
/// pages, and their `.any.js`/`.window.js` tests in the pages WPT's server
/// would wrap them in (`anyJSPages`).
final class WPTDOMEventsTests: WPTTestCase {
    /// Subtests that must pass. Measured 246/342 in 70 files (2026-12); the
    /// misses are CSS animations and transitions, scrolling and touch input,
    /// shadow trees, custom elements, adoption and processing instructions.
    static let floor = 240
    /// Measured 44/53 in the 15 `.any.js`/`.window.js` files of both folders
    /// (2026-12); the misses need iframes, shadow trees, or are
    /// AddEventListenerOptions-passive's listener on one target and event on another.
    static let anyJSFloor = 42

    func testDOMEventsSubtestsPass() throws {
        try runSuite("dom/events", floor: WPTDOMEventsTests.floor, minimumFiles: 40)
    }

    func testDOMEventsAndAbortScriptTestsPass() throws {
        let old = ProcessInfo.processInfo.environment["TERN_TESTSUITES"]
        let mirror = try anyJSPages(suitesRoot: WPTTestCase.suitesRoot, folders: ["dom/events", "dom/abort"])
        defer { try? FileManager.default.removeItem(atPath: mirror) }
        // runSuite reads the suites folder from the environment.
        setenv("TERN_TESTSUITES", mirror, 1)
        defer { if let old { setenv("TERN_TESTSUITES", old, 1) } else { unsetenv("TERN_TESTSUITES") } }
        try runSuite("dom", floor: WPTDOMEventsTests.anyJSFloor, minimumFiles: 10)
    }

    /// A temporary suites folder whose `wpt` holds copies of the real one's
    /// `resources` and `common` (the test server serves nothing a link leads
    /// out of) and of each of `folders`' non-page files and,
    /// for each `X.any.js` (global window, the default) and `X.window.js`,
    /// the page `X.any.html`/`X.html` that WPT's server makes: the harness,
    /// the `// META: script=` files, then the test script.
    private func anyJSPages(suitesRoot: String, folders: [String]) throws -> String {
        let files = FileManager.default
        let mirror = NSTemporaryDirectory() + "tern-wpt-anyjs-\(ProcessInfo.processInfo.processIdentifier)"
        try? files.removeItem(atPath: mirror)
        let realWPT = suitesRoot + "/wpt", wpt = mirror + "/wpt"
        try files.createDirectory(atPath: wpt + "/dom", withIntermediateDirectories: true)
        for entry in ["resources", "common"] {
            try files.copyItem(atPath: realWPT + "/" + entry, toPath: wpt + "/" + entry)
        }
        for folder in folders {
            let source = realWPT + "/" + folder, target = wpt + "/" + folder
            try files.createDirectory(atPath: target, withIntermediateDirectories: true)
            for entry in try files.contentsOfDirectory(atPath: source) where !entry.hasSuffix(".html") && !entry.hasSuffix(".htm") {
                // Subfolders hold pages of their own (scrolling/), except resources/.
                var isDirectory: ObjCBool = false
                if files.fileExists(atPath: source + "/" + entry, isDirectory: &isDirectory), isDirectory.boolValue, entry != "resources" { continue }
                try files.copyItem(atPath: source + "/" + entry, toPath: target + "/" + entry)
                let isAny = entry.hasSuffix(".any.js"), isWindow = entry.hasSuffix(".window.js")
                guard isAny || isWindow, let text = try? String(contentsOfFile: source + "/" + entry, encoding: .utf8) else { continue }
                var scripts: [String] = [], title = entry, windowGlobal = true
                for line in text.split(separator: "\n") where line.hasPrefix("// META:") {
                    let meta = line.dropFirst("// META:".count).trimmingCharacters(in: .whitespaces)
                    if meta.hasPrefix("script=") { scripts.append(String(meta.dropFirst("script=".count))) }
                    if meta.hasPrefix("title=") { title = String(meta.dropFirst("title=".count)) }
                    if meta.hasPrefix("global=") {
                        let globals = meta.dropFirst("global=".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        windowGlobal = globals.contains("window") || globals.contains("default")
                    }
                }
                guard windowGlobal || isWindow else { continue }
                let base = String(entry.dropLast(isAny ? ".any.js".count : ".window.js".count))
                var page = "<!doctype html>\n<meta charset=utf-8>\n<title>\(title)</title>\n"
                if isAny {
                    page += "<script>self.GLOBAL = { isWindow: function () { return true; }, isWorker: function () { return false; }, isShadowRealm: function () { return false; } };</script>\n"
                }
                page += "<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n"
                for script in scripts { page += "<script src=\"\(script)\"></script>\n" }
                page += "<div id=log></div>\n<script src=\"\(entry)\"></script>\n"
                try page.write(toFile: target + "/" + base + (isAny ? ".any.html" : ".html"), atomically: true, encoding: .utf8)
            }
        }
        return mirror
    }
}
