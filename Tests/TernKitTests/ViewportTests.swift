import XCTest
import Foundation
@testable import TernKit
import TernTestSupport

/// The page's viewport is the terminal (issue 30 item 2): a cell is 8 × 16
/// CSS px; scripts read the window's size, their elements' boxes as laid
/// out, hear `resize`, and observe boxes entering the viewport or changing
/// size (item 3).
final class ViewportTests: WebViewTestCase {
    private func open(_ body: String, file: StaticString = #filePath, line: UInt = #line) {
        let html = "<!DOCTYPE html><title>Viewport</title>" + body
        loadAndWait("/mime?type=text/html&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                    file: file, line: line)
    }

    func testTheWindowIsTheTerminalInCSSPixels() {
        webView.viewportSize = ViewportSize(columns: 100, rows: 30)
        open("<script>var early = [innerWidth, innerHeight, matchMedia('(min-width: 800px)').matches];</script>")
        XCTAssertEqual(value("early"), .array([.number(800), .number(480), .bool(true)]), "scripts see the size from their first line")
        XCTAssertEqual(value("[screen.width, screen.availHeight, devicePixelRatio, visualViewport.width, visualViewport.scale, outerWidth, document.documentElement.clientWidth, scrollY]"),
                       .array([.number(800), .number(480), .number(1), .number(800), .number(1), .number(800), .number(800), .number(0)]))
        XCTAssertEqual(value("innerWidth = 5; innerWidth"), .number(5), "a [Replaceable] attribute")
    }

    func testResizeFiresAtTheWindowAndTheVisualViewportAndMediaQueriesFollow() {
        open("<script>var log = []; var q = matchMedia('(max-width: 640px)'); q.onchange = function (e) { log.push('change ' + e.matches); }; addEventListener('resize', function () { log.push('resize ' + innerWidth); }); visualViewport.addEventListener('resize', function () { log.push('vv ' + visualViewport.width); });</script>")
        XCTAssertNotNil(webView.pageLayout(width: 80))
        webView.viewportSize = ViewportSize(columns: 120, rows: 24)
        wait { self.value("log.length") == .number(3) }
        XCTAssertEqual(value("log.join()"), .string("resize 960,vv 960,change false"))
        webView.viewportSize = ViewportSize(columns: 120, rows: 24)
        spin(0.1)
        XCTAssertEqual(value("log.length"), .number(3), "no resize without a change of size")
    }

    func testElementBoxesComeFromTheLayout() {
        webView.viewportSize = ViewportSize(columns: 40, rows: 24)
        open("""
            <h1 id=h>Title</h1><p id=p>A paragraph long enough to take three lines when it is laid out forty columns wide.</p>
            <ul><li id=li>item</li></ul><div id=gone style="display:none">x</div><span id=detached></span>
            <script>function box(id) { var r = document.getElementById(id).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }</script>
            """)
        guard case .array(let p)? = value("box('p')"), p.count == 4, case .number(let top) = p[1], case .number(let height) = p[3] else {
            return XCTFail("no box")
        }
        XCTAssertEqual(p[0], .number(0))
        XCTAssertEqual(p[2], .number(320), "as wide as the 40-column page")
        XCTAssertEqual(height, 48, "three lines of 16 px")
        XCTAssertGreaterThan(top, 16, "below the heading")
        XCTAssertEqual(value("box('gone')"), .array([.number(0), .number(0), .number(0), .number(0)]), "no box: zeros")
        XCTAssertEqual(value("var d = document.getElementById('detached'); d.remove(); [d.getClientRects().length, d.offsetParent, d.clientWidth]"),
                       .array([.number(0), .null, .number(0)]))
        guard case .array(let li)? = value("box('li')"), li.count == 4, case .number(let indent) = li[0] else { return XCTFail("no box") }
        XCTAssertGreaterThan(indent, 0, "a list item is indented")
        XCTAssertEqual(value("document.getElementById('p').offsetHeight"), .number(48))
        // Scrolled down, boxes move up.
        webView.scrolledLines = 2
        XCTAssertEqual(value("box('p')[1] === \(top) - 32 && scrollY === 32"), .bool(true))
        // A range's box is its element's; DOMRect is Geometry Interfaces' (NaN-safe minimum and maximum).
        XCTAssertEqual(value("var r = document.createRange(); r.selectNodeContents(document.getElementById('h')); r.getBoundingClientRect().height"), .number(16))
        XCTAssertEqual(value("var d = new DOMRect(1, 2, -3, NaN); [d.left, d.right, isNaN(d.top), isNaN(d.bottom), DOMRectReadOnly.fromRect({ width: 2 }).width]"),
                       .array([.number(-2), .number(1), .bool(true), .bool(true), .number(2)]))
    }

    func testAnIntersectionObserverSeesATargetScrolledIntoView() {
        webView.viewportSize = ViewportSize(columns: 80, rows: 10)
        let filler = (0..<40).map { "<p>filler \($0)</p>" }.joined()
        open("""
            <p id=top>top</p>\(filler)<p id=far>far</p>
            <script>
            var seen = [];
            var io = new IntersectionObserver(function (entries, observer) {
              entries.forEach(function (e) { seen.push(e.target.id + ' ' + e.isIntersecting + ' ' + (observer === io)); });
            }, { threshold: [0, 1] });
            io.observe(document.getElementById('top'));
            io.observe(document.getElementById('far'));
            </script>
            """)
        wait { self.value("seen.length") == .number(2) }
        XCTAssertEqual(value("seen.slice().sort().join()"), .string("far false true,top true true"))
        guard let page = webView.pageLayout(width: 80, rows: 10), let far = page.lines.firstIndex(where: { $0.text.contains("far") })
        else { return XCTFail("no layout") }
        webView.scrolledLines = far - 2
        wait { self.value("seen.length") == .number(4) }
        XCTAssertEqual(value("seen.slice(2).sort().join()"), .string("far true true,top false true"))
        XCTAssertEqual(value("try { new IntersectionObserver(function () {}, { threshold: 2 }); 'no' } catch (e) { e.name }"), .string("RangeError"))
        XCTAssertEqual(value("try { new IntersectionObserver(function () {}, { rootMargin: '5em' }); 'no' } catch (e) { e.name }"), .string("SyntaxError"))
        XCTAssertEqual(value("new IntersectionObserver(function () {}, { rootMargin: '5px 10%' }).rootMargin"), .string("5px 10% 5px 10%"))
    }

    func testAResizeObserverReportsTheFirstSizeAndChanges() {
        open("<p id=p>text</p><script>var sizes = []; new ResizeObserver(function (entries) { entries.forEach(function (e) { sizes.push(e.contentRect.width + 'x' + e.contentRect.height + ' ' + e.borderBoxSize[0].blockSize); }); }).observe(document.getElementById('p'));</script>")
        XCTAssertNotNil(webView.pageLayout(width: 80))
        wait { self.value("sizes.length") == .number(1) }
        XCTAssertEqual(value("sizes[0]"), .string("640x16 16"))
        _ = value("document.getElementById('p').textContent = 'x '.repeat(100); 0")
        XCTAssertNotNil(webView.pageLayout(width: 80))
        wait { self.value("sizes.length") == .number(2) }
        XCTAssertEqual(value("sizes[1]"), .string("640x48 48"))
    }

    func testIdleAndAnimationFrameCallbacksRun() {
        open("<script>var r = []; requestIdleCallback(function (d) { r.push(d.timeRemaining() <= 50, d.didTimeout, d instanceof IdleDeadline); }, { timeout: 1e300 }); requestAnimationFrame(function (t) { r.push(typeof t, t >= 0 && t < 600000); });</script>")
        wait { self.value("r.length") == .number(5) }
        XCTAssertEqual(value("r.join()"), .string("true,false,true,number,true"))
    }
}
