import CLibXML2

/// The XML serialization algorithm of DOM Parsing and Serialization
/// (https://w3c.github.io/DOM-Parsing/#xml-serialization), with its namespace
/// prefix map, over libxml2's tree and without recursion (a tree a script
/// builds can nest deeper than the stack). `XMLSerializer.serializeToString`
/// and `innerHTML`/`outerHTML` of elements in XML documents use it.
///
/// Namespaces are read from libxml2's fields: an element's or attribute's
/// `ns` (href and prefix); an element without one is in the HTML namespace
/// in an HTML document, in no namespace otherwise. A parsed document's
/// namespace declarations are attributes (Document.declarationsAsAttributes).
public struct XMLSerializer {
    public static let htmlNamespace = "http://www.w3.org/1999/xhtml"
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    public static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// Why a node cannot be serialized as well-formed XML (the caller throws
    /// "InvalidStateError").
    public struct Error: Swift.Error, Hashable {
        public let message: String
    }

    /// The namespace prefix map (https://w3c.github.io/DOM-Parsing/#the-namespace-prefix-map):
    /// namespace (nil for none) → prefixes, in the order they were added.
    struct PrefixMap {
        var prefixes: [String?: [String]] = [:]

        /// "Retrieving a preferred prefix string".
        func preferred(_ preferred: String?, for namespace: String?) -> String? {
            guard let candidates = prefixes[namespace], !candidates.isEmpty else { return nil }
            if let preferred, candidates.contains(preferred) { return preferred }
            return candidates.last
        }

        func contains(_ prefix: String, for namespace: String?) -> Bool { prefixes[namespace]?.contains(prefix) ?? false }

        mutating func add(_ prefix: String, for namespace: String?) { prefixes[namespace, default: []].append(prefix) }
    }

    private struct Attribute {
        let namespace: String?
        let prefix: String?
        let localName: String
        let value: String
    }

    /// The context children of an element are serialized in.
    private struct Context {
        var namespace: String?
        var map: PrefixMap
        /// The element's end tag; nil when it has none to write (no children, void).
        var endTag: String?
    }

    private var output = ""
    private var prefixIndex = 1
    private let requireWellFormed: Bool
    private let isHTMLDocument: Bool
    private var failure: Error?

    private init(requireWellFormed: Bool, isHTMLDocument: Bool) {
        self.requireWellFormed = requireWellFormed
        self.isHTMLDocument = isHTMLDocument
    }

    /// "Produce an XML serialization" of `node` (`XMLSerializer.serializeToString`
    /// with `requireWellFormed` false; `innerHTML` with it true).
    /// `childrenOnly` serializes the node's children (`innerHTML`).
    public static func serialize(_ node: Node, requireWellFormed: Bool, childrenOnly: Bool = false) throws(Error) -> String {
        var serializer = XMLSerializer(requireWellFormed: requireWellFormed, isHTMLDocument: node.document.isHTML)
        var map = PrefixMap()
        map.add("xml", for: xmlNamespace)
        let context = Context(namespace: nil, map: map, endTag: nil)
        if childrenOnly {
            var child = node.raw.pointee.children
            while let current = child {
                serializer.serialize(current, in: context)
                child = current.pointee.next
            }
        } else {
            serializer.serialize(node.raw, in: context)
        }
        if let failure = serializer.failure { throw failure }
        return serializer.output
    }

    // MARK: The walk

    private mutating func serialize(_ root: xmlNodePtr, in rootContext: Context) {
        var contexts = [rootContext]
        Document.walk(root) { node in
            guard failure == nil, let context = contexts.last else { return false }
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let childContext = startTag(node, in: context)
                contexts.append(childContext)
                return childContext.endTag != nil
            case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE:
                if requireWellFormed, xmlDocGetRootElement(UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDoc.self)) == nil {
                    fail("a document without a document element is not well-formed")
                }
                contexts.append(Context(namespace: context.namespace, map: context.map, endTag: nil))
                return true
            case XML_DOCUMENT_FRAG_NODE:
                contexts.append(Context(namespace: context.namespace, map: context.map, endTag: nil))
                return true
            case XML_TEXT_NODE:
                text(node)
            case XML_CDATA_SECTION_NODE:
                // libxml2's HTML parser keeps script and style text as CDATA; the DOM has Text there.
                if isHTMLDocument { text(node) } else { cdata(node) }
            case XML_COMMENT_NODE:
                comment(node)
            case XML_PI_NODE:
                processingInstruction(node)
            case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE:
                doctype(Node(node, in: Document.makeXML()))
            default:
                break
            }
            return false
        } after: { node in
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                if let context = contexts.popLast(), let endTag = context.endTag { output += "</" + endTag + ">" }
            case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_FRAG_NODE:
                contexts.removeLast()
            default:
                break
            }
        }
    }

    private mutating func fail(_ message: String) {
        if failure == nil { failure = Error(message: message) }
    }

    // MARK: Elements (https://w3c.github.io/DOM-Parsing/#xml-serializing-an-element-node)

    /// Writes the start tag and returns the children's context, whose
    /// `endTag` is nil when the element was written as `<x/>`.
    private mutating func startTag(_ node: xmlNodePtr, in context: Context) -> Context {
        let localName = node.pointee.name.map { String(cString: $0) } ?? ""
        // 1.
        if requireWellFormed, localName.contains(":") || !XMLSerializer.isName(localName) {
            fail("the element name \"\(localName)\" is not a valid XML name")
        }
        // 2.–8.
        var markup = "<"
        var qualifiedName = ""
        var skipEndTag = false
        var ignoreNamespaceDefinitionAttribute = false
        var map = context.map
        var localPrefixes: [String: String?] = [:]
        let attributes = XMLSerializer.attributes(of: node)
        let localDefaultNamespace = recordNamespaceInformation(attributes, map: &map, localPrefixes: &localPrefixes)
        // 9.–10.
        var inheritedNamespace = context.namespace
        let namespace = namespaceOf(node)
        if inheritedNamespace == namespace {
            // 11.
            if localDefaultNamespace != nil { ignoreNamespaceDefinitionAttribute = true }
            qualifiedName = namespace == XMLSerializer.xmlNamespace ? "xml:" + localName : localName
            markup += qualifiedName
        } else {
            // 12.
            var prefix = node.pointee.ns?.pointee.prefix.map { String(cString: $0) }
            var candidatePrefix = map.preferred(prefix, for: namespace)
            if prefix == "xmlns" {
                if requireWellFormed { fail("an element cannot have the prefix \"xmlns\"") }
                candidatePrefix = prefix
            }
            if let candidatePrefix {
                qualifiedName = candidatePrefix + ":" + localName
                if let localDefaultNamespace, localDefaultNamespace != XMLSerializer.xmlNamespace {
                    inheritedNamespace = localDefaultNamespace.isEmpty ? nil : localDefaultNamespace
                }
                markup += qualifiedName
            } else if var chosen = prefix {
                if localPrefixes[chosen] != nil { chosen = generatePrefix(&map, namespace) }
                else { map.add(chosen, for: namespace) }
                prefix = chosen
                qualifiedName = chosen + ":" + localName
                markup += qualifiedName
                markup += " xmlns:" + chosen + "=\"" + attributeValue(namespace) + "\""
                if let localDefaultNamespace {
                    inheritedNamespace = localDefaultNamespace.isEmpty ? nil : localDefaultNamespace
                }
            } else if localDefaultNamespace == nil || localDefaultNamespace != (namespace ?? "") {
                ignoreNamespaceDefinitionAttribute = true
                qualifiedName = localName
                inheritedNamespace = namespace
                markup += qualifiedName + " xmlns=\"" + attributeValue(namespace) + "\""
            } else {
                qualifiedName = localName
                inheritedNamespace = namespace
                markup += qualifiedName
            }
        }
        // 13.
        markup += serializeAttributes(attributes, map: &map, localPrefixes: localPrefixes,
                                      ignoreNamespaceDefinitionAttribute: ignoreNamespaceDefinitionAttribute)
        // 14.–16.
        let hasChildren = node.pointee.children != nil
        if namespace == XMLSerializer.htmlNamespace, !hasChildren, HTMLSerializer.voidElements.contains(localName) {
            markup += " /"
            skipEndTag = true
        }
        if namespace != XMLSerializer.htmlNamespace, !hasChildren {
            markup += "/"
            skipEndTag = true
        }
        markup += ">"
        output += markup
        // 17.–20. (the children and end tag follow in the walk; an HTML void
        // element with children still gets them, as the algorithm says)
        return Context(namespace: inheritedNamespace, map: map, endTag: skipEndTag ? nil : qualifiedName)
    }

    /// "Recording the namespace information": adds the element's own
    /// `xmlns:p` declarations to `map` and `localPrefixes`; returns its
    /// `xmlns` attribute's value, if any.
    private func recordNamespaceInformation(_ attributes: [Attribute], map: inout PrefixMap,
                                            localPrefixes: inout [String: String?]) -> String? {
        var defaultNamespace: String?
        for attribute in attributes where attribute.namespace == XMLSerializer.xmlnsNamespace {
            guard attribute.prefix != nil else {
                defaultNamespace = attribute.value
                continue
            }
            let prefixDefinition = attribute.localName
            var namespaceDefinition: String? = attribute.value
            if namespaceDefinition == XMLSerializer.xmlNamespace { continue }
            if namespaceDefinition == "" { namespaceDefinition = nil }
            if map.contains(prefixDefinition, for: namespaceDefinition) { continue }
            map.add(prefixDefinition, for: namespaceDefinition)
            localPrefixes[prefixDefinition] = .some(namespaceDefinition)
        }
        return defaultNamespace
    }

    /// "Generating a prefix".
    private mutating func generatePrefix(_ map: inout PrefixMap, _ namespace: String?) -> String {
        let prefix = "ns\(prefixIndex)"
        prefixIndex += 1
        map.add(prefix, for: namespace)
        return prefix
    }

    /// "XML serialization of the attributes".
    private mutating func serializeAttributes(_ attributes: [Attribute], map: inout PrefixMap, localPrefixes: [String: String?],
                                              ignoreNamespaceDefinitionAttribute: Bool) -> String {
        var result = ""
        var seen: Set<[String?]> = []
        for attribute in attributes {
            // 3.1–3.2
            if requireWellFormed, !seen.insert([attribute.namespace, attribute.localName]).inserted {
                fail("the attribute \"\(attribute.localName)\" appears twice")
            }
            // 3.3–3.5
            var candidatePrefix: String?
            if let namespace = attribute.namespace {
                candidatePrefix = map.preferred(attribute.prefix, for: namespace)
                if namespace == XMLSerializer.xmlnsNamespace {
                    let declared = localPrefixes[attribute.localName]
                    if attribute.value == XMLSerializer.xmlNamespace
                        || (attribute.prefix == nil && ignoreNamespaceDefinitionAttribute)
                        || (attribute.prefix != nil && (declared == nil || declared! != (attribute.value.isEmpty ? nil : attribute.value))) {
                        continue
                    }
                    if requireWellFormed, attribute.value == XMLSerializer.xmlnsNamespace {
                        fail("the XMLNS namespace cannot be declared")
                    }
                    if requireWellFormed, attribute.value.isEmpty {
                        fail("a namespace prefix declaration cannot undeclare a namespace")
                    }
                    if attribute.prefix == "xmlns" { candidatePrefix = "xmlns" }
                } else if candidatePrefix == nil {
                    candidatePrefix = generatePrefix(&map, namespace)
                    result += " xmlns:" + candidatePrefix! + "=\"" + attributeValue(namespace) + "\""
                }
            }
            // 3.6–3.9
            result += " "
            if let candidatePrefix { result += candidatePrefix + ":" }
            if requireWellFormed, attribute.localName.contains(":") || !XMLSerializer.isName(attribute.localName)
                || (attribute.localName == "xmlns" && attribute.namespace == nil) {
                fail("the attribute name \"\(attribute.localName)\" is not well-formed")
            }
            result += attribute.localName + "=\"" + attributeValue(attribute.value) + "\""
        }
        return result
    }

    /// The element's attributes, in order (a parsed document's namespace
    /// declarations among them: Document.declarationsAsAttributes).
    private static func attributes(of node: xmlNodePtr) -> [Attribute] {
        var list: [Attribute] = []
        var property = node.pointee.properties
        while let current = property {
            var href = current.pointee.ns?.pointee.href.map { String(cString: $0) }
            if href == "" { href = nil }
            let value = Node.withValue(of: current) { String(decoding: $0, as: UTF8.self) }
            list.append(Attribute(namespace: href, prefix: href == nil ? nil : current.pointee.ns?.pointee.prefix.map { String(cString: $0) },
                                  localName: current.pointee.name.map { String(cString: $0) } ?? "", value: value))
            property = current.pointee.next
        }
        return list
    }

    private func namespaceOf(_ node: xmlNodePtr) -> String? {
        if let href = node.pointee.ns?.pointee.href {
            let namespace = String(cString: href)
            return namespace.isEmpty ? nil : namespace
        }
        return isHTMLDocument ? XMLSerializer.htmlNamespace : nil
    }

    // MARK: Other nodes

    private mutating func text(_ node: xmlNodePtr) {
        let data = node.pointee.content.map { String(cString: $0) } ?? ""
        if requireWellFormed, !XMLSerializer.isChars(data) { fail("the text contains characters XML does not allow") }
        var escaped = ""
        for scalar in data.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        output += escaped
    }

    private mutating func cdata(_ node: xmlNodePtr) {
        let data = node.pointee.content.map { String(cString: $0) } ?? ""
        output += "<![CDATA[" + data + "]]>"
    }

    private mutating func comment(_ node: xmlNodePtr) {
        let data = node.pointee.content.map { String(cString: $0) } ?? ""
        if requireWellFormed, !XMLSerializer.isChars(data) || data.contains("--") || data.hasSuffix("-") {
            fail("the comment is not well-formed")
        }
        output += "<!--" + data + "-->"
    }

    private mutating func processingInstruction(_ node: xmlNodePtr) {
        let target = node.pointee.name.map { String(cString: $0) } ?? ""
        let data = node.pointee.content.map { String(cString: $0) } ?? ""
        if requireWellFormed, target.contains(":") || Node.asciiLowercased(target) == "xml" {
            fail("the processing instruction target \"\(target)\" is not well-formed")
        }
        if requireWellFormed, !XMLSerializer.isChars(data) || data.contains("?>") {
            fail("the processing instruction data is not well-formed")
        }
        output += "<?" + target + " " + data + "?>"
    }

    private mutating func doctype(_ node: Node) {
        guard let parts = node.doctypeParts else { return }
        if requireWellFormed, !parts.publicID.unicodeScalars.allSatisfy(XMLSerializer.isPubidChar) {
            fail("the doctype's public identifier is not well-formed")
        }
        if requireWellFormed, !XMLSerializer.isChars(parts.systemID) || (parts.systemID.contains("\"") && parts.systemID.contains("'")) {
            fail("the doctype's system identifier is not well-formed")
        }
        var markup = "<!DOCTYPE " + parts.name
        if !parts.publicID.isEmpty { markup += " PUBLIC \"" + parts.publicID + "\"" }
        if !parts.systemID.isEmpty, parts.publicID.isEmpty { markup += " SYSTEM" }
        if !parts.systemID.isEmpty { markup += " \"" + parts.systemID + "\"" }
        output += markup + ">"
    }

    // MARK: Escaping and productions

    /// "Serializing an attribute value" (nil is ""), escaping tab, newline
    /// and carriage return too, as browsers do, so they survive a round trip.
    private mutating func attributeValue(_ value: String?) -> String {
        guard let value else { return "" }
        if requireWellFormed, !XMLSerializer.isChars(value) { fail("the attribute value contains characters XML does not allow") }
        return XMLSerializer.escapeAttribute(value)
    }

    static func escapeAttribute(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// XML's Char production (https://www.w3.org/TR/xml/#NT-Char).
    static func isChars(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let v = scalar.value
            return v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
        }
    }

    /// XML's Name production (https://www.w3.org/TR/xml/#NT-Name).
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isNameStartChar(first) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy(isNameChar)
    }

    static func isNameStartChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x5F, 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
             0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStartChar(scalar)
        }
    }

    /// XML's PubidChar production.
    static func isPubidChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\r", "\n", "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-'()+,./:=?;!*#@$_%".unicodeScalars.contains(scalar)
        }
    }
}
