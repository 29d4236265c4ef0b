import XCTest
import TernKit
import TernTestSupport

/// XMLHttpRequest and fetch against the real test server.
final class ScriptNetworkTests: WebViewTestCase {
    private func loadPage(_ script: String) {
        recorder.clear()
        webView.loadHTMLString("<script>\(script)</script>", baseURL: server.url("/app/page.html"))
        wait { recorder.ended }
    }

    private func waitFor(_ expression: String, file: StaticString = #filePath, line: UInt = #line) {
        wait(file: file, line: line) { self.value("!!(\(expression))") == .bool(true) }
    }

    func testAnXHRPostOfOneMegabyteArrivesByteIdentical() {
        loadPage("""
            var bytes = new Uint8Array(1048576);
            for (var i = 0; i < bytes.length; i++) bytes[i] = i % 251;
            var xhr = new XMLHttpRequest(), states = [];
            xhr.onreadystatechange = function () { states.push(xhr.readyState); };
            xhr.open('POST', '/echo');
            xhr.setRequestHeader('Content-Type', 'application/octet-stream');
            xhr.onload = function () { window.echo = JSON.parse(xhr.responseText); };
            xhr.send(bytes);
            """)
        waitFor("window.echo")
        XCTAssertEqual(value("echo.method"), .string("POST"))
        XCTAssertEqual(value("echo.body_length"), .number(1_048_576))
        // Computed independently (Python's hashlib) for bytes i % 251.
        XCTAssertEqual(value("echo.body_sha256"), .string("631b84027d6b9e52b539c4e8373622d23032dfadc64d60af87339c9037e4f769"))
        XCTAssertEqual(value("states"), .array([1, 2, 3, 4].map { .number($0) }))
    }

    func testATextBodyKeepsEveryCharacter() {
        loadPage("""
            var text = ''; for (var i = 0; i < 20000; i++) text += 'é中😀 ' + i;
            var xhr = new XMLHttpRequest();
            xhr.open('PUT', '/echo');
            xhr.onload = function () { var e = JSON.parse(xhr.responseText); window.same = e.body === text; window.type = xhr.getResponseHeader('content-type'); };
            xhr.send(text);
            """)
        waitFor("window.same !== undefined")
        XCTAssertEqual(value("same"), .bool(true))
        XCTAssertEqual(value("type"), .string("application/json; charset=utf-8"))
    }

    func testFetchResolvesWithStatusHeadersAndBody() {
        loadPage("""
            fetch('/echo?x=1', { method: 'POST', headers: { 'X-From': 'fetch' }, body: 'a=b' })
              .then(function (r) { window.status = r.status; window.ok = r.ok; return r.json(); })
              .then(function (e) { window.echo = e; });
            fetch('/status/404').then(function (r) { window.missing = r.status + ' ' + r.ok; });
            """)
        waitFor("window.echo && window.missing")
        XCTAssertEqual(value("[status, ok, echo.method, echo.query, echo.body]"),
                       .array([.number(200), .bool(true), .string("POST"), .string("x=1"), .string("a=b")]))
        XCTAssertEqual(value("echo.headers.some(function (h) { return h[0] === 'X-From' && h[1] === 'fetch'; })"), .bool(true))
        XCTAssertEqual(value("missing"), .string("404 false"))
    }

    func testNetworkFailuresRejectAndCrossOriginNeedsPermission() throws {
        let closed = try HTTP2Server.freePort()
        loadPage("""
            fetch('http://127.0.0.1:\(closed)/').catch(function (e) { window.refused = e.message; });
            fetch('http://localhost:\(server.port)/plain').catch(function (e) { window.blocked = e.message; });
            fetch('http://localhost:\(server.port)/headers?Access-Control-Allow-Origin=*').then(function (r) { window.allowed = r.status; });
            fetch('file:///etc/passwd').catch(function (e) { window.file = e.message; });
            """)
        waitFor("window.refused && window.blocked && window.allowed && window.file")
        XCTAssertTrue(value("refused")?.stringValue?.contains("Cannot connect") ?? false, "\(String(describing: value("refused")))")
        XCTAssertTrue(value("blocked")?.stringValue?.contains("Cross-origin request blocked") ?? false)
        XCTAssertEqual(value("allowed"), .number(200))
        XCTAssertTrue(value("file")?.stringValue?.contains("cannot be fetched") ?? false)
    }

    func testASynchronousXHRWaitsInANestedLoop() {
        loadPage("""
            var xhr = new XMLHttpRequest();
            xhr.open('GET', '/page/sync', false);
            xhr.send();
            window.syncText = xhr.status + ' ' + (xhr.responseText.indexOf('<title>sync</title>') >= 0);
            """)
        XCTAssertEqual(value("syncText"), .string("200 true"))
    }

    func testAbortStopsTheRequest() {
        loadPage("""
            var xhr = new XMLHttpRequest(), events = [];
            xhr.onload = function () { events.push('load'); };
            xhr.onabort = function () { events.push('abort'); };
            xhr.open('GET', '/slow?ms=1000&chunks=5');
            xhr.send();
            setTimeout(function () { xhr.abort(); }, 50);
            """)
        spin(1.5)
        XCTAssertEqual(value("events"), .array([.string("abort")]))
    }
}
