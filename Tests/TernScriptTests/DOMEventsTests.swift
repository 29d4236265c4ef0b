import XCTest
import TernDOM
@testable import TernScript

final class DOMEventsTests: DOMTestCase {
    func testCaptureTargetAndBubbleOrder() throws {
        try load("<body><div id=outer><p id=inner>x</p></div></body>")
        XCTAssertEqual(js("""
            var log = [], outer = document.getElementById('outer'), inner = document.getElementById('inner');
            function rec(name) { return function (e) { log.push(name + ':' + e.eventPhase + ':' + (e.currentTarget === window ? 'window' : e.currentTarget.nodeName)); }; }
            window.addEventListener('ping', rec('wc'), true);
            document.addEventListener('ping', rec('dc'), { capture: true });
            outer.addEventListener('ping', rec('oc'), true);
            outer.addEventListener('ping', rec('ob'));
            inner.addEventListener('ping', rec('tb'));
            inner.addEventListener('ping', rec('tc'), true);
            document.addEventListener('ping', rec('db'));
            window.addEventListener('ping', rec('wb'));
            var result = inner.dispatchEvent(new Event('ping', { bubbles: true }));
            log.join(' ') + ' ' + result
            """), .string("wc:1:window dc:1:#document oc:1:DIV tc:2:P tb:2:P ob:3:DIV db:3:#document wb:3:window true"))
    }

    func testStopPropagationOncePassiveAndDuplicates() throws {
        try load("<body><div id=outer><p id=inner>x</p></div></body>")
        XCTAssertEqual(js("""
            var log = [], outer = document.getElementById('outer'), inner = document.getElementById('inner');
            function a(e) { log.push('a'); }
            inner.addEventListener('x', a); inner.addEventListener('x', a);
            inner.addEventListener('x', function (e) { log.push('stop'); e.stopPropagation(); });
            inner.addEventListener('x', function (e) { log.push('same node still runs'); });
            outer.addEventListener('x', function () { log.push('outer must not run'); });
            inner.dispatchEvent(new Event('x', { bubbles: true }));
            inner.addEventListener('y', function (e) { log.push('imm'); e.stopImmediatePropagation(); });
            inner.addEventListener('y', function () { log.push('never'); });
            inner.dispatchEvent(new Event('y'));
            inner.addEventListener('z', function () { log.push('once'); }, { once: true });
            inner.dispatchEvent(new Event('z')); inner.dispatchEvent(new Event('z'));
            inner.addEventListener('p', function (e) { e.preventDefault(); log.push('passive:' + e.defaultPrevented); }, { passive: true });
            inner.dispatchEvent(new Event('p', { cancelable: true }));
            inner.removeEventListener('x', a);
            inner.dispatchEvent(new Event('x'));
            log.join(',')
            """), .string("a,stop,same node still runs,imm,once,passive:false,stop,same node still runs"))
    }

    func testPreventDefaultIsReturnedToSwift() throws {
        try load("<body><a id=l href=/x>x</a><button id=b>b</button></body>")
        js("""
            document.getElementById('l').addEventListener('click', function (e) { window.clicked = e.isTrusted + ':' + e.type + ':' + (e instanceof MouseEvent); e.preventDefault(); });
            """)
        let link = try XCTUnwrap(document.element(withID: "l"))
        XCTAssertFalse(window.dispatchEvent("click", to: link, bubbles: true, cancelable: true))
        XCTAssertEqual(js("window.clicked"), .string("true:click:true"))
        XCTAssertTrue(window.dispatchEvent("click", to: document.element(withID: "b"), bubbles: true, cancelable: true))
        js("window.addEventListener('popstate', function (e) { window.popped = [e.state, e instanceof PopStateEvent]; })")
        XCTAssertTrue(window.dispatchEvent("popstate", to: nil, fields: ["state": .dictionary(["page": .number(2)])]))
        XCTAssertEqual(js("window.popped"), .array([.dictionary(["page": .number(2)]), .bool(true)]))
        js("window.addEventListener('hashchange', function (e) { window.hash = e.oldURL + ' ' + e.newURL; })")
        window.dispatchEvent("hashchange", to: nil, fields: ["oldURL": .string("a#1"), "newURL": .string("a#2")])
        XCTAssertEqual(js("window.hash"), .string("a#1 a#2"))
    }

    func testOnAttributesAndProperties() throws {
        try load(#"""
            <body onload="window.loaded = (this === window)">
            <form id=f><input name=q value=v><button id=b type=button onclick="window.got = [this.id, event.type, value, typeof document.title, q.value]; return false">b</button></form>
            <div id=d onclick="window.count = (window.count || 0) + 1"></div></body>
            """#)
        let button = try XCTUnwrap(document.element(withID: "b"))
        XCTAssertFalse(window.dispatchEvent("click", to: button, bubbles: true, cancelable: true), "return false cancels")
        XCTAssertEqual(js("window.got"), .array([.string("b"), .string("click"), .string(""), .string("string"), .string("v")]))
        js("var d = document.getElementById('d'); d.click(); d.click();")
        XCTAssertEqual(js("[window.count, typeof d.onclick]"), .array([.number(2), .string("function")]))
        js("d.onclick = function () { window.count = 100; }; d.click();")
        XCTAssertEqual(js("window.count"), .number(100))
        js("d.setAttribute('onclick', 'window.count = -1'); d.click();")
        XCTAssertEqual(js("window.count"), .number(-1), "setting the attribute again replaces the property")
        window.dispatchEvent("load", to: nil)
        XCTAssertEqual(js("window.loaded"), .bool(true), "the body's onload is the window's")
        js("window.onmessage = function (e) { window.msg = e.type; }")
        window.dispatchEvent("message", to: nil)
        XCTAssertEqual(js("window.msg"), .string("message"))
    }

    func testCustomEventsAndListenerErrors() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var got;
            document.body.addEventListener('hello', function (e) { throw new Error('boom'); });
            document.body.addEventListener('hello', function (e) { got = e.detail.n; });
            var ok = document.body.dispatchEvent(new CustomEvent('hello', { detail: { n: 5 } }));
            var e = document.createEvent('Event'); e.initEvent('old', true, true);
            var bubbled = false; document.addEventListener('old', function () { bubbled = true; });
            document.body.dispatchEvent(e);
            [got, ok, bubbled]
            """), .array([.number(5), .bool(true), .bool(true)]))
        XCTAssertTrue(host.console.contains { $0.contains("boom") }, "\(host.console)")
    }

    func testFocusAndBlur() throws {
        try load("<body><input id=a><input id=b></body>")
        XCTAssertEqual(js("""
            var log = [], a = document.getElementById('a'), b = document.getElementById('b');
            a.addEventListener('focus', function () { log.push('focus a'); });
            a.addEventListener('blur', function () { log.push('blur a'); });
            document.addEventListener('focusin', function (e) { log.push('in ' + e.target.id); });
            a.focus(); b.focus();
            log.push(document.activeElement.id);
            b.blur();
            log.push(document.activeElement.nodeName);
            log.join(',')
            """), .string("focus a,in a,blur a,in b,b,BODY"))
        XCTAssertEqual(window.focusedElement, nil)
    }
}
