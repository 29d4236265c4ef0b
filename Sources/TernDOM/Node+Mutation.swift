import CLibXML2

/// Tree mutation as the DOM defines it (https://dom.spec.whatwg.org/#mutation-algorithms).
///
/// Ownership: a node out of the tree, whether created and not yet inserted or
/// removed, is the root of a detached subtree and sits in its document's
/// `detachedNodes` set; inserting it takes it out of the set again. The set
/// therefore only ever holds parentless roots, each once, and the document
/// frees them (with their subtrees) exactly once when it goes away. Nothing
/// here frees a node earlier, so a `Node` held by a script stays readable.
///
/// Nodes are linked by hand rather than with `xmlAddChild` and friends, which
/// merge adjacent text nodes (freeing one of them) and so break node identity.
extension Node {
    // MARK: Insertion and removal

    /// The DOM's `appendChild`: inserts `node` as the last child. A node that
    /// is elsewhere in the tree moves; a fragment gives up its children.
    @discardableResult
    public func appendChild(_ node: Node) throws(DOMError) -> Node {
        try insertBefore(node, nil)
    }

    /// The DOM's `insertBefore`: inserts `node` before `child` (at the end when nil).
    /// Returns `node`.
    @discardableResult
    public func insertBefore(_ node: Node, _ child: Node?) throws(DOMError) -> Node {
        // https://dom.spec.whatwg.org/#concept-node-pre-insert
        try ensurePreInsertionValidity(of: node, before: child)
        var reference = child?.raw
        if reference == node.raw { reference = node.raw.pointee.next }
        insert(node, before: reference)
        return node
    }

    /// The DOM's `removeChild`: takes `child` out; it stays usable, detached.
    @discardableResult
    public func removeChild(_ child: Node) throws(DOMError) -> Node {
        guard child.raw.pointee.parent == raw else { throw .notFound }
        Node.detach(child.raw, from: document)
        return child
    }

    /// The DOM's `replaceChild`: puts `node` where `child` is. Returns `child`, now detached.
    @discardableResult
    public func replaceChild(_ node: Node, _ child: Node) throws(DOMError) -> Node {
        // https://dom.spec.whatwg.org/#concept-node-replace
        try ensureReplacementValidity(of: node, replacing: child)
        var reference = child.raw.pointee.next
        if reference == node.raw { reference = node.raw.pointee.next }
        Node.detach(child.raw, from: document)
        insert(node, before: reference)
        return child
    }

    /// The DOM's `remove()`: takes the node out of its parent, if any.
    public func remove() {
        guard raw.pointee.parent != nil else { return }
        Node.detach(raw, from: document)
    }

    /// Removes every child (each becomes a detached root).
    public func removeAllChildren() {
        guard raw.pointee.children != nil else { return }
        let kept = document.isKept(treeOf: raw)
        while let child = raw.pointee.children { Node.detach(child, from: document, kept: kept) }
    }

    /// The DOM's `replaceChildren` with one node (a fragment for several), or none.
    public func replaceChildren(with node: Node?) throws(DOMError) {
        if let node { try ensurePreInsertionValidity(of: node, before: nil) }
        removeAllChildren()
        if let node { insert(node, before: nil) }
    }

    // MARK: Attributes

    /// The DOM's `setAttribute` (https://dom.spec.whatwg.org/#dom-element-setattribute):
    /// the first attribute whose qualified name is `name` (lower-cased for an
    /// HTML element in an HTML document) gets the value; without one, a new
    /// attribute in no namespace named `name` is appended.
    public func setAttribute(_ name: String, _ value: String) throws(DOMError) {
        // 1. A valid attribute local name.
        guard Node.isValidAttributeName(name) else { throw .invalidCharacter }
        guard isElement else { return }
        // 2.–3. Find it by qualified name (lower-cased for HTML).
        if let existing = attributePointer(qualifiedName: name) {
            // 5. Change its value.
            let before = attributeBeforeChange(existing)
            Node.changeValue(of: existing, to: value)
            if let before { reportAttributeChange(before: before) }
        } else {
            // 4. Append a new one.
            let localName = isHTMLElementInHTMLDocument ? Node.asciiLowercased(name) : name
            xmlNewNsProp(raw, nil, localName, value)
            reportAttributeChange(localName: localName, namespace: nil, oldValue: nil)
        }
    }

    /// The DOM's `removeAttribute`: "remove an attribute by name" (its
    /// qualified name, lower-cased for an HTML element in an HTML document).
    public func removeAttribute(_ name: String) {
        guard let attribute = attributePointer(qualifiedName: name) else { return }
        let before = attributeBeforeChange(attribute)
        xmlRemoveProp(attribute)
        if let before { reportAttributeChange(before: before) }
    }

    /// The DOM's `toggleAttribute`: removes the attribute if present (unless
    /// `force` is true), adds it empty if absent (unless `force` is false).
    /// Returns whether it is present afterwards.
    @discardableResult
    public func toggleAttribute(_ name: String, force: Bool? = nil) throws(DOMError) -> Bool {
        guard Node.isValidAttributeName(name) else { throw .invalidCharacter }
        if isElement, attributePointer(qualifiedName: name) != nil {
            if force == true { return true }
            removeAttribute(name)
            return false
        }
        if force == false { return false }
        try setAttribute(name, "")
        return true
    }

    // MARK: Character data

    /// A text, comment or processing instruction node's data; "" for others.
    /// Setting it changes the node in place (its identity is kept).
    public var data: String {
        get {
            switch raw.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_PI_NODE:
                return raw.pointee.content.map { String(cString: $0) } ?? ""
            default:
                return ""
            }
        }
        nonmutating set {
            switch raw.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_PI_NODE:
                // For these kinds xmlNodeSetContent copies the string as is (no
                // entity parsing) and copes with compact and dictionary storage.
                xmlNodeSetContent(raw, newValue)
                document.mutationObserver?.characterDataChanged(self)
            default:
                break
            }
        }
    }

    /// The `textContent` setter (https://dom.spec.whatwg.org/#dom-node-textcontent):
    /// elements and fragments get their children replaced by one text node
    /// (none for ""), character data gets its data replaced, documents ignore it.
    func replaceTextContent(with text: String) {
        switch raw.pointee.type {
        case XML_ELEMENT_NODE, XML_DOCUMENT_FRAG_NODE:
            // "Replace all" with one text node (none for "").
            removeAllChildren()
            if !text.isEmpty, let node = xmlNewDocText(raw.pointee.doc, text) {
                insert(Node(node, in: document), before: nil)
            }
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_PI_NODE:
            data = text
        default:
            break
        }
    }

    // MARK: Validity (https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity)

    private var canHaveChildren: Bool {
        switch raw.pointee.type {
        case XML_ELEMENT_NODE, XML_DOCUMENT_FRAG_NODE, XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_NODE: return true
        default: return false
        }
    }

    private static func isInsertable(_ node: xmlNodePtr) -> Bool {
        switch node.pointee.type {
        case XML_DOCUMENT_FRAG_NODE, XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE, XML_ELEMENT_NODE,
             XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_PI_NODE, XML_COMMENT_NODE:
            return true
        default:
            return false
        }
    }

    private static func isDoctype(_ node: xmlNodePtr?) -> Bool {
        node?.pointee.type == XML_DTD_NODE || node?.pointee.type == XML_DOCUMENT_TYPE_NODE
    }

    private static func isTextual(_ node: xmlNodePtr) -> Bool {
        node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE
    }

    /// Steps 1–5 shared by insertion and replacement; `child` is the
    /// reference child (nil at the end), checked at step 3.
    private func checkCommonValidity(of node: Node, child: Node?) throws(DOMError) {
        // 1. Only documents, fragments and elements have children.
        guard canHaveChildren else { throw .hierarchyRequest }
        // 2. node must not be an inclusive ancestor of the parent.
        var ancestor: xmlNodePtr? = raw
        while let current = ancestor {
            if current == node.raw { throw .hierarchyRequest }
            ancestor = current.pointee.parent
        }
        // 3. The reference child must be a child of the parent.
        if let child, child.raw.pointee.parent != raw { throw .notFound }
        // 4. Only these kinds can be children.
        guard Node.isInsertable(node.raw) else { throw .hierarchyRequest }
        // 5. No text directly in a document; doctypes only in a document.
        if isDocument, Node.isTextual(node.raw) { throw .hierarchyRequest }
        if !isDocument, Node.isDoctype(node.raw) { throw .hierarchyRequest }
    }

    private func ensurePreInsertionValidity(of node: Node, before child: Node?) throws(DOMError) {
        try checkCommonValidity(of: node, child: child)
        guard isDocument else { return }
        // 6. A document has at most one element and one doctype, doctype first.
        let children = Array(ChildSequence(first: raw.pointee.children, document: document)).map(\.raw)
        let hasElementChild = children.contains { $0.pointee.type == XML_ELEMENT_NODE }
        let doctypeFollowsChild: Bool = {
            guard let child else { return false }
            var next = child.raw.pointee.next
            while let current = next {
                if Node.isDoctype(current) { return true }
                next = current.pointee.next
            }
            return false
        }()
        func checkElement() throws(DOMError) {
            if hasElementChild || Node.isDoctype(child?.raw) || doctypeFollowsChild { throw .hierarchyRequest }
        }
        switch node.raw.pointee.type {
        case XML_DOCUMENT_FRAG_NODE:
            let fragmentChildren = Array(node.children).map(\.raw)
            let elements = fragmentChildren.filter { $0.pointee.type == XML_ELEMENT_NODE }.count
            if elements > 1 || fragmentChildren.contains(where: Node.isTextual) { throw .hierarchyRequest }
            if elements == 1 { try checkElement() }
        case XML_ELEMENT_NODE:
            try checkElement()
        case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE:
            if children.contains(where: { Node.isDoctype($0) }) { throw .hierarchyRequest }
            if let child {
                var previous = child.raw.pointee.prev
                while let current = previous {
                    if current.pointee.type == XML_ELEMENT_NODE { throw .hierarchyRequest }
                    previous = current.pointee.prev
                }
            } else if hasElementChild {
                throw .hierarchyRequest
            }
        default:
            break
        }
    }

    private func ensureReplacementValidity(of node: Node, replacing child: Node) throws(DOMError) {
        try checkCommonValidity(of: node, child: child)
        guard isDocument else { return }
        // 6.
        let others = Array(children).map(\.raw).filter { $0 != child.raw }
        let hasOtherElement = others.contains { $0.pointee.type == XML_ELEMENT_NODE }
        var doctypeFollowsChild = false
        var next = child.raw.pointee.next
        while let current = next {
            if Node.isDoctype(current) { doctypeFollowsChild = true }
            next = current.pointee.next
        }
        switch node.raw.pointee.type {
        case XML_DOCUMENT_FRAG_NODE:
            let fragmentChildren = Array(node.children).map(\.raw)
            let elements = fragmentChildren.filter { $0.pointee.type == XML_ELEMENT_NODE }.count
            if elements > 1 || fragmentChildren.contains(where: Node.isTextual) { throw .hierarchyRequest }
            if elements == 1, hasOtherElement || doctypeFollowsChild { throw .hierarchyRequest }
        case XML_ELEMENT_NODE:
            if hasOtherElement || doctypeFollowsChild { throw .hierarchyRequest }
        case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE:
            if others.contains(where: { Node.isDoctype($0) }) { throw .hierarchyRequest }
            var previous = child.raw.pointee.prev
            while let current = previous {
                if current.pointee.type == XML_ELEMENT_NODE { throw .hierarchyRequest }
                previous = current.pointee.prev
            }
        default:
            break
        }
    }

    // MARK: Linking (validity already checked)

    /// The DOM's "insert" (https://dom.spec.whatwg.org/#concept-node-insert),
    /// the one place nodes enter a tree: `node`, or a fragment's children
    /// (taken out of it first), go into this node before `reference`, each
    /// adopted into this node's document first.
    func insert(_ node: Node, before reference: xmlNodePtr?) {
        // 1.–4. The nodes; a fragment's children are removed from it.
        var nodes: [xmlNodePtr] = []
        // Whether the nodes come from a kept or connected tree (Document+DroppedTrees).
        let fragmentKept = node.raw.pointee.type == XML_DOCUMENT_FRAG_NODE && node.document.isKept(treeOf: node.raw)
        if node.raw.pointee.type == XML_DOCUMENT_FRAG_NODE {
            while let child = node.raw.pointee.children {
                Node.unlinkReporting(child, in: node.document)
                nodes.append(child)
            }
        } else {
            nodes = [node.raw]
        }
        // 7. For each node: adopt it into the parent's document, then link it.
        for each in nodes {
            var kept = fragmentKept
            if node.document !== document {
                _ = try? document.adoptNode(Node(each, in: node.document))
            } else if each.pointee.parent != nil {
                // A move: the old parent loses it first (DOM "insert" step 7.1 removes it).
                kept = kept || document.isKept(treeOf: each)
                Node.unlinkReporting(each, in: document)
            }
            document.detachedNodes.remove(each)
            if document.keptRoots.remove(each) != nil { kept = true }
            Node.link(each, into: raw, before: reference)
            if kept { document.keep(treeOf: raw) }
            document.mutationObserver?.childInserted(Node(each, in: document), into: self)
        }
    }

    /// Links a parentless node into `parent` before `reference` (a child of
    /// `parent`, or nil for the end), touching nothing else.
    static func link(_ node: xmlNodePtr, into parent: xmlNodePtr, before reference: xmlNodePtr?) {
        let previous = reference.map { $0.pointee.prev } ?? parent.pointee.last
        node.pointee.parent = parent
        node.pointee.prev = previous
        node.pointee.next = reference
        if let previous { previous.pointee.next = node } else { parent.pointee.children = node }
        if let reference { reference.pointee.prev = node } else { parent.pointee.last = node }
        // xmlUnlinkNode forgets the document's internal subset; a doctype put
        // back must be known again so xmlFreeDoc frees it.
        if isDoctype(node), parent.pointee.type == XML_HTML_DOCUMENT_NODE || parent.pointee.type == XML_DOCUMENT_NODE {
            let doc = UnsafeMutableRawPointer(parent).assumingMemoryBound(to: xmlDoc.self)
            if doc.pointee.intSubset == nil {
                doc.pointee.intSubset = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self)
            }
        }
    }

    /// The DOM's "remove" (https://dom.spec.whatwg.org/#concept-node-remove),
    /// the one place nodes leave a tree: unlinks `node` from its parent and
    /// hands it to the document's detached set.
    /// `kept`: whether its tree is connected or kept (Document+DroppedTrees), when the caller knows.
    static func detach(_ node: xmlNodePtr, from document: Document, kept: Bool? = nil) {
        let kept = kept ?? document.isKept(treeOf: node)
        unlinkReporting(node, in: document)
        document.detachedNodes.insert(node)
        if kept { document.keptRoots.insert(node) } else { document.freeCandidates.insert(node) }
    }

    // MARK: Names

    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// https://dom.spec.whatwg.org/#valid-element-local-name
    static func isValidElementName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        if first.isASCII {
            let isAlpha = (first >= "a" && first <= "z") || (first >= "A" && first <= "Z")
            if isAlpha {
                return !name.unicodeScalars.contains { $0 == "\0" || $0 == "/" || $0 == ">" || ($0.isASCII && isASCIIWhitespace(UInt8($0.value))) }
            }
            guard first == ":" || first == "_" else { return false }
        }
        // Otherwise: name-start then name characters (ASCII letters, digits, - . : _ or non-ASCII).
        return name.unicodeScalars.allSatisfy { scalar in
            !scalar.isASCII || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "." || scalar == ":" || scalar == "_"
        }
    }

    /// https://dom.spec.whatwg.org/#valid-attribute-local-name
    static func isValidAttributeName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains {
            $0 == "\0" || $0 == "/" || $0 == "=" || $0 == ">" || ($0.isASCII && isASCIIWhitespace(UInt8($0.value)))
        }
    }
}
