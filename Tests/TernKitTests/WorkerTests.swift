import XCTest
import Foundation
@testable import TernKit
import TernTestSupport

/// Dedicated workers (HTML §10.2, issue 30 item 3): the script runs in a
/// global and an engine of its own, talks with the page by messages only,
/// imports scripts, and reports its errors at the Worker object.
final class WorkerTests: WebViewTestCase {
    private func served(_ body: String, type: String = "text/javascript") -> String {
        "/mime?type=" + type.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&body="
            + body.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    private func open() {
        // Each answer is counted in the title, which the test waits on (not on a script it runs).
        loadAndWait(served("<!DOCTYPE html><title>Workers</title><script>var got = []; got.push = function (x) { Array.prototype.push.call(this, x); document.title = 'got ' + this.length; };</script>", type: "text/html"))
    }

    func testAWorkerImportsAScriptAndAnswersMessages() {
        open()
        let library = server.url(served("function double(n) { return n * 2; } var shared = 'lib';")).href
        let script = served("""
            importScripts('\(library)');
            var count = 0;
            onmessage = function (e) {
              count++;
              postMessage({ doubled: double(e.data.n), count: count, name: self.name, document: typeof document,
                            window: typeof alert, scope: typeof WorkerGlobalScope, shared: shared });
            };
            """)
        _ = value("var w = new Worker('\(script)', { name: 'search' }); w.onmessage = function (e) { got.push(e.data); }; w.postMessage({ n: 21 }); w.postMessage({ n: 1 }); 0")
        wait { self.webView.title == "got 2" }
        XCTAssertEqual(value("JSON.stringify(got[0])"),
                       .string(#"{"doubled":42,"count":1,"name":"search","document":"undefined","window":"undefined","scope":"function","shared":"lib"}"#))
        XCTAssertEqual(value("got[1].count"), .number(2), "the worker's state lives between messages")
        XCTAssertEqual(value("typeof shared"), .string("undefined"), "the worker's globals are its own")
        // Terminated, it hears nothing more.
        _ = value("w.terminate(); w.postMessage({ n: 5 }); 0")
        spin(0.2)
        XCTAssertEqual(value("got.length"), .number(2))
    }

    func testErrorsReachTheWorkerObject() {
        open()
        let throwing = served("onmessage = function () { throw new Error('bad input'); };")
        _ = value("var w = new Worker('\(throwing)'); w.onerror = function (e) { got.push(e.message + '@' + (e.lineno > 0)); }; w.postMessage(1); 0")
        wait { self.webView.title == "got 1" }
        XCTAssertEqual(value("got[0].indexOf('bad input') >= 0"), .bool(true), "\(String(describing: value("got[0]")))")
        // A script that cannot be fetched: a plain error event.
        _ = value("var m = new Worker('/status/404'); m.onerror = function (e) { got.push(e.constructor.name); }; 0")
        wait { self.webView.title == "got 2" }
        XCTAssertEqual(value("got[1]"), .string("Event"))
        // Another origin is refused at once; a module worker is not supported.
        let other = server.url(throwing, host: "localhost").href
        XCTAssertEqual(value("try { new Worker('\(other)'); 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(value("try { new Worker('x.js', { type: 'module' }); 'no' } catch (e) { e.name }"), .string("NotSupportedError"))
        XCTAssertEqual(value("try { Worker('x.js'); 'no' } catch (e) { e.name }"), .string("TypeError"))
    }

    func testAWorkerThatClosesItselfHearsNoMore() {
        open()
        let script = served("onmessage = function (e) { postMessage('reply ' + e.data); if (e.data === 'stop') close(); };")
        _ = value("var w = new Worker('\(script)'); w.onmessage = function (e) { got.push(e.data); }; w.postMessage('a'); w.postMessage('stop'); 0")
        wait { self.webView.title == "got 2" }
        _ = value("w.postMessage('b'); 0")
        spin(0.2)
        XCTAssertEqual(value("got.join()"), .string("reply a,reply stop"))
    }

}
