import CLibXML2

/// `innerHTML` and `outerHTML` (https://html.spec.whatwg.org/#dom-element-innerhtml).
extension Node {
    /// The children serialised as HTML. Setting it parses the markup as a
    /// fragment and replaces the children with the result (the old children
    /// stay readable, detached). Only elements and fragments take markup.
    public var innerHTML: String {
        get { HTMLSerializer.serializeChildren(of: raw) }
        nonmutating set {
            guard raw.pointee.type == XML_ELEMENT_NODE || raw.pointee.type == XML_DOCUMENT_FRAG_NODE else { return }
            let nodes = HTMLFragmentParser.parse(newValue, context: raw, document: raw.pointee.doc)
            // "Replace all" with the parsed nodes, through the one "insert".
            removeAllChildren()
            for node in nodes { insert(Node(node, in: document), before: nil) }
        }
    }

    /// The node and its subtree serialised as HTML (for a text or comment,
    /// its serialisation as a child). Setting it replaces an element that
    /// has a parent with the parsed markup; at the top of a document, or
    /// without a parent, it does nothing (the DOM would throw or ignore).
    public var outerHTML: String {
        get { HTMLSerializer.serialize(raw) }
        nonmutating set {
            guard raw.pointee.type == XML_ELEMENT_NODE, let parent = raw.pointee.parent,
                  parent.pointee.type == XML_ELEMENT_NODE || parent.pointee.type == XML_DOCUMENT_FRAG_NODE else { return }
            let nodes = HTMLFragmentParser.parse(newValue, context: parent, document: raw.pointee.doc)
            let next = raw.pointee.next
            let parentNode = Node(parent, in: document)
            Node.detach(raw, from: document)
            for node in nodes { parentNode.insert(Node(node, in: document), before: next) }
        }
    }
}
