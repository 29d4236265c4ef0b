import CLibXML2

/// Parses markup for `innerHTML` and `outerHTML`
/// (https://html.spec.whatwg.org/#html-fragment-parsing-algorithm) with what
/// libxml2 offers.
///
/// `htmlParseInNodeContext` would be the natural call, but libxml2 2.9 throws
/// the whole result away at the first error, and every HTML5 element is an
/// error to it. So the markup is parsed as `<body>…` in a scratch document and
/// the body's children are copied into the target document with
/// `xmlDocCopyNode` (which moves names into the target's dictionary).
/// FIXME: the context element matters to the spec (a `<tr>` in a `<table>`,
/// RCDATA in `<textarea>`/`<title>`); only the raw-text contexts are honoured.
enum HTMLFragmentParser {
    /// The parsed nodes, parentless, owned by `document`'s libxml2 document,
    /// in order. The caller links them in.
    static func parse(_ markup: String, context: xmlNodePtr, document: xmlDocPtr?) -> [xmlNodePtr] {
        if context.pointee.type == XML_ELEMENT_NODE,
           HTMLSerializer.rawTextElements.contains(Node.qualifiedName(context)) {
            // Script data / RAWTEXT: the whole string is one text node.
            guard !markup.isEmpty, let text = xmlNewDocText(document, markup) else { return [] }
            return [text]
        }
        Document.silenceParserErrors()
        var source = "<body>" + markup
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
            | Int32(XML_PARSE_HUGE.rawValue)
        let scratch = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, "utf-8", options)
            }
        }
        guard let scratch else { return [] }
        defer { xmlFreeDoc(scratch) }
        guard let html = xmlDocGetRootElement(scratch) else { return [] }
        // The body's children, then anything libxml2 put after the body
        // (markup following a stray "</body>").
        var body: xmlNodePtr?
        var child = html.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, xmlStrEqual(current.pointee.name, "body") != 0 { body = current; break }
            child = current.pointee.next
        }
        guard let body else { return [] }
        var sources: [xmlNodePtr] = []
        var node = body.pointee.children
        while let current = node {
            sources.append(current)
            node = current.pointee.next
        }
        node = body.pointee.next
        while let current = node {
            sources.append(current)
            node = current.pointee.next
        }
        return sources.compactMap { xmlDocCopyNode($0, document, 1) }
    }
}
