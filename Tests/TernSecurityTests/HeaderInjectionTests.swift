import XCTest
@testable import TernKit
import TernNet
@testable import TernScript

/// Issue #13 item 3 (first half): a page cannot put CR, LF or NUL into a
/// request's header names, values or method, cannot set the forbidden
/// request headers, and cannot send CONNECT, TRACE or TRACK — through
/// XMLHttpRequest, fetch, Headers, or the native binding called directly.
final class HeaderInjectionTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        loadAndWait(http("a.test", "/page/attacker"))
    }

    /// Runs `body` as one of the engine's own scripts, where the natives are
    /// reachable (a page cannot reach them: InternalBindingsTests), and
    /// returns what it returns: the native binding with no prelude in between.
    private func internalValue(_ body: String) -> ScriptValue? {
        guard let window = try? webView.page.pageScriptWindow(),
              case .success(let value) = window.context.runPrelude(body, sourceURL: "test") else { return nil }
        return value
    }

    /// Runs `script` (which calls `done`) and returns its string.
    private func run(_ script: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        asyncValue(script, file: file, line: line)?.stringValue ?? "(no value)"
    }

    func testSetRequestHeaderThrowsSyntaxErrorOnCRLFOrNULAndNothingReachesTheWire() {
        let key = uniqueKey()
        let result = run("""
            var bad = [['X-A', 'v\\r\\nX-Injected: 1'], ['X-A', 'v\\nX-Injected: 1'], ['X-A', 'v\\u0000x'],
                       ['X-A\\r\\nX-Injected', '1'], ['X A', '1'], ['', '1'], ['X-A:', '1'], ['X-\\u00e9', '1']];
            var names = bad.map(function (pair) {
              var x = new XMLHttpRequest(); x.open('GET', '/cors?key=\(key)');
              try { x.setRequestHeader(pair[0], pair[1]); x.send(); return 'sent'; } catch (e) { return e.name; }
            });
            var x = new XMLHttpRequest(); x.open('GET', '/cors?key=\(key)');
            x.setRequestHeader('X-Padded', ' \\t kept \\t ');
            x.onload = x.onerror = function () { done(names.join(',')); };
            x.send();
            """)
        XCTAssertEqual(result, Array(repeating: "SyntaxError", count: 8).joined(separator: ","))
        let log = corsLog(key)
        XCTAssertEqual(log.count, 1, "only the valid request was sent")
        XCTAssertEqual(log.first.flatMap { header("X-Padded", of: $0) }, "kept", "values are trimmed of HTTP whitespace")
        XCTAssertNil(log.first.flatMap { header("X-Injected", of: $0) })
    }

    func testAnInvalidMethodNeverReachesTheRequestLine() {
        assertMethodsRefused(["'GET /x HTTP/1.1\\r\\nX-Injected: 1\\r\\n\\r\\nGET'", "'GET\\u0000'", "'G T'", "''", "'GET\\n'"],
                             xhrError: "SyntaxError")
    }

    func testConnectTraceAndTrackThrowSecurityError() {
        assertMethodsRefused(["'CONNECT'", "'TRACE'", "'TRACK'", "'trace'", "'Connect'"], xhrError: "SecurityError")
    }

    /// Each method (a JavaScript literal) makes XHR's open() throw `xhrError`
    /// and fetch() reject with a TypeError, and nothing reaches the server.
    private func assertMethodsRefused(_ methods: [String], xhrError: String, file: StaticString = #filePath, line: UInt = #line) {
        let key = uniqueKey()
        let result = run("""
            var methods = [\(methods.joined(separator: ", "))];
            var names = methods.map(function (m) {
              var x = new XMLHttpRequest();
              try { x.open(m, '/cors?key=\(key)'); x.send(); return 'sent'; } catch (e) { return e.name; }
            });
            Promise.all(methods.map(function (m) {
              return fetch('/cors?key=\(key)', { method: m }).then(function () { return 'sent'; }, function (e) { return e.name; });
            })).then(function (f) { done(names.join(',') + '|' + f.join(',')); });
            """)
        XCTAssertEqual(result, Array(repeating: xhrError, count: methods.count).joined(separator: ",") + "|"
                       + Array(repeating: "TypeError", count: methods.count).joined(separator: ","), file: file, line: line)
        XCTAssertEqual(corsLog(key).count, 0, file: file, line: line)
    }

    func testMethodsAreNormalized() {
        let result = run("""
            var x = new XMLHttpRequest(); x.open('get', '/echo');
            x.onload = function () {
              var a = JSON.parse(x.responseText).method;
              fetch('/echo', { method: 'pOsT', body: '' }).then(function (r) { return r.json(); })
                .then(function (e) { done(a + ',' + e.method); });
            };
            x.send();
            """)
        XCTAssertEqual(result, "GET,POST")
    }

    func testForbiddenHeadersAreSilentlyDropped() throws {
        let key = uniqueKey()
        let forbidden = ["Cookie": "stolen=1", "Host": "evil.example", "Origin": "http://evil.example",
                         "Referer": "http://evil.example/", "Content-Length": "0", "Transfer-Encoding": "chunked",
                         "Connection": "close", "Proxy-Authorization": "Basic eDp5", "Sec-Fetch-Site": "same-origin",
                         "Keep-Alive": "1", "Via": "evil", "Access-Control-Request-Method": "PUT",
                         "X-HTTP-Method-Override": "TRACE"]
        let pairs = forbidden.map { "['\($0.key)', '\($0.value)']" }.joined(separator: ", ")
        let result = run("""
            var pairs = [\(pairs), ['X-Allowed', 'yes']];
            var x = new XMLHttpRequest(); x.open('POST', '/cors?key=\(key)');
            pairs.forEach(function (p) { x.setRequestHeader(p[0], p[1]); });
            x.onload = function () {
              var h = new Headers(); h.append('X-Also', 'ok');
              fetch('/cors?key=\(key)', { method: 'POST', body: 'b', headers: pairs.concat([['X-Also', 'ok']]) })
                .then(function () { done('fetched'); }, function (e) { done('rejected ' + e); });
            };
            x.send('a');
            """)
        XCTAssertEqual(result, "fetched")
        // The native binding, called with no prelude in between.
        let status = internalValue("""
            var r = __ternHTTP(9999, 'POST', '/cors?key=\(key)', [\(pairs), ['X-Allowed', 'yes']], 'c', true);
            return String(r && r.status);
            """)
        XCTAssertEqual(status, .string("200"))
        let log = corsLog(key)
        XCTAssertEqual(log.count, 3)
        for entry in log {
            XCTAssertEqual(header("X-Allowed", of: entry), "yes")
            XCTAssertNil(header("Cookie", of: entry))
            XCTAssertEqual(header("Host", of: entry), "a.test:\(server.port)")
            XCTAssertEqual(header("Origin", of: entry), originA, "the browser's own Origin, not the page's")
            XCTAssertNotEqual(header("Referer", of: entry), "http://evil.example/")
            for name in ["Proxy-Authorization", "Sec-Fetch-Site", "Transfer-Encoding", "Keep-Alive", "Via",
                         "Access-Control-Request-Method", "X-HTTP-Method-Override"] {
                XCTAssertNil(header(name, of: entry), "\(name) reached the server")
            }
            XCTAssertNotEqual(header("Connection", of: entry), "close")
        }
    }

    func testTheNativeBindingRefusesInjectionWithoutThePrelude() {
        let key = uniqueKey()
        let result = internalValue("""
            var a = __ternHTTP(1001, 'GET', '/cors?key=\(key)', [['X-A', 'v\\r\\nX-Injected: 1']], null, true);
            var b = __ternHTTP(1002, 'GET\\r\\nX-Injected: 1', '/cors?key=\(key)', [], null, true);
            var c = __ternHTTP(1003, 'TRACE', '/cors?key=\(key)', [], null, true);
            var d = __ternHTTP(1004, 'GET', '/cors?key=\(key)', [['X-A\\n', 'v']], null, true);
            return [a, b, c, d].map(function (r) { return r && r.error ? 'error' : 'sent'; }).join(',');
            """)
        XCTAssertEqual(result, .string("error,error,error,error"))
        XCTAssertEqual(corsLog(key).count, 0)
    }

    func testHeadersValidatesWithTypeErrorAndIgnoresForbiddenNames() {
        let result = run("""
            var out = [];
            [['X-A', 'a\\r\\nb'], ['X A', 'v'], ['X-A', 'a\\u0000']].forEach(function (p) {
              try { new Headers([p]); out.push('ok'); } catch (e) { out.push(e.name); }
            });
            var h = new Headers({ 'X-Ok': ' padded ' });
            out.push(h.get('x-ok'));
            done(out.join(','));
            """)
        XCTAssertEqual(result, "TypeError,TypeError,TypeError,padded")
    }
}
