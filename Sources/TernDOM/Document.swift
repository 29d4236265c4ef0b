import CLibXML2

/// An HTML document parsed by libxml2's HTML parser.
///
/// Parsing (streaming, encodings, hostile input) is `HTMLParser`'s work; the
/// node API is `Node`.
/// Not thread-safe; the libxml2 tree is owned here and freed on deinit.
public final class Document {
    private let doc: htmlDocPtr?

    /// The encoding the page was decoded from, by its WHATWG name
    /// ("utf-8", "windows-1252", "shift_jis" …), as `document.characterSet`.
    public let characterSet: String

    /// The document's content type ("text/html", "application/xml" …), as
    /// `document.contentType`; set by whoever makes the document (Document+Kind).
    public internal(set) var contentType = "text/html"

    /// The fragment of the document's URL, percent-decoded, without `#`
    /// (nil or empty: none): what `:target` matches (HTML "the indicated
    /// part of the document"). Set by whoever navigates the document.
    public var urlFragment: String? {
        didSet {
            guard let doc else { return }
            Document.fragments[UnsafeMutableRawPointer(doc)] = urlFragment?.isEmpty == false ? urlFragment : nil
            if urlFragment != oldValue { mutationObserver?.documentChanged(self) }
        }
    }
    /// Told of every change to the tree as it is made (see
    /// `DocumentMutationObserver`); nil: nobody listens, and a change costs
    /// one more load. Held weakly: the observer owns what it computes.
    public weak var mutationObserver: DocumentMutationObserver?
    /// The HTML parser made `iframe` or `frame` elements in this document
    /// (false for other documents): a document no script has changed holds
    /// frames only then, so the embedder need not look for them otherwise.
    public internal(set) var parserMadeFrameElements = false
    /// The HTML parser met an `autofocus` attribute: only then need the
    /// embedder look for an autofocus candidate when the page is parsed.
    public internal(set) var parserSawAutofocus = false

    /// Each libxml2 tree's `urlFragment`, for the selector matcher (which sees only libxml2 nodes).
    nonisolated(unsafe) static var fragments: [UnsafeMutableRawPointer: String] = [:]

    /// Parses `bytes` as HTML through `HTMLParser`. `encoding` is the charset
    /// from the HTTP header, if any; otherwise a BOM, `<meta charset>`, or
    /// UTF-8 validity decides (see `EncodingSniffer`).
    public init(html bytes: UnsafeRawBufferPointer, encoding: String? = nil) {
        (doc, characterSet) = HTMLParser.parseWhole(bytes, charset: encoding)
    }

    /// Wraps a tree that `HTMLParser` built; the document frees it.
    init(adopting doc: htmlDocPtr?, encoding: String) {
        self.doc = doc
        characterSet = encoding
    }

    public convenience init(html string: String) {
        var copy = string
        // The bytes are only valid inside withUTF8 (small strings live on the stack).
        let (doc, encoding) = copy.withUTF8 { HTMLParser.parseWhole(UnsafeRawBufferPointer($0), charset: "utf-8") }
        self.init(adopting: doc, encoding: encoding)
    }

    /// The `<script>` elements the streaming parser made, in document order
    /// (nil when the document was not read by it), so that finding a page's
    /// scripts needs no walk of the whole tree. What the DOM API changes
    /// later is not counted.
    public internal(set) var parserScriptElements: [Node]?

    /// Nodes taken out of the tree (or created and not yet inserted). libxml2
    /// frees only what hangs from the document, so these are freed here, at
    /// the end, unless they were put back into the tree meanwhile.
    var detachedNodes: Set<xmlNodePtr> = []
    /// The roots among `detachedNodes` that are freed only with the document
    /// (Document+DroppedTrees says which and why).
    var keptRoots: Set<xmlNodePtr> = []
    /// Roots that became detached since the last `freeDroppedTrees`, and those
    /// it found held: the only ones it looks at, so that a page holding many
    /// kept trees does not pay for them at every sweep.
    var freeCandidates: Set<xmlNodePtr> = []

    /// Called after the parser has added nodes (libxml2 builds the tree
    /// without the DOM's mutation algorithms): the script engine's live
    /// collections must compute again (DOM §4.2.10, a collection is live).
    public var parserDidAddNodes: (() -> Void)?

    /// The namespace records elements and attributes made through the DOM
    /// point to (see Document+Namespaces), one per (namespace, prefix), freed last.
    var namespaceRecords: [NamespaceKey: xmlNsPtr] = [:]
    /// Documents whose nodes were adopted into this one: kept alive as long as it is.
    var adoptedFrom: [Document] = []

    deinit {
        if let doc { Document.fragments.removeValue(forKey: UnsafeMutableRawPointer(doc)) }
        for node in detachedNodes where node.pointee.parent == nil { xmlFreeNode(node) }
        if let doc { xmlFreeDoc(doc) }
        Document.freeNamespaceRecords(namespaceRecords)
    }

    /// The document node.
    public var node: Node? {
        doc.map { Node(UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlNode.self), in: self) }
    }

    /// The root element (normally `<html>`).
    public var documentElement: Node? {
        xmlDocGetRootElement(doc).map { Node($0, in: self) }
    }

    /// The `<body>` element, if any.
    public var body: Node? { documentElement?.elementChildren.first { $0.isElement("body") } }

    /// The `<head>` element, if any.
    public var head: Node? { documentElement?.elementChildren.first { $0.isElement("head") } }

    /// The first `<base>` element with the attribute `name` in tree order
    /// (HTML §4.2.3: "the first base element with an href attribute", and
    /// with a target one), found by a walk that makes no `Node` per step.
    public func firstBase(with name: StaticString) -> Node? {
        guard let doc else { return nil }
        var found: xmlNodePtr?
        Document.walk(UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self)) { current in
            guard found == nil else { return false }
            guard current.pointee.type == XML_ELEMENT_NODE else { return current.pointee.type == XML_HTML_DOCUMENT_NODE || current.pointee.type == XML_DOCUMENT_NODE }
            if let tag = current.pointee.name, xmlStrEqual(tag, "base") != 0, current.pointee.ns.map({ $0.pointee.href.map { String(cString: $0) == Namespace.html } ?? false }) ?? true,
               Node.findAttribute(current, name.utf8Start) != nil {
                found = current
                return false
            }
            return true
        }
        return found.map { Node($0, in: self) }
    }

    /// The first element whose id is `id`.
    public func element(withID id: String) -> Node? {
        var found: Node?
        node?.walk { node in
            if found == nil, node.isElement, node.attribute("id") == id { found = node }
            return found == nil
        }
        return found
    }

    /// The text of the first `<title>`, whitespace collapsed; "" when none.
    public var title: String {
        guard let root = xmlDocGetRootElement(doc) else { return "" }
        var found: String?
        Document.walk(root) { node in
            if found == nil, node.pointee.type == XML_ELEMENT_NODE, Document.name(of: node) == "title" {
                found = Document.textContent(of: node)
                return false
            }
            return found == nil
        }
        return Document.collapseWhitespace(found ?? "")
    }

    /// The document's visible text in order: one line per block, whitespace
    /// collapsed, script/style/head contents left out.
    public var text: String {
        guard let root = xmlDocGetRootElement(doc) else { return "" }
        var lines: [String] = []
        var current = ""
        func endLine() {
            let line = Document.collapseWhitespace(current)
            if !line.isEmpty { lines.append(line) }
            current = ""
        }
        Document.walk(root) { node in
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = Document.name(of: node)
                if Document.hiddenElements.contains(name) { return false }
                if Document.blockElements.contains(name) { endLine() }
                if name == "br" { endLine() }
                return true
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { current += String(cString: content) }
                return false
            default:
                return false
            }
        } after: { node in
            if node.pointee.type == XML_ELEMENT_NODE, Document.blockElements.contains(Document.name(of: node)) { endLine() }
        }
        endLine()
        return lines.joined(separator: "\n")
    }

    // MARK: Helpers over the libxml2 tree

    static let hiddenElements: Set<String> = ["head", "script", "style", "template", "noscript", "title"]
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html",
        "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tr", "td", "th", "caption", "ul",
    ]

    static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    static func textContent(of node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { xmlFree(content) }
        return String(cString: content)
    }

    /// Depth-first walk without recursion (documents nest deeper than the stack).
    /// `visit` returns whether to descend; `after` runs when a node's subtree ends.
    static func walk(_ root: xmlNodePtr, visit: (xmlNodePtr) -> Bool, after: (xmlNodePtr) -> Void = { _ in }) {
        var node: xmlNodePtr? = root
        while let current = node {
            if visit(current), let child = current.pointee.children {
                node = child
                continue
            }
            after(current)
            var next = current
            while next != root, next.pointee.next == nil {
                guard let parent = next.pointee.parent, parent != root.pointee.parent else { return }
                next = parent
                after(next)
            }
            if next == root { return }
            node = next.pointee.next
        }
    }

    static func collapseWhitespace(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static var errorsSilenced = false
    /// libxml2 reports HTML5 elements as errors; Tern knows them, so silence it.
    static func silenceParserErrors() {
        guard !errorsSilenced else { return }
        errorsSilenced = true
        tern_xml_silence_errors()
    }
}
