import XCTest
import Foundation
import TernKit
import TernNet
import TernScript
import TernTestSupport

/// The window tree of real frames loaded by the web view, under two host
/// names of the test server (127.0.0.1 and localhost: two origins):
/// identity, named access, SecurityError across origins, postMessage both ways.
final class FrameScriptingTests: WebViewTestCase {
    private func page(_ html: String, host: String = "127.0.0.1") -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.")
        return server.url("/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""), host: host).href
    }

    func testSameAndCrossOriginFrames() throws {
        let same = page("<p id=p>same</p><script>var mine = 'same-frame';</script>")
        let cross = page("""
            <p>cross</p><script>
            onmessage = function (e) { e.source.postMessage('pong:' + e.data + ':' + e.origin + ':' + (e.source === parent), e.origin); };
            </script>
            """, host: "localhost")
        let top = page("""
            <iframe id=a name=first src="\(same)"></iframe><iframe id=b name=second src="\(cross)"></iframe>
            <script>var replies = []; onmessage = function (e) { replies.push(e.data + '|' + e.origin + '|' + (e.source === frames[1])); };</script>
            """)
        recorder.clear()
        webView.load(Request(url: try XCTUnwrap(WebURL(top))))
        wait { recorder.ended }
        XCTAssertEqual(value("frames.length"), .number(2))
        XCTAssertEqual(value("frames[0] === document.getElementById('a').contentWindow && window.first === frames[0] && frames[0].parent === window"),
                       .bool(true))
        XCTAssertEqual(value("frames[0].mine + ' ' + document.getElementById('a').contentDocument.getElementById('p').textContent"),
                       .string("same-frame same"))
        XCTAssertEqual(value("frames[0].frameElement === document.getElementById('a')"), .bool(true))
        XCTAssertEqual(value("try { frames[1].document; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(value("document.getElementById('b').contentDocument === null && window.second === frames[1]"), .bool(true))
        let crossOrigin = try XCTUnwrap(WebURL(cross)).origin
        _ = value("frames[1].postMessage('ping', '\(crossOrigin)'); frames[1].postMessage('wrong', 'http://example.invalid'); 1")
        wait { self.value("replies.length") == .number(1) }
        spin(0.2)
        let origin = try XCTUnwrap(WebURL(top)).origin
        XCTAssertEqual(value("replies.join()"), .string("pong:ping:\(origin):true|\(crossOrigin)|true"))
    }
}
