/// The DOM exceptions that tree mutation raises, one case per DOMException
/// name (https://webidl.spec.whatwg.org/#idl-DOMException-error-names), so the
/// script layer can map them one to one.
public enum DOMError: Error, Hashable {
    /// "HierarchyRequestError": the operation would make a cycle or a tree the
    /// DOM does not allow (a node into its own descendant, text into a
    /// document, children into a text node, a second root element).
    case hierarchyRequest
    /// "NotFoundError": the reference child is not a child of this node.
    case notFound
    /// "InvalidCharacterError": not a valid element or attribute name.
    case invalidCharacter
    /// "NamespaceError": a prefix without a namespace, or xml/xmlns misused.
    case namespace
    /// "NotSupportedError": the operation does not apply to this node (importing a document).
    case notSupported

    /// The DOMException name scripts see.
    public var name: String {
        switch self {
        case .hierarchyRequest: return "HierarchyRequestError"
        case .notFound: return "NotFoundError"
        case .invalidCharacter: return "InvalidCharacterError"
        case .namespace: return "NamespaceError"
        case .notSupported: return "NotSupportedError"
        }
    }
}
