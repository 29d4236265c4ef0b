import XCTest
import TernDOM
@testable import TernScript

/// MutationObserver (DOM §4.3) over the real JavaScriptCore.
final class MutationObserverTests: DOMTestCase {
    /// Runs `source` as one script, then lets the microtasks run (the engine drains them when the script returns).
    private func records(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> ScriptValue {
        js(source, file: file, line: line)
        return js("window.log.join(' | ')", file: file, line: line)
    }

    func testChildListRecordsWithSiblings() throws {
        try load("<body><div id=d><i>a</i><b>b</b></div></body>")
        let result = records("""
            window.log = [];
            var d = document.getElementById('d');
            new MutationObserver(function (rs) { rs.forEach(function (r) {
              log.push(r.type + ':' + r.addedNodes.length + '+' + r.removedNodes.length + ':' +
                (r.previousSibling && r.previousSibling.nodeName) + ':' + (r.nextSibling && r.nextSibling.nodeName));
            }); }).observe(d, { childList: true });
            var u = document.createElement('u');
            d.insertBefore(u, d.lastChild);
            d.removeChild(d.firstChild);
            d.innerHTML = '<p>x</p><p>y</p>';
            """)
        XCTAssertEqual(result, .string("childList:1+0:I:B | childList:0+1:null:U | childList:2+2:null:null"))
    }

    func testRecordsArriveAfterTheScriptAndBeforeATimeout() throws {
        try load("<body><div id=d></div></body>")
        js("""
            window.log = [];
            var d = document.getElementById('d');
            new MutationObserver(function (rs) { log.push('records:' + rs.length); }).observe(d, { attributes: true });
            setTimeout(function () { log.push('timeout'); }, 0);
            Promise.resolve().then(function () { log.push('promise'); });
            d.setAttribute('a', '1'); d.setAttribute('b', '2');
            log.push('sync');
            """)
        XCTAssertEqual(js("log.join(',')"), .string("sync,promise,records:2"))
        _ = loop.run(until: { self.js("log.length") == .number(4) }, timeout: 5)
        XCTAssertEqual(js("log.join(',')"), .string("sync,promise,records:2,timeout"))
    }

    func testAttributesFilterOldValueAndCharacterData() throws {
        try load("<body><div id=d class=a>text</div></body>")
        let result = records("""
            window.log = [];
            var d = document.getElementById('d'), t = d.firstChild;
            var mo = new MutationObserver(function (rs) { rs.forEach(function (r) { log.push(r.type + ':' + r.attributeName + ':' + r.oldValue); }); });
            mo.observe(d, { attributeFilter: ['class'], attributeOldValue: true, characterDataOldValue: true, subtree: true });
            d.className = 'b'; d.id = 'e'; d.removeAttribute('class'); d.removeAttribute('class');
            t.data = 'new'; t.appendData('!'); t.deleteData(0, 1);
            """)
        XCTAssertEqual(result, .string("attributes:class:a | attributes:class:b | characterData:null:text | characterData:null:new | characterData:null:new!"))
    }

    func testObserveOptionErrors() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var mo = new MutationObserver(function () {}), out = [];
            [undefined, {}, { subtree: true }, { attributes: false, attributeOldValue: true }, { attributes: false, attributeFilter: [] },
             { characterData: false, characterDataOldValue: true }, { attributeFilter: 5 }, 7].forEach(function (o) {
              try { mo.observe(document.body, o); out.push('ok'); } catch (e) { out.push(e.name); }
            });
            try { mo.observe({}, { childList: true }); } catch (e) { out.push(e.name); }
            try { MutationObserver(function () {}); } catch (e) { out.push(e.name); }
            try { new MutationObserver(5); } catch (e) { out.push(e.name); }
            out.join(',')
            """), .string(Array(repeating: "TypeError", count: 11).joined(separator: ",")))
    }

    func testTransientObserversSeeChangesInARemovedSubtree() throws {
        try load("<body><div id=d><p id=p><i>x</i></p></div></body>")
        let result = records("""
            window.log = [];
            var d = document.getElementById('d'), p = document.getElementById('p');
            new MutationObserver(function (rs) { rs.forEach(function (r) { log.push(r.type + ':' + r.target.nodeName); }); })
              .observe(d, { childList: true, subtree: true, attributes: true });
            d.removeChild(p);
            p.firstChild.setAttribute('x', '1');
            Promise.resolve().then(function () { p.setAttribute('late', '1'); });
            """)
        XCTAssertEqual(result, .string("childList:DIV | attributes:I"), "the transient observer goes at delivery")
    }

    func testTakeRecordsDisconnectAndThrowingCallback() throws {
        try load("<body><div id=d></div></body>")
        let result = records("""
            window.log = []; window.errors = 0;
            window.addEventListener('error', function () { errors++; });
            var d = document.getElementById('d');
            var a = new MutationObserver(function () { log.push('a'); throw new Error('boom'); });
            var b = new MutationObserver(function (rs, o) { log.push('b:' + rs.length + ':' + (o === b)); });
            var c = new MutationObserver(function () { log.push('c never'); });
            a.observe(d, { childList: true }); b.observe(d, { childList: true }); c.observe(d, { childList: true });
            d.appendChild(document.createElement('i'));
            log.push('taken:' + c.takeRecords().length + ':' + (c.takeRecords().length));
            d.appendChild(document.createElement('i'));
            c.disconnect();
            """)
        XCTAssertEqual(result, .string("taken:1:0 | a | b:2:true"))
        XCTAssertEqual(js("errors"), .number(1))
    }

    func testCallbackThatMutatesGetsANewDelivery() throws {
        try load("<body><div id=d></div></body>")
        let result = records("""
            window.log = [];
            var d = document.getElementById('d'), n = 0;
            new MutationObserver(function (rs) { log.push(rs.length); if (++n < 3) d.appendChild(document.createTextNode('x')); })
              .observe(d, { childList: true });
            d.appendChild(document.createTextNode('x'));
            """)
        XCTAssertEqual(result, .string("1 | 1 | 1"))
    }

    func testAHundredThousandMutations() throws {
        try load("<body><div id=d></div></body>")
        let result = records("""
            window.log = [];
            var d = document.getElementById('d');
            new MutationObserver(function (rs) { log.push(rs.length + ':' + rs[rs.length - 1].attributeName); })
              .observe(d, { attributes: true, attributeOldValue: true });
            for (var i = 0; i < 100000; i++) d.setAttribute('a', String(i));
            """)
        XCTAssertEqual(result, .string("100000:a"))
    }

    func testFragmentInsertionAndReplaceChildRecords() throws {
        try load("<body><div id=d><b>b</b></div></body>")
        let result = records("""
            window.log = [];
            var d = document.getElementById('d'), f = document.createDocumentFragment();
            f.appendChild(document.createElement('i')); f.appendChild(document.createElement('u'));
            var mo = new MutationObserver(function (rs) { rs.forEach(function (r) {
              log.push(r.target.nodeName + ':' + Array.prototype.map.call(r.addedNodes, function (n) { return n.nodeName; }).join('') + '-' +
                Array.prototype.map.call(r.removedNodes, function (n) { return n.nodeName; }).join('') + ':' +
                (r.previousSibling && r.previousSibling.nodeName) + ':' + (r.nextSibling && r.nextSibling.nodeName));
            }); });
            mo.observe(d, { childList: true }); mo.observe(f, { childList: true });
            d.appendChild(f);
            d.replaceChild(document.createElement('s'), d.firstChild);
            d.replaceChild(d.lastChild, d.lastChild);
            d.textContent = 'z';
            """)
        XCTAssertEqual(result, .string("#document-fragment:-IU:null:null | DIV:IU-:B:null | DIV:S-B:null:I | DIV:-U:I:null | DIV:U-:I:null | DIV:#text-SIU:null:null"))
    }

    /// Changes TernDOM makes without a script (the browser, form controls) are not seen, and break nothing.
    func testNativeChangesDoNotBreakWatchers() throws {
        try load("<body><div id=d><p id=p>hello</p></div></body>")
        js("""
            window.log = [];
            var d = document.getElementById('d'), p = document.getElementById('p');
            window.r = document.createRange(); r.setStart(p.firstChild, 4); r.setEnd(d, 1);
            new MutationObserver(function (rs) { log.push(rs.length); }).observe(d, { childList: true, subtree: true, characterData: true });
            """)
        let div = try XCTUnwrap(document.element(withID: "d"))
        let paragraph = try XCTUnwrap(document.element(withID: "p"))
        paragraph.firstChild?.data = "h"
        try div.removeChild(paragraph)
        try div.appendChild(document.createTextNode("native"))
        let result = js("""
            var out = [];
            ['toString', 'cloneContents', 'extractContents', 'deleteContents'].forEach(function (m) {
              try { r[m](); out.push('ok'); } catch (e) { out.push(e.name); }
            });
            d.appendChild(document.createElement('i'));
            out.join(',')
            """)
        XCTAssertEqual(result, .string("ok,ok,ok,ok"))
        XCTAssertEqual(js("log.join(',')"), .string("1"), "only the script's own change is recorded")
    }

    /// A node TernDOM inserted without a script, told through `ScriptWindow.nodeInserted`.
    func testNativeInsertionToldToTheWatchers() throws {
        try load("<body><div id=d><i>a</i></div></body>")
        js("""
            window.log = [];
            var d = document.getElementById('d');
            window.r = document.createRange(); r.setStart(d, 1); r.setEnd(d, 1);
            new MutationObserver(function (rs) { rs.forEach(function (x) {
              log.push(x.addedNodes[0].nodeName + ':' + (x.previousSibling && x.previousSibling.nodeName) + ':' + (x.nextSibling && x.nextSibling.nodeName));
            }); }).observe(d, { childList: true });
            """)
        let div = try XCTUnwrap(document.element(withID: "d"))
        let bold = try document.createElement("b")
        try div.insertBefore(bold, div.firstChild)
        window.nodeInserted(bold)
        XCTAssertEqual(js("r.startOffset + ',' + log.join(' ')"), .string("2,B:null:I"))
        window.nodeInserted(try document.createElement("u"))
        XCTAssertEqual(js("log.length"), .number(1), "a node without a parent is ignored")
    }
}
