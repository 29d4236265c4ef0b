import XCTest
import TernDOM
import TernNet
@testable import TernScript

/// A frame tree made of windows in a test: each window's host answers from
/// the tree's table (the part TernKit's frames play in a browser).
final class TestFrameTree {
    final class Host: ScriptFrameHost {
        unowned let tree: TestFrameTree
        unowned let window: ScriptWindow
        init(tree: TestFrameTree, window: ScriptWindow) {
            self.tree = tree
            self.window = window
        }
        func scriptChildWindows() -> [ScriptWindow] {
            tree.frames.filter { $0.parent === window }.map(\.window)
        }
        func scriptParentWindow() -> ScriptWindow? { tree.frame(of: window)?.parent }
        func scriptTopWindow() -> ScriptWindow? {
            var current = window
            while let parent = tree.frame(of: current)?.parent { current = parent }
            return current === window ? nil : current
        }
        func scriptFrameElement() -> Node? { tree.frame(of: window)?.element }
        func scriptContentWindow(of element: Node) -> ScriptWindow? {
            tree.frames.first { $0.element == element && $0.parent === window }?.window
        }
    }

    struct Frame {
        let window: ScriptWindow
        let parent: ScriptWindow?
        let element: Node?
    }

    let loop = EventLoop()
    let host = RecordingDOMHost()
    var frames: [Frame] = []
    var hosts: [Host] = []

    func frame(of window: ScriptWindow) -> Frame? { frames.first { $0.window === window } }

    /// A window for `html` at `url`; a frame of `parent` held by its element `element` (a selector).
    @discardableResult
    func window(_ html: String, url: String, parent: ScriptWindow? = nil, element selector: String? = nil,
                opaque: Bool = false, limit: Double = 10, memoryLimit: Int? = nil) throws -> ScriptWindow {
        let window = try ScriptWindow(host: host, loader: Loader(loop: loop), documentURL: WebURL(url),
                                      executionTimeLimit: limit, memoryLimit: memoryLimit, sharingEngineWith: parent)
        window.hasOpaqueOrigin = opaque
        window.attach(document: Document(html: html))
        var element: Node?
        if let parent, let selector, let document = parent.document {
            element = try? document.querySelector(selector)
        }
        frames.append(Frame(window: window, parent: parent, element: element))
        let host = Host(tree: self, window: window)
        hosts.append(host)
        window.frameHost = host
        parent?.frameTreeDidChange()
        return window
    }

    func settle() { _ = loop.run(until: { false }, timeout: 0.05) }
}

final class WindowTreeTests: XCTestCase {
    var tree: TestFrameTree!
    var top: ScriptWindow!

    override func setUp() {
        super.setUp()
        tree = TestFrameTree()
    }

    @discardableResult
    func js(_ window: ScriptWindow, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> ScriptValue {
        switch window.context.evaluate(source) {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("\(error)", file: file, line: line)
            return .null
        }
    }

    /// A top page at a.test with a same-origin frame "one" and a cross-origin frame "two" (b.test).
    func makeTree() throws -> (ScriptWindow, ScriptWindow, ScriptWindow) {
        let top = try tree.window("<iframe id=f1 name=one></iframe><iframe id=f2></iframe><div id=x></div>", url: "https://a.test/")
        let one = try tree.window("<p id=inner>in one</p>", url: "https://a.test/one.html", parent: top, element: "#f1")
        one.name = "one"
        let two = try tree.window("<p>in two</p><iframe id=g></iframe>", url: "https://b.test/two.html", parent: top, element: "#f2")
        two.name = "two"
        top.frameTreeDidChange()
        return (top, one, two)
    }

    func testFramesIdentityAndTreeMembers() throws {
        let (top, one, _) = try makeTree()
        XCTAssertEqual(js(top, "window.length === 2 && frames === window && self === window && window.window === window"), .bool(true))
        XCTAssertEqual(js(top, "frames[0] === document.getElementById('f1').contentWindow"), .bool(true))
        XCTAssertEqual(js(top, "frames[0].parent === window && frames[0].top === window && parent === window && top === window"), .bool(true))
        XCTAssertEqual(js(top, "document.getElementById('f1').contentDocument === frames[0].document"), .bool(true))
        XCTAssertEqual(js(top, "frames[0].document.getElementById('inner').textContent"), .string("in one"))
        XCTAssertEqual(js(top, "window.one === frames[0] && window[0] === frames[0]"), .bool(true))
        XCTAssertEqual(js(top, "window[2] === undefined && frames[5] === undefined && frameElement === null"), .bool(true))
        XCTAssertEqual(js(one, "frameElement === parent.document.getElementById('f1')"), .bool(true))
        XCTAssertEqual(js(one, "parent.frames[0] === window && window.length === 0"), .bool(true))
        XCTAssertEqual(js(top, "document.getElementById('x').contentWindow === undefined"), .bool(true), "not a frame element")
        XCTAssertEqual(js(top, "document.createElement('iframe').contentWindow === null && document.createElement('iframe').contentDocument === null"),
                       .bool(true))
        // A page's own global shadows a frame's name.
        XCTAssertEqual(js(top, "window.one = 5; window.one"), .number(5))
    }

    /// A node made in a frame's document and moved into the parent's keeps one
    /// wrapper in both windows, and both see it adopted (DOM "adopt").
    func testANodeMovedBetweenFramesKeepsOneWrapper() throws {
        let (top, one, _) = try makeTree()
        XCTAssertEqual(js(top, """
            var fd = frames[0].document, s = fd.createElement('span');
            s.id = 'moved'; fd.body.appendChild(s);
            var before = s.ownerDocument === fd && fd.getElementById('moved') === s;
            document.body.appendChild(s);
            [before, s.ownerDocument === document, document.body.lastChild === s, document.getElementById('moved') === s,
             fd.getElementById('moved') === null, s.parentNode === document.body].join()
            """), .string("true,true,true,true,true,true"))
        // From the frame's side, the same object and the same answers.
        XCTAssertEqual(js(one, "var m = parent.document.getElementById('moved'); m === parent.s && m.ownerDocument === parent.document"),
                       .bool(true))
        // The frame's own document is not a child anywhere.
        XCTAssertEqual(js(top, "try { document.body.appendChild(frames[0].document); 'no' } catch (e) { e.name }"),
                       .string("HierarchyRequestError"))
        XCTAssertEqual(js(top, "try { document.body.removeChild(frames[0].document.body); 'no' } catch (e) { e.name }"),
                       .string("NotFoundError"))
    }

    func testWindowName() throws {
        let (top, one, _) = try makeTree()
        let three = try tree.window("<p>3</p>", url: "https://a.test/3", parent: top, element: "#x")
        XCTAssertEqual(three.name, "", "no name attribute")
        js(top, "document.getElementById('x').setAttribute('name', 'fromattr')")
        XCTAssertEqual(three.name, "fromattr", "the element's name until one is set")
        XCTAssertEqual(js(one, "name"), .string("one"))
        js(one, "window.name = 'renamed'")
        XCTAssertEqual(one.name, "renamed")
        XCTAssertEqual(js(top, "window.renamed === frames[0] && window.one === undefined"), .bool(true))
        js(top, "name = 12")
        XCTAssertEqual(top.name, "12")
        let big = String(repeating: "x", count: 10_000_000)
        one.name = big
        top.frameTreeDidChange()
        XCTAssertEqual(js(one, "name.length"), .number(10_000_000))
    }

    func testCrossOriginWindowIsRestricted() throws {
        let (top, _, _) = try makeTree()
        func securityError(_ expression: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(js(top, "try { \(expression); 'no error' } catch (e) { e instanceof DOMException && e.name === 'SecurityError' && e.code === 18 }"),
                           .bool(true), expression, file: file, line: line)
        }
        let w = "frames[1]"
        XCTAssertEqual(js(top, "frames[1] === frames[1] && frames[1] === document.getElementById('f2').contentWindow"), .bool(true))
        XCTAssertEqual(js(top, "document.getElementById('f2').contentDocument"), .null)
        securityError("\(w).document")
        // Chromium's wording.
        XCTAssertEqual(js(top, "try { \(w).document } catch (e) { e.message }"),
                       .string("Failed to read a named property 'document' from 'Window': Blocked a frame with origin \"https://a.test\" from accessing a cross-origin frame."))
        XCTAssertEqual(js(top, "try { \(w).foo = 1 } catch (e) { e.message }"),
                       .string("Failed to set a named property 'foo' on 'Window': Blocked a frame with origin \"https://a.test\" from accessing a cross-origin frame."))
        XCTAssertEqual(js(top, "JSON.stringify(Object.getOwnPropertyNames(\(w)))"),
                       .string(#"["window","self","location","closed","frames","length","top","opener","parent","blur","close","focus","postMessage","then"]"#))
        securityError("\(w).foo")
        securityError("\(w).foo = 1")
        securityError("Object.defineProperty(\(w), 'x', { value: 1 })")
        securityError("delete \(w).close")
        securityError("\(w).location.href")
        securityError("\(w).location.host")
        securityError("\(w).location.assign('x')")
        securityError("\(w).name")
        securityError("'document' in \(w)")
        securityError("\(w)[5]")
        XCTAssertEqual(js(top, "Object.getPrototypeOf(\(w)) === null && Object.isExtensible(\(w))"), .bool(true))
        XCTAssertEqual(js(top, "try { Object.setPrototypeOf(\(w), {}); 'no' } catch (e) { e instanceof TypeError }"), .bool(true))
        XCTAssertEqual(js(top, "Object.keys(\(w)).join()"), .string(""))
        XCTAssertEqual(js(top, "Object.getOwnPropertyNames(\(w)).indexOf('postMessage') >= 0"), .bool(true))
        XCTAssertEqual(js(top, "\(w).then === undefined && \(w)[Symbol.toStringTag] === undefined"), .bool(true))
        // Allowed members.
        XCTAssertEqual(js(top, "\(w).window === \(w) && \(w).self === \(w) && \(w).frames === \(w)"), .bool(true))
        XCTAssertEqual(js(top, "\(w).parent === window && \(w).top === window && \(w).opener === null"), .bool(true))
        XCTAssertEqual(js(top, "\(w).closed === false && \(w).length === 0 && typeof \(w).postMessage === 'function'"), .bool(true))
        XCTAssertEqual(js(top, "\(w).focus(); \(w).blur(); \(w).location === \(w).location"), .bool(true))
        XCTAssertEqual(js(top, "typeof \(w).location.replace === 'function'"), .bool(true))
        XCTAssertEqual(js(top, "\(w).postMessage.name"), .string("postMessage"))
        XCTAssertEqual(js(top, "Object.getOwnPropertyDescriptor(\(w), 'close').writable"), .bool(false))
        // From the cross-origin frame: the parent is restricted, frameElement null.
        let two = try XCTUnwrap(tree.frames.first { $0.window.name == "two" }?.window)
        XCTAssertEqual(js(two, "frameElement === null && parent === top"), .bool(true))
        XCTAssertEqual(js(two, "try { parent.document; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(js(two, "parent[0] === parent.frames[0]"), .bool(true))
        XCTAssertEqual(js(two, "parent[1] === window"), .bool(true))
    }

    final class RecordingNavigation: ScriptNavigationHost {
        var navigations: [String] = []
        func scriptCurrentURL() -> String { "https://b.test/two.html" }
        func scriptNavigate(to url: String, replacing: Bool) { navigations.append((replacing ? "replace " : "") + url) }
        func scriptReload() {}
        func scriptHistoryLength() -> Int { 1 }
        func scriptHistoryGo(_ delta: Int) {}
        func scriptHistoryPush(state: ScriptValue, url: String?, replacing: Bool) -> String? { nil }
        func scriptHistoryState() -> ScriptValue { .null }
    }

    /// HTML CrossOriginProperties(Location): only the href setter and replace() reach the other window.
    func testCrossOriginLocationNavigatesThatWindow() throws {
        let (top, _, two) = try makeTree()
        let navigation = RecordingNavigation()
        two.navigationHost = navigation
        js(top, "frames[1].location.href = '/next.html'; frames[1].location.replace('https://c.test/r'); frames[1].location = 'x.html'")
        XCTAssertEqual(navigation.navigations, ["https://a.test/next.html", "replace https://c.test/r", "https://a.test/x.html"])
        XCTAssertEqual(js(top, "try { frames[1].location.href; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(js(top, "try { frames[1].location.reload(); 'no' } catch (e) { e.name }"), .string("SecurityError"))
        js(top, "frames[1].location.href = 'javascript:alert(1)'")
        XCTAssertEqual(navigation.navigations.count, 3, "no javascript: navigation of another origin's window")
    }

    func testOpaqueOriginFrame() throws {
        let top = try tree.window("<iframe id=s></iframe>", url: "https://a.test/")
        let sandboxed = try tree.window("<p>x</p>", url: "https://a.test/s.html", parent: top, element: "#s", opaque: true)
        top.frameTreeDidChange()
        XCTAssertEqual(sandboxed.serializedOrigin, "null")
        XCTAssertEqual(js(top, "try { frames[0].document; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(js(top, "document.getElementById('s').contentDocument"), .null)
        XCTAssertEqual(js(sandboxed, "frameElement"), .null)
        XCTAssertEqual(js(sandboxed, "window.document === document && frames === window"), .bool(true), "itself is same origin")
    }

    func testAboutBlankFrameHasItsParentsOrigin() throws {
        let top = try tree.window("<iframe id=b></iframe>", url: "https://a.test/")
        let blank = try tree.window("<html><body></body></html>", url: "about:blank", parent: top, element: "#b")
        top.frameTreeDidChange()
        XCTAssertEqual(blank.serializedOrigin, "https://a.test")
        XCTAssertEqual(js(top, "frames[0].document === document.getElementById('b').contentDocument"), .bool(true))
    }

    func testPostMessageSameOrigin() throws {
        let (top, one, _) = try makeTree()
        js(top, """
            var got = [];
            addEventListener('message', function (e) {
              got.push([e.data, e.origin, e.source === frames[0], e.lastEventId, e.ports.length, e.isTrusted, e instanceof MessageEvent]);
            });
            """)
        js(one, "parent.postMessage({ a: [1, 2], b: 'x' }, '*'); var sync = true;")
        XCTAssertEqual(js(top, "got.length"), .number(0), "delivered on a later task")
        tree.settle()
        XCTAssertEqual(js(top, "JSON.stringify(got)"), .string(#"[[{"a":[1,2],"b":"x"},"https://a.test",true,"",0,true,true]]"#))
        // The message is a copy, made in the receiver's realm.
        js(one, "var sent = { k: 1 }; parent.postMessage(sent, '/');")
        tree.settle()
        XCTAssertEqual(js(top, "got[1][0].k === 1 && got[1][0] !== frames[0].sent && got[1][0] instanceof Object"), .bool(true))
    }

    func testPostMessageCrossOriginAndTargetOrigin() throws {
        let (top, _, two) = try makeTree()
        js(two, "var got = []; onmessage = function (e) { got.push(e.data + '|' + e.origin); e.source.postMessage('pong', e.origin); };")
        js(top, "var replies = []; onmessage = function (e) { replies.push(e.data + '|' + e.origin + '|' + (e.source === frames[1])); };")
        js(top, """
            frames[1].postMessage('wrong', 'https://c.test');
            frames[1].postMessage('right', 'https://b.test/any/path?q');
            frames[1].postMessage({ targetOrigin: 'x' }, { targetOrigin: '*' });
            """)
        tree.settle()
        XCTAssertEqual(js(two, "got.join()"), .string("right|https://a.test,[object Object]|https://a.test"))
        XCTAssertEqual(js(top, "replies.join()"), .string("pong|https://b.test|true,pong|https://b.test|true"))
        XCTAssertEqual(js(top, "try { frames[1].postMessage(1, 'not a url'); 'no' } catch (e) { e.name }"), .string("SyntaxError"))
        XCTAssertEqual(js(top, "try { frames[1].postMessage(); 'no' } catch (e) { e instanceof TypeError }"), .bool(true))
        // "/" is the caller's origin, which the cross-origin frame does not have.
        js(top, "frames[1].postMessage('slash', '/')")
        tree.settle()
        XCTAssertEqual(js(two, "got.length"), .number(2))
    }

    func testStructuredCloneOfMessages() throws {
        let (top, one, _) = try makeTree()
        js(top, "var last; onmessage = function (e) { last = e.data; };")
        js(one, """
            var cyclic = { name: 'c' }; cyclic.self = cyclic; cyclic.list = [cyclic, 1];
            parent.postMessage(cyclic, '*');
            """)
        tree.settle()
        XCTAssertEqual(js(top, "last.self === last && last.list[0] === last && last.name === 'c'"), .bool(true))
        js(one, """
            parent.postMessage({ m: new Map([[1, 'one'], ['k', { z: 2 }]]), s: new Set([1, 2]), d: new Date(5), r: /a+/gi,
              n: [NaN, -0, Infinity, 1e300], b: new Uint8Array([1, 2, 255]).buffer, t: new Int16Array([-1, 7]), e: new RangeError('bad'),
              boxed: [new String('s'), new Number(3), new Boolean(false)], u: undefined, big: 10n }, '*');
            """)
        tree.settle()
        XCTAssertEqual(js(top, "last.m instanceof Map && last.m.get(1) === 'one' && last.m.get('k').z === 2"), .bool(true))
        XCTAssertEqual(js(top, "last.s instanceof Set && last.s.has(2) && last.d instanceof Date && last.d.getTime() === 5"), .bool(true))
        XCTAssertEqual(js(top, "last.r instanceof RegExp && last.r.source === 'a+' && last.r.flags === 'gi'"), .bool(true))
        XCTAssertEqual(js(top, "isNaN(last.n[0]) && Object.is(last.n[1], -0) && last.n[2] === Infinity && last.n[3] === 1e300"), .bool(true))
        XCTAssertEqual(js(top, "last.b instanceof ArrayBuffer && new Uint8Array(last.b).join() === '1,2,255'"), .bool(true))
        XCTAssertEqual(js(top, "last.t instanceof Int16Array && last.t.join() === '-1,7'"), .bool(true))
        XCTAssertEqual(js(top, "last.e instanceof RangeError && last.e.message === 'bad'"), .bool(true))
        XCTAssertEqual(js(top, "typeof last.boxed[0] === 'object' && last.boxed[0] == 's' && last.boxed[1] == 3 && last.boxed[2].valueOf() === false"),
                       .bool(true))
        XCTAssertEqual(js(top, "'u' in last && last.u === undefined && last.big === 10n"), .bool(true))
        for bad in ["function () {}", "Symbol('s')", "document.body", "window", "{ f: function () {} }", "parent"] {
            XCTAssertEqual(js(one, "try { parent.postMessage(\(bad), '*'); 'no' } catch (e) { e.name === 'DataCloneError' && e.constructor.name === 'DOMException' }"),
                           .bool(true), bad)
        }
        XCTAssertEqual(js(top, "structuredClone(new Map([[1, [2]]])).get(1)[0]"), .number(2))
    }

    func testUndefinedMessageAndMessageError() throws {
        let (top, one, _) = try makeTree()
        js(top, "var seen = []; onmessage = function (e) { seen.push(e.data === undefined ? 'undefined' : e.data); };")
        js(one, "parent.postMessage(undefined, '*')")
        tree.settle()
        XCTAssertEqual(js(top, "seen.join()"), .string("undefined"))
        XCTAssertEqual(js(top, "onmessageerror === null"), .bool(true))
    }

    func testMessageChannelWithinAWindow() throws {
        let (top, _, _) = try makeTree()
        js(top, """
            var log = [], ch = new MessageChannel();
            ch.port2.addEventListener('message', function (e) { log.push('held:' + e.data.k); });
            ch.port1.onmessage = function (e) { log.push('1:' + e.data + ':' + e.isTrusted + ':' + e.ports.length); };
            ch.port2.postMessage('a'); ch.port2.postMessage('b');
            ch.port1.postMessage({ k: 7 });
            log.push('sync');
            """)
        tree.settle()
        XCTAssertEqual(js(top, "log.join()"), .string("sync,1:a:true:0,1:b:true:0"), "port2 is not started: its message waits")
        js(top, "ch.port2.start()")
        tree.settle()
        XCTAssertEqual(js(top, "log.join()"), .string("sync,1:a:true:0,1:b:true:0,held:7"))
        js(top, "ch.port1.close(); ch.port2.postMessage('lost')")
        tree.settle()
        XCTAssertEqual(js(top, "log.length"), .number(4))
        XCTAssertEqual(js(top, "try { MessageChannel(); 'no' } catch (e) { e instanceof TypeError }"), .bool(true))
        XCTAssertEqual(js(top, "try { MessagePort.prototype.postMessage.call({}, 1); 'no' } catch (e) { e instanceof TypeError }"), .bool(true))
        XCTAssertEqual(js(top, "try { new MessageChannel().port1.postMessage(function () {}); 'no' } catch (e) { e.name }"), .string("DataCloneError"))
    }

    func testMessagePostedDuringATaskArrivesLater() throws {
        let (top, one, _) = try makeTree()
        js(top, "var order = []; onmessage = function (e) { order.push(e.data); if (e.data === 1) { postMessage(3, '*'); order.push(2); } };")
        js(one, "parent.postMessage(1, '*')")
        tree.settle()
        XCTAssertEqual(js(top, "order.join()"), .string("1,2,3"))
    }

    func testHostileIndexesAndKeysNeverCrash() throws {
        let (top, _, _) = try makeTree()
        for key in ["NaN", "1e300", "-0", "-1", "0.5", "Infinity", "4294967295", "'__proto__'", "Symbol.iterator", "Symbol('x')"] {
            XCTAssertEqual(js(top, "var v = frames[\(key)]; v === undefined || v === frames[0] || typeof v !== 'string'"),
                           .bool(true), key)
            XCTAssertEqual(js(top, "try { frames[1][\(key)]; } catch (e) { e.name === 'SecurityError' || true }; true"), .bool(true), key)
        }
        XCTAssertEqual(js(top, "frames[-0] === frames[0]"), .bool(true))
        js(top, "try { document.getElementById('f1').contentWindow.call; } catch (e) {}")
        XCTAssertEqual(js(top, "Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow').get.call({})"), .null)
    }

    /// The group has one heap: a frame that allocates past its limit is stopped by the group's watchdog.
    func testMemoryLimitStopsAFrameThatAllocatesWithoutEnd() throws {
        let top = try tree.window("<iframe id=f></iframe>", url: "https://a.test/", limit: 60, memoryLimit: 64 << 20)
        let child = try tree.window("<p>x</p>", url: "https://a.test/c", parent: top, element: "#f", limit: 60, memoryLimit: 64 << 20)
        let result = child.context.evaluate("var a = []; while (true) a.push(new Array(1e6).fill(1));")
        XCTAssertEqual(result, .failure(.memoryLimitExceeded(limit: 64 << 20)))
        XCTAssertEqual(child.context.stopReason, .memoryLimitExceeded(limit: 64 << 20))
    }

    /// A page's getters on Object.prototype do not change the window's own definitions.
    func testPollutedObjectPrototypeChangesNothing() throws {
        let (top, one, _) = try makeTree()
        js(top, "Object.defineProperty(Object.prototype, 'get', { value: 5, configurable: true }); Object.prototype.value = 7; Object.prototype.set = 1;")
        one.name = "again"
        XCTAssertEqual(js(top, "window.again === frames[0] && window[1] === frames[1]"), .bool(true))
        XCTAssertEqual(js(top, "try { frames[1].document; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(js(top, "frames[1].closed"), .bool(false))
        XCTAssertEqual(js(top, "structuredClone({ a: [1] }).a[0]"), .number(1))
    }

    /// The windows of a page share an engine: a frame's functions and nodes
    /// held by its parent stay callable after the frame's window went, and do nothing.
    func testAGoneFramesFunctionsDoNotCrash() throws {
        let top = try tree.window("<iframe id=f></iframe>", url: "https://a.test/")
        weak var gone: ScriptWindow?
        do {
            let child = try tree.window("<p id=p>x</p>", url: "https://a.test/c", parent: top, element: "#f")
            gone = child
            js(top, """
                var f = frames[0].postMessage, t = frames[0].setTimeout, d = frames[0].document, w = frames[0];
                var p = d.getElementById('p'), par = frames[0].parent, fe = frames[0].frameElement;
                """)
            tree.frames.removeAll { $0.window === child }
            tree.hosts.removeAll { $0.window === child }
        }
        top.frameTreeDidChange()
        XCTAssertNil(gone, "the frame's window went")
        js(top, """
            try { f('x', '*'); } catch (e) {}
            try { t(function () {}, 0); } catch (e) {}
            try { d.getElementById('p'); p.textContent; p.textContent = 'y'; d.body; } catch (e) {}
            try { w.name; w.length; w.frames; w.parent; w.document; w.location; } catch (e) {}
            """)
        XCTAssertEqual(js(top, "frames.length"), .number(0))
    }

    func testWatchdogStopsAnEndlessLoopInAFrame() throws {
        let top = try tree.window("<iframe id=f></iframe>", url: "https://a.test/", limit: 0.3)
        let child = try tree.window("", url: "https://a.test/c", parent: top, element: "#f", limit: 0.3)
        let start = Date()
        guard case .failure(let error) = child.context.evaluate("for (;;) {}") else { return XCTFail("the loop ended by itself") }
        XCTAssertEqual(error, .terminated(limit: 0.3))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        // Both windows run scripts afterwards; the parent's next script is not cut short.
        XCTAssertEqual(js(child, "1 + 1"), .number(2))
        XCTAssertEqual(js(top, "var n = 0; for (var i = 0; i < 1e5; i++) n++; n"), .number(100_000))
        // A loop in the child called from the parent ends too.
        guard case .failure = top.context.evaluate("frames[0].eval('for (;;) {}')") else { return XCTFail("not ended") }
        XCTAssertEqual(js(top, "2 + 2"), .number(4))
    }
}
