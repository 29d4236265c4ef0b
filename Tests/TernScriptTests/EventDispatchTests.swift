import XCTest
@testable import TernScript

/// DOM §2.9 event dispatch over real JavaScriptCore, with hostile listeners.
final class EventDispatchTests: DOMTestCase {
    func testTenThousandListenersRunInOrder() throws {
        try load("<body><p id=p>x</p></body>")
        XCTAssertEqual(js("""
            var p = document.getElementById('p'), sum = 0, last = -1, ordered = true;
            for (var i = 0; i < 10000; i++) (function (i) {
              p.addEventListener('n', function () { sum += 1; if (i !== last + 1) ordered = false; last = i; });
            })(i);
            var f = function () { sum += 100000; };
            for (var j = 0; j < 10000; j++) p.addEventListener('n', f);   // the same listener once only
            p.dispatchEvent(new Event('n'));
            [sum, ordered].join()
            """), .string("110000,true"))
    }

    func testListenersRemovingThemselvesAndOthersDuringDispatch() throws {
        try load("<body><div id=d><p id=p>x</p></div></body>")
        XCTAssertEqual(js("""
            var out = [], p = document.getElementById('p'), d = document.getElementById('d');
            function a() { out.push('a'); p.removeEventListener('x', a); p.removeEventListener('x', c); }
            function b() { out.push('b'); p.addEventListener('x', e); }
            function c() { out.push('c'); }
            function e() { out.push('e'); }
            function up() { out.push('up'); d.removeEventListener('x', up); }
            p.addEventListener('x', a); p.addEventListener('x', b); p.addEventListener('x', c);
            d.addEventListener('x', up);
            p.dispatchEvent(new Event('x', { bubbles: true }));
            out.push('|');
            p.dispatchEvent(new Event('x', { bubbles: true }));
            out.join(' ')
            """), .string("a b up | b e"))
    }

    func testPathPhasesAndComposedPath() throws {
        try load("<body><div id=d><p id=p>x</p></div></body>")
        XCTAssertEqual(js("""
            var out = [], p = document.getElementById('p');
            var ev = new Event('x', { bubbles: true });
            p.addEventListener('x', function (e) {
              out.push(e.composedPath().map(function (n) { return n === window ? 'window' : n.nodeName; }).join('/'));
              out.push(e.eventPhase, e.currentTarget === p, e.target === p);
            });
            out.push(ev.composedPath().length);
            p.dispatchEvent(ev);
            out.push(ev.eventPhase, ev.currentTarget === null ? '' : 'not null', ev.composedPath().length, ev.target === p);
            // A detached node: no window in the path.
            var lone = document.createElement('i'), seen = [];
            window.addEventListener('x', function () { seen.push('window'); });
            lone.dispatchEvent(new Event('x', { bubbles: true }));
            out.push(seen.length);
            out.join()
            """), .string("0,P/DIV/BODY/HTML/#document/window,2,true,true,0,,0,true,0"))
    }

    func testRedispatchAndInitDuringDispatch() throws {
        try load("<body><p id=p>x</p></body>")
        XCTAssertEqual(js("""
            var out = [], p = document.getElementById('p'), ev = new CustomEvent('x', { cancelable: true, detail: 1 });
            p.addEventListener('x', function (e) {
              try { p.dispatchEvent(e); } catch (err) { out.push(err.name); }
              e.initCustomEvent('y', true, false, 2);
              out.push(e.type, e.detail, e.bubbles);
              e.returnValue = false;
            });
            out.push(p.dispatchEvent(ev), ev.defaultPrevented, ev.returnValue);
            var raw = document.createEvent('Event');
            try { p.dispatchEvent(raw); } catch (err) { out.push(err.name); }
            try { new Event('x', 5); } catch (err) { out.push(err instanceof TypeError); }
            try { p.dispatchEvent({ type: 'x' }); } catch (err) { out.push(err instanceof TypeError); }
            try { new Event(); } catch (err) { out.push(err instanceof TypeError); }
            out.join()
            """), .string("InvalidStateError,x,1,false,false,true,false,InvalidStateError,true,true,true"))
    }

    func testListenerExceptionsAreReportedNotThrown() throws {
        try load("<body><p id=p>x</p></body>")
        XCTAssertEqual(js("""
            var out = [], p = document.getElementById('p');
            window.onerror = function (message, source, line, column, error) { out.push(typeof message + ':' + (error && error.message)); };
            window.addEventListener('error', function (e) { out.push('event:' + e.error.message); });
            p.addEventListener('x', function () { throw new Error('boom'); });
            p.addEventListener('x', { get handleEvent() { out.push('get'); return function () { out.push('handled:' + (this !== p)); }; } });
            p.addEventListener('x', {});   // no handleEvent: reported, the next still runs
            p.addEventListener('x', function () { out.push('after'); });
            out.push(p.dispatchEvent(new Event('x')));
            out.join()
            """), .string("string:boom,event:boom,get,handled:true,string:'handleEvent' property of event listener should be a function.,event:'handleEvent' property of event listener should be a function.,after,true"))
        XCTAssertTrue(window.context.consoleMessages.contains { $0.text.contains("boom") })
    }

    func testOptionsPassiveOnceCaptureAndCancelBubble() throws {
        try load("<body><div id=d><p id=p>x</p></div></body>")
        XCTAssertEqual(js("""
            var out = [], p = document.getElementById('p'), d = document.getElementById('d');
            function f(e) { out.push(e.eventPhase); }
            d.addEventListener('x', f, 1);                // a number is a boolean: capture
            d.addEventListener('x', f, { capture: 0 });   // a second registration (bubble)
            d.removeEventListener('x', f, 'yes');         // removes the capture one
            p.dispatchEvent(new Event('x', { bubbles: true }));
            // passive: preventDefault is ignored; touchstart on window is passive by default.
            window.addEventListener('touchstart', function (e) { e.preventDefault(); out.push('ts:' + e.defaultPrevented); });
            out.push(p.dispatchEvent(new Event('touchstart', { bubbles: true, cancelable: true })));
            window.addEventListener('wheel', function (e) { e.preventDefault(); out.push('wh:' + e.defaultPrevented); }, { passive: false });
            out.push(p.dispatchEvent(new Event('wheel', { bubbles: true, cancelable: true })));
            // once: removed before it runs, even when it dispatches again.
            var n = 0;
            p.addEventListener('o', function (e) { n++; p.dispatchEvent(new Event('o')); }, { once: true });
            p.dispatchEvent(new Event('o'));
            out.push('once:' + n);
            // cancelBubble stops at the next node; window.event is the event in a listener.
            var ev = new Event('c', { bubbles: true }), global;
            p.addEventListener('c', function (e) { e.cancelBubble = true; e.cancelBubble = false; global = window.event === e; });
            d.addEventListener('c', function () { out.push('d must not run'); });
            p.dispatchEvent(ev);
            out.push(global, window.event, ev.cancelBubble);
            out.join()
            """), .string("3,ts:false,true,wh:true,false,once:1,true,,false"))
    }

    func testDefaultPassiveOnlyOnTheWindowDocumentRootAndBody() throws {
        try load("<body><div id=d>x</div></body>")
        XCTAssertEqual(js("""
            var out = [], d = document.getElementById('d');
            [window, document, document.documentElement, document.body, d, document.createElement('body')].forEach(function (t) {
              var prevented;
              t.addEventListener('touchmove', function (e) { e.preventDefault(); prevented = e.defaultPrevented; });
              t.dispatchEvent(new Event('touchmove', { cancelable: true }));
              out.push(prevented);
            });
            // A page's own body getter is not asked.
            Object.defineProperty(Document.prototype, 'body', { get: function () { throw new Error('asked'); } });
            d.addEventListener('wheel', function () {});
            out.join()
            """), .string("false,false,false,false,true,true"))
    }

    func testLegacyPrefixedTypesForTrustedEventsOnly() throws {
        try load("<body><p id=p>x</p></body>")
        js("""
            window.out = [];
            var p = document.getElementById('p');
            p.onwebkitanimationend = function (e) { out.push('prefixed:' + e.type); };
            p.dispatchEvent(new Event('animationend'));
            """)
        let p = try XCTUnwrap(document.element(withID: "p"))
        window.dispatchEvent("animationend", to: p, bubbles: true, cancelable: false)
        js("p.addEventListener('animationend', function (e) { out.push('plain:' + e.type); })")
        window.dispatchEvent("animationend", to: p, bubbles: true, cancelable: false)
        XCTAssertEqual(js("out.join()"), .string("prefixed:webkitAnimationEnd,plain:animationend"))
    }
}
