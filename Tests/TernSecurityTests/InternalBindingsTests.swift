import XCTest
import TernDOM
import TernKit
import TernNet
@testable import TernScript

/// Issue #13, item 15: nothing a page can name reaches the engine's
/// internals. The natives the preludes use live on a private object only the
/// preludes receive; a node wrapper's handle is in a private slot a page can
/// neither read, write nor forge; the natives check their own arguments.
final class InternalBindingsTests: SecurityTestCase {
    /// The natives the preludes used to find on the global object, and the
    /// callbacks they left there for Swift.
    static let internalNames = [
        "__ternHTTP", "__ternHTTPAbort", "__ternHTTPDone", "__ternDOM", "__ternSetTimer", "__ternClearTimer", "__ternFireTimer",
        "__ternHistory", "__ternLocation", "__ternNavigate", "__ternReload", "__ternOpen", "__ternClose", "__ternURLParse",
        "__ternStorageLoad", "__ternStorageWrite", "__ternDispatch", "__ternDOMAttach", "__ternRequestSubmit",
        "__ternFireWindowEvent", "__ternSettle", "__ternPostWithReply", "__ternReplies", "__ternNextReply",
    ]

    func testNoInternalNameOnAnythingThePageCanWalk() {
        loadAndWait(http("a.test", "/page/walk"))
        for name in Self.internalNames {
            XCTAssertEqual(value("typeof \(name) + typeof window[\(quoted(name))] + typeof this[\(quoted(name))]"),
                           .string("undefinedundefinedundefined"), name)
        }
        // Every object reachable from window by own names and symbols (not
        // through getters, which would run the page's own code paths):
        // no name says "__tern", no object is a native bag of the bindings.
        let found = value("""
            (function () {
              var seen = new Set(), bad = [];
              var roots = { window: window, document: document, body: document.body, div: document.createElement('div'),
                text: document.createTextNode('t'), childNodes: document.body.childNodes, attributes: document.body.attributes,
                classList: document.body.classList, style: document.body.style, dataset: document.body.dataset, location: location,
                history: history, navigator: navigator, localStorage: localStorage, xhr: new XMLHttpRequest(),
                headers: new Headers(), response: new Response(''), url: new URL('http://a.test/') };
              var queue = Object.keys(roots).map(function (k) { return [roots[k], k]; });
              var known = [alert, confirm, prompt, atob, btoa, Function.prototype];
              for (var k in console) known.push(console[k]);
              while (queue.length && seen.size < 20000) {
                var entry = queue.shift(), o = entry[0], path = entry[1];
                if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue;
                seen.add(o);
                // A callable that is not a Function: a native of the engine.
                if (typeof o === 'function' && !(o instanceof Function) && known.indexOf(o) < 0) bad.push('native function ' + path);
                if (Object.getPrototypeOf(o) === null && o !== Object.prototype && o !== Array.prototype[Symbol.unscopables]) bad.push('object without a prototype ' + path);
                var keys = Reflect.ownKeys(o);
                for (var i = 0; i < keys.length; i++) {
                  var key = keys[i], text = String(key);
                  if (/__tern/i.test(text)) bad.push(path + '.' + text);
                  var d = Object.getOwnPropertyDescriptor(o, key);
                  if (d && 'value' in d) queue.push([d.value, path + '.' + text]);
                  if (d && d.get) queue.push([d.get, path + '.get ' + text]);
                  if (d && d.set) queue.push([d.set, path + '.set ' + text]);
                }
                queue.push([Object.getPrototypeOf(o), path + '.__proto__']);
              }
              return bad.slice(0, 20);
            })()
            """)
        XCTAssertEqual(found, .array([]), "names and objects of the engine reachable from the page")
    }

    func testANodeWrapperCannotBeRedirectedOrForged() {
        loadAndWait(http("a.test", "/page/wrappers"))
        XCTAssertEqual(value("Object.getOwnPropertySymbols(document.body).length + Object.getOwnPropertyNames(document.body).length"),
                       .number(0), "a wrapper shows no handle")
        // Overwrite everything a wrapper has with another node's: a DOM call still acts on its own node.
        let redirected = value("""
            var a = document.createElement('a'), b = document.body;
            Reflect.ownKeys(b).forEach(function (k) { try { a[k] = b[k]; } catch (e) {} });
            Object.getOwnPropertySymbols(a).forEach(function (k) { try { a[k] = b[k]; } catch (e) {} });
            a.remove();
            a.setAttribute('data-x', '1');
            [document.body.isConnected, document.body.hasAttribute('data-x'), a.getAttribute('data-x')].join()
            """)
        XCTAssertEqual(redirected, .string("true,false,1"))
        // A made-up object, or a Proxy of a real node, is not a node.
        let forged = value("""
            var results = [];
            function attempt(f) { try { f(); results.push('ran'); } catch (e) { results.push(e instanceof TypeError ? 'TypeError' : String(e)); } }
            var fake = Object.create(HTMLElement.prototype);
            attempt(function () { fake.remove(); });
            attempt(function () { document.body.appendChild(fake); });
            attempt(function () { return fake.tagName.length; });
            var proxy = new Proxy(document.body, {});
            attempt(function () { proxy.remove(); });
            attempt(function () { document.createElement('p').appendChild(proxy); });
            attempt(function () { Object.setPrototypeOf({}, HTMLBodyElement.prototype).remove(); });
            results.join() + '|' + document.body.isConnected
            """)
        XCTAssertEqual(forged, .string("TypeError,TypeError,TypeError,TypeError,TypeError,TypeError|true"))
    }

    func testPrototypePollutionNeverHandsOutInternals() {
        loadAndWait(http("a.test", "/page/pollution"))
        // Setters and getters on Object.prototype for the names the preludes
        // use, hooks in the builtins they might call: each records its `this`
        // and arguments. Then the page uses the DOM, timers, XHR, fetch,
        // storage, URL, history and events.
        let leaks = asyncValue("""
            var caught = [], rapply = Reflect.apply;
            function look(v) {
              caught[caught.length] = v;
              if (v && typeof v === 'object') { try { for (var k in v) caught[caught.length] = v[k]; } catch (e) {} }
            }
            var names = ['type', 'nav', 'insert', 'h', 'tag', 'fixed', 'compute', 'items', 'named', 'version', 'element', 'get', 'set',
                         'fn', 'id', 'resolve', 'reject', 'status', 'headers', 'body', 'error', 'url', 'state',
                         'then', 'constructor', 'prototype', 'internals', 'N', 'g', 'value', 'list', 'target'];
            \(Self.internalNames.map(quoted).description).forEach(function (n) { names.push(n); });
            names.forEach(function (name) {
              try {
                Object.defineProperty(Object.prototype, name, { configurable: true,
                  get: function () { look(this); return undefined; }, set: function (v) { look(this); look(v); } });
              } catch (e) {}
              try { Object.defineProperty(Array.prototype, name, { configurable: true, get: function () { look(this); } }); } catch (e) {}
            });
            function hook(owner, key) {
              var original = owner[key];
              owner[key] = function () { look(this); for (var i = 0; i < arguments.length; i++) look(arguments[i]); return rapply(original, this, arguments); };
            }
            hook(Array.prototype, 'push'); hook(Array.prototype, 'slice'); hook(Array.prototype, 'map'); hook(Array.prototype, 'forEach');
            hook(Array.prototype, 'filter'); hook(Array.prototype, 'indexOf'); hook(Array.prototype, 'concat'); hook(Array.prototype, 'join');
            hook(Function.prototype, 'call'); hook(Function.prototype, 'apply'); hook(Function.prototype, 'bind');
            hook(WeakMap.prototype, 'get'); hook(WeakMap.prototype, 'set'); hook(Map.prototype, 'get'); hook(Map.prototype, 'set');
            hook(Set.prototype, 'has'); hook(JSON, 'parse'); hook(JSON, 'stringify'); hook(Object, 'keys'); hook(Object, 'create');
            hook(Object, 'defineProperty'); hook(Reflect, 'get'); hook(Reflect, 'apply'); hook(String.prototype, 'toLowerCase');
            hook(Promise.prototype, 'then'); hook(Promise, 'resolve');
            var RealPromise = Promise;
            window.Promise = function (executor) { look(executor); return new RealPromise(executor); };
            window.Promise.resolve = RealPromise.resolve.bind(RealPromise);

            function use(f) { try { f(); } catch (e) { look(e); } }
            use(function () { var d = document.createElement('div'); d.innerHTML = '<p class=a>x</p>'; document.body.appendChild(d);
                              d.querySelectorAll('p').forEach(function (p) { p.classList.add('b'); p.dataset.k = 'v'; p.style.color = 'red'; });
                              d.children[0].remove(); d.addEventListener('click', look); d.click(); d.attributes.length; });
            use(function () { document.getElementsByTagName('p').item(0); document.body.childNodes.length; });
            use(function () { localStorage.setItem('k', 'v'); localStorage.getItem('k'); });
            use(function () { new URL('http://a.test/x?y=1').searchParams.get('y'); });
            use(function () { history.pushState({ a: 1 }, '', '#p'); history.state; history.length; });
            use(function () { dispatchEvent(new Event('x')); });
            use(function () { var x = new XMLHttpRequest(); x.onload = look; x.open('GET', '/page/x'); x.send(); });
            use(function () { fetch('/page/x').then(function (r) { look(r); return r.text(); }).then(look, look); });
            use(function () { setTimeout(function (a) { look(arguments.callee.caller); look(new Error().stack); }, 0, 1); });
            use(function () { location.hash = '#h'; });
            setTimeout(function () {
              var known = [alert, confirm, prompt, atob, btoa];
              for (var k in console) known.push(console[k]);
              var bad = [];
              caught.forEach(function (v) {
                if (typeof v === 'function' && !(v instanceof Function) && known.indexOf(v) < 0) bad.push('native function');
                if (v && (typeof v === 'object' || typeof v === 'function')) {
                  var keys = Reflect.ownKeys(v);
                  if (Object.getPrototypeOf(v) === null) bad.push('object without a prototype: ' + keys.slice(0, 5).join());
                  keys.forEach(function (k) { if (/^__tern|^(nav|insert|setExceptionMaker)$/.test(String(k))) bad.push(String(k)); });
                }
                if (typeof v === 'string') { var m = v.match(/__tern\\w+/g); if (m) m.forEach(function (n) { if (typeof window[n] !== 'undefined') bad.push(n); }); }
              });
              done(bad.filter(function (b, i) { return bad.indexOf(b) === i; }).join() + '|' + caught.length);
            }, 300);
            """)
        guard case .string(let text)? = leaks else { return XCTFail("no answer: \(String(describing: leaks))") }
        XCTAssertTrue(text.hasPrefix("|"), "internals handed to the page's hooks: \(text)")
        XCTAssertNotEqual(text, "|0", "the hooks ran")
        XCTAssertEqual(value("1 + 1"), .number(2))
        // With its builtins hooked, the page's DOM still works.
        XCTAssertEqual(value("var q = document.createElement('q'); document.body.appendChild(q); q.parentNode === document.body"), .bool(true))
    }

    func testCallersAndStacksLeadNowhere() {
        loadAndWait(http("a.test", "/page/callers"))
        let result = asyncValue("""
            var found = [];
            function sloppy() {
              var f = sloppy.caller;
              for (var i = 0; f && i < 10; i++) {
                try { if (f.arguments) for (var j = 0; j < f.arguments.length; j++) found.push(typeof f.arguments[j]); } catch (e) {}
                try { f = f.caller; } catch (e) { f = null; }
              }
              var stack = new Error().stack || '';
              (stack.match(/__tern\\w+/g) || []).forEach(function (n) { try { if (eval('typeof ' + n) !== 'undefined') found.push(n); } catch (e) {} });
            }
            setTimeout(sloppy, 0);
            document.body.addEventListener('x', sloppy);
            document.body.dispatchEvent(new Event('x'));
            var x = new XMLHttpRequest(); x.onload = sloppy; x.open('GET', '/page/x'); x.send();
            Promise.resolve().then(sloppy);
            setTimeout(function () { done(found.filter(function (t) { return t !== 'number' && t !== 'string' && t !== 'undefined'; }).join()); }, 300);
            """)
        XCTAssertEqual(result, .string(""), "a caller's arguments or a stack name led to the engine")
    }

    /// The natives themselves, called as the page would if it could reach
    /// them: wrong types, wrong counts, handles that do not exist, hostile numbers.
    func testNativesCheckTheirArgumentsAsIfThereWereNoPrelude() throws {
        final class Host: ScriptHost, ScriptNavigationHost {
            var deltas: [Int] = []
            func scriptAlert(_ message: String) {}
            func scriptConfirm(_ message: String) -> Bool { false }
            func scriptPrompt(_ message: String, defaultText: String?) -> String? { nil }
            func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?) {
                replyHandler?(body, nil)
            }
            func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage) {}
            func scriptCurrentURL() -> String { "https://example.test/" }
            func scriptNavigate(to url: String, replacing: Bool) {}
            func scriptReload() {}
            func scriptHistoryLength() -> Int { 1 }
            func scriptHistoryGo(_ delta: Int) { deltas.append(delta) }
            func scriptHistoryPush(state: ScriptValue, url: String?, replacing: Bool) -> String? { nil }
            func scriptHistoryState() -> ScriptValue { .null }
        }
        let host = Host()
        let loop = EventLoop()
        let window = try ScriptWindow(host: host, loader: Loader(loop: loop), documentURL: WebURL("https://example.test/"))
        window.navigationHost = host
        window.addMessageHandler(named: "reply", withReply: true)
        window.attach(document: Document(html: "<body><p>x</p></body>"))
        let hostile = ["NaN", "Infinity", "-Infinity", "1e300", "-1e300", "-0", "-1", "1.5", "4294967296", "'x'", "null", "undefined",
                       "{}", "[]", "Symbol()", "{ valueOf: function () { throw 1; } }", "'x'.repeat(1 << 16)"]
        var calls = 0
        for name in Self.internalNames {
            for value in hostile {
                let list = [value, "\(value), \(value), \(value)", "\(value), \(value), \(value), \(value), \(value), \(value)",
                            "'go', \(value)", "'push', \(value), \(value)", "\(value), 1, true"]
                for arguments in list {
                    _ = window.context.runPrelude("""
                        var f = internals[\(quoted(name))];
                        if (typeof f === 'function') { try { f(\(arguments)); } catch (e) {} }
                        else if (f) { for (var k in f) { try { f[k](\(arguments)); } catch (e) {} } }
                        """, sourceURL: "test")
                    calls += 1
                }
            }
        }
        XCTAssertGreaterThan(calls, 2000)
        _ = loop.run(until: { false }, timeout: 0.2)
        XCTAssertTrue(host.deltas.allSatisfy { abs($0) <= Int(Int32.max) + 1 }, "history deltas are IDL longs: \(host.deltas)")
        XCTAssertEqual(window.context.evaluate("1 + 1"), .success(.number(2)))
        // The handler with replies keeps its table and native to itself, and still answers.
        XCTAssertEqual(window.context.evaluate("typeof __ternSettle + typeof __ternPostWithReply + typeof __ternReplies"),
                       .success(.string("undefinedundefinedundefined")))
        XCTAssertEqual(window.context.evaluate("var answer; webkit.messageHandlers.reply.postMessage('hi').then(function (v) { answer = v; }); 0"),
                       .success(.number(0)))
        _ = loop.run(until: { window.context.evaluate("answer") == .success(.string("hi")) }, timeout: 5)
        XCTAssertEqual(window.context.evaluate("answer"), .success(.string("hi")))
    }

    private func quoted(_ text: String) -> String { ScriptWindow.quoted(text) }
}
