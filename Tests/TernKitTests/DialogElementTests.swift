import XCTest
import Foundation
@testable import TernKit
import TernTestSupport

/// The dialog element (HTML §4.11.4, issue 30 item 6): show() and
/// showModal(), the top layer the browser sends Esc to, close() and its
/// result, the focusing steps, and forms of method "dialog".
final class DialogElementTests: WebViewTestCase {
    private func open() {
        let html = """
            <!DOCTYPE html><title>Dialogs</title><button id=opener>open</button>
            <dialog id=d><p>Pick</p><input id=first><input id=second autofocus><form method=dialog><button id=ok value=done>OK</button></form></dialog>
            <script>var d = document.getElementById('d'), log = []; d.onclose = function () { log.push('close ' + d.returnValue); }; d.oncancel = function (e) { log.push('cancel'); };</script>
            """
        loadAndWait("/mime?type=text/html&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    }

    func testShowModalOpensFocusesAndJoinsTheTopLayer() {
        open()
        XCTAssertNil(webView.modalDialog)
        XCTAssertEqual(value("document.getElementById('opener').focus(); d.showModal(); [d.open, document.activeElement.id]"),
                       .array([.bool(true), .string("second")]), "the autofocus control first")
        XCTAssertEqual(webView.modalDialog.map { _ in "d" }, "d")
        XCTAssertEqual(value("d.showModal(); 'again'"), .string("again"), "showModal on a modal dialog does nothing")
        XCTAssertEqual(value("try { d.show(); 'no' } catch (e) { e.name }"), .string("InvalidStateError"))
        // close(): the result, focus back to the opener, `close` in a later task.
        XCTAssertEqual(value("d.close('picked'); [d.open, d.returnValue, document.activeElement.id, log.length]"),
                       .array([.bool(false), .string("picked"), .string("opener"), .number(0)]))
        wait { self.value("log.length") == .number(1) }
        XCTAssertEqual(value("log[0]"), .string("close picked"))
        XCTAssertNil(webView.modalDialog)
        XCTAssertEqual(value("var x = document.createElement('dialog'); try { x.showModal(); 'no' } catch (e) { e.name }"),
                       .string("InvalidStateError"), "a dialog not in a document")
    }

    func testEscIsACloseRequestThePageMayCancel() {
        open()
        _ = value("d.showModal(); 0")
        XCTAssertTrue(webView.sendCloseRequest())
        XCTAssertEqual(value("[d.open, log[0]]"), .array([.bool(false), .string("cancel")]))
        _ = value("d.oncancel = function (e) { e.preventDefault(); log.push('kept'); }; d.showModal(); 0")
        XCTAssertTrue(webView.sendCloseRequest())
        XCTAssertEqual(value("[d.open, log.indexOf('kept') >= 0]"), .array([.bool(true), .bool(true)]))
        _ = value("d.close(); 0")
        XCTAssertFalse(webView.sendCloseRequest(), "no modal dialog: Esc is the browser's")
        // A non-modal dialog is not in the top layer.
        _ = value("d.show(); 0")
        XCTAssertNil(webView.modalDialog)
    }

    func testAFormOfMethodDialogClosesItWithTheSubmittersValue() {
        open()
        _ = value("d.showModal(); document.getElementById('ok').click(); 0")
        XCTAssertEqual(value("[d.open, d.returnValue]"), .array([.bool(false), .string("done")]))
        XCTAssertEqual(webView.url?.pathname, "/mime", "no navigation")
    }
}
