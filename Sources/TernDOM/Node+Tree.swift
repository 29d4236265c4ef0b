import CLibXML2

/// DOM-shaped reads over the tree: node types, ids and classes, connection,
/// element navigation and the `getElementsBy…` queries.
extension Node {
    /// The DOM's `nodeType` numbers (https://dom.spec.whatwg.org/#dom-node-nodetype).
    public enum NodeType: Int, Hashable {
        case element = 1, attribute = 2, text = 3, cdataSection = 4, processingInstruction = 7
        case comment = 8, document = 9, documentType = 10, documentFragment = 11
        /// A libxml2 node kind the DOM has no number for (entity references and the like).
        case other = 0
    }

    /// The DOM node type. libxml2 keeps `<script>` and `<style>` contents as
    /// CDATA sections; an HTML document has none, so they report `.text`
    /// there (an XML document's CDATA sections are `.cdataSection`).
    public var nodeType: NodeType {
        switch raw.pointee.type {
        case XML_ELEMENT_NODE: return .element
        case XML_ATTRIBUTE_NODE: return .attribute
        case XML_TEXT_NODE: return .text
        case XML_CDATA_SECTION_NODE: return document.isHTML ? .text : .cdataSection
        case XML_PI_NODE: return .processingInstruction
        case XML_COMMENT_NODE: return .comment
        case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: return .document
        case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE: return .documentType
        case XML_DOCUMENT_FRAG_NODE: return .documentFragment
        default: return .other
        }
    }

    public var isDocument: Bool { nodeType == .document }
    public var isDocumentFragment: Bool { raw.pointee.type == XML_DOCUMENT_FRAG_NODE }
    public var isComment: Bool { raw.pointee.type == XML_COMMENT_NODE }

    /// The document that owns the node; nil for the document node itself (as in the DOM).
    public var ownerDocument: Document? { isDocument ? nil : document }

    // MARK: id and classes

    /// The `id` attribute, or "".
    public var id: String { attribute("id") ?? "" }

    /// The `class` attribute split on ASCII whitespace, duplicates dropped, in
    /// order (what `classList` shows). Case-sensitive.
    public var classNames: [String] {
        guard let value = attribute("class") else { return [] }
        var seen: [String] = []
        for token in Node.splitOnASCIIWhitespace(value) where !seen.contains(token) { seen.append(token) }
        return seen
    }

    // MARK: Position

    /// Whether the node is in its document's tree (its root is the document).
    public var isConnected: Bool { Node.isDocumentNode(Node.root(of: raw)) }

    /// The number of preceding siblings (the DOM's "index").
    public var index: Int {
        var count = 0
        var current = raw.pointee.prev
        while let node = current {
            count += 1
            current = node.pointee.prev
        }
        return count
    }

    /// The parent if it is an element.
    public var parentElement: Node? {
        guard let parent = raw.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return Node(parent, in: document)
    }

    /// The root of the tree the node is in: the document node when connected,
    /// otherwise the top of a detached subtree (or a fragment).
    public var root: Node { Node(Node.root(of: raw), in: document) }

    /// The top of the tree `node` is in.
    static func root(of node: xmlNodePtr) -> xmlNodePtr {
        var top = node
        while let parent = top.pointee.parent { top = parent }
        return top
    }

    /// Whether `node` is a document (HTML or XML).
    static func isDocumentNode(_ node: xmlNodePtr) -> Bool {
        node.pointee.type == XML_DOCUMENT_NODE || node.pointee.type == XML_HTML_DOCUMENT_NODE
    }

    public var firstElementChild: Node? { Node.element(from: raw.pointee.children, forward: true).map { Node($0, in: document) } }
    /// Whether the node has an element child (`firstElementChild != nil`, without making a `Node`).
    public var hasElementChildren: Bool { Node.element(from: raw.pointee.children, forward: true) != nil }
    public var lastElementChild: Node? { Node.element(from: raw.pointee.last, forward: false).map { Node($0, in: document) } }
    public var nextElementSibling: Node? { Node.element(from: raw.pointee.next, forward: true).map { Node($0, in: document) } }
    public var previousElementSibling: Node? { Node.element(from: raw.pointee.prev, forward: false).map { Node($0, in: document) } }

    /// Whether `other` is this node or one of its descendants (the DOM's `contains`).
    public func contains(_ other: Node) -> Bool {
        var current: xmlNodePtr? = other.raw
        while let node = current {
            if node == raw { return true }
            current = node.pointee.parent
        }
        return false
    }

    // MARK: getElementsBy…

    /// The DOM's `getElementsByTagName`: descendant elements named `tag`
    /// (ASCII case-insensitive; "*" for all), in document order.
    public func getElementsByTagName(_ tag: String) -> [Node] { elements(named: tag) }

    /// The DOM's `getElementsByClassName`: descendant elements that have every
    /// class in the space-separated `names` (case-sensitive), in document order.
    /// No classes given matches nothing.
    public func getElementsByClassName(_ names: String) -> [Node] {
        let wanted = Node.splitOnASCIIWhitespace(names).map { Array($0.utf8) }
        guard !wanted.isEmpty else { return [] }
        var found: [Node] = []
        Document.walk(raw) { node in
            if node != raw, node.pointee.type == XML_ELEMENT_NODE,
               wanted.allSatisfy({ Node.hasClass(node, $0) }) {
                found.append(Node(node, in: document))
            }
            return true
        }
        return found
    }

    /// The DOM's `getElementsByName`: descendant elements whose `name`
    /// attribute is exactly `name`, in document order.
    public func getElementsByName(_ name: String) -> [Node] {
        var found: [Node] = []
        let wanted = Array(name.utf8)
        Document.walk(raw) { node in
            if node != raw, node.pointee.type == XML_ELEMENT_NODE,
               let attribute = Node.findAttribute(node, "name"),
               Node.withValue(of: attribute, { $0.elementsEqual(wanted) }) {
                found.append(Node(node, in: document))
            }
            return true
        }
        return found
    }

    // MARK: Helpers over raw nodes (shared with the selector matcher)

    static func element(from start: xmlNodePtr?, forward: Bool) -> xmlNodePtr? {
        var current = start
        while let node = current {
            if node.pointee.type == XML_ELEMENT_NODE { return node }
            current = forward ? node.pointee.next : node.pointee.prev
        }
        return nil
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    static func splitOnASCIIWhitespace(_ text: String) -> [String] {
        text.utf8.split(whereSeparator: isASCIIWhitespace).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The attribute without a namespace named `name` (already lower case).
    static func findAttribute(_ element: xmlNodePtr, _ name: UnsafePointer<xmlChar>) -> xmlAttrPtr? {
        var attribute = element.pointee.properties
        while let current = attribute {
            if current.pointee.ns == nil, xmlStrEqual(current.pointee.name, name) != 0 {
                return current
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// Calls `body` with an attribute's value as UTF-8 bytes, without copying
    /// in the usual case of one text child.
    static func withValue<R>(of attribute: xmlAttrPtr, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let child = attribute.pointee.children else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        if child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE, let content = child.pointee.content {
            return body(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
        }
        guard let joined = xmlNodeListGetString(attribute.pointee.doc, child, 1) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { xmlFree(joined) }
        return body(UnsafeBufferPointer(start: joined, count: Int(xmlStrlen(joined))))
    }

    /// Whether the element's class attribute has the token `name` (case-sensitive).
    static func hasClass(_ element: xmlNodePtr, _ name: [UInt8]) -> Bool {
        guard let attribute = findAttribute(element, "class") else { return false }
        return withValue(of: attribute) { value in
            var start = 0
            let count = value.count
            while start < count {
                while start < count, isASCIIWhitespace(value[start]) { start += 1 }
                var end = start
                while end < count, !isASCIIWhitespace(value[end]) { end += 1 }
                if end > start, end - start == name.count {
                    var equal = true
                    for i in 0..<name.count where value[start + i] != name[i] { equal = false; break }
                    if equal { return true }
                }
                start = end
            }
            return false
        }
    }
}
