import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue 27, item 5: the page's memory limit (`scriptMemoryLimit`) counts
/// the native memory its scripts make the DOM hold (libxml2's nodes, text
/// and attribute values), which the JavaScript heap does not see: a page
/// that keeps one string in its heap and copies it into the DOM again and
/// again is stopped like one whose heap grows.
final class DOMMemoryLimitTests: SecurityTestCase {
    private var console: [String] = []

    override func setUp() {
        super.setUp()
        makeSecureWebView { $0.scriptMemoryLimit = 32 << 20 }
        console = []
        webView.onConsoleMessage = { [unowned self] in console.append("\($0.level): \($0.text)") }
    }

    /// Copies a 1 MB string into the DOM as text (appendData), attribute
    /// values and clones, up to 160 MB (five times the limit), in one task.
    private let growing = """
        <title>DOM</title><p>dom</p>
        <script>
        var steps = 0;
        setTimeout(function () {
          var s = 'x'.repeat(1 << 20), holder = document.createElement('div');
          for (var i = 0; i < 40; i++) {
            var t = document.createTextNode(''); t.appendData(s); holder.appendChild(t);
            var e = document.createElement('span'); e.setAttribute('v', s); holder.appendChild(e);
            holder.appendChild(e.cloneNode(true));
            holder.appendChild(t.cloneNode(true));
            steps = i + 1;
          }
        }, 0);
        </script>
        """

    func testAPageGrowingTheDOMPastTheLimitIsStopped() throws {
        loadAndWait(http("a.test", "/mime?type=text/html&body=" + (growing.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        wait(timeout: 60) { recorder.webContentTerminations == 1 }
        XCTAssertTrue(console.contains { $0.hasPrefix("error:") && $0.contains("more than 32 MB of memory") }, "\(console)")
        // Stopped well before the loop's end; its scripts stay stopped.
        var error: Error?
        webView.evaluateJavaScript("steps") { _, e in error = e }
        wait { error != nil }
        XCTAssertEqual(error as? ScriptError, .memoryLimitExceeded(limit: 32 << 20))
    }
}
