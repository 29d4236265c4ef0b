import XCTest
import TernKit
import TernNet

/// Helpers of the Fetch/CORS tests: the test server's `/cors` route logs
/// every request it gets under a key, `/cors-log` lists them.
extension SecurityTestCase {
    /// A key no other test uses.
    func uniqueKey(_ name: String = #function) -> String {
        name.filter { $0.isLetter || $0.isNumber } + "-" + String(UInt32.random(in: 0...UInt32.max))
    }

    /// `http://a.test:PORT`, the serialized origin of the pages that attack.
    var originA: String { "http://a.test:\(server.port)" }

    /// The value of a URL's query parameter, percent-encoded.
    func q(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// A same-origin URL of a.test that 302-redirects to `target`.
    func redirectOnA(to target: WebURL) -> String {
        "/redirect-to?url=" + q(target.href)
    }

    /// Sets an HttpOnly cookie `sid=secret` on b.test (as a visit of b.test would).
    func setCookieOnB() {
        loadAndWait(http("b.test", "/set-cookie?c=" + q("sid=secret; HttpOnly; Path=/")))
    }

    /// The requests `/cors` logged under `key`, as JSON text of
    /// `[{method, target, headers}]`, read by a same-origin fetch from the current page.
    func corsLog(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        let text = asyncValue("fetch('/cors-log?key=\(key)').then(function (r) { return r.text(); }).then(done, function (e) { done('ERR ' + e); });",
                              file: file, line: line)?.stringValue ?? "[]"
        let entries = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]]
        XCTAssertNotNil(entries, "the log did not parse: \(text)", file: file, line: line)
        return entries ?? []
    }

    /// A logged request's header `name` (the first), or nil.
    func header(_ name: String, of entry: [String: Any]) -> String? {
        (entry["headers"] as? [[String]])?.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}
