import CLibXML2

/// Told of each change to a document's tree as it is made, so that what was
/// computed from the tree (computed styles, WebKit's and Servo's style
/// invalidation) can be brought up to date piece by piece instead of thrown
/// away. A document has at most one (`Document.mutationObserver`, weak).
///
/// Every TernDOM path that changes a tree reports here: the DOM's "insert"
/// and "remove" (https://dom.spec.whatwg.org/#concept-node-insert, so
/// `appendChild`, `insertBefore`, `replaceChild`, `remove`, `innerHTML`,
/// `outerHTML`, `textContent` and a move between two parents), every
/// attribute write (`setAttribute`, `setAttributeNS`, `removeAttribute`,
/// `toggleAttribute`, an `Attr` node set or appended) and every change of
/// character data. What is not told piece by piece is told wholesale:
/// `documentChanged` (the HTML parser appended nodes, or the URL fragment
/// that `:target` reads changed). Nodes made and linked outside any tree
/// (`cloneNode`, a fragment parse, the XML parser) are reported when they
/// are inserted. Calls come after the change, on the document's thread;
/// an observer must not change the tree from them.
public protocol DocumentMutationObserver: AnyObject {
    /// `element`'s attribute `localName` (in `namespace`, nil for none) was
    /// added, changed or removed; `oldValue` is its value before, nil when
    /// it was absent. The new value is the element's to read.
    func attributeChanged(_ element: Node, localName: String, namespace: String?, oldValue: String?)
    /// `child` was linked into `parent` (its siblings are its new ones).
    func childInserted(_ child: Node, into parent: Node)
    /// `child` (still holding its subtree) was taken out of `parent`, where
    /// it was between `previousSibling` and `nextSibling` (any kind of node).
    func childRemoved(_ child: Node, from parent: Node, previousSibling: Node?, nextSibling: Node?)
    /// A text, CDATA, comment or processing instruction node's data changed.
    func characterDataChanged(_ node: Node)
    /// The document changed in a way not told piece by piece: anything
    /// computed from it may be out of date.
    func documentChanged(_ document: Document)
}

extension Node {
    /// The attribute as it is now, when the document has an observer to
    /// tell of a change about to be made to it (nil otherwise: no string is made).
    func attributeBeforeChange(_ attribute: xmlAttrPtr) -> Attribute? {
        document.mutationObserver == nil ? nil : Node.record(of: attribute)
    }

    /// Tells the document's observer that this element's attribute changed.
    func reportAttributeChange(localName: String, namespace: String?, oldValue: String?) {
        document.mutationObserver?.attributeChanged(self, localName: localName, namespace: namespace, oldValue: oldValue)
    }

    /// Tells it that an attribute was added (`appended`, absent before) or
    /// changed or removed (`before`, as it was).
    func reportAttributeChange(before: Attribute) {
        reportAttributeChange(localName: before.localName, namespace: before.namespaceURI, oldValue: before.value)
    }

    /// DOM "remove" without the detached-set bookkeeping: unlinks `node`
    /// from its parent, telling the observer of `document` (the parent's).
    static func unlinkReporting(_ node: xmlNodePtr, in document: Document) {
        guard let parent = node.pointee.parent, let observer = document.mutationObserver else {
            xmlUnlinkNode(node)
            return
        }
        let previous = node.pointee.prev, next = node.pointee.next
        xmlUnlinkNode(node)
        observer.childRemoved(Node(node, in: document), from: Node(parent, in: document),
                              previousSibling: previous.map { Node($0, in: document) }, nextSibling: next.map { Node($0, in: document) })
    }
}
