import CLibXML2

/// Element and attribute names with their namespaces
/// (https://dom.spec.whatwg.org/#concept-element-namespace), the attribute
/// algorithms of https://dom.spec.whatwg.org/#concept-element-attributes, and
/// "locate a namespace" / "locate a namespace prefix". Storage: see
/// `NamespaceKey` (Document+Namespaces).
extension Node {
    /// An attribute as the DOM sees it.
    public struct Attribute: Hashable {
        /// nil for no namespace.
        public var namespaceURI: String?
        public var prefix: String?
        public var localName: String
        public var value: String

        public init(namespaceURI: String?, prefix: String?, localName: String, value: String) {
            self.namespaceURI = namespaceURI
            self.prefix = prefix
            self.localName = localName
            self.value = value
        }

        /// "prefix:localName", or the local name.
        public var qualifiedName: String { prefix.map { $0 + ":" + localName } ?? localName }
    }

    // MARK: Element names

    /// An element's namespace, prefix and local name; nil namespace is none.
    public var elementName: Namespace.QualifiedName {
        guard isElement else { return Namespace.QualifiedName(namespace: nil, prefix: nil, localName: "") }
        return Node.elementName(of: raw, inHTMLDocument: document.isHTML)
    }

    static func elementName(of raw: xmlNodePtr, inHTMLDocument isHTML: Bool) -> Namespace.QualifiedName {
        let localName = raw.pointee.name.map { String(cString: $0) } ?? ""
        guard let ns = raw.pointee.ns else {
            return Namespace.QualifiedName(namespace: isHTML ? Namespace.html : nil, prefix: nil, localName: localName)
        }
        let href = ns.pointee.href.map { String(cString: $0) } ?? ""
        return Namespace.QualifiedName(namespace: href.isEmpty ? nil : href,
                                       prefix: ns.pointee.prefix.map { String(cString: $0) }, localName: localName)
    }

    /// The element's namespace (nil for none, and for other nodes).
    public var namespaceURI: String? { isElement ? elementName.namespace : nil }

    /// The element's namespace prefix, or nil.
    public var prefix: String? {
        guard isElement, let prefix = raw.pointee.ns?.pointee.prefix else { return nil }
        return String(cString: prefix)
    }

    /// The element's local name, case kept ("" for other nodes).
    public var localName: String { name }

    /// Whether the element is in the HTML namespace and its document is an
    /// HTML document: the case where the DOM lower-cases names it is given
    /// and upper-cases `tagName`.
    public var isHTMLElementInHTMLDocument: Bool {
        guard isElement, document.isHTML else { return false }
        guard let ns = raw.pointee.ns else { return true }
        return ns.pointee.href.map { xmlStrEqual($0, Node.htmlNamespaceBytes) != 0 } ?? false
    }

    private static let htmlNamespaceBytes: UnsafePointer<xmlChar> = {
        let bytes = Array(Namespace.html.utf8) + [0]
        let pointer = UnsafeMutablePointer<xmlChar>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(pointer)
    }()

    /// The DOM's `tagName` (https://dom.spec.whatwg.org/#element-html-uppercased-qualified-name):
    /// the qualified name, upper-cased for an HTML element in an HTML document.
    public var tagName: String {
        guard isElement else { return "" }
        let qualified = Node.qualifiedName(raw)
        return isHTMLElementInHTMLDocument ? Node.asciiUppercased(qualified) : qualified
    }

    static func asciiUppercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// A processing instruction's target ("" for other nodes).
    public var processingInstructionTarget: String {
        guard raw.pointee.type == XML_PI_NODE, let name = raw.pointee.name else { return "" }
        return String(cString: name)
    }

    // MARK: Attributes with namespaces

    /// The element's attribute list, in order, with namespaces.
    public var attributeList: [Attribute] {
        guard isElement else { return [] }
        var result: [Attribute] = []
        var attribute = raw.pointee.properties
        while let current = attribute {
            result.append(Node.record(of: current))
            attribute = current.pointee.next
        }
        return result
    }

    static func record(of attribute: xmlAttrPtr) -> Attribute {
        let localName = attribute.pointee.name.map { String(cString: $0) } ?? ""
        let value = withValue(of: attribute) { String(decoding: $0, as: UTF8.self) }
        guard let ns = attribute.pointee.ns else { return Attribute(namespaceURI: nil, prefix: nil, localName: localName, value: value) }
        let href = ns.pointee.href.map { String(cString: $0) } ?? ""
        return Attribute(namespaceURI: href.isEmpty ? nil : href, prefix: ns.pointee.prefix.map { String(cString: $0) },
                         localName: localName, value: value)
    }

    /// "Get an attribute by name": the first attribute whose qualified name is
    /// `qualifiedName`, lower-cased first for an HTML element in an HTML document.
    func attributePointer(qualifiedName: String) -> xmlAttrPtr? {
        guard isElement, !qualifiedName.utf8.contains(0) else { return nil }
        let name = isHTMLElementInHTMLDocument ? Node.asciiLowercased(qualifiedName) : qualifiedName
        // Compared in place (getAttribute is hot): "prefix:local" or "local".
        return name.withCString { cName -> xmlAttrPtr? in
            let wanted = UnsafeRawPointer(cName).assumingMemoryBound(to: xmlChar.self)
            var attribute = raw.pointee.properties
            while let current = attribute {
                if current.pointee.type == XML_ATTRIBUTE_NODE, let local = current.pointee.name {
                    if let prefix = current.pointee.ns?.pointee.prefix {
                        // The first count bytes equal the prefix's (none NUL), so wanted[count] exists.
                        let count = Int(xmlStrlen(prefix))
                        if xmlStrncmp(prefix, wanted, Int32(clamping: count)) == 0, wanted[count] == UInt8(ascii: ":"),
                           xmlStrEqual(local, wanted + count + 1) != 0 {
                            return current
                        }
                    } else if xmlStrEqual(local, wanted) != 0 {
                        return current
                    }
                }
                attribute = current.pointee.next
            }
            return nil
        }
    }

    /// "Get an attribute by namespace and local name" ("" namespace is none).
    func attributePointer(namespace: String?, localName: String) -> xmlAttrPtr? {
        guard isElement else { return nil }
        let namespace = namespace == "" ? nil : namespace
        var attribute = raw.pointee.properties
        while let current = attribute {
            if current.pointee.type == XML_ATTRIBUTE_NODE, current.pointee.name.map({ String(cString: $0) }) == localName {
                let href = current.pointee.ns?.pointee.href.map { String(cString: $0) }
                if (href == "" ? nil : href) == namespace { return current }
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The DOM's `getAttribute`: the value of the attribute whose qualified name is `qualifiedName`.
    public func attribute(qualifiedName: String) -> Attribute? {
        attributePointer(qualifiedName: qualifiedName).map(Node.record(of:))
    }

    /// The DOM's `getAttributeNS`.
    public func attribute(namespace: String?, localName: String) -> Attribute? {
        attributePointer(namespace: namespace, localName: localName).map(Node.record(of:))
    }

    /// The DOM's `hasAttribute` by qualified name.
    public func hasAttribute(qualifiedName: String) -> Bool { attributePointer(qualifiedName: qualifiedName) != nil }

    /// The DOM's `setAttributeNS`: "validate and extract", then set the value
    /// of the attribute (namespace, local name), appending it with the prefix
    /// when there is none (an existing one keeps its prefix).
    public func setAttribute(namespace: String?, qualifiedName: String, value: String) throws(DOMError) {
        let name = try Namespace.validateAndExtract(namespace: namespace, qualifiedName: qualifiedName, context: .attribute)
        guard isElement else { return }
        if let existing = attributePointer(namespace: name.namespace, localName: name.localName) {
            let before = attributeBeforeChange(existing)
            Node.changeValue(of: existing, to: value)
            if let before { reportAttributeChange(before: before) }
        } else {
            let ns = document.attributeNamespacePointer(namespace: name.namespace, prefix: name.prefix)
            xmlNewNsProp(raw, ns, name.localName, value)
            reportAttributeChange(localName: name.localName, namespace: name.namespace, oldValue: nil)
        }
    }

    /// Appends an attribute as given (a clone's or an `Attr` node's), names unchecked.
    public func appendAttribute(_ attribute: Attribute) {
        guard isElement else { return }
        let ns = document.attributeNamespacePointer(namespace: attribute.namespaceURI, prefix: attribute.prefix)
        xmlNewNsProp(raw, ns, attribute.localName, attribute.value)
        reportAttributeChange(localName: attribute.localName, namespace: attribute.namespaceURI, oldValue: nil)
    }

    /// "Set an attribute" (https://dom.spec.whatwg.org/#concept-element-attributes-set):
    /// the attribute (namespace, local name) is replaced in place by
    /// `attribute` (its prefix and value), or appended when there is none.
    public func setAttribute(_ attribute: Attribute) {
        guard isElement else { return }
        if let existing = attributePointer(namespace: attribute.namespaceURI, localName: attribute.localName) {
            let before = attributeBeforeChange(existing)
            existing.pointee.ns = document.attributeNamespacePointer(namespace: attribute.namespaceURI, prefix: attribute.prefix)
            Node.changeValue(of: existing, to: attribute.value)
            if let before { reportAttributeChange(before: before) }
        } else {
            appendAttribute(attribute)
        }
    }

    /// The DOM's `removeAttributeNS`. Returns whether there was one.
    @discardableResult
    public func removeAttribute(namespace: String?, localName: String) -> Bool {
        guard let attribute = attributePointer(namespace: namespace, localName: localName) else { return false }
        let before = attributeBeforeChange(attribute)
        xmlRemoveProp(attribute)
        if let before { reportAttributeChange(before: before) }
        return true
    }

    /// "Change an attribute": a new value in place (the attribute keeps its
    /// place and libxml2's ID table stays right), as xmlSetNsProp does.
    static func changeValue(of attribute: xmlAttrPtr, to value: String) {
        let doc = attribute.pointee.doc
        if attribute.pointee.atype == XML_ATTRIBUTE_ID { xmlRemoveID(doc, attribute) }
        if let children = attribute.pointee.children { xmlFreeNodeList(children) }
        attribute.pointee.children = nil
        attribute.pointee.last = nil
        if let text = xmlNewDocText(doc, value) {
            text.pointee.parent = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self)
            attribute.pointee.children = text
            attribute.pointee.last = text
        }
        if let element = attribute.pointee.parent, xmlIsID(doc, element, attribute) == 1 { xmlAddID(nil, doc, value, attribute) }
    }

    // MARK: getElementsByTagNameNS

    /// The DOM's `getElementsByTagNameNS`: descendant elements in `namespace`
    /// ("" is none, "*" any) whose local name is `localName` ("*" any).
    public func elements(namespace: String?, localName: String) -> [Node] {
        let namespace = namespace == "" ? nil : namespace
        let anyNamespace = namespace == "*", anyName = localName == "*"
        let isHTML = document.isHTML
        var found: [Node] = []
        Document.walk(raw) { current in
            if current != raw, current.pointee.type == XML_ELEMENT_NODE {
                let name = Node.elementName(of: current, inHTMLDocument: isHTML)
                if (anyNamespace || name.namespace == namespace) && (anyName || name.localName == localName) {
                    found.append(Node(current, in: document))
                }
            }
            return true
        }
        return found
    }

    // MARK: Locating namespaces (https://dom.spec.whatwg.org/#locate-a-namespace)

    /// The element "locate a namespace" starts from for this node: itself, a
    /// document's root element, a character data node's parent element; nil
    /// for doctypes and fragments.
    private var namespaceLookupElement: Node? {
        switch nodeType {
        case .element: return self
        case .document: return document.documentElement
        case .documentType, .documentFragment: return nil
        default: return parentElement
        }
    }

    /// "Locate a namespace" for `prefix` (nil for the default namespace).
    public func locateNamespace(prefix: String?) -> String? {
        guard let element = namespaceLookupElement else { return nil }
        var current: Node? = element
        while let node = current {
            let name = node.elementName
            // Element steps: 1. xml and xmlns are fixed.
            if prefix == "xml" { return Namespace.xml }
            if prefix == "xmlns" { return Namespace.xmlns }
            // 2. The element's own namespace when its prefix is prefix.
            if name.namespace != nil, name.prefix == prefix { return name.namespace }
            // 3. An xmlns attribute declaring it.
            let declaration = node.attributeList.first { attribute in
                attribute.namespaceURI == Namespace.xmlns
                    && (prefix == nil ? attribute.prefix == nil && attribute.localName == "xmlns"
                                      : attribute.prefix == "xmlns" && attribute.localName == prefix)
            }
            if let declaration { return declaration.value.isEmpty ? nil : declaration.value }
            // 4.–5. Else the parent element's.
            current = node.parentElement
        }
        return nil
    }

    /// "Locate a namespace prefix" for `namespace` (https://dom.spec.whatwg.org/#locate-a-namespace-prefix).
    public func locateNamespacePrefix(namespace: String) -> String? {
        guard let element = namespaceLookupElement else { return nil }
        var current: Node? = element
        while let node = current {
            let name = node.elementName
            // 1. Its own prefix when its namespace is namespace.
            if name.namespace == namespace, let prefix = name.prefix { return prefix }
            // 2. An xmlns:prefix attribute whose value is namespace.
            if let declaration = node.attributeList.first(where: { $0.prefix == "xmlns" && $0.value == namespace }) {
                return declaration.localName
            }
            // 3. Else the parent element's.
            current = node.parentElement
        }
        return nil
    }
}
