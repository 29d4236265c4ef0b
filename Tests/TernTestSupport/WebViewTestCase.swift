import XCTest
import TernKit
import TernNet

/// A test case with a fresh event loop, a web view on it and a recorder as
/// its navigation delegate, against the shared test server.
open class WebViewTestCase: XCTestCase {
    public var loop: EventLoop!
    public var webView: WebView!
    public var recorder: NavigationRecorder!
    public var server: TestServer { TestServer.shared }
    public var misuseReports: [String] = []

    /// Whether this case's tests reach into the in-process page (`webView.page`):
    /// they are skipped when every page runs in a content process.
    open class var reachesIntoThePage: Bool { false }

    /// Whether `TERN_PROCESS_MODEL=content` asks for every page in a content process.
    public static var runsPagesInContentProcess: Bool {
        ProcessInfo.processInfo.environment["TERN_PROCESS_MODEL"] == "content"
    }

    open override func setUpWithError() throws {
        try super.setUpWithError()
        if WebViewTestCase.runsPagesInContentProcess, Self.reachesIntoThePage {
            throw XCTSkip("reaches into the page, which runs in a content process")
        }
    }

    open override func setUp() {
        super.setUp()
        misuseReports = []
        DecisionHandlerMisuse.report = { [weak self] in self?.misuseReports.append($0) }
        makeWebView()
    }

    open override func tearDown() {
        webView = nil
        recorder = nil
        loop = nil
        super.tearDown()
    }

    /// Replaces the web view with one made from `configure`d configuration.
    public func makeWebView(_ configure: (inout WebViewConfiguration) -> Void = { _ in }) {
        loop = EventLoop()
        var configuration = WebViewConfiguration()
        configuration.eventLoop = loop
        // Tests never touch the person's profile.
        configuration.websiteDataStore = .nonPersistent()
        configuration.websiteDataStore.eventLoop = loop
        // TERN_PROCESS_MODEL=content runs every page in a content process (`make test-content-process`).
        if WebViewTestCase.runsPagesInContentProcess {
            configuration.processModel = .contentProcess
            configuration.contentProcessExecutable = ProcessRun.tern
        }
        configure(&configuration)
        webView = WebView(configuration: configuration)
        recorder = NavigationRecorder()
        webView.navigationDelegate = recorder
    }

    /// Runs the loop until `condition` holds; fails the test after `timeout` seconds.
    @discardableResult
    public func wait(timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line,
                     until condition: () -> Bool) -> Bool {
        let held = loop.run(until: condition, timeout: timeout)
        XCTAssertTrue(held, "timed out after \(timeout) s; events: \(recorder.events)", file: file, line: line)
        return held
    }

    /// Runs the loop for `seconds`, whatever happens (to see that nothing more does).
    public func spin(_ seconds: Double) {
        _ = loop.run(until: { false }, timeout: seconds)
    }

    /// Loads `path` from the test server and waits until the navigation ends.
    public func loadAndWait(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.load(server.request(path))
        wait(file: file, line: line) { recorder.ended }
    }

    /// Evaluates `expression` in the page and waits for its result (nil for
    /// undefined); an exception fails the test.
    public func value(_ expression: String, file: StaticString = #filePath, line: UInt = #line) -> ScriptValue? {
        var result: ScriptValue?
        var done = false
        webView.evaluateScriptValue(expression) { outcome in
            switch outcome {
            case .success(let value): result = value
            case .failure(let error): XCTFail("\(error)", file: file, line: line)
            }
            done = true
        }
        wait(file: file, line: line) { done }
        return result
    }

    /// The page's body parsed as JSON (for the server's /echo).
    public func echo(file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: Data(webView.sourceBytes))
        guard let echo = object as? [String: Any] else {
            XCTFail("the page is not the server's echo: \(String(decoding: webView.sourceBytes.prefix(200), as: UTF8.self))",
                    file: file, line: line)
            return [:]
        }
        return echo
    }
}
