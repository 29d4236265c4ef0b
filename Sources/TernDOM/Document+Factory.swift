import CLibXML2

/// Creating nodes (https://dom.spec.whatwg.org/#interface-document). A new
/// node belongs to the document but is not in its tree: it starts in
/// `detachedNodes` and is freed with the document unless inserted.
extension Document {
    /// The libxml2 document (nil for a document parsed from no bytes).
    var xmlDocument: xmlDocPtr? {
        node.map { UnsafeMutableRawPointer($0.raw).assumingMemoryBound(to: xmlDoc.self) }
    }

    /// The DOM's `createElement`: an element named `name`, lower-cased in an HTML document.
    public func createElement(_ name: String) throws(DOMError) -> Node {
        // https://dom.spec.whatwg.org/#dom-document-createelement: valid, lower-cased
        // in an HTML document; the HTML namespace there and in an
        // application/xhtml+xml document, none in another XML document.
        guard Node.isValidElementName(name) else { throw .invalidCharacter }
        let localName = isHTML ? Node.asciiLowercased(name) : name
        let namespace = isHTML || contentType == "application/xhtml+xml" ? Namespace.html : nil
        return createElement(Namespace.QualifiedName(namespace: namespace, prefix: nil, localName: localName))
    }

    /// The DOM's `createTextNode`.
    public func createTextNode(_ data: String) -> Node {
        guard let raw = xmlNewDocText(xmlDocument, data) else { fatalError("libxml2: out of memory") }
        return adopt(raw)
    }

    /// The DOM's `createComment`.
    public func createComment(_ data: String) -> Node {
        guard let raw = xmlNewDocComment(xmlDocument, data) else { fatalError("libxml2: out of memory") }
        return adopt(raw)
    }

    /// The DOM's `createProcessingInstruction`
    /// (https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction):
    /// `target` must match XML's Name production and `data` must not contain "?>".
    public func createProcessingInstruction(target: String, data: String) throws(DOMError) -> Node {
        guard !target.isEmpty, !target.utf8.contains(0), xmlValidateName(target, 0) == 0 else { throw .invalidCharacter }
        guard !data.contains("?>") else { throw .invalidCharacter }
        guard let raw = xmlNewDocPI(xmlDocument, target, data) else { fatalError("libxml2: out of memory") }
        return adopt(raw)
    }

    /// The DOM's `createDocumentFragment`: a libxml2 fragment node that holds
    /// children; inserting it moves them out and leaves it empty.
    public func createDocumentFragment() -> Node {
        guard let raw = xmlNewDocFragment(xmlDocument) else { fatalError("libxml2: out of memory") }
        return adopt(raw)
    }

    /// The DOM's `importNode`: a copy of `node` (from any document) owned by
    /// this one, detached; `deep` copies the subtree too.
    public func importNode(_ node: Node, deep: Bool = false) -> Node? {
        cloneNode(node, deep: deep)
    }

    /// The DOM's `cloneNode` for a node of this document.
    public func clone(_ node: Node, deep: Bool = false) -> Node? { importNode(node, deep: deep) }

    /// Registers a new parentless node as detached and wraps it.
    func adopt(_ raw: xmlNodePtr) -> Node {
        detachedNodes.insert(raw)
        freeCandidates.insert(raw)
        return Node(raw, in: self)
    }
}
