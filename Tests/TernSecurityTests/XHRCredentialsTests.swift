import XCTest
import TernKit
import TernNet

/// Issue #13, XMLHttpRequest's credentials and timeout (XHR §3.5.1 open(),
/// §3.5.3 timeout, §3.5.4 withCredentials): open()'s user and password set
/// the URL's, which Fetch sends (as Basic, after a 401) only when
/// credentials are included and the request is not CORS; withCredentials
/// may not change once sent; a synchronous request from a document takes
/// no timeout; an async one past its timeout ends with a timeout event.
final class XHRCredentialsTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        loadAndWait(http("a.test", "/page/xhr"))
    }

    private func status(_ openArguments: String) -> ScriptValue? {
        asyncValue("""
            var x = new XMLHttpRequest(); x.open(\(openArguments));
            x.onload = function () { done(x.status + ' ' + x.responseText.indexOf('Authorized') + ' ' + x.responseURL); };
            x.onerror = function () { done('error'); };
            x.send();
            """)
    }

    func testOpenUserAndPasswordAuthenticateASameOriginRequest() throws {
        let path = "/basic-auth?user=alice&pass=s3cret"
        let result = try XCTUnwrap(status("'GET', '\(path)', true, 'alice', 's3cret'")?.stringValue)
        XCTAssertTrue(result.hasPrefix("200 "), "open()'s user and password were not used: \(result)")
        XCTAssertNotEqual(result.split(separator: " ")[1], "-1")
    }

    func testNullOrOmittedUserAndPasswordSetNothing() throws {
        let path = "/basic-auth?user=alice&pass=s3cret"
        XCTAssertTrue(try XCTUnwrap(status("'GET', '\(path)', true, null, null")?.stringValue).hasPrefix("401 "))
        XCTAssertTrue(try XCTUnwrap(status("'GET', '\(path)', true")?.stringValue).hasPrefix("401 "))
        XCTAssertTrue(try XCTUnwrap(status("'GET', '\(path)', true, 'alice', 'wrong'")?.stringValue).hasPrefix("401 "))
    }

    func testWithCredentialsCannotChangeAfterSend() {
        let result = asyncValue("""
            var out = [];
            var x = new XMLHttpRequest(); x.open('GET', '/page/plain'); x.withCredentials = true; x.send();
            try { x.withCredentials = false; out.push('set while sending'); } catch (e) { out.push(e.name); }
            var s = new XMLHttpRequest(); s.open('GET', '/page/plain', false); s.send();
            try { s.withCredentials = true; out.push('set when done'); } catch (e) { out.push(e.name); }
            var u = new XMLHttpRequest(); u.withCredentials = true; out.push(u.withCredentials);
            done(out.join(' '));
            """)
        XCTAssertEqual(result, .string("InvalidStateError InvalidStateError true"))
    }

    func testASynchronousRequestTakesNoTimeout() {
        let result = value("""
            (function () {
              var out = [];
              var a = new XMLHttpRequest(); a.timeout = 1000;
              try { a.open('GET', '/page/plain', false); out.push('opened'); } catch (e) { out.push(e.name); }
              var b = new XMLHttpRequest(); b.open('GET', '/page/plain', false);
              try { b.timeout = 1000; out.push('set'); } catch (e) { out.push(e.name); }
              return out.join(' ');
            })()
            """)
        XCTAssertEqual(result, .string("InvalidAccessError InvalidAccessError"))
    }

    func testTimeoutIsAnUnsignedLong() {
        let result = value("""
            var x = new XMLHttpRequest(), out = [];
            [NaN, -1, Infinity, 2.9, '7', 4294967297].forEach(function (v) { x.timeout = v; out.push(x.timeout); });
            out.join(' ')
            """)
        XCTAssertEqual(result, .string("0 4294967295 0 2 7 1"))
    }

    func testAnAsyncRequestPastItsTimeoutEndsWithATimeoutEvent() {
        let result = asyncValue("""
            var x = new XMLHttpRequest(), events = [];
            x.open('GET', '/hang'); x.timeout = 200;
            x.onreadystatechange = function () { events.push('rs' + x.readyState); };
            x.onload = function () { events.push('load'); };
            x.onerror = function () { events.push('error'); };
            x.ontimeout = function () { events.push('timeout'); };
            x.onloadend = function () { events.push('loadend'); done(events.join(' ') + ' ' + x.status + ' ' + JSON.stringify(x.responseText)); };
            x.send();
            """, timeout: 20)
        XCTAssertEqual(result, .string("rs4 timeout loadend 0 \"\""))
    }

    func testOpenRefusesAnInvalidURL() {
        let result = value("""
            (function () { try { new XMLHttpRequest().open('GET', 'http://[bad'); return 'opened'; } catch (e) { return e.name; } })()
            """)
        XCTAssertEqual(result, .string("SyntaxError"))
    }
}
