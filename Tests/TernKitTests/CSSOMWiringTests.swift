import XCTest
import TernCSS
import TernTestSupport
@testable import TernKit

/// CSSOM through a web view: the layout width reaches `matchMedia`, and the
/// page's own sheets reach `document.styleSheets` and `getComputedStyle`.
final class CSSOMWiringTests: WebViewTestCase {
    func testTheLayoutWidthReachesMatchMedia() throws {
        loadMatchMediaPage()

        spin(0.1)
        _ = value("events = []")
        _ = webView.pageLayout(width: 100)
        XCTAssertEqual(value("list.matches"), .bool(false))
        spin(0.1)
        _ = webView.pageLayout(width: 80)
        spin(0.1)
        XCTAssertEqual(value("events"), .array([.bool(false), .bool(true)]))
    }

    /// A page's sheet reaches `document.styleSheets`, and `insertRule` re-styles the page.
    func testAPagesSheetIsScriptableAndItsChangesRestyle() throws {
        recorder.clear()
        webView.loadHTMLString("<style>p { display: block }</style><p class=x>soon hidden</p><p>kept</p>", baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("""
            var sheet = document.styleSheets[0];
            [document.styleSheets.length, sheet.ownerNode === document.querySelector('style'), sheet === document.querySelector('style').sheet,
             sheet.cssRules.length, sheet.insertRule('p.x { display: none }', 1), getComputedStyle(document.querySelector('p.x')).display,
             getComputedStyle(document.querySelector('p:not(.x)')).display]
            """), .array([.number(1), .bool(true), .bool(true), .number(1), .number(1), .string("none"), .string("block")]))
        spin(0.1)
        let text = try XCTUnwrap(webView.pageLayout(width: 80)).lines.map(\.text).joined(separator: "\n")
        XCTAssertFalse(text.contains("soon hidden"), text)
        XCTAssertTrue(text.contains("kept"), text)
    }

    /// A `<style>` a script adds, or whose text it edits, has its sheet at once
    /// (HTML "update a style block"; CSSOM §6.2), not on a later turn.
    func testAStyleElementsSheetIsThereInTheSameTurn() throws {
        recorder.clear()
        webView.loadHTMLString("<p>x</p>", baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("""
            var style = document.createElement('style');
            style.textContent = 'p { display: none }';
            document.body.appendChild(style);
            var added = [style.sheet !== null, document.styleSheets.length, getComputedStyle(document.querySelector('p')).display];
            style.firstChild.data = 'p { display: inline } a { }';
            added.concat([style.sheet.cssRules.length, getComputedStyle(document.querySelector('p')).display])
            """), .array([.bool(true), .number(1), .string("none"), .number(2), .string("inline")]))
    }

    /// Computed styles are kept between reads, and every change a script
    /// makes in the same turn (class, style attribute, a `<style>`'s text,
    /// an ancestor's attribute, a new element) shows in the next read.
    func testComputedStylesFollowChangesMadeInTheSameTurn() throws {
        recorder.clear()
        webView.loadHTMLString("""
            <style id=s>.off { display: none } .wide p { text-indent: 3em }</style>
            <div id=d><p id=p>x</p></div>
            """, baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("""
            var p = document.getElementById('p'), d = document.getElementById('d'), out = [];
            function read() { out.push(getComputedStyle(p).display + ' ' + getComputedStyle(p).textIndent); }
            read(); read();
            p.className = 'off'; read();
            p.className = ''; p.style.display = 'inline'; read();
            p.removeAttribute('style'); d.className = 'wide'; read();
            document.getElementById('s').textContent = 'p { display: inline-block }'; read();
            var q = document.createElement('p'); d.appendChild(q); out.push(getComputedStyle(q).display);
            out
            """), .array(["block 0px", "block 0px", "none 0px", "inline 0px", "block 48px", "inline-block 0px", "inline-block"].map { .string($0) }))
    }
}

/// The document's style store, an internal of the in-process page, counts the restyles.
final class CSSOMRestyleCountTests: WebViewTestCase {
    override class var reachesIntoThePage: Bool { true }

    /// Issue 28: a class a script toggles restyles through the document's
    /// style store, not by dropping every style: getComputedStyle answers
    /// the new values at once, and a hundred toggles each followed by two
    /// reads restyle the element and its child, not the page.
    func testAClassToggleChangesComputedStylesAndRestylesOnlyWhatItReaches() throws {
        recorder.clear()
        let filler = String(repeating: "<p class=item>filler <b>bold</b></p>", count: 300)
        webView.loadHTMLString("""
            <style>.item { color: rgb(0, 0, 128) } .hot { color: rgb(255, 0, 0) } .hot span { font-weight: bold }</style>
            \(filler)<p id=t class=item><span>x</span></p>
            """, baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("""
            var t = document.getElementById('t'), out = [];
            function read() { out.push(getComputedStyle(t).color + ' ' + getComputedStyle(t.firstChild).fontWeight); }
            read(); t.classList.add('hot'); read(); t.classList.toggle('hot'); read(); t.className = 'item hot'; read();
            out
            """), .array(["rgb(0, 0, 128) 400", "rgb(255, 0, 0) 700", "rgb(0, 0, 128) 400", "rgb(255, 0, 0) 700"].map { .string($0) }))
        let store = try XCTUnwrap(webView.page.session.styles.store)
        let before = store.restyleCount
        XCTAssertEqual(value("""
            var seen = 0;
            for (var i = 0; i < 100; i++) {
              t.classList.toggle('hot');
              var color = getComputedStyle(t).color, weight = getComputedStyle(t.firstChild).fontWeight;
              if (color === 'rgb(255, 0, 0)' && weight === '700') seen++;
            }
            seen
            """), .number(50))
        XCTAssertEqual(value("document.getElementsByTagName('*').length"), .number(606))
        XCTAssertEqual(store.restyleCount - before, 200, "two elements a toggle, not 606")
    }
}

/// When a `change` event of `matchMedia` comes, seen from the page's own event loop.
final class CSSOMMediaChangeTurnTests: WebViewTestCase {
    // In a content process the page's loop runs on its own: the event can come before the browser's next script does.
    override class var reachesIntoThePage: Bool { true }

    func testMatchMediaChangeEventsComeOnALaterTurn() throws {
        loadMatchMediaPage()

        spin(0.1)
        _ = value("events = []")
        _ = webView.pageLayout(width: 100)
        XCTAssertEqual(value("[list.matches, events.length]"), .array([.bool(false), .number(0)]), "events come on a later turn")
        spin(0.1)
        _ = webView.pageLayout(width: 80)
        spin(0.1)
        XCTAssertEqual(value("events"), .array([.bool(false), .bool(true)]))
    }
}

extension WebViewTestCase {
    /// A page that logs its `(max-width: 640px)` list's change events in
    /// `events` (as `list`), and `matchMedia` seeing the layout's width: 100
    /// columns of 8 px are 800 px, 80 are 640.
    func loadMatchMediaPage(file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.loadHTMLString("""
            <p>x</p>
            <script>
              var events = [], list = matchMedia('(max-width: 640px)');
              list.addEventListener('change', function (e) { events.push(e.matches); });
            </script>
            """, baseURL: server.url("/app/"))
        wait(file: file, line: line) { recorder.ended }
        let widths = "[matchMedia('(width: 800px)').matches, matchMedia('(width: 640px)').matches]"
        _ = webView.pageLayout(width: 100)
        XCTAssertEqual(value(widths), .array([.bool(true), .bool(false)]), "100 columns of 8 px", file: file, line: line)
        _ = webView.pageLayout(width: 80)
        XCTAssertEqual(value(widths), .array([.bool(false), .bool(true)]), file: file, line: line)
    }
}
