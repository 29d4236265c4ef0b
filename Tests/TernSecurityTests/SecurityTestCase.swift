import XCTest
import TernKit
import TernNet
import TernTestSupport

/// A web view test whose loader knows two hostile-page origins besides the
/// test server's own 127.0.0.1: `a.test` and `b.test` (and `c.test`), all on
/// the shared test server, pinned like curl's `--resolve`. Cookies are kept
/// per host, not per port, so different host names are different sites.
/// `https` gives a TLS server on the same routes, trusted through the test CA.
open class SecurityTestCase: WebViewTestCase {
    /// A TLS test server (the test CA's certificate covers a.test, b.test, c.test).
    public static let tlsServer: TestServer = {
        let certificates = TestCertificates.shared
        do {
            return try TestServer(certificate: certificates.serverCertificate, key: certificates.serverKey)
        } catch {
            fatalError("cannot start the TLS test server: \(error)")
        }
    }()

    open override func setUp() {
        // WebViewTestCase.setUp makes a plain web view; make it again with the origins.
        super.setUp()
        makeSecureWebView()
    }

    /// Replaces the web view with one that resolves the test host names and
    /// trusts the test CA; `configure` may change the rest.
    public func makeSecureWebView(_ configure: (inout WebViewConfiguration) -> Void = { _ in }) {
        makeWebView { configuration in
            configuration.network.resolve = SecurityTestCase.resolveEntries
            configuration.network.caBundlePath = TestCertificates.shared.caBundle
            configure(&configuration)
        }
    }

    /// `HOST:PORT:127.0.0.1` for each test host on the plain and the TLS server.
    public static var resolveEntries: [String] {
        ["a.test", "b.test", "c.test"].flatMap { host in
            [TestServer.shared.port, tlsServer.port].map { "\(host):\($0):127.0.0.1" }
        }
    }

    /// `http://HOST:PORT/path` on the plain test server.
    public func http(_ host: String, _ path: String) -> WebURL {
        WebURL("http://\(host):\(server.port)\(path)")!
    }

    /// `https://HOST:PORT/path` on the TLS test server.
    public func https(_ host: String, _ path: String) -> WebURL {
        WebURL("https://\(host):\(SecurityTestCase.tlsServer.port)\(path)")!
    }

    /// Loads `url` and waits until the navigation ends.
    public func loadAndWait(_ url: WebURL, file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.load(Request(url: url))
        wait(file: file, line: line) { recorder.ended }
    }

    /// Runs `script` (which must end by calling `done(value)`) in the page
    /// and waits for the value it passes; nil when it never calls it.
    public func asyncValue(_ script: String, timeout: Double = 10,
                           file: StaticString = #filePath, line: UInt = #line) -> ScriptValue? {
        _ = value("window.__result = undefined; window.__settled = false; (function (done) { \(script) })"
                  + "(function (v) { window.__result = v; window.__settled = true; }); 0", file: file, line: line)
        let deadline = Date().addingTimeInterval(timeout)
        var settled = false
        while !settled && Date() < deadline {
            if case .bool(true)? = peek("window.__settled") { settled = true } else { spin(0.02) }
        }
        XCTAssertTrue(settled, "the script never called done()", file: file, line: line)
        return peek("window.__result")
    }

    /// Evaluates `expression` without failing on an exception (nil then).
    private func peek(_ expression: String) -> ScriptValue? {
        var result: ScriptValue?
        var done = false
        webView.evaluateScriptValue(expression) { result = try? $0.get(); done = true }
        _ = loop.run(until: { done }, timeout: 5)
        return result
    }
}
