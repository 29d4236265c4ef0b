import CLibXML2

/// Parses XML text into an XML `Document` with libxml2's XML parser, for
/// `DOMParser` (https://html.spec.whatwg.org/#dom-domparser-parsefromstring)
/// and for `innerHTML` in XML documents
/// (https://w3c.github.io/DOM-Parsing/#dfn-xml-fragment-parsing-algorithm).
///
/// Hostile input: the network is never used (XML_PARSE_NONET and an
/// external-entity loader that refuses everything), no external DTD or
/// entity is ever loaded (no XML_PARSE_NOENT, XML_PARSE_DTDLOAD or
/// XML_PARSE_DTDATTR: an `<!ENTITY e SYSTEM "file:///…">` is dropped, not
/// read), internal entities are expanded here under a budget of the bytes
/// they produce (so "billion laughs", or a few large entities referenced
/// many times, end in a parse error instead of gigabytes), and the input is
/// capped at `maximumInputLength`. libxml2's own limits apply too (without
/// XML_PARSE_HUGE, see `options`): nesting depth 256, 10 MB per text node.
public enum XMLParser {
    /// The longest input parsed, in UTF-8 bytes; longer input is a parse error.
    public static let maximumInputLength = 32 << 20
    /// Entity expansion's budget, in bytes of the nodes and text it makes
    /// in one document (attribute values included): what any document may
    /// expand to, as libxml2's XML_PARSER_ALLOWED_EXPANSION.
    public static let entityExpansionAllowance = 1_000_000
    /// Past the allowance, expansion may make this many bytes per byte of
    /// input (libxml2's default maximum amplification factor).
    public static let maximumEntityAmplification = 5
    /// What expansion may make in one document at most, whatever its size.
    public static let maximumExpandedBytes = 16 << 20
    /// What one node made by expansion counts besides its text: the node
    /// itself (an attribute counts the same).
    static let expandedNodeCost = MemoryLayout<xmlNode>.stride
    /// What each entity reference expanded counts besides what it makes
    /// (libxml2's XML_ENT_FIXED_COST): empty entities cost too.
    static let entityReferenceCost = 20

    /// The bytes entity expansion may make in a document parsed from
    /// `inputLength` bytes.
    static func expansionBudget(inputLength: Int) -> Int {
        min(maximumExpandedBytes, max(entityExpansionAllowance, inputLength.multipliedReportingOverflow(by: maximumEntityAmplification).partialValue))
    }
    /// The namespace of the `parsererror` element of a parse-error document.
    public static let parserErrorNamespace = "http://www.mozilla.org/newlayout/xml/parsererror.xml"

    /// A well-formedness error: libxml2's message with its line and column.
    public struct ParseError: Error, Hashable {
        public let message: String
    }

    /// Without XML_PARSE_HUGE: with it libxml2 stops checking how much an
    /// entity in an attribute value amplifies, and "billion laughs" in an
    /// attribute takes minutes. So libxml2's limits stay: nesting depth 256
    /// (Chromium parses deeper documents; `testTenMegabytesParse` shows the
    /// limit), 10 MB per text node.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_IGNORE_ENC.rawValue)

    /// `text` parsed as XML into a document of content type `contentType`.
    /// A document that is not well-formed (or not namespace-well-formed)
    /// gives the parse-error document the HTML standard describes: only a
    /// `parsererror` element in `parserErrorNamespace`, its text saying what
    /// went wrong.
    public static func parse(_ text: String, contentType: String) -> Document {
        switch parseTree(text) {
        case .success(let doc):
            let document = Document(adopting: doc, encoding: "utf-8")
            document.contentType = contentType
            if let root = xmlDocGetRootElement(doc) { document.declarationsAsAttributes(under: root) }
            return document
        case .failure(let error):
            return errorDocument(error, contentType: contentType)
        }
    }

    /// The children of `<root>markup</root>` parsed with the namespaces in
    /// scope at `context` declared on the root, copied into `context`'s
    /// document, parentless and in order (the caller links them). Throws
    /// when the markup is not well-formed.
    public static func parseFragment(_ markup: String, context: Node) throws(ParseError) -> [Node] {
        var declarations = ""
        var declared: Set<String> = []
        func declare(_ prefix: String?, _ href: String) {
            let key = prefix ?? ""
            guard !declared.contains(key), prefix != "xml" else { return }
            declared.insert(key)
            declarations += prefix.map { " xmlns:\($0)=\"" } ?? " xmlns=\""
            declarations += XMLSerializer.escapeAttribute(href) + "\""
        }
        var element: xmlNodePtr? = context.raw
        while let current = element, current.pointee.type == XML_ELEMENT_NODE {
            // The element's own namespace first, then its declarations, then the ancestors'.
            if let ns = current.pointee.ns {
                declare(ns.pointee.prefix.map { String(cString: $0) }, ns.pointee.href.map { String(cString: $0) } ?? "")
            } else if current == context.raw, context.document.isHTML {
                declare(nil, XMLSerializer.htmlNamespace)
            }
            for attribute in Node(current, in: context.document).attributeList where attribute.namespaceURI == Namespace.xmlns {
                declare(attribute.prefix == nil ? nil : attribute.localName, attribute.value)
            }
            element = current.pointee.parent
        }
        let source = "<fragment" + declarations + ">" + markup + "</fragment>"
        let doc: xmlDocPtr
        switch parseTree(source) {
        case .success(let parsed): doc = parsed
        case .failure(let error): throw error
        }
        defer { xmlFreeDoc(doc) }
        var nodes: [Node] = []
        var child = xmlDocGetRootElement(doc)?.pointee.children
        while let current = child {
            if let copy = xmlDocCopyNode(current, context.document.xmlDocument, 1) {
                context.document.declarationsAsAttributes(under: copy)
                nodes.append(context.document.adopt(copy))
            }
            child = current.pointee.next
        }
        return nodes
    }

    // MARK: Parsing

    private static func parseTree(_ text: String) -> Result<xmlDocPtr, ParseError> {
        Document.silenceParserErrors()
        refuseExternalEntities()
        var text = text
        guard text.utf8.count <= maximumInputLength else {
            return .failure(ParseError(message: "the document is longer than \(maximumInputLength) bytes"))
        }
        guard !text.isEmpty else { return .failure(ParseError(message: "error on line 1 at column 1: Document is empty")) }
        guard let context = xmlNewParserCtxt() else { return .failure(ParseError(message: "out of memory")) }
        defer { xmlFreeParserCtxt(context) }
        let doc = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", options)
            }
        }
        guard let doc, context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 else {
            if let doc { xmlFreeDoc(doc) }
            return .failure(error(from: context))
        }
        do throws(ParseError) {
            try expandEntities(in: doc, budget: expansionBudget(inputLength: text.utf8.count))
        } catch {
            xmlFreeDoc(doc)
            return .failure(error)
        }
        return .success(doc)
    }

    private static func error(from context: xmlParserCtxtPtr) -> ParseError {
        let last = context.pointee.lastError
        var message = last.message.map { String(cString: $0) } ?? "the document is not well-formed"
        while message.last == "\n" { message.removeLast() }
        return ParseError(message: "error on line \(last.line) at column \(last.int2): \(message)")
    }

    /// The parse-error document: a `parsererror` root element in the
    /// parsererror namespace, whose text is the error.
    static func errorDocument(_ error: ParseError, contentType: String) -> Document {
        let document = Document.makeXML(contentType: contentType)
        guard let doc = document.xmlDocument, let root = xmlNewDocNode(doc, nil, "parsererror", nil) else { return document }
        let ns = xmlNewNs(root, parserErrorNamespace, nil)
        xmlSetNs(root, ns)
        if let text = xmlNewDocText(doc, error.message) { Node.link(text, into: root, before: nil) }
        Node.link(root, into: UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self), before: nil)
        return document
    }

    private static var loaderInstalled = false
    /// Every external entity or DTD libxml2 could ask for is refused
    /// (defence in depth: the options already keep it from asking).
    private static func refuseExternalEntities() {
        guard !loaderInstalled else { return }
        loaderInstalled = true
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }

    // MARK: Entities

    /// Replaces every entity reference libxml2 left in the tree (it does not
    /// substitute them without XML_PARSE_NOENT): an internal entity by copies
    /// of its parsed content, an undeclared one in a document with an XHTML
    /// public identifier by HTML's named character reference (as browsers
    /// do), anything else (external entities, never loaded) by nothing.
    /// Each expansion is charged what it makes, in bytes (`ExpansionBudget`);
    /// throws when that passes `budget`.
    static func expandEntities(in doc: xmlDocPtr, budget bytes: Int) throws(ParseError) {
        guard doc.pointee.intSubset != nil else { return } // no DTD, no entities
        let xhtmlEntities = doc.pointee.intSubset?.pointee.ExternalID.map { xhtmlPublicIDs.contains(String(cString: $0)) } ?? false
        var budget = ExpansionBudget(bytes: bytes)
        let documentNode = UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self)
        // Rounds: copies of an entity's content may hold references of their own.
        for _ in 0..<64 {
            var references: [xmlNodePtr] = []
            var attributes: [xmlAttrPtr] = []
            Document.walk(documentNode) { node in
                switch node.pointee.type {
                case XML_ENTITY_REF_NODE:
                    references.append(node)
                    return false
                case XML_ELEMENT_NODE:
                    var attribute = node.pointee.properties
                    while let current = attribute {
                        var child = current.pointee.children
                        while let part = child {
                            if part.pointee.type == XML_ENTITY_REF_NODE { attributes.append(current); break }
                            child = part.pointee.next
                        }
                        attribute = current.pointee.next
                    }
                    return true
                case XML_DTD_NODE:
                    return false
                default:
                    return true
                }
            }
            if references.isEmpty && attributes.isEmpty { return }
            for reference in references {
                guard let parent = reference.pointee.parent else { continue }
                for node in try replacement(for: reference, in: doc, xhtmlEntities: xhtmlEntities, budget: &budget) {
                    Node.link(node, into: parent, before: reference)
                }
                xmlUnlinkNode(reference)
                xmlFreeNode(reference)
            }
            for attribute in attributes {
                var value = ""
                try appendText(of: attribute.pointee.children, in: doc, xhtmlEntities: xhtmlEntities, budget: &budget, depth: 0, to: &value)
                setText(value, of: attribute, in: doc)
            }
        }
        throw ParseError(message: "entities nest too deeply")
    }

    private static func replacement(for reference: xmlNodePtr, in doc: xmlDocPtr, xhtmlEntities: Bool,
                                    budget: inout ExpansionBudget) throws(ParseError) -> [xmlNodePtr] {
        guard let name = reference.pointee.name else { return [] }
        if let entity = xmlGetDocEntity(doc, name) {
            guard entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY else { return [] }
            // Charged before copying: a deep copy of the entity's whole content.
            try budget.charge(budget.contentCost(of: entity))
            var copies: [xmlNodePtr] = []
            var child = entity.pointee.children
            while let current = child {
                if let copy = xmlDocCopyNode(current, doc, 1) { copies.append(copy) }
                child = current.pointee.next
            }
            return copies
        }
        guard xhtmlEntities, let text = htmlCharacterReference(String(cString: name)), let node = xmlNewDocText(doc, text) else { return [] }
        return [node]
    }

    /// An attribute value's text with its entity references expanded.
    private static func appendText(of first: xmlNodePtr?, in doc: xmlDocPtr, xhtmlEntities: Bool, budget: inout ExpansionBudget,
                                   depth: Int, to value: inout String) throws(ParseError) {
        guard depth < 64 else { throw ParseError(message: "entities nest too deeply") }
        var child = first
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    // Text inside an entity is made again at each reference; the attribute's own text once.
                    if depth > 0 { try budget.charge(Int(xmlStrlen(content))) }
                    value += String(cString: content)
                }
            case XML_ENTITY_REF_NODE:
                try budget.charge(entityReferenceCost)
                if let name = current.pointee.name {
                    if let entity = xmlGetDocEntity(doc, name) {
                        if entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY {
                            try appendText(of: entity.pointee.children, in: doc, xhtmlEntities: xhtmlEntities,
                                           budget: &budget, depth: depth + 1, to: &value)
                        }
                    } else if xhtmlEntities, let text = htmlCharacterReference(String(cString: name)) {
                        value += text
                    }
                }
            default:
                break
            }
            child = current.pointee.next
        }
    }

    /// Makes `value` the attribute's only (text) child.
    private static func setText(_ value: String, of attribute: xmlAttrPtr, in doc: xmlDocPtr) {
        if let children = attribute.pointee.children { xmlFreeNodeList(children) }
        attribute.pointee.children = nil
        attribute.pointee.last = nil
        guard let text = xmlNewDocText(doc, value) else { return }
        Node.link(text, into: UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self), before: nil)
    }

    /// The public identifiers for which browsers resolve HTML's named
    /// character references in XML (Chromium's XMLDocumentParser list).
    static let xhtmlPublicIDs: Set<String> = [
        "-//W3C//DTD XHTML 1.0 Transitional//EN", "-//W3C//DTD XHTML 1.1//EN", "-//W3C//DTD XHTML 1.0 Strict//EN",
        "-//W3C//DTD XHTML 1.0 Frameset//EN", "-//W3C//DTD XHTML Basic 1.0//EN",
        "-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN", "-//W3C//DTD XHTML 1.1 plus MathML 2.0 plus SVG 1.1//EN",
        "-//W3C//DTD MathML 2.0//EN", "-//WAPFORUM//DTD XHTML Mobile 1.0//EN", "-//WAPFORUM//DTD XHTML Mobile 1.1//EN",
        "-//WAPFORUM//DTD XHTML Mobile 1.2//EN",
    ]

    /// HTML's named character reference `name` (without '&' and ';'), if any.
    static func htmlCharacterReference(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            guard bytes.count <= NamedCharacterReferences.maxNameLength,
                  let match = NamedCharacterReferences.match(bytes, semicolon: true),
                  match.length == bytes.count, match.semicolon else { return nil }
            var text = ""
            if let first = Unicode.Scalar(match.first) { text.unicodeScalars.append(first) }
            if let second = match.second, let scalar = Unicode.Scalar(second) { text.unicodeScalars.append(scalar) }
            return text
        }
    }
}
