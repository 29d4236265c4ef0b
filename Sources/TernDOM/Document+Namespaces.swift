import CLibXML2

/// How namespaces are stored in libxml2's tree.
///
/// An element's or attribute's `ns` points to an `xmlNs` whose `href` is the
/// namespace ("" for none) and whose `prefix` is the prefix. The HTML parser
/// leaves `ns` nil; so does the XML parser for an element in no namespace. A
/// nil `ns` on an element therefore means the HTML namespace in an HTML
/// document and no namespace in an XML document; on an attribute it always
/// means no namespace. Elements and attributes made through the DOM point to
/// records the document owns (`namespaceRecords`, one per namespace and
/// prefix, never in an `nsDef` list, so they declare nothing); a parsed XML
/// document's nodes point to the parser's `nsDef` declarations. Readers only
/// look at `href` and `prefix`, so both kinds read the same.
struct NamespaceKey: Hashable {
    let href: String
    let prefix: String?
}

extension Document {
    /// The record elements and attributes of this document point to for
    /// (`href`, `prefix`); `href` "" is no namespace.
    func namespaceRecord(href: String, prefix: String?) -> xmlNsPtr {
        let key = NamespaceKey(href: href, prefix: prefix)
        if let record = namespaceRecords[key] { return record }
        // Allocated here rather than by xmlNewNs, which refuses the "xml" prefix.
        let record = xmlNsPtr.allocate(capacity: 1)
        record.initialize(to: xmlNs())
        record.pointee.type = XML_NAMESPACE_DECL
        record.pointee.href = UnsafePointer(xmlStrdup(href))
        record.pointee.prefix = prefix.map { UnsafePointer(xmlStrdup($0)) }
        namespaceRecords[key] = record
        return record
    }

    static func freeNamespaceRecords(_ records: [NamespaceKey: xmlNsPtr]) {
        for record in records.values {
            if let href = record.pointee.href { xmlFree(UnsafeMutablePointer(mutating: href)) }
            if let prefix = record.pointee.prefix { xmlFree(UnsafeMutablePointer(mutating: prefix)) }
            record.deallocate()
        }
    }

    /// What an element of this document in `namespace` with `prefix` points to.
    func elementNamespacePointer(namespace: String?, prefix: String?) -> xmlNsPtr? {
        if prefix == nil, isHTML ? namespace == Namespace.html : namespace == nil { return nil }
        return namespaceRecord(href: namespace ?? "", prefix: prefix)
    }

    /// What an attribute of this document in `namespace` with `prefix` points to.
    func attributeNamespacePointer(namespace: String?, prefix: String?) -> xmlNsPtr? {
        guard let namespace, !namespace.isEmpty else { return nil }
        return namespaceRecord(href: namespace, prefix: prefix)
    }

    // MARK: Creating elements

    /// The DOM's `createElementNS` (https://dom.spec.whatwg.org/#dom-document-createelementns):
    /// "validate and extract", then an element in that namespace with that
    /// prefix, its local name kept as given.
    public func createElement(namespace: String?, qualifiedName: String) throws(DOMError) -> Node {
        let name = try Namespace.validateAndExtract(namespace: namespace, qualifiedName: qualifiedName, context: .element)
        return createElement(name)
    }

    /// An element with this namespace, prefix and local name (names already checked).
    public func createElement(_ name: Namespace.QualifiedName) -> Node {
        let pointer = elementNamespacePointer(namespace: name.namespace, prefix: name.prefix)
        guard let raw = xmlNewDocNode(xmlDocument, pointer, name.localName, nil) else { fatalError("libxml2: out of memory") }
        return adopt(raw)
    }

    // MARK: Cloning (https://dom.spec.whatwg.org/#concept-node-clone)

    /// "Clone a node" into this document: the copy keeps namespaces, prefixes,
    /// local names and attributes (with theirs); `deep` copies the subtree,
    /// without recursion. Documents are not cloned here (nil).
    public func cloneNode(_ node: Node, deep: Bool) -> Node? {
        guard !node.isDocument, let copy = copyOne(node) else { return nil }
        guard deep else { return adopt(copy) }
        // Copy the subtree level by level, parent copies paired with originals.
        var stack: [(original: xmlNodePtr, copy: xmlNodePtr)] = [(node.raw, copy)]
        while let (original, parentCopy) = stack.popLast() {
            var child = original.pointee.children
            while let current = child {
                if let childCopy = copyOne(Node(current, in: node.document)) {
                    Node.link(childCopy, into: parentCopy, before: nil)
                    if current.pointee.children != nil { stack.append((current, childCopy)) }
                }
                child = current.pointee.next
            }
        }
        return adopt(copy)
    }

    /// One node's copy, without children, owned by this document and parentless.
    private func copyOne(_ node: Node) -> xmlNodePtr? {
        let raw = node.raw
        switch raw.pointee.type {
        case XML_ELEMENT_NODE:
            let name = node.elementName
            let pointer = elementNamespacePointer(namespace: name.namespace, prefix: name.prefix)
            guard let copy = xmlNewDocNode(xmlDocument, pointer, name.localName, nil) else { return nil }
            for attribute in node.attributeList {
                let ns = attributeNamespacePointer(namespace: attribute.namespaceURI, prefix: attribute.prefix)
                xmlNewNsProp(copy, ns, attribute.localName, attribute.value)
            }
            return copy
        case XML_TEXT_NODE:
            return xmlNewDocText(xmlDocument, node.data)
        case XML_COMMENT_NODE:
            return xmlNewDocComment(xmlDocument, node.data)
        case XML_CDATA_SECTION_NODE:
            let data = node.data
            return xmlNewCDataBlock(xmlDocument, data, Int32(clamping: data.utf8.count))
        case XML_PI_NODE:
            return xmlNewDocPI(xmlDocument, raw.pointee.name, node.data)
        case XML_DOCUMENT_FRAG_NODE:
            return xmlNewDocFragment(xmlDocument)
        case XML_DTD_NODE:
            // xmlDocCopyNode does not copy a doctype; xmlCopyDtd makes a parentless one.
            let dtd = xmlCopyDtd(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: xmlDtd.self))
            dtd?.pointee.doc = xmlDocument
            return dtd.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlNode.self) }
        default:
            // The rest hold no namespaces: libxml2's copy is right.
            return xmlDocCopyNode(raw, xmlDocument, 0)
        }
    }

    // MARK: Adopting (https://dom.spec.whatwg.org/#concept-node-adopt)

    /// "Adopt" `node` into this document: it is removed from its parent and,
    /// when it belongs to another document, it and its descendants move to
    /// this one (their namespace records with them; the other document is
    /// kept alive as long as this one). Returns the node as this document's.
    /// Node values made before still name the old document: use the result.
    @discardableResult
    public func adoptNode(_ node: Node) throws(DOMError) -> Node {
        guard !node.isDocument else { throw .notSupported }
        // 1.–2. Remove it from its parent.
        if node.raw.pointee.parent != nil { Node.detach(node.raw, from: node.document) }
        let old = node.document
        guard old !== self else { return node }
        // 3. Set the node document of each inclusive descendant.
        old.detachedNodes.remove(node.raw)
        old.keptRoots.remove(node.raw)
        // Kept (Document+DroppedTrees): it came from a document whose
        // strings and namespace records it may still share.
        keptRoots.insert(node.raw)
        let oldIsHTML = old.isHTML
        // Namespaces first, read while the nodes still belong to the old document.
        var renamed: [(xmlNodePtr, xmlNsPtr?)] = []
        var renamedAttributes: [(xmlAttrPtr, xmlNsPtr?)] = []
        Document.walk(node.raw) { current in
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = Node.elementName(of: current, inHTMLDocument: oldIsHTML)
                renamed.append((current, elementNamespacePointer(namespace: name.namespace, prefix: name.prefix)))
                var attribute = current.pointee.properties
                while let property = attribute {
                    if let ns = property.pointee.ns {
                        let href = ns.pointee.href.map { String(cString: $0) } ?? ""
                        let prefix = ns.pointee.prefix.map { String(cString: $0) }
                        renamedAttributes.append((property, attributeNamespacePointer(namespace: href, prefix: prefix)))
                    }
                    attribute = property.pointee.next
                }
            }
            return true
        }
        xmlSetTreeDoc(node.raw, xmlDocument)
        for (element, ns) in renamed { element.pointee.ns = ns }
        for (attribute, ns) in renamedAttributes { attribute.pointee.ns = ns }
        if !adoptedFrom.contains(where: { $0 === old }) { adoptedFrom.append(old) }
        return adopt(node.raw)
    }
}

extension Document {
    /// The XML parser keeps an element's `xmlns` and `xmlns:p` declarations
    /// in libxml2's `nsDef` list, where the DOM sees nothing; in the DOM
    /// they are attributes in the XMLNS namespace (DOM §4.9.1; "locate a
    /// namespace" and `getAttribute('xmlns:p')` read them). Each element
    /// under `root` (included) gets them as attributes, before its own, in
    /// the order written; `nsDef` stays for libxml2's `ns` pointers.
    func declarationsAsAttributes(under root: xmlNodePtr) {
        Document.walk(root) { element in
            guard element.pointee.type == XML_ELEMENT_NODE else { return false }
            guard element.pointee.nsDef != nil else { return true }
            // Made on an emptied list (each goes to its end), the element's own put back after.
            let own = element.pointee.properties
            element.pointee.properties = nil
            var definition = element.pointee.nsDef
            while let ns = definition {
                definition = ns.pointee.next
                let prefix = ns.pointee.prefix.map { String(cString: $0) }
                let record = namespaceRecord(href: Namespace.xmlns, prefix: prefix == nil ? nil : "xmlns")
                _ = xmlNewNsProp(element, record, prefix ?? "xmlns", ns.pointee.href)
            }
            var last = element.pointee.properties
            while let next = last?.pointee.next { last = next }
            if let last {
                last.pointee.next = own
                own?.pointee.prev = last
            } else {
                element.pointee.properties = own
            }
            return true
        }
    }
}
