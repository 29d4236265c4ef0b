import XCTest
import TernKit
import TernNet

/// Issue #13 item 3, header values are ByteStrings (Fetch §2.2, WebIDL
/// ByteString): a script's U+0080-U+00FF go on the wire as one byte each
/// (isomorphic encoding), never as UTF-8; above U+00FF is a TypeError;
/// CR, LF and NUL never reach the wire. `/echo` decodes header bytes as Latin-1.
final class HeaderByteStringTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        loadAndWait(http("a.test", "/page/bytes"))
    }

    private func echoedHeader(_ send: String) -> ScriptValue? {
        asyncValue("""
            \(send).then(function (j) {
              var h = j.headers.filter(function (p) { return p[0].toLowerCase() === 'x-latin'; });
              done(h.length ? h[0][1] : 'missing');
            }, function (e) { done('failed ' + e); });
            """)
    }

    func testFetchSendsLatin1Bytes() {
        let result = echoedHeader("fetch('/echo', { headers: { 'X-Latin': 'caf\\u00e9 \\u00ff\\u0080' } }).then(function (r) { return r.json(); })")
        XCTAssertEqual(result, .string("caf\u{e9} \u{ff}\u{80}"), "each unit up to U+00FF is one byte on the wire")
    }

    func testXHRSendsLatin1Bytes() {
        let result = echoedHeader("""
            new Promise(function (resolve, reject) {
              var x = new XMLHttpRequest(); x.open('GET', '/echo'); x.setRequestHeader('X-Latin', '\\u00e9t\\u00e9');
              x.onload = function () { resolve(JSON.parse(x.responseText)); }; x.onerror = reject; x.send();
            })
            """)
        XCTAssertEqual(result, .string("\u{e9}t\u{e9}"))
    }

    func testAboveLatin1IsATypeErrorAndNoBreakReachesTheWire() {
        let result = value("""
            (function () {
              var out = [];
              try { new Headers({ 'X-A': '\\u0100' }); out.push('accepted'); } catch (e) { out.push(e instanceof TypeError); }
              try { new Headers({ 'X-A': 'a\\u000d\\u000aB: c' }); out.push('accepted'); } catch (e) { out.push(e instanceof TypeError); }
              return out.join(' ');
            })()
            """)
        XCTAssertEqual(result, .string("true true"))
    }

}
