import CLibXML2

/// A node of a parsed document: an element, text, comment or the document
/// itself. A light value over libxml2's tree: two `Node`s are equal when they
/// are the same node. It keeps its document alive.
public struct Node: Hashable {
    /// What a node is.
    public enum Kind: Hashable {
        case element, text, comment, document, cdata, other
    }

    @usableFromInline let raw: xmlNodePtr
    /// The document the node belongs to.
    public let document: Document
    /// A number that names this node while it lives (its address): a web
    /// content process names elements to its browser by it.
    package var identity: UInt { UInt(bitPattern: raw) }

    init(_ raw: xmlNodePtr, in document: Document) {
        self.raw = raw
        self.document = document
    }

    public static func == (lhs: Node, rhs: Node) -> Bool { lhs.raw == rhs.raw }
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }

    /// A number only this node has while it is alive (equal nodes have equal
    /// ones): a key for tables that must not keep the document alive or
    /// hash a `Node` (the style store's).
    public var identifier: UInt { UInt(bitPattern: raw) }

    public var kind: Kind {
        switch raw.pointee.type {
        case XML_ELEMENT_NODE: return .element
        case XML_TEXT_NODE: return .text
        case XML_COMMENT_NODE: return .comment
        case XML_CDATA_SECTION_NODE: return .cdata
        case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: return .document
        default: return .other
        }
    }

    @inlinable public var isElement: Bool { raw.pointee.type == XML_ELEMENT_NODE }
    public var isText: Bool { raw.pointee.type == XML_TEXT_NODE || raw.pointee.type == XML_CDATA_SECTION_NODE }

    /// An element's tag name in lower case ("div"); "" for other nodes.
    /// (libxml2's HTML parser lower-cases tag names as it parses.)
    public var name: String {
        guard isElement, let name = raw.pointee.name else { return "" }
        return String(cString: name)
    }

    /// Calls `body` with the bytes of `name` (empty for other nodes), without making a String.
    /// (Inlinable: called across modules, a generic one runs unspecialized.)
    @inlinable
    public func withNameUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard isElement, let name = raw.pointee.name else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
    }

    /// Whether this is an element named `tag` (lower case), without making a String.
    public func isElement(_ tag: StaticString) -> Bool {
        guard isElement, let name = raw.pointee.name else { return false }
        return xmlStrEqual(name, tag.utf8Start) != 0
    }

    // MARK: Tree

    private func wrap(_ pointer: xmlNodePtr?) -> Node? {
        pointer.map { Node($0, in: document) }
    }

    public var parent: Node? {
        guard let parent = raw.pointee.parent else { return nil }
        return Node(parent, in: document)
    }
    public var firstChild: Node? { wrap(raw.pointee.children) }
    public var lastChild: Node? { wrap(raw.pointee.last) }
    public var nextSibling: Node? { wrap(raw.pointee.next) }
    public var previousSibling: Node? { wrap(raw.pointee.prev) }

    /// The node's children, in order.
    public var children: ChildSequence { ChildSequence(first: raw.pointee.children, document: document) }

    /// The element children only.
    public var elementChildren: [Node] { children.filter(\.isElement) }

    public struct ChildSequence: Sequence {
        let first: xmlNodePtr?
        let document: Document

        public func makeIterator() -> AnyIterator<Node> {
            var next = first
            return AnyIterator {
                guard let current = next else { return nil }
                next = current.pointee.next
                return Node(current, in: document)
            }
        }
    }

    // MARK: Content

    /// A text or comment node's text; for elements and documents, the text of
    /// every descendant text node, in order. Setting it replaces an element's
    /// children with one text node (see `replaceTextContent(with:)`).
    public var textContent: String {
        get {
            if isText || raw.pointee.type == XML_COMMENT_NODE {
                return raw.pointee.content.map { String(cString: $0) } ?? ""
            }
            guard let content = xmlNodeGetContent(raw) else { return "" }
            defer { xmlFree(content) }
            return String(cString: content)
        }
        nonmutating set { replaceTextContent(with: newValue) }
    }

    /// Calls `body` with the UTF-8 bytes of `textContent`, read in place for
    /// a text, CDATA or comment node (no String is made: layout reads every
    /// text node of a page once). The bytes are valid only during the call.
    public func withTextContentUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if isText || raw.pointee.type == XML_COMMENT_NODE {
            guard let content = raw.pointee.content else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try body(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
        }
        var text = textContent
        return try text.withUTF8(body)
    }

    // MARK: Attributes

    /// The value of the attribute in no namespace named `name` (lower case),
    /// or nil: the DOM's "get an attribute value" with a null namespace, what
    /// reflected IDL attributes and layout read.
    public func attribute(_ name: String) -> String? {
        guard isElement else { return nil }
        var name = name
        return name.withUTF8 { bytes in
            bytes.count < 64 ? Node.attribute(of: raw, named: bytes) : Node.attributeThroughLibxml(raw, String(decoding: bytes, as: UTF8.self))
        }
    }

    public func hasAttribute(_ name: String) -> Bool {
        guard isElement else { return false }
        return name.withCString { xmlHasNsProp(raw, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), nil) != nil }
    }

    /// Whether the element has any attribute (the DOM's `hasAttributes()`).
    public var hasAttributes: Bool { isElement && raw.pointee.properties != nil }

    /// What `xmlGetProp` returns, without its copy: the attribute's single
    /// text child read in place (libxml2 keeps a parsed attribute that way),
    /// anything else through libxml2.
    private static func attribute(of element: xmlNodePtr, named name: UnsafeBufferPointer<UInt8>) -> String? {
        var property = element.pointee.properties
        while let current = property {
            if current.pointee.ns == nil, let propertyName = current.pointee.name, Node.equal(propertyName, name) {
                guard current.pointee.type == XML_ATTRIBUTE_NODE else { break }
                guard let child = current.pointee.children else { return "" }
                if child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE || child.pointee.type == XML_CDATA_SECTION_NODE {
                    return child.pointee.content.map { String(cString: $0) } ?? ""
                }
                break
            }
            property = current.pointee.next
        }
        // Not set: only a DTD's attribute defaults could still answer (never in HTML).
        if let doc = element.pointee.doc, doc.pointee.intSubset?.pointee.attributes != nil || doc.pointee.extSubset?.pointee.attributes != nil {
            return attributeThroughLibxml(element, String(decoding: name, as: UTF8.self))
        }
        return nil
    }

    private static func attributeThroughLibxml(_ element: xmlNodePtr, _ name: String) -> String? {
        let value = name.withCString { xmlGetNoNsProp(element, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
        guard let value else { return nil }
        defer { xmlFree(value) }
        return String(cString: value)
    }

    /// Whether the C string `a` is exactly `b`.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<xmlChar>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<b.count where a[i] != b[i] || b[i] == 0 { return false }
        return a[b.count] == 0
    }

    /// Every attribute as (name, value), in source order.
    public var attributes: [(name: String, value: String)] {
        guard isElement else { return [] }
        var result: [(String, String)] = []
        var attribute = raw.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            var value = ""
            if let text = xmlNodeListGetString(raw.pointee.doc, current.pointee.children, 1) {
                value = String(cString: text)
                xmlFree(text)
            }
            result.append((name, value))
            attribute = current.pointee.next
        }
        return result
    }

    // MARK: Traversal

    /// Calls `visit` for this node and each descendant in document order,
    /// without recursion (pages nest deeper than the stack allows). `visit`
    /// returns whether to descend into the node's children.
    public func walk(_ visit: (Node) -> Bool) {
        Document.walk(raw) { visit(Node($0, in: document)) }
    }

    /// Walks this node and its descendants in document order without
    /// recursion: `entering` each element (it returns whether to walk the
    /// element's children; `leaving` follows them then), `text` each text
    /// node. Moves through the tree without making a `Node` per step: the
    /// walk of a large page's layout.
    public func traverse(entering: (Node) -> Bool, text: (Node) -> Void, leaving: () -> Void) {
        let document = self.document
        var entered = false
        Document.walk(raw, visit: { current in
            entered = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                entered = entering(Node(current, in: document))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                text(Node(current, in: document))
            default:
                break
            }
            return entered
        }, after: { _ in
            // Right after a node without children walked, then for each
            // ancestor walked back up to: those were all entered.
            if entered { leaving() }
            entered = true
        })
    }

    /// Descendant elements named `tag`, in document order: the DOM's "list of
    /// elements with qualified name" (https://dom.spec.whatwg.org/#concept-getelementsbytagname).
    /// "*" is every element; in an HTML document an HTML element matches the
    /// name lower-cased, any other element the name as given.
    public func elements(named tag: String) -> [Node] {
        var found: [Node] = []
        let isHTML = document.isHTML
        let lowered = isHTML ? Node.asciiLowercased(tag) : tag
        let all = tag == "*"
        // Names compared in place: no Node or String per node visited, but
        // for the elements with a namespace record.
        lowered.withCString { wanted in
            let wanted = UnsafeRawPointer(wanted).assumingMemoryBound(to: xmlChar.self)
            Document.walk(raw) { current in
                if current != raw, current.pointee.type == XML_ELEMENT_NODE {
                    let matches: Bool
                    if all {
                        matches = true
                    } else if current.pointee.ns == nil {
                        matches = current.pointee.name.map { xmlStrEqual($0, wanted) != 0 } ?? tag.isEmpty
                    } else {
                        let name = Node.elementName(of: current, inHTMLDocument: isHTML)
                        matches = name.qualifiedName == (isHTML && name.namespace == Namespace.html ? lowered : tag)
                    }
                    if matches { found.append(Node(current, in: document)) }
                }
                return true
            }
        }
        return found
    }
}
