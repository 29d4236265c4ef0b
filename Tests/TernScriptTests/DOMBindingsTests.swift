import XCTest
import TernDOM
import TernNet
@testable import TernScript

/// Records what the DOM bindings ask of their host.
final class RecordingDOMHost: ScriptHost {
    var changes = 0
    var titles: [String] = []
    var submissions: [FormSubmission] = []
    var console: [String] = []
    var cookies: [String] = []
    var insertedScripts: [Node] = []
    func scriptAlert(_ message: String) {}
    func scriptConfirm(_ message: String) -> Bool { false }
    func scriptPrompt(_ message: String, defaultText: String?) -> String? { nil }
    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?) {}
    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage) { console.append("\(message.level): \(message.text)") }
    func scriptDocumentDidChange() { changes += 1 }
    func scriptDocumentTitleDidChange(_ title: String) { titles.append(title) }
    func scriptCookie() -> String { cookies.joined(separator: "; ") }
    func scriptSetCookie(_ cookie: String) { cookies.append(String(cookie.prefix { $0 != ";" })) }
    func scriptSubmitForm(_ submission: FormSubmission) { submissions.append(submission) }
    func scriptDidInsertScriptElement(_ element: Node) { insertedScripts.append(element) }
}

/// A window over a parsed document, without a web view.
class DOMTestCase: XCTestCase {
    var host: RecordingDOMHost!
    var loop: EventLoop!
    var window: ScriptWindow!
    var document: Document!

    func load(_ html: String, url: String = "https://example.test/dir/page.html") throws {
        host = RecordingDOMHost()
        loop = EventLoop()
        document = Document(html: html)
        window = try ScriptWindow(host: host, loader: Loader(loop: loop), documentURL: WebURL(url))
        window.attach(document: document)
    }

    /// Evaluates `source`; an exception fails the test.
    @discardableResult
    func js(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> ScriptValue {
        switch window.context.evaluate(source) {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("\(error)", file: file, line: line)
            return .null
        }
    }
}

final class DOMBindingsTests: DOMTestCase {
    /// ECMA-262 §20.2.3.5: a built-in function's source text is a NativeFunction;
    /// jQuery's Sizzle uses querySelectorAll only when it prints so.
    func testPlatformFunctionsPrintAsNativeCode() throws {
        try load("<body><p>x</p></body>")
        let native = #"^function \w*\(\) \{\s*\[native code\]\s*\}$"#
        for expression in ["document.querySelectorAll", "Element.prototype.getAttribute", "Node",
                           "Object.getOwnPropertyDescriptor(Node.prototype, 'firstChild').get",
                           "document.createElement", "Function.prototype.toString", "Array.prototype.push"] {
            XCTAssertEqual(js("/\(native)/.test(String(\(expression)))"), .bool(true), expression)
        }
        XCTAssertEqual(js("document.querySelectorAll.toString()"), .string("function querySelectorAll() {\n    [native code]\n}"))
        XCTAssertEqual(js("(function mine(a) { return a; }).toString()"), .string("function mine(a) { return a; }"),
                       "page functions keep their source")
        XCTAssertEqual(js("try { Function.prototype.toString.call({}); 'no' } catch (e) { e instanceof TypeError }"), .bool(true))
    }

    func testWrappersAreTheSameObjectOnEveryAccess() throws {
        try load("<body><div id=a><p>x</p></div></body>")
        XCTAssertEqual(js("document.body === document.body"), .bool(true))
        XCTAssertEqual(js("var el = document.getElementById('a'); el.parentNode.firstChild === el"), .bool(true))
        XCTAssertEqual(js("document.querySelector('p') === document.getElementsByTagName('p')[0]"), .bool(true))
        XCTAssertEqual(js("el.firstChild.parentNode === el && el.childNodes[0] === el.firstChild"), .bool(true))
        XCTAssertEqual(js("document.documentElement.parentNode === document"), .bool(true))
    }
}

final class DOMTreeTests: DOMTestCase {
    func testThePreludeLoadsCleanlyAndInstanceofWorks() throws {
        try load("<body><p>t</p><!--c--></body>")
        XCTAssertEqual(host.console, [], "the prelude ran without errors")
        XCTAssertEqual(js("""
            var p = document.querySelector('p'), t = p.firstChild, c = document.body.lastChild;
            [document instanceof Document, document instanceof Node, document instanceof EventTarget,
             p instanceof HTMLElement, p instanceof HTMLParagraphElement, p instanceof Element, p instanceof Node,
             t instanceof Text, t instanceof CharacterData, c instanceof Comment,
             document.createDocumentFragment() instanceof DocumentFragment, document.body.childNodes instanceof NodeList,
             document.body.children instanceof HTMLCollection, window instanceof EventTarget,
             new Event('x') instanceof Event, new CustomEvent('x') instanceof Event].every(function (x) { return x; })
            """), .bool(true))
        XCTAssertEqual(js("[p.nodeType, t.nodeType, c.nodeType, document.nodeType, p.nodeName, t.nodeName, p.tagName, p.localName]"),
                       .array([.number(1), .number(3), .number(8), .number(9), .string("P"), .string("#text"), .string("P"), .string("p")]))
    }

    func testMutationsShowInTheSerialisationAndReachTheHost() throws {
        try load("<body><ul id=list><li>one</li></ul></body>")
        let before = host.changes
        js("""
            var ul = document.getElementById('list');
            var li = document.createElement('LI');
            li.textContent = 'two';
            ul.appendChild(li);
            ul.insertBefore(document.createTextNode('zero'), ul.firstChild);
            li.setAttribute('class', 'x');
            ul.replaceChild(document.createComment('gone'), ul.firstChild);
            """)
        XCTAssertEqual(document.body?.innerHTML, #"<ul id="list"><!--gone--><li>one</li><li class="x">two</li></ul>"#)
        XCTAssertGreaterThanOrEqual(host.changes - before, 5, "every change is reported")
        js("ul.innerHTML = '<li>a</li><li>b</li>'")
        XCTAssertEqual(js("ul.children.length + ':' + ul.lastChild.textContent + ':' + ul.outerHTML"),
                       .string(#"2:b:<ul id="list"><li>a</li><li>b</li></ul>"#))
        js("ul.firstChild.remove(); ul.append('t', document.createElement('hr')); ul.prepend('p')")
        XCTAssertEqual(document.body?.innerHTML, #"<ul id="list">p<li>b</li>t<hr></ul>"#)
    }

    func testARemovedElementStaysUsable() throws {
        try load("<body><div id=d><span>in</span></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            var removed = document.body.removeChild(d);
            removed.firstChild.textContent = 'still';
            removed.setAttribute('title', 'x');
            [removed === d, d.parentNode, d.isConnected, d.outerHTML, document.getElementById('d')]
            """), .array([.bool(true), .null, .bool(false), .string(#"<div id="d" title="x"><span>still</span></div>"#), .null]))
        XCTAssertEqual(js("document.body.appendChild(d); document.getElementById('d') === d && d.isConnected"), .bool(true))
    }

    func testDOMErrorsAreDOMExceptionsWithTheirNames() throws {
        try load("<body><div id=a><p id=b></p></div></body>")
        XCTAssertEqual(js("""
            function name(f) { try { f(); return 'none'; } catch (e) { return (e instanceof DOMException ? 'DOMException:' : '') + e.name + ':' + e.code; } }
            var a = document.getElementById('a'), b = document.getElementById('b');
            [name(function () { b.appendChild(a); }),
             name(function () { a.removeChild(document.body); }),
             name(function () { document.createElement('1bad'); }),
             name(function () { document.querySelector('##'); }),
             name(function () { document.appendChild(document.createTextNode('x')); }),
             name(function () { a.appendChild(null); })]
            """), .array([.string("DOMException:HierarchyRequestError:3"), .string("DOMException:NotFoundError:8"),
                          .string("DOMException:InvalidCharacterError:5"), .string("DOMException:SyntaxError:12"),
                          .string("DOMException:HierarchyRequestError:3"), .string("TypeError:undefined")]))
    }

    func testClassListDatasetStyleAndHidden() throws {
        try load(#"<body><div id=d class="a b" data-user-id="7" style="--c: red"></div></body>"#)
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.classList.add('c'); d.classList.remove('a'); d.classList.toggle('b');
            var replaced = d.classList.replace('c', 'z');
            [d.className, d.classList.contains('z'), d.classList.length, d.classList[0], replaced, d.classList === d.classList]
            """), .array([.string("z"), .bool(true), .number(1), .string("z"), .bool(true), .bool(true)]))
        XCTAssertEqual(js("""
            d.dataset.fooBar = 'baz';
            var keys = Object.keys(d.dataset).join(',');
            delete d.dataset.userId;
            [d.getAttribute('data-foo-bar'), keys, d.hasAttribute('data-user-id'), d.dataset.missing === undefined]
            """), .array([.string("baz"), .string("userId,fooBar"), .bool(false), .bool(true)]))
        XCTAssertEqual(js("""
            d.style.display = 'none';
            d.style.setProperty('--v', 'hidden');
            var s = [d.style.getPropertyValue('--c'), d.style.display, d.getAttribute('style')];
            d.style.display = '';
            d.hidden = true;
            s.concat([d.getAttribute('style'), d.hasAttribute('hidden')])
            """), .array([.string("red"), .string("none"), .string("--c: red; display: none; --v: hidden;"),
                          .string("--c: red; --v: hidden;"), .bool(true)]))
        XCTAssertEqual(document.element(withID: "d")?.attribute("style"), "--c: red; --v: hidden;", "layout reads the attribute")
    }

    func testDocumentProperties() throws {
        try load("<html><head><title> Old  title </title></head><body><form name=f></form><a href='../x?q=1#h'>l</a></body></html>",
                 url: "https://example.test/dir/page.html")
        XCTAssertEqual(js("""
            var a = document.links[0];
            [document.title, document.URL, document.readyState, document.forms.length, document.forms.f === document.forms[0],
             a.href, a.pathname, a.search, a.hash, a.host, document.activeElement === document.body, document.defaultView === window,
             document.head.nodeName, document.documentElement.nodeName, document.cookie]
            """), .array([.string("Old title"), .string("https://example.test/dir/page.html"), .string("loading"), .number(1), .bool(true),
                          .string("https://example.test/x?q=1#h"), .string("/x"), .string("?q=1"), .string("#h"), .string("example.test"),
                          .bool(true), .bool(true), .string("HEAD"), .string("HTML"), .string("")]))
        js("document.title = 'New'; document.cookie = 'a=1; path=/'")
        XCTAssertEqual(host.titles, ["New"])
        XCTAssertEqual(document.title, "New")
        XCTAssertEqual(js("document.cookie"), .string("a=1"))
        window.readyState = .complete
        XCTAssertEqual(js("document.readyState"), .string("complete"))
    }

    func testChildNodesIsLiveForLoops() throws {
        try load("<body><div id=d><i>1</i><i>2</i></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), kids = d.childNodes, items = d.getElementsByTagName('i');
            var before = kids.length;
            d.appendChild(document.createElement('i'));
            var seen = [];
            for (var i = 0; i < kids.length; i++) seen.push(kids[i].nodeName);
            [before, kids.length, items.length, seen.join(','), kids === d.childNodes, Array.from(items).length]
            """), .array([.number(2), .number(3), .number(3), .string("I,I,I"), .bool(true), .number(3)]))
    }

    /// Lists of children refresh only when nodes go in or out (an attribute
    /// or a text change leaves them as they are); the other lists follow
    /// attributes too, and every kind of change is seen by each.
    func testListsOfChildrenFollowTreeChangesAndOthersAttributesToo() throws {
        try load("<body><div id=d><i class=a>1</i><b>2</b></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), kids = d.childNodes, elements = d.children;
            var byClass = d.getElementsByClassName('a'), r = [kids.length, elements.length, byClass.length];
            d.lastChild.className = 'a';
            r.push(kids.length, byClass.length);
            d.firstChild.firstChild.data = 'one';
            r.push(kids[0].textContent);
            d.appendChild(document.createTextNode('t'));
            r.push(kids.length, elements.length);
            d.firstChild.remove();
            r.push(kids.length, elements.length, elements[0].nodeName, byClass.length);
            d.lastElementChild.removeAttribute('class');
            r.push(byClass.length, kids.length);
            d.textContent = '';
            r.push(kids.length, elements.length);
            r
            """), .array([.number(2), .number(2), .number(1), .number(2), .number(2), .string("one"), .number(3), .number(2),
                          .number(2), .number(1), .string("B"), .number(1), .number(0), .number(2), .number(0), .number(0)]))
    }

    /// Speed is the bench's business (no timed tests); this checks a long sibling chain stays right.
    func testTenThousandElementsAreAppendedAndWalked() throws {
        try load("<body><ul id=l></ul></body>")
        XCTAssertEqual(js("""
            var ul = document.getElementById('l');
            for (var i = 0; i < 10000; i++) {
              var li = document.createElement('li');
              li.className = 'item';
              li.appendChild(document.createTextNode('item ' + i));
              ul.appendChild(li);
            }
            var n = 0;
            for (var c = ul.firstChild; c; c = c.nextSibling) n++;
            [ul.children.length, n, ul.lastChild.textContent]
            """), .array([.number(10000), .number(10000), .string("item 9999")]))
    }

    func testInsertedScriptElementsAreAnnounced() throws {
        try load("<body></body>")
        js("var s = document.createElement('script'); s.src = 'a.js'; document.body.appendChild(s); document.createElement('div').innerHTML = '<script></script>'")
        XCTAssertEqual(host.insertedScripts.map { $0.attribute("src") }, ["a.js"])
    }
}
