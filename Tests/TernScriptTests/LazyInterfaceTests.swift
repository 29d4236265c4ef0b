import XCTest
import TernCSS
import TernDOM
import TernNet
@testable import TernScript

/// Issue 29: the interfaces a page never names cost nothing. A lazy file
/// (ScriptPrelude, lazy.js) runs when the page first touches a name it
/// defines, and the page sees what it would have seen had it run at start-up.
final class LazyInterfaceTests: DOMTestCase {
    override func tearDown() {
        ScriptPrelude.defersLazyFiles = true
        super.tearDown()
    }

    /// A window whose files all run at start-up, for comparison.
    func loadEager(_ html: String) throws {
        ScriptPrelude.defersLazyFiles = false
        defer { ScriptPrelude.defersLazyFiles = true }
        try load(html)
    }

    func testNothingRunsUntilThePageTouchesAName() throws {
        try load("<body><p id=p>hi</p></body>")
        js("""
           document.title = 'x'; var p = document.getElementById('p'); p.textContent = 'y'; p.setAttribute('a', 'b');
           document.body.appendChild(document.createElement('div')).remove();
           """)
        XCTAssertEqual(window.lazyFilesRun, [], "the DOM's mutation steps need no range, iterator or observer")
        // Names, `in` and typeof-free reflection on names do not run a file.
        XCTAssertEqual(js("'Range' in window && 'createRange' in document && Object.getOwnPropertyNames(window).indexOf('MutationObserver') >= 0"),
                       .bool(true))
        XCTAssertEqual(js("for (var k in window) if (k === 'Range') throw 0; Object.keys(Document.prototype).length"), .number(0))
        // network.js's names are enumerable, as its assignments made them.
        XCTAssertEqual(js("Object.keys(window).indexOf('fetch') > Object.keys(window).indexOf('XMLHttpRequest')"), .bool(true))
        XCTAssertEqual(window.lazyFilesRun, [])
        XCTAssertEqual(js("typeof Range"), .string("function"))
        XCTAssertEqual(window.lazyFilesRun, ["dom-ranges.js"])
        XCTAssertEqual(js("document.createTreeWalker(document.body).root === document.body"), .bool(true))
        XCTAssertEqual(js("var seen = []; new MutationObserver(function (r) { seen.push(r.length); }).observe(document.body, { childList: true }); 1"),
                       .number(1))
        XCTAssertEqual(window.lazyFilesRun, ["dom-ranges.js", "dom-traversal.js", "dom-observers.js"])
        XCTAssertEqual(js("typeof fetch + XMLHttpRequest.DONE"), .string("function4"))
        XCTAssertEqual(window.lazyFilesRun.last, "network.js")
        XCTAssertEqual(js("typeof Range === 'function' && Range === window.Range && document.createRange() instanceof Range"), .bool(true))
        // A live range made now follows the mutations that come after.
        XCTAssertEqual(js("var r = document.createRange(); r.setStart(document.body, 1); document.body.insertBefore(document.createElement('i'), document.body.firstChild); r.startOffset"),
                       .number(2))
    }

    /// What a script can learn by reflection: the own keys of the window
    /// and of every interface and its prototype (in order), and each
    /// property's attributes, are those of a window that ran every file at
    /// start-up.
    func testTheWindowDescribesItselfAsAnEagerOne() throws {
        let describe = """
            (function () {
              function fn(f) { return typeof f === 'function' ? f.name + '/' + f.length : typeof f; }
              function own(o) {
                return Reflect.ownKeys(o).map(function (k) {
                  var d = Object.getOwnPropertyDescriptor(o, k), s = String(k) + ':';
                  if ('value' in d) s += 'value ' + fn(d.value) + (d.writable ? ' w' : '');
                  else s += 'get ' + fn(d.get) + ' set ' + fn(d.set);
                  return s + (d.enumerable ? ' e' : '') + (d.configurable ? ' c' : '');
                }).join('\\n');
              }
              var out = [own(window)];
              Object.getOwnPropertyNames(window).forEach(function (name) {
                var d = Object.getOwnPropertyDescriptor(window, name);
                if (!d || typeof d.value !== 'function' || !/^[A-Z]/.test(name)) return;
                out.push(name + ' ' + own(d.value));
                if (d.value.prototype) out.push(name + '.prototype ' + own(d.value.prototype));
              });
              return out.join('\\n');
            })()
            """
        let names = "Object.getOwnPropertyNames(window).join() + '|' + Object.getOwnPropertyNames(Document.prototype).join()"
        try loadEager("<body><p>x</p></body>")
        let eagerNames = js(names), eager = js(describe)
        XCTAssertEqual(window.lazyFilesRun, [])
        try load("<body><p>x</p></body>")
        XCTAssertEqual(js(names), eagerNames, "the same names in the same order, before any file ran")
        XCTAssertEqual(window.lazyFilesRun, [])
        let lazy = js(describe)
        XCTAssertEqual(window.lazyFilesRun.count, 10)
        guard case .string(let lazyText) = lazy, case .string(let eagerText) = eager else { return XCTFail("\(lazy)") }
        XCTAssertGreaterThan(eagerText.count, 10_000)
        for (a, b) in zip(lazyText.split(separator: "\n"), eagerText.split(separator: "\n")) where a != b {
            XCTFail("lazy \(a) != eager \(b)")
            break
        }
        XCTAssertEqual(lazyText, eagerText)
    }

    /// Reflection is a touch: a descriptor is never a placeholder's.
    func testReflectionSeesTheRealProperty() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var d = Object.getOwnPropertyDescriptor(window, 'Range');
            [typeof d.value, d.value === Range, d.writable, d.enumerable, d.configurable, Range.name, Range.length].join()
            """), .string("function,true,true,false,true,Range,0"))
        XCTAssertEqual(window.lazyFilesRun, ["dom-ranges.js"])
        XCTAssertEqual(js("""
            var m = Reflect.getOwnPropertyDescriptor(Document.prototype, 'createTreeWalker');
            [m.value.name, m.value.length, m.writable, m.enumerable, m.configurable, m.value === document.createTreeWalker].join()
            """), .string("createTreeWalker,3,true,false,true,true"))
        XCTAssertEqual(js("typeof Object.getOwnPropertyDescriptors(window).MutationObserver.value"), .string("function"))
        XCTAssertEqual(window.lazyFilesRun, ["dom-ranges.js", "dom-traversal.js", "network.js", "web-apis.js", "dom-event-kinds.js",
                                             "dom-html-rare.js", "dom-forms.js", "dom-cssom.js", "dom-observers.js", "workers.js"])
    }

    /// The guarded reflection functions look like the built-ins they stand for.
    func testGuardedBuiltinsLookBuiltIn() throws {
        let look = """
            [Object.getOwnPropertyDescriptor, Object.getOwnPropertyDescriptors, Object.defineProperty, Object.defineProperties,
             Object.freeze, Object.seal, Object.preventExtensions, Reflect.getOwnPropertyDescriptor, Reflect.defineProperty,
             Reflect.preventExtensions, Object.prototype.__lookupGetter__, Object.prototype.__lookupSetter__,
             Object.prototype.__defineGetter__, Object.prototype.__defineSetter__].map(function (f) {
              var constructs; try { new f({}); constructs = 'constructs'; } catch (e) { constructs = e.constructor.name; }
              return f.name + '/' + f.length + ' ' + f.hasOwnProperty('prototype') + ' ' + constructs + ' ' +
                /\\[native code\\]/.test(String(f)) + ' ' + Object.keys(f).length;
            }).join('; ') + '|' + Object.getOwnPropertyNames(Object).join() + '|' + Object.getOwnPropertyNames(Reflect).join() +
            '|' + Object.getOwnPropertyNames(Object.prototype).join() + '|' + Object.keys(Object.getOwnPropertyDescriptor(Object, 'freeze')).join()
            """
        try loadEager("<body></body>")
        let eager = js(look)
        try load("<body></body>")
        XCTAssertEqual(js(look), eager)
        XCTAssertEqual(js("try { Object.defineProperty(1, 'x', {}); } catch (e) { e instanceof TypeError }"), .bool(true))
        XCTAssertEqual(js("var o = {}; Object.defineProperty(o, { toString: function () { return 'k'; } }, { value: 2 }); o.k"), .number(2))
    }

    /// A page that deletes, assigns or redefines a lazy name before it ran
    /// sees what it would have seen had the file run at start-up.
    func testChangesBeforeTheFirstTouchStand() throws {
        let script = """
            var out = [];
            delete window.Range;
            window.StaticRange = 1;
            Object.defineProperty(window, 'NodeFilter', { value: 7, configurable: false, writable: false });
            Document.prototype.createNodeIterator = function mine() { return 'mine'; };
            out.push(typeof document.createRange(), 'Range' in window, typeof Range, StaticRange, NodeFilter);
            out.push(document.createTreeWalker(document.body).currentNode === document.body, document.createNodeIterator());
            var d = Object.getOwnPropertyDescriptor(window, 'StaticRange');
            out.push(d.value, d.writable, d.enumerable, d.configurable, Object.getOwnPropertyNames(window).indexOf('Range'));
            out.push(typeof MutationObserver, typeof AbstractRange);
            out.join()
            """
        try loadEager("<body></body>")
        let eager = js(script)
        XCTAssertEqual(eager, .string("object,false,undefined,1,7,true,mine,1,true,false,true,-1,function,function"))
        try load("<body></body>")
        XCTAssertEqual(js(script), eager)
        XCTAssertEqual(js("var o = Object.create(window); o.Selection = 3; [o.Selection, typeof Selection, Object.getOwnPropertyNames(o).join()].join()"),
                       .string("3,function,Selection"))
    }

    /// A frozen window, and a page that has replaced the builtins the files
    /// use: a file that runs afterwards takes none of it, and hands the
    /// page's hooks nothing of the engine's.
    func testAHostilePageBeforeTheFirstTouch() throws {
        try load("<body><p>x</p></body>")
        XCTAssertEqual(js("""
            var caught = [], rapply = Reflect.apply, define = Object.defineProperty;
            // Not `caught[n] = v`: a setter for '0' on Object.prototype would take it.
            function look(v) { define(caught, caught.length, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true }); }
            ['get', 'set', 'value', 'names', 'count', 'length', 'h', 'sc', 'so', 'N', 'T', 'internals'].forEach(function (name) {
              // Null-prototype descriptors: once `value` is on Object.prototype, a descriptor with a getter is invalid.
              Object.defineProperty(Object.prototype, name, { __proto__: null, configurable: true,
                get: function () { look(this); return undefined; }, set: function (v) { look(this); look(v); } });
            });
            function hook(owner, key) {
              var original = owner[key];
              owner[key] = function () { look(this); for (var i = 0; i < arguments.length; i++) look(arguments[i]); return rapply(original, this, arguments); };
            }
            hook(Array.prototype, 'push'); hook(Array.prototype, 'forEach'); hook(Array.prototype, 'indexOf');
            hook(Function.prototype, 'call'); hook(Function.prototype, 'apply'); hook(Map.prototype, 'get'); hook(Map.prototype, 'set');
            hook(Set.prototype, 'add'); hook(Promise.prototype, 'then'); hook(Reflect, 'apply'); hook(Reflect, 'get'); hook(Reflect, 'ownKeys');
            window.Symbol = function () { return 'symbol'; }; window.Set = function () { return {}; };
            window.Promise = function () {};
            Object.prototype.extra = 'x';
            'ok'
            """), .string("ok"))
        XCTAssertEqual(js("""
            var out = [], r = document.createRange();
            r.selectNodeContents(document.body);
            out.push(r.toString(), Range.START_TO_END, Object.keys(Range).join(' '), typeof Range.prototype.extra);
            var w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            out.push(w.nextNode().data, NodeFilter.SHOW_ELEMENT);
            var seen = 0, m = new MutationObserver(function (records) { seen = records.length; });
            m.observe(document.body, { childList: true });
            document.body.appendChild(document.createElement('b'));
            out.push(m.takeRecords().length, typeof getSelection().rangeCount);
            out.push(new Headers({ a: '1' }).get('a'), XMLHttpRequest.DONE, typeof new XMLHttpRequest().open, typeof fetch);
            out.join()
            """), .string("x,1,START_TO_START START_TO_END END_TO_END END_TO_START,string,x,1,1,number,1,4,function,function"))
        XCTAssertEqual(js("""
            [CSSRule.STYLE_RULE, Object.keys(CSSRule).join(' ').length, typeof document.body.style.cssText, typeof CSS.supports,
             matchMedia('all').matches, new URL('https://a.test/p?q').search, new URLSearchParams('a=1').get('a'),
             typeof localStorage.getItem, document.createElement('input').type, new Option('a', 'b').value,
             Object.getOwnPropertyNames(HTMLInputElement.prototype).indexOf('extra')].join()
            """), .string("1,185,string,function,true,?q,1,function,text,b,-1"))
        XCTAssertEqual(js("""
            var k = new KeyboardEvent('keydown', { ctrlKey: true, key: 'a' });
            [k.getModifierState('Control'), k.key, Object.keys(MouseEvent.prototype).join(' '), typeof new CustomEvent('x').initCustomEvent,
             document.createEvent('MouseEvents') instanceof UIEvent, Object.getOwnPropertyNames(KeyboardEvent.prototype).indexOf('extra')].join()
            """), .string("true,a,initMouseEvent getModifierState,function,true,-1"))
        XCTAssertEqual(js("""
            var bad = [];
            caught.forEach(function (v) {
              if (typeof v === 'function' && !(v instanceof Function)) bad.push('native function');
              if (v && (typeof v === 'object' || typeof v === 'function')) {
                if (Object.getPrototypeOf(v) === null) bad.push('object without a prototype: ' + Reflect.ownKeys(v).slice(0, 5).join());
                Reflect.ownKeys(v).forEach(function (k) { if (/^__tern|^(nav|insert|sc|so|ec|eo)$/.test(String(k))) bad.push(String(k)); });
              }
            });
            bad.join()
            """), .string(""))
        try load("<body></body>")
        XCTAssertEqual(js("Object.freeze(window); [typeof Range, typeof document.createRange, typeof NodeIterator].join()"),
                       .string("function,function,function"))
    }

    /// A page's code that runs while a file runs (a hooked builtin) and
    /// touches the file's names finds them not there yet, and nothing loops;
    /// a file that fails leaves its names gone and the rest working.
    func testALoadReenteredOrFailed() throws {
        try load("<body><p>x</p></body>")
        XCTAssertEqual(js("""
            var during = [], add = WeakSet.prototype.add;
            WeakSet.prototype.add = function (v) {
              if (during.length < 3) during.push(typeof Range + ' ' + typeof document.createRange + ' ' + typeof window.Selection);
              return Reflect.apply(add, this, arguments);
            };
            var r = document.createRange();
            WeakSet.prototype.add = add;
            [during.join(), r instanceof Range, typeof Selection].join('|')
            """), .string("undefined undefined undefined,undefined undefined undefined,undefined undefined undefined|true|function"))
        XCTAssertEqual(window.lazyFilesRun, ["dom-ranges.js"])
        // A file that cannot run (here: Swift refuses it, as it refuses a second run).
        window.lazyFilesRun.append("dom-traversal.js")
        XCTAssertEqual(js("[typeof TreeWalker, 'NodeFilter' in window, typeof document.createTreeWalker, typeof TreeWalker].join()"),
                       .string("undefined,false,undefined,undefined"))
        XCTAssertEqual(js("typeof MutationObserver + typeof document.createRange()"), .string("functionobject"))
    }

    /// CSSOM (dom-cssom.js) runs on first touch of `style`, `styleSheets`,
    /// `sheet` or a CSS name; a media change before then has nothing to report.
    func testTheCSSOMRunsOnFirstTouch() throws {
        try load("<head><style>p { color: red }</style></head><body><p id=p style='color: blue'>x</p></body>")
        js("document.title = 'x'; document.getElementById('p').className = 'c'")
        window.mediaEnvironmentDidChange(MediaEnvironment(columns: 100, rows: 24))
        _ = loop.run(until: { false }, timeout: 0.05)
        XCTAssertEqual(window.lazyFilesRun, [])
        XCTAssertEqual(host.console, [])
        XCTAssertEqual(js("document.getElementById('p').style.color"), .string("blue"))
        XCTAssertEqual(window.lazyFilesRun, ["dom-cssom.js"])
        // What a page reads through them is what it reads when the file ran at start-up.
        let page = "<head><style>p { color: red }</style></head><body style='margin: 0'></body>"
        let probe = """
            var s = document.querySelector('style');
            [String(s.sheet), s.sheet === document.styleSheets[0], document.styleSheets.length, document.body.style.cssText,
             typeof getComputedStyle(document.body).display, matchMedia('(min-width: 1px)').matches].join()
            """
        try loadEager(page)
        let eager = js(probe)
        try load(page)
        XCTAssertEqual(js(probe), eager)
        XCTAssertEqual(window.lazyFilesRun, ["dom-cssom.js"])
        try load("<body></body>")
        XCTAssertEqual(js("typeof Object.getOwnPropertyDescriptor(Document.prototype, 'styleSheets').get"), .string("function"))
        XCTAssertEqual(window.lazyFilesRun, ["dom-cssom.js"])
    }

    /// URL, TextEncoder/TextDecoder and Storage (web-apis.js) run on first touch;
    /// a page's Object.prototype setters do not see their members made.
    func testTheWebAPIsRunOnFirstTouch() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var seen = [];
            Object.defineProperty(Object.prototype, 'append', { set: function (v) { seen.push('append'); }, configurable: true });
            var u = new URL('b?x=1', 'https://a.test/d/');
            u.searchParams.append('y', '2');
            [u.href, seen.length, Object.keys(URLSearchParams.prototype).indexOf('append') >= 0, typeof localStorage.getItem].join()
            """), .string("https://a.test/d/b?x=1&y=2,0,true,function"))
        XCTAssertEqual(window.lazyFilesRun, ["web-apis.js"])
    }

    /// The form elements' interfaces (dom-forms.js) are made when the page
    /// first names one, or first reaches a form element: its wrapper has
    /// its interface from the start.
    func testTheFormInterfacesRunOnFirstTouch() throws {
        let page = "<body><form id=f action=/go><input name=q value=a><select name=s><option>x<option selected>y</select></form></body>"
        let probe = """
            var f = document.getElementById('f'), q = f.firstChild;
            [Object.getPrototypeOf(q) === HTMLInputElement.prototype, q.value, q.form === f, f.elements.length, f.action,
             f.elements.namedItem('s').selectedIndex, f.elements[1].options[1].value, new Option('t', 'v').value, String(q), typeof HTMLFormElement.prototype.submit].join()
            """
        try assertRunsOnFirstTouch("dom-forms.js", page: page, probe: probe, untouched: "document.body.id",
                                   wrapper: "document.getElementById('f').firstChild", name: "HTMLSelectElement")
    }

    /// Loads `page` in an eager window, then in lazy ones, and checks that
    /// `file` has not run after `untouched`, runs when the page first reaches
    /// the element `wrapper` names (whose wrapper then has the answers
    /// `probe` gives in the eager window) or first names the interface `name`.
    private func assertRunsOnFirstTouch(_ file: String, page: String, probe: String, untouched: String,
                                        wrapper: String, name: String, line: UInt = #line) throws {
        try loadEager(page)
        let eager = js(probe)
        try load(page)
        js("document.title = 'x'; " + untouched)
        XCTAssertEqual(window.lazyFilesRun, [], line: line)
        XCTAssertEqual(js(wrapper + " instanceof HTMLElement"), .bool(true), line: line)
        XCTAssertEqual(window.lazyFilesRun, [file], line: line)
        XCTAssertEqual(js(probe), eager, line: line)
        try load(page)
        XCTAssertEqual(js("typeof " + name), .string("function"), line: line)
        XCTAssertEqual(window.lazyFilesRun, [file], line: line)
    }

    /// The rare element interfaces (dom-html-rare.js: tables, lists, media,
    /// dialog, …) are made when the page first names one, or first reaches
    /// such an element: its wrapper has its interface from the start.
    func testTheRareElementInterfacesRunOnFirstTouch() throws {
        let page = "<body><table id=t><tr><td>a<td>b</table><ul><li value=3>x</ul><dialog open></dialog><p id=p>p</p></body>"
        let probe = """
            var t = document.getElementById('t'), li = document.querySelector('li');
            [Object.getPrototypeOf(t) === HTMLTableElement.prototype, t.rows.length, t.rows[0].cells.length, t.tBodies.length,
             li instanceof HTMLLIElement, li.value, String(document.querySelector('ul')), document.querySelector('dialog').open,
             document.createElement('video') instanceof HTMLMediaElement, Object.getPrototypeOf(HTMLAudioElement.prototype) === HTMLMediaElement.prototype,
             document.createElement('canvas').width, document.createElement('span') instanceof HTMLSpanElement].join()
            """
        try loadEager(page)
        XCTAssertEqual(js(probe), .string("true,1,2,0,true,3,[object HTMLUListElement],true,true,true,300,true"))
        try assertRunsOnFirstTouch("dom-html-rare.js", page: page, probe: probe,
                                   untouched: "document.getElementById('p').textContent = document.body.childNodes.length",
                                   wrapper: "document.body.firstChild", name: "HTMLDialogElement")
    }

    /// The interfaces that inherit from Event (dom-event-kinds.js) are made
    /// when the page first names one, or when the engine first makes such an
    /// event: a click or a key from Swift, element.click(), focus(), the
    /// ErrorEvent of an uncaught exception, createEvent. Each of those, the
    /// first in its window, has the interface, prototype chain and fields it
    /// has in a window that ran the file at start-up.
    func testEngineMadeEventsHaveTheirInterfaceBeforeTheFileRan() throws {
        // No form element: its wrapper would run dom-forms.js.
        let page = "<body><p id=b>b</p><a id=c>c</a></body>"
        let setup = """
            var seen = [];
            ['click', 'keydown', 'error', 'input', 'change', 'focus', 'popstate', 'x'].forEach(function (type) {
              window.addEventListener(type, function (e) { seen.push(e); }, true);
            });
            window.onerror = function (message, source, line, column, error) { seen.push('onerror ' + message + ' ' + error.message); return true; };
            document.body.addEventListener('x', function () { throw new Error('boom'); });
            document.createEvent('Event').initEvent('y');
            document.body.dispatchEvent(new Event('y'));
            seen.length
            """
        let probe = """
            seen.map(function (e) {
              if (typeof e === 'string') return e;
              var chain = [], p = Object.getPrototypeOf(e);
              while (p && p !== Object.prototype) { chain.push(p.constructor.name); p = Object.getPrototypeOf(p); }
              return [e.type, chain.join('<'), e.isTrusted, e instanceof MouseEvent, e instanceof UIEvent, e.detail, e.key,
                      e instanceof KeyboardEvent && e.getModifierState('Control'), e.message, e.state].join();
            }).join('; ')
            """
        let actions: [(String, () -> Void)] = [
            ("a click from Swift", { self.window.dispatchEvent("click", to: self.document.element(withID: "b"), bubbles: true, cancelable: true) }),
            ("a key from Swift", {
                self.window.dispatchEvent("keydown", to: self.document.element(withID: "b"), bubbles: true,
                                          fields: ["key": .string("a"), "ctrlKey": .bool(true)])
            }),
            ("popstate from Swift", { self.window.dispatchEvent("popstate", to: nil, fields: ["state": .number(2)]) }),
            ("element.click()", { self.js("document.getElementById('c').click()") }),
            ("focus()", { self.js("document.getElementById('b').focus()") }),
            ("an uncaught exception", { self.js("document.body.dispatchEvent(new Event('x'))") }),
            ("createEvent", { self.js("seen.push(document.createEvent('MouseEvents'), document.createEvent('customevent'))") }),
        ]
        for (name, action) in actions {
            try loadEager(page)
            js(setup)
            action()
            let eager = js(probe)
            try load(page)
            XCTAssertEqual(js(setup), .number(0))
            XCTAssertEqual(window.lazyFilesRun, [], name)
            action()
            XCTAssertEqual(window.lazyFilesRun, ["dom-event-kinds.js"], name)
            XCTAssertEqual(js(probe), eager, name)
        }
        XCTAssertEqual(js("(seen[0] instanceof MouseEvent) + ' ' + seen[1].initCustomEvent.length"), .string("true 4"))
        try load(page)
        js(setup)
        window.dispatchEvent("click", to: document.element(withID: "b"), bubbles: true, cancelable: true)
        XCTAssertEqual(js("seen.map(function (e) { return [e.type, e.constructor.name, e.clientX, e.isTrusted].join(); }).join()"),
                       .string("click,MouseEvent,0,true"))
    }

    /// Each window runs its own files, with its own globals: a frame's
    /// lazy names belong to the frame.
    func testFramesLoadTheirOwn() throws {
        let tree = TestFrameTree()
        let top = try tree.window("<iframe id=f></iframe>", url: "https://a.test/")
        let frame = try tree.window("<p>in</p>", url: "https://a.test/f.html", parent: top, element: "#f")
        top.frameTreeDidChange()
        func js(_ window: ScriptWindow, _ source: String) -> ScriptValue {
            (try? window.context.evaluate(source).get()) ?? .string("threw")
        }
        XCTAssertEqual(js(top, "typeof Range"), .string("function"))
        XCTAssertEqual(top.lazyFilesRun, ["dom-ranges.js"])
        XCTAssertEqual(frame.lazyFilesRun, [])
        XCTAssertEqual(js(top, "var F = frames[0]; F.Range !== Range && F.document.createRange() instanceof F.Range && !(F.document.createRange() instanceof Range)"),
                       .bool(true))
        XCTAssertEqual(frame.lazyFilesRun, ["dom-ranges.js"])
        XCTAssertEqual(js(frame, "document.createRange().startContainer === document && Range === parent.frames[0].Range"), .bool(true))
        XCTAssertEqual(js(top, "Object.getOwnPropertyDescriptor(frames[0], 'Selection') !== undefined"), .bool(true))
        XCTAssertEqual(top.lazyFilesRun, ["dom-ranges.js"])
        XCTAssertEqual(js(frame, "typeof MutationObserver"), .string("function"))
        XCTAssertEqual(top.lazyFilesRun, ["dom-ranges.js"])
    }
}
