import XCTest
import TernKit
import TernTestSupport

/// What a web page cannot reach by itself: javascript: URLs run only on the
/// person's activation, and file: stays out of reach of http(s) pages
/// (navigation, redirects, scripts, XHR).
final class PageSchemeBoundaryTests: WebViewTestCase {
    private let base = { WebURL("http://127.0.0.1:\(TestServer.shared.port)/page/base")! }()

    private func open(_ html: String) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: base)
        wait { recorder.ended }
    }

    func testAJavaScriptURLRunsOnThePersonsClickOnly() throws {
        open("""
            <title>Start</title><a id="a" href="javascript:document.title='ran'">run</a>
            <script>
              document.getElementById('a').click();
              location.href = "javascript:document.title='assigned'";
            </script>
            """)
        spin(0.2)
        XCTAssertEqual(webView.title, "Start", "neither a script's click nor a location assignment runs it")
        webView.activate(try element("#a"))
        spin(0.1)
        XCTAssertEqual(webView.title, "ran")
    }

    func testAnHTTPPageCannotReadFilesWithXHRFetchOrScripts() {
        open("""
            <title>Web</title>
            <script>
              window.results = [];
              var x = new XMLHttpRequest();
              x.open('GET', 'file:///etc/hostname');
              x.onload = function () { results.push('xhr read'); };
              x.onerror = function () { results.push('xhr refused'); };
              x.send();
              fetch('file:///etc/hostname').then(function () { results.push('fetch read'); },
                                                 function () { results.push('fetch refused'); });
              var s = document.createElement('script');
              s.src = 'file:///etc/hostname';
              s.onerror = function () { results.push('script refused'); };
              s.onload = function () { results.push('script loaded'); };
              document.head.appendChild(s);
            </script>
            """)
        wait { self.value("results.length") == .number(3) }
        XCTAssertEqual(value("results.slice().sort()"),
                       .array([.string("fetch refused"), .string("script refused"), .string("xhr refused")]))
    }

    func testAnHTTPPageCannotLinkToAFile() throws {
        open(#"<title>Web</title><a id="f" href="file:///etc/hostname">local</a>"#)
        recorder.clear()
        webView.activate(try element("#f"))
        spin(0.2)
        XCTAssertTrue(recorder.events.isEmpty, "no navigation starts: \(recorder.events)")
        XCTAssertEqual(webView.url, base)
    }
}
