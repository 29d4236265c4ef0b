import XCTest
@testable import TernScript

/// DOM §3.1-3.2 AbortController and AbortSignal over real JavaScriptCore.
final class AbortSignalTests: DOMTestCase {
    /// Runs the window's loop until `condition` (a JS expression) is true, or 2 s.
    private func wait(for condition: String) {
        _ = loop.run(until: { self.js(condition) == .bool(true) }, timeout: 2)
    }

    func testAbortReasonEventAndThrowIfAborted() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var out = [], c = new AbortController(), s = c.signal, events = 0;
            s.onabort = function (e) { events++; out.push(e.type + ':' + e.isTrusted + ':' + (e.target === s)); };
            s.addEventListener('abort', function () { out.push('listener:' + s.aborted); });
            out.push(s.aborted, String(s.reason), c.signal === s);
            s.throwIfAborted();
            c.abort(); c.abort('again');
            out.push(events, s.reason instanceof DOMException, s.reason.name, s.reason.code);
            try { s.throwIfAborted(); } catch (e) { out.push(e === s.reason); }
            var c2 = new AbortController(); c2.abort(42); out.push(c2.signal.reason);
            try { new AbortSignal(); } catch (e) { out.push(e instanceof TypeError); }
            try { AbortController(); } catch (e) { out.push(e instanceof TypeError); }
            try { Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted').get.call({}); } catch (e) { out.push(e instanceof TypeError); }
            out.push(s instanceof EventTarget, AbortSignal.abort().reason.name, AbortSignal.abort('r').reason);
            out.join()
            """), .string("false,undefined,true,abort:true:true,listener:true,1,true,AbortError,20,true,42,true,true,true,true,AbortError,r"))
    }

    func testTimeoutIsAnEnforcedRangeUnsignedLongLong() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var out = [];
            [NaN, -1, 1e300, Infinity, -Infinity, 2 ** 53, 'x'].forEach(function (v) {
              try { AbortSignal.timeout(v); out.push('accepted ' + v); } catch (e) { out.push(e instanceof TypeError); }
            });
            try { AbortSignal.timeout(Symbol()); } catch (e) { out.push(e instanceof TypeError); }
            try { AbortSignal.timeout(); } catch (e) { out.push(e instanceof TypeError); }
            // Past a setTimeout `long`: accepted, and not fired at once.
            window.far = AbortSignal.timeout(2 ** 53 - 1);
            window.soon = AbortSignal.timeout(0.9);
            window.soonEvent = null;
            soon.addEventListener('abort', function (e) { window.soonEvent = e.isTrusted; });
            out.push(soon.aborted);
            out.join()
            """), .string("true,true,true,true,true,true,true,true,true,false"))
        wait(for: "soon.aborted")
        XCTAssertEqual(js("[soon.reason.name, soon.reason instanceof DOMException, soonEvent, far.aborted].join()"),
                       .string("TimeoutError,true,true,false"))
        // A page that replaces setTimeout does not change AbortSignal.timeout.
        js("window.setTimeout = function () { throw new Error('mine'); }; window.later = AbortSignal.timeout(1);")
        wait(for: "later.aborted")
        XCTAssertEqual(js("later.reason.name"), .string("TimeoutError"))
    }

    func testAnyFollowsItsSourcesAndFlattensDependents() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var out = [], a = new AbortController(), b = new AbortController();
            var any = AbortSignal.any([a.signal, b.signal]);
            var nested = AbortSignal.any([any]);
            var order = [];
            any.onabort = function () { order.push('any:' + nested.aborted); };
            nested.onabort = function () { order.push('nested'); };
            b.signal.onabort = function () { order.push('b'); };
            b.abort('why');
            out.push(any.reason, nested.reason, a.signal.aborted, order.join('>'));
            a.abort('late'); out.push(any.reason);
            var done = AbortSignal.any([new AbortController().signal, AbortSignal.abort('first'), AbortSignal.abort('second')]);
            out.push(done.aborted, done.reason, AbortSignal.any([]).aborted);
            try { AbortSignal.any([a.signal, {}]); } catch (e) { out.push(e instanceof TypeError); }
            try { AbortSignal.any(5); } catch (e) { out.push(e instanceof TypeError); }
            try { AbortSignal.any(); } catch (e) { out.push(e instanceof TypeError); }
            // Any iterable, the same signal twice.
            var c = new AbortController(), twice = AbortSignal.any(new Set([c.signal]).values()), count = 0;
            var same = AbortSignal.any([c.signal, c.signal]); same.onabort = function () { count++; };
            c.abort(); out.push(twice.aborted, count);
            out.join()
            """), .string("why,why,false,b>any:true>nested,why,true,first,false,true,true,true,true,1"))
    }

    func testListenerSignalRemovesTheListener() throws {
        try load("<body><p id=p>x</p></body>")
        XCTAssertEqual(js("""
            var out = [], p = document.getElementById('p'), c = new AbortController();
            function f() { out.push('f'); }
            p.addEventListener('x', f, { signal: c.signal });
            p.dispatchEvent(new Event('x'));
            c.abort();
            p.dispatchEvent(new Event('x'));
            p.addEventListener('x', f, { signal: c.signal });   // aborted: not added
            p.dispatchEvent(new Event('x'));
            // The abort removes its own registration only.
            var c2 = new AbortController();
            p.addEventListener('y', f, { signal: c2.signal });
            p.removeEventListener('y', f);
            p.addEventListener('y', f);
            c2.abort();
            p.dispatchEvent(new Event('y'));
            try { p.addEventListener('x', f, { signal: {} }); } catch (e) { out.push(e instanceof TypeError); }
            try { p.addEventListener('x', f, { signal: null }); } catch (e) { out.push(e instanceof TypeError); }
            // Aborting while the event runs: later listeners are skipped.
            var c3 = new AbortController();
            p.addEventListener('z', function () { out.push('z1'); c3.abort(); });
            p.addEventListener('z', function () { out.push('z2'); }, { signal: c3.signal });
            p.dispatchEvent(new Event('z'));
            out.join()
            """), .string("f,f,true,true,z1"))
    }

    func testFetchRejectsWithTheSignalsReason() throws {
        try load("<body></body>", url: "http://127.0.0.1:9/page.html")
        js("""
            window.results = [];
            fetch('/a', { signal: AbortSignal.abort('early') }).catch(function (e) { results.push('early:' + e); });
            var c = new AbortController();
            fetch('/b', { signal: c.signal }).catch(function (e) { results.push('late:' + (e === c.signal.reason) + ':' + e.name); });
            c.abort();
            fetch('/c', { signal: 'nope' }).catch(function (e) { results.push('bad:' + (e instanceof TypeError)); });
            var r = new Request('/d', { signal: AbortSignal.abort('from request') });
            results.push('request:' + r.signal.aborted + ':' + r.signal.reason + ':' + new Request('/e').signal.aborted);
            fetch(r).catch(function (e) { results.push('req:' + e); });
            """)
        wait(for: "results.length === 5")
        XCTAssertEqual(js("results.sort().join()"),
                       .string("bad:true,early:early,late:true:AbortError,req:from request,request:true:from request:false"))
    }
}
