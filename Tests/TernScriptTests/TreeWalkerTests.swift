import XCTest
@testable import TernScript

/// DOM §6.2 TreeWalker over real JavaScriptCore.
final class TreeWalkerTests: DOMTestCase {
    private let tree = "<body><div id=r><p id=a>t1<b id=b>t2</b></p><!--c--><p id=d><i id=e></i></p>t3</div></body>"

    private func names(_ walk: String) -> ScriptValue {
        js("""
            (function () {
              var out = [], n;
              \(walk)
              return out.join(' ');
            })()
            """)
    }

    func testNextAndPreviousNodeVisitDocumentOrder() throws {
        try load(tree)
        XCTAssertEqual(names("""
            var w = document.createTreeWalker(document.getElementById('r'));
            while ((n = w.nextNode())) out.push(n.id || n.nodeName);
            out.push('|');
            while ((n = w.previousNode())) out.push(n.id || n.nodeName);
            """), .string("a #text b #text #comment d e #text | e d #comment #text b #text a r"))
        XCTAssertEqual(js("NodeFilter.SHOW_ELEMENT + ':' + NodeFilter.FILTER_SKIP + ':' + NodeFilter.SHOW_ALL"), .string("1:3:4294967295"))
        XCTAssertEqual(js("try { NodeFilter(); 'no' } catch (e) { e instanceof TypeError }"), .bool(true))
    }

    func testWhatToShowSkipAndRejectFollowTheSpec() throws {
        try load(tree)
        // SHOW_ELEMENT: text and comments are skipped, their children still seen.
        XCTAssertEqual(names("""
            var w = document.createTreeWalker(document.getElementById('r'), NodeFilter.SHOW_ELEMENT);
            while ((n = w.nextNode())) out.push(n.id);
            """), .string("a b d e"))
        // REJECT of #a hides #b; SKIP of #d shows #e as a child of the root.
        XCTAssertEqual(names("""
            var w = document.createTreeWalker(document.getElementById('r'), 1, function (node) {
              return node.id === 'a' ? NodeFilter.FILTER_REJECT : node.id === 'd' ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT;
            });
            for (n = w.firstChild(); n; n = w.nextSibling()) out.push(n.id);
            out.push('|'); out.push(w.currentNode.id);
            out.push(w.parentNode().id, w.lastChild().id, String(w.previousSibling()));
            """), .string("e | e r e null"))
    }

    func testFilterObjectsAndThisValues() throws {
        try load(tree)
        XCTAssertEqual(js("""
            var seen = [];
            var filter = { acceptNode: function (node) { seen.push(this === filter); return 1; } };
            var w = document.createTreeWalker(document.body, 1, filter);
            w.nextNode();
            var w2 = document.createTreeWalker(document.body, 1, function () { 'use strict'; seen.push(this === undefined); return 1; });
            w2.nextNode();
            var bad = document.createTreeWalker(document.body, 1, {});
            try { bad.nextNode(); seen.push('no'); } catch (e) { seen.push(e instanceof TypeError); }
            try { document.createTreeWalker(null); seen.push('no'); } catch (e) { seen.push(e instanceof TypeError); }
            try { document.createTreeWalker(document.body, 1, 5); seen.push('no'); } catch (e) { seen.push(e instanceof TypeError); }
            seen.push(w.filter === filter, w.whatToShow, document.createTreeWalker(document.body, -1).whatToShow);
            seen.join()
            """), .string("true,true,true,true,true,true,1,4294967295"))
    }

    func testFilterExceptionsPropagateAndReentryIsInvalidState() throws {
        try load(tree)
        XCTAssertEqual(js("""
            var out = [];
            var w = document.createTreeWalker(document.body, 1, function () { throw new RangeError('mine'); });
            try { w.nextNode(); } catch (e) { out.push(e.name + ':' + e.message); }
            out.push(w.currentNode === document.body);
            var inner;
            var re = document.createTreeWalker(document.body, 1, function (node) {
              try { re.nextNode(); } catch (e) { inner = e.name; }
              return 1;
            });
            out.push(re.nextNode().id, inner);
            // The active flag is unset after a throw: the walker works again.
            var once = true;
            var w2 = document.createTreeWalker(document.body, 1, function () { if (once) { once = false; throw 1; } return 1; });
            try { w2.nextNode(); } catch (e) { out.push('threw ' + e); }
            out.push(w2.nextNode().id);
            out.join()
            """), .string("RangeError:mine,true,r,InvalidStateError,threw 1,r"))
    }

    func testFilterThatMutatesTheTreeAndCurrentNodeOutsideTheRoot() throws {
        try load(tree)
        XCTAssertEqual(js("""
            var out = [], r = document.getElementById('r');
            var w = document.createTreeWalker(r, 1, function (node) {
              if (node.id === 'a') node.remove();
              return 1;
            });
            var n;
            while ((n = w.nextNode())) out.push(n.id);
            // After #a left the tree, the walk ends at its last descendant (the spec would loop for ever).
            // currentNode may be set anywhere, even to a detached node.
            var lone = document.createElement('span');
            w.currentNode = lone;
            out.push(String(w.nextNode()), String(w.parentNode()), w.currentNode === lone);
            try { w.currentNode = null; } catch (e) { out.push(e instanceof TypeError); }
            // A filter that never accepts on a detached tree ends.
            var frag = document.createElement('div'); frag.innerHTML = '<i></i><i></i>';
            var w3 = document.createTreeWalker(frag, 0xFFFFFFFF, function () { return 3; });
            w3.currentNode = frag.firstChild;
            out.push(String(w3.nextNode()), String(w3.previousNode()));
            out.join()
            """), .string("a,b,null,null,true,true,null,null"))
    }

    func testSiblingTraversalAcrossSkippedParents() throws {
        try load("<body><div id=r><section id=s><i id=x></i><i id=y></i></section><em id=z></em></div></body>")
        XCTAssertEqual(js("""
            var w = document.createTreeWalker(document.getElementById('r'), 1, function (n) { return n.tagName === 'SECTION' ? 3 : 1; });
            w.currentNode = document.getElementById('y');
            var out = [w.nextSibling().id];
            w.currentNode = document.getElementById('x');
            out.push(String(w.previousSibling()));
            w.currentNode = document.getElementById('z');
            out.push(w.previousSibling().id, w.parentNode().id);
            out.join()
            """), .string("z,null,y,r"))
    }
}
