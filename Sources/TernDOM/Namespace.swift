/// The namespaces the DOM and HTML name (https://infra.spec.whatwg.org/#namespaces),
/// and the DOM's name checks for qualified names
/// (https://dom.spec.whatwg.org/#namespaces).
public enum Namespace {
    public static let html = "http://www.w3.org/1999/xhtml"
    public static let mathml = "http://www.w3.org/1998/Math/MathML"
    public static let svg = "http://www.w3.org/2000/svg"
    public static let xlink = "http://www.w3.org/1999/xlink"
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let xmlns = "http://www.w3.org/2000/xmlns/"

    /// A namespace, a prefix and a local name, as "validate and extract" returns them.
    public struct QualifiedName: Hashable {
        /// nil for no namespace (never "").
        public var namespace: String?
        public var prefix: String?
        public var localName: String

        public init(namespace: String?, prefix: String?, localName: String) {
            self.namespace = namespace
            self.prefix = prefix
            self.localName = localName
        }

        /// "prefix:localName", or the local name.
        public var qualifiedName: String { prefix.map { $0 + ":" + localName } ?? localName }
    }

    /// Whether a name is for an element or an attribute (they allow different characters).
    public enum Context { case element, attribute }

    /// https://dom.spec.whatwg.org/#validate-and-extract
    public static func validateAndExtract(namespace: String?, qualifiedName: String, context: Context) throws(DOMError) -> QualifiedName {
        // 1. The empty string is no namespace.
        let namespace = namespace == "" ? nil : namespace
        // 2.–4. Split on the first colon; the prefix must be a valid namespace prefix.
        var prefix: String?
        var localName = qualifiedName
        if let colon = qualifiedName.firstIndex(of: ":") {
            let candidate = String(qualifiedName[..<colon])
            guard isValidNamespacePrefix(candidate) else { throw .invalidCharacter }
            prefix = candidate
            localName = String(qualifiedName[qualifiedName.index(after: colon)...])
        }
        // 6.–7. The local name must be valid for its context.
        switch context {
        case .attribute: guard Node.isValidAttributeName(localName) else { throw .invalidCharacter }
        case .element: guard Node.isValidElementName(localName) else { throw .invalidCharacter }
        }
        // 8. A prefix needs a namespace.
        if prefix != nil, namespace == nil { throw .namespace }
        // 9. "xml" only for the XML namespace.
        if prefix == "xml", namespace != xml { throw .namespace }
        // 10. "xmlns" only for the XMLNS namespace…
        if qualifiedName == "xmlns" || prefix == "xmlns", namespace != xmlns { throw .namespace }
        // 11. …and the XMLNS namespace only for "xmlns".
        if namespace == xmlns, qualifiedName != "xmlns", prefix != "xmlns" { throw .namespace }
        return QualifiedName(namespace: namespace, prefix: prefix, localName: localName)
    }

    /// https://dom.spec.whatwg.org/#valid-namespace-prefix
    public static func isValidNamespacePrefix(_ prefix: String) -> Bool {
        !prefix.isEmpty && !prefix.utf8.contains { $0 == 0 || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ">") || Node.isASCIIWhitespace($0) }
    }
}
