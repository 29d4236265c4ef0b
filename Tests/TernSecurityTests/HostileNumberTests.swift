import XCTest
import TernKit
import TernNet
@testable import TernScript

/// Issue #13, item 4: one line of script must not kill the browser. Every
/// number a page passes becomes an integer through WebIDL's conversions
/// (`Sources/TernScript/WebIDL.swift`); a trapping `Int(Double)` would kill
/// this test process (SIGILL), so surviving is what these tests assert.
final class HostileNumberTests: SecurityTestCase {
    /// Answers every dialog at once, as a person pressing Enter would.
    final class AnsweringDialogs: UIDelegate {
        var shown = 0
        func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping () -> Void) {
            shown += 1
            completionHandler()
        }
        func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping (Bool) -> Void) {
            shown += 1
            completionHandler(true)
        }
        func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                     initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
            shown += 1
            completionHandler(defaultText ?? "answer")
        }
    }

    private let dialogs = AnsweringDialogs()

    override func setUp() {
        super.setUp()
        webView.uiDelegate = dialogs
    }

    /// The four lines of the issue, each of which killed the browser.
    func testTheOneLineCrashesOfTheIssue() {
        loadAndWait(http("a.test", "/page/numbers"))
        for line in ["clearTimeout(NaN)", "clearInterval(1e20)", "clearTimeout(-Infinity)", "setTimeout(function () {}, Infinity)",
                     "setInterval(function () {}, -1e300)", "cancelAnimationFrame(1e300)"] {
            XCTAssertNotNil(run(line + "; 'ok'"), line)
        }
        // An error whose `line` is not a line number.
        for thrown in ["{ line: Infinity }", "{ line: -Infinity, sourceURL: 1e300 }", "{ line: NaN }", "{ line: 1e300 }", "{ line: -0 }"] {
            var failure: Error?
            var finished = false
            webView.evaluateJavaScript("throw \(thrown)") { _, error in failure = error; finished = true }
            wait { finished }
            XCTAssertNotNil(failure, thrown)
            _ = run("setTimeout(function () { throw \(thrown); }, 0); 0")
        }
        spin(0.1)
        // Back to the first page of the history: go(Infinity) is go(0), a reload.
        XCTAssertNotNil(run("history.go(Infinity); 'ok'"))
        settle()
        XCTAssertNotNil(run("history.go(-Infinity); history.go(NaN); history.go(1e300); 'ok'"))
        settle()
        XCTAssertEqual(value("1 + 1"), .number(2))
    }

    /// Every function and setter the page can reach, called with each hostile
    /// value in a few arities; navigation and closing are called once each.
    func testEveryBoundFunctionSurvivesHostileArguments() throws {
        loadAndWait(http("a.test", "/page/fuzz"))
        // Skip the engine's own ECMAScript globals: they are JavaScriptCore's, not Tern's.
        let bare = try ScriptContext()
        guard case .success(.array(let builtins)) = bare.evaluate("Object.getOwnPropertyNames(this)") else {
            return XCTFail("cannot list a bare context's globals")
        }
        let skipped = builtins.compactMap(\.stringValue).filter { $0 != "console" }
        XCTAssertNotNil(run(Self.harness + "window.__builtins = \(jsonArray(skipped)); 0"))

        guard case .array(let targets)? = run("__targets()") else { return XCTFail("no targets") }
        XCTAssertGreaterThan(targets.count, 200, "the walk finds the page's functions")
        var calls = 0
        for case .array(let target) in targets {
            guard target.count == 3, case .string(let object) = target[0], case .string(let name) = target[1],
                  case .string(let kind) = target[2] else { continue }
            let result = run("__fuzz(\(object), \(ScriptWindow.quoted(name)), \(ScriptWindow.quoted(kind)))")
            if case .number(let n)? = result { calls += Int(n) }
            // A function may take the page away (document.write, a reload): set the harness up again.
            if case .bool(true)? = run("typeof __fuzz !== 'function'") {
                settle()
                _ = run(Self.harness + "window.__builtins = \(jsonArray(skipped)); 0")
            }
        }
        XCTAssertGreaterThan(calls, 10_000, "the hostile values were passed")
        XCTAssertEqual(value("1 + 1"), .number(2))

        // Navigation, history and closing: once each.
        let once = [
            "history.back()", "history.forward()", "history.go(NaN)", "history.go(Symbol())", "history.go(-1e300)",
            "location.assign(NaN)", "location.replace(Infinity)", "location.reload()", "location.href = -0",
            "location.hash = 'a\\u0000b\\r\\nc\\u001b[31m'", "location.port = 1e300", "location.search = 'x'.repeat(10485760)",
            "location.assign({ toString: function () { throw new Error('no'); } })", "window.close()",
        ]
        for line in once {
            _ = run("try { \(line); } catch (e) {} 0")
            settle()
            XCTAssertEqual(value("1 + 1"), .number(2), line)
        }
    }

    // MARK: Helpers

    /// The fuzzer in the page: `__targets()` lists [object expression, name,
    /// kind] for each method, constructor and setter; `__fuzz` calls one with
    /// every hostile value and returns how many calls it made.
    static let harness = """
        (function () {
          // 10 MB for the window's functions and constructors; 64 KB for the
          // hundreds of methods and setters of the objects (the natives walk
          // strings in linear time: 10 MB each would take the test ten minutes).
          var big = 'x'.repeat(10 * 1024 * 1024), large = 'x'.repeat(64 * 1024);
          var thrower = { valueOf: function () { throw new Error('valueOf'); }, toString: function () { throw new Error('toString'); } };
          var values = [NaN, Infinity, -Infinity, 1e300, -1e300, -0, big, 'a\\u0000b\\r\\nc\\u001b[31m\\u009b', Symbol('s'), thrower];
          var apply = Reflect.apply, construct = Reflect.construct, describe = Object.getOwnPropertyDescriptor;
          var unsafe = { close: 1, location: 1, submit: 1, requestSubmit: 1, back: 1, forward: 1, go: 1, __fuzz: 1, __targets: 1 };
          window.__objects = {};
          function instances() {
            // Detached elements first: the shared prototypes (Node, Element, HTMLElement) are called on them.
            var o = window.__objects, d = document;
            o.div = d.createElement('div'); o.input = d.createElement('input');
            o.select = d.createElement('select'); o.form = d.createElement('form'); o.option = d.createElement('option');
            o.anchor = d.createElement('a'); o.table = d.createElement('table'); o.textarea = d.createElement('textarea');
            o.text = d.createTextNode('t'); o.comment = d.createComment('c'); o.fragment = d.createDocumentFragment();
            o.attributes = o.div.attributes; o.classList = o.div.classList; o.style = o.div.style;
            o.nodeList = d.querySelectorAll('*'); o.collection = d.getElementsByTagName('*');
            o.event = d.createEvent('Event'); o.implementation = d.implementation; o.document = d; o.body = d.body;
            o.xhr = new XMLHttpRequest(); o.headers = new Headers(); o.response = new Response('r');
            o.url = new URL('http://a.test/x?y=1#z'); o.params = new URLSearchParams('a=1&b=2');
            o.encoder = new TextEncoder(); o.decoder = new TextDecoder();
            o.localStorage = localStorage; o.sessionStorage = sessionStorage; o.history = history; o.console = console;
            o.navigator = navigator; o.window = window; o.location = location;
          }
          window.__targets = function () {
            instances();
            var list = [], seen = new Set(), builtins = new Set(window.__builtins);
            Object.getOwnPropertyNames(window).forEach(function (name) {
              if (builtins.has(name) || unsafe[name]) return;
              var p = describe(window, name);
              if (p && typeof p.value === 'function') list.push(['window', name, /^[A-Z]/.test(name) ? 'both' : 'call']);
            });
            Object.keys(window.__objects).forEach(function (key) {
              // location navigates: it is called once, with care, after the walk.
              if (key === 'window' || key === 'location') return;
              // Each prototype once, on the first instance that has it.
              for (var proto = window.__objects[key]; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
                if (seen.has(proto)) continue;
                seen.add(proto);
                Object.getOwnPropertyNames(proto).forEach(function (name) {
                  if (name === 'constructor' || unsafe[name]) return;
                  var p = describe(proto, name);
                  if (!p) return;
                  if (typeof p.value === 'function') list.push(['__objects.' + key, name, 'call']);
                  else if (p.set) list.push(['__objects.' + key, name, 'set']);
                });
              }
            });
            return list;
          };
          window.__fuzz = function (object, name, kind) {
            var calls = 0;
            for (var i = 0; i < values.length; i++) {
              var v = values[i] === big && object !== window ? large : values[i];
              var arities = v === big || v === large ? [[v]] : [[], [v], [v, v], [v, v, v], ['a', v], [v, 1, v, v, v]];
              for (var j = 0; j < arities.length; j++) {
                try {
                  if (kind === 'set') { object[name] = v; }
                  else {
                    var fn = object[name];
                    if (typeof fn !== 'function') return calls;
                    if (kind !== 'construct') {
                      var result = apply(fn, object, arities[j]);
                      if (/^set(Timeout|Interval)$|^requestAnimationFrame$/.test(name)) clearTimeout(result);
                    }
                    if (kind === 'both') construct(fn, arities[j]);
                  }
                } catch (e) {}
                calls++;
                if (kind === 'set') break;
              }
            }
            return calls;
          };
        })();
        """

    /// Evaluates `source` without failing on an exception (nil then).
    @discardableResult
    private func run(_ source: String) -> ScriptValue? {
        var result: ScriptValue?
        var finished = false
        webView.evaluateScriptValue(source) { result = try? $0.get(); finished = true }
        wait(timeout: 60) { finished }
        return result
    }

    /// Lets a navigation the page started (or a reload) run to its end.
    private func settle() {
        spin(0.05)
        _ = loop.run(until: { !self.webView.isLoading }, timeout: 15)
    }

    private func jsonArray(_ strings: [String]) -> String {
        "[" + strings.map(ScriptWindow.quoted).joined(separator: ",") + "]"
    }
}
