import XCTest
import TernDOM
@testable import TernScript

/// Range and StaticRange (DOM §5) over the real JavaScriptCore, with the live range update steps.
final class DOMRangeTests: DOMTestCase {
    func testBoundariesAndHostileOffsets() throws {
        try load("<body><p id=p>hello</p></body>")
        XCTAssertEqual(js("""
            var t = document.getElementById('p').firstChild, r = document.createRange(), out = [];
            [NaN, -1, 4294967296, 1e300, '3', 5, 6, Infinity].forEach(function (o) {
              try { r.setStart(t, o); out.push(r.startOffset); } catch (e) { out.push(e.name); }
            });
            out.join(',')
            """), .string("0,IndexSizeError,0,0,3,5,IndexSizeError,0"),
            "WebIDL unsigned long: NaN→0, -1→2^32-1, 2^32→0, 1e300→0 (mod 2^32), Infinity→0")
        XCTAssertEqual(js("""
            var r = new Range(), out = [r.startContainer === document, r.collapsed];
            try { r.setStart(document.doctype, 0); } catch (e) { out.push(e.name); }
            try { r.setStartBefore(document); } catch (e) { out.push(e.name); }
            try { r.setStart({}, 0); } catch (e) { out.push(e.name); }
            try { r.setStart(document.body); } catch (e) { out.push(e.name); }
            out.join(',')
            """), .string("true,true,InvalidNodeTypeError,InvalidNodeTypeError,TypeError,TypeError"))
    }

    func testSetStartAfterEndCollapsesAndOtherTreesMove() throws {
        try load("<body><p id=a>aaa</p><p id=b>bbb</p></body>")
        XCTAssertEqual(js("""
            var a = document.getElementById('a'), b = document.getElementById('b'), r = document.createRange();
            r.setStart(a.firstChild, 1); r.setEnd(b.firstChild, 2);
            var out = [r.toString(), r.commonAncestorContainer === document.body];
            r.setStart(b.firstChild, 3); out.push(r.collapsed, r.endOffset);
            var other = document.implementation.createHTMLDocument('x'), q = other.createElement('q');
            r.setEnd(q, 0); out.push(r.startContainer === q, r.collapsed);
            try { r.compareBoundaryPoints(Range.START_TO_START, document.createRange()); } catch (e) { out.push(e.name); }
            try { r.comparePoint(a, 0); } catch (e) { out.push(e.name); }
            out.push(r.isPointInRange(a, 0), r.intersectsNode(a));
            out.join(',')
            """), .string("aabb,true,true,3,true,true,WrongDocumentError,WrongDocumentError,false,false"))
    }

    func testCompareAndIntersect() throws {
        try load("<body><div id=d><i>x</i><b>yy</b><u>z</u></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), r = document.createRange(), s = document.createRange();
            r.setStart(d, 1); r.setEnd(d, 2); s.selectNodeContents(d.childNodes[1]);
            var out = [r.compareBoundaryPoints(Range.START_TO_START, s), r.compareBoundaryPoints(Range.END_TO_END, s),
                       r.compareBoundaryPoints(Range.START_TO_END, s), r.compareBoundaryPoints(Range.END_TO_START, s),
                       r.comparePoint(d.firstChild, 0), r.comparePoint(d.childNodes[1].firstChild, 1), r.comparePoint(d, 3),
                       r.intersectsNode(d.firstChild), r.intersectsNode(d.childNodes[1]), r.intersectsNode(d)];
            try { r.compareBoundaryPoints(4, s); } catch (e) { out.push(e.name); }
            out.push(r.compareBoundaryPoints(65536, s));
            out.join(',')
            """), .string("-1,1,1,-1,-1,0,1,false,true,true,NotSupportedError,-1"))
    }

    func testExtractCloneDeleteInsertAndSurround() throws {
        try load("<body><div id=d><p>abc</p><p>def</p></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), r = document.createRange();
            r.setStart(d.firstChild.firstChild, 1); r.setEnd(d.lastChild.firstChild, 2);
            var clone = r.cloneContents(), out = [];
            var box = document.createElement('div'); box.appendChild(clone); out.push(box.innerHTML, d.innerHTML);
            var fragment = r.extractContents(); box.textContent = ''; box.appendChild(fragment);
            out.push(box.innerHTML, d.innerHTML, r.collapsed, r.startContainer === d, r.startOffset);
            r.insertNode(document.createElement('hr')); out.push(d.innerHTML, r.startOffset, r.endOffset);
            r.selectNodeContents(d.firstChild); r.deleteContents(); out.push(d.innerHTML);
            var t = document.createTextNode('0123456789'); d.appendChild(t);
            r.setStart(t, 2); r.setEnd(t, 5); r.surroundContents(document.createElement('em'));
            out.push(d.innerHTML, r.startContainer === d, r.toString());
            out.join(' | ')
            """), .string("<p>bc</p><p>de</p> | <p>abc</p><p>def</p> | <p>bc</p><p>de</p> | <p>a</p><p>f</p> | true | true | 1 | <p>a</p><hr><p>f</p> | 1 | 2 | <p></p><hr><p>f</p> | <p></p><hr><p>f</p>01<em>234</em>56789 | true | 234"))
    }

    func testLiveRangeUpdatesOnMutation() throws {
        try load("<body><div id=d><i>a</i><b>b</b><u>u</u></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), r = document.createRange(), out = [];
            r.setStart(d, 1); r.setEnd(d, 3);
            d.insertBefore(document.createElement('s'), d.firstChild); out.push(r.startOffset + '-' + r.endOffset);
            d.removeChild(d.childNodes[2]); out.push(r.startOffset + '-' + r.endOffset);
            r.selectNodeContents(d.lastChild); d.removeChild(d.lastChild); out.push(r.startContainer === d, r.startOffset);
            var t = document.createTextNode('abcdef'); d.appendChild(t);
            r.setStart(t, 2); r.setEnd(t, 5);
            t.insertData(1, 'XY'); out.push(r.startOffset + '-' + r.endOffset);
            t.deleteData(0, 5); out.push(r.startOffset + '-' + r.endOffset);
            t.replaceData(1, 1, 'QQQ'); out.push(r.startOffset + '-' + r.endOffset);
            t.data = 'whole'; out.push(r.startOffset + '-' + r.endOffset);
            t.data = 'abcdef'; r.setStart(t, 2); r.setEnd(t, 5);
            var second = t.splitText(3); out.push(r.startContainer === t, r.endContainer === second, r.endOffset);
            r.setEnd(second, 3); d.normalize(); out.push(r.endContainer === t, r.endOffset, t.data);
            d.innerHTML = '<p>new</p>'; out.push(r.startContainer === d, r.startOffset, r.endOffset);
            out.join(',')
            """), .string("2-4,2-3,true,2,4-7,0-2,0-1,0-0,true,true,2,true,6,abcdef,true,0,0"))
    }

    func testStaticRange() throws {
        try load("<body><p id=p>text</p></body>")
        XCTAssertEqual(js("""
            var p = document.getElementById('p'), out = [];
            var s = new StaticRange({ startContainer: p.firstChild, startOffset: 1, endContainer: p, endOffset: 99 });
            out.push(s.startOffset, s.endOffset, s.collapsed, s instanceof AbstractRange, s instanceof Range);
            p.remove(); out.push(s.startContainer === p.firstChild);
            [undefined, {}, { startContainer: p, startOffset: 0, endContainer: p }, { startContainer: document.doctype, startOffset: 0, endContainer: p, endOffset: 0 }]
              .forEach(function (init) { try { new StaticRange(init); out.push('ok'); } catch (e) { out.push(e.name); } });
            try { StaticRange({}); } catch (e) { out.push(e.name); }
            out.join(',')
            """), .string("1,99,false,true,false,true,TypeError,TypeError,TypeError,InvalidNodeTypeError,TypeError"))
    }

    func testManyRangesAndMutations() throws {
        try load("<body><div id=d></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), ranges = [];
            d.appendChild(document.createTextNode('first'));
            for (var i = 0; i < 200; i++) { var r = document.createRange(); r.setStart(d, 0); r.setEnd(d, 1); ranges.push(r); }
            for (i = 0; i < 2000; i++) d.appendChild(document.createTextNode('x'));
            for (i = 0; i < 2000; i++) d.insertBefore(document.createTextNode('y'), d.firstChild);
            ranges[0].startOffset + ',' + ranges[199].endOffset + ',' + d.childNodes.length
            """), .string("0,2001,4001"))
    }
}
