import XCTest
import TernDOM
@testable import TernScript

/// NodeIterator and NodeFilter (DOM §6.1) over the real JavaScriptCore.
final class NodeIteratorTests: DOMTestCase {
    func testWalkWithWhatToShowAndFilters() throws {
        try load("<body><div id=d><p>a<!--c--></p><span>b</span></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), out = [];
            function names(it) { var n, s = []; while ((n = it.nextNode())) s.push(n.nodeName); return s.join(' '); }
            out.push(names(document.createNodeIterator(d)));
            out.push(names(document.createNodeIterator(d, NodeFilter.SHOW_ELEMENT)));
            out.push(names(document.createNodeIterator(d, NodeFilter.SHOW_ALL, function (n) { return n.nodeName === 'P' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT; })));
            out.push(names(document.createNodeIterator(d, -1, { acceptNode: function (n) { return n.nodeType === 3 ? 1 : 3; } })));
            var it = document.createNodeIterator(d, 0x1);
            it.nextNode(); it.nextNode(); out.push(it.previousNode().nodeName, it.previousNode().nodeName, String(it.previousNode()));
            out.push(it.whatToShow, document.createNodeIterator(d, -1).whatToShow, String(it));
            out.join(' | ')
            """), .string("DIV P #text #comment SPAN #text | DIV P SPAN | DIV #text #comment SPAN #text | #text #text | P | DIV | null | 1 | 4294967295 | [object NodeIterator]"))
    }

    func testFilterExceptionsAndReentry() throws {
        try load("<body><div id=d><p></p></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), out = [];
            var it = document.createNodeIterator(d, -1, function () { throw new RangeError('mine'); });
            try { it.nextNode(); } catch (e) { out.push(e.name + ':' + e.message); }
            var inner;
            inner = document.createNodeIterator(d, -1, function () { inner.nextNode(); return 1; });
            try { inner.nextNode(); } catch (e) { out.push(e.name); }
            var bad = document.createNodeIterator(d, -1, { acceptNode: 5 });
            try { bad.nextNode(); } catch (e) { out.push(e.name); }
            try { document.createNodeIterator({}); } catch (e) { out.push(e.name); }
            try { document.createNodeIterator(); } catch (e) { out.push(e.name); }
            out.join(',')
            """), .string("RangeError:mine,InvalidStateError,TypeError,TypeError,TypeError"))
    }

    func testReferenceMovesWhenItsNodeIsRemoved() throws {
        try load("<body><div id=d><p id=a></p><p id=b></p><p id=c></p></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), out = [];
            var it = document.createNodeIterator(d, NodeFilter.SHOW_ELEMENT);
            it.nextNode(); it.nextNode(); it.nextNode();       // reference #b, after it
            document.getElementById('b').remove();
            out.push(it.referenceNode.id, it.pointerBeforeReferenceNode);
            it.previousNode();                                  // before #a
            document.getElementById('a').remove();
            out.push(it.referenceNode.id, it.pointerBeforeReferenceNode, it.nextNode().id);
            d.remove(); out.push(it.referenceNode.id);
            out.join(',')
            """), .string("a,false,c,true,c,c"))
    }
}
