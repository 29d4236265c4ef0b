import CLibXML2

/// The HTML fragment serialisation algorithm
/// (https://html.spec.whatwg.org/#serialising-html-fragments), written over
/// libxml2's tree without recursion (pages nest deeper than the stack allows).
/// libxml2's own HTML writer is HTML 4 shaped (it drops end tags it considers
/// optional and escapes differently), so Tern does not use it.
struct HTMLSerializer {
    private var output: [UInt8] = []

    /// Elements serialised without children or an end tag.
    static let voidElements: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
        "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Parents whose text is written as is. (`noscript` belongs here only when
    /// scripting is enabled; libxml2 parses its contents as markup, so Tern
    /// treats it as a normal element.)
    static let rawTextElements: Set<String> = ["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    /// The children of `node` (the `innerHTML` getter).
    static func serializeChildren(of node: xmlNodePtr) -> String {
        var serializer = HTMLSerializer()
        var child = node.pointee.children
        while let current = child {
            serializer.serialize(current)
            child = current.pointee.next
        }
        return String(decoding: serializer.output, as: UTF8.self)
    }

    /// `node` itself and its subtree (the `outerHTML` getter).
    static func serialize(_ node: xmlNodePtr) -> String {
        var serializer = HTMLSerializer()
        serializer.serialize(node)
        return String(decoding: serializer.output, as: UTF8.self)
    }

    private mutating func serialize(_ root: xmlNodePtr) {
        // A document or fragment contributes only its children.
        if root.pointee.type == XML_DOCUMENT_FRAG_NODE || root.pointee.type == XML_HTML_DOCUMENT_NODE
            || root.pointee.type == XML_DOCUMENT_NODE {
            var child = root.pointee.children
            while let current = child {
                serialize(current)
                child = current.pointee.next
            }
            return
        }
        Document.walk(root) { node in
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = Node.qualifiedName(node)
                append("<")
                append(name)
                var attribute = node.pointee.properties
                while let current = attribute {
                    append(" ")
                    if let prefix = current.pointee.ns?.pointee.prefix {
                        append(prefix)
                        append(":")
                    }
                    if let attributeName = current.pointee.name { append(attributeName) }
                    append("=\"")
                    Node.withValue(of: current) { escape($0, attributeMode: true) }
                    append("\"")
                    attribute = current.pointee.next
                }
                append(">")
                return !HTMLSerializer.voidElements.contains(name)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = node.pointee.content else { return false }
                let text = UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content)))
                if let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE,
                   HTMLSerializer.rawTextElements.contains(Node.qualifiedName(parent)) {
                    output.append(contentsOf: text)
                } else {
                    escape(text, attributeMode: false)
                }
            case XML_COMMENT_NODE:
                append("<!--")
                if let content = node.pointee.content { append(content) }
                append("-->")
            case XML_PI_NODE:
                append("<?")
                if let name = node.pointee.name { append(name) }
                append(" ")
                if let content = node.pointee.content { append(content) }
                append(">")
            case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE:
                append("<!DOCTYPE ")
                if let name = node.pointee.name { append(name) }
                append(">")
            default:
                break
            }
            return false
        } after: { node in
            guard node.pointee.type == XML_ELEMENT_NODE else { return }
            let name = Node.qualifiedName(node)
            guard !HTMLSerializer.voidElements.contains(name) else { return }
            append("</")
            append(name)
            append(">")
        }
    }

    private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }

    private mutating func append(_ text: UnsafePointer<xmlChar>) {
        output.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
    }

    /// "Escaping a string": & and U+00A0 always; " in attribute mode; < and >
    /// always (the 2025 spec escapes them in attribute values too).
    private mutating func escape(_ text: UnsafeBufferPointer<UInt8>, attributeMode: Bool) {
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\"") where attributeMode: append("&quot;")
            case 0xC2 where index + 1 < count && text[index + 1] == 0xA0:
                append("&nbsp;")
                index += 1
            default: output.append(byte)
            }
            index += 1
        }
    }
}

extension Node {
    /// An element's name as serialised: prefix:name when libxml2 gave it a
    /// namespace prefix, else its name.
    static func qualifiedName(_ node: xmlNodePtr) -> String {
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        // Only elements and attributes have `ns` there (a document's struct has other fields).
        guard node.pointee.type == XML_ELEMENT_NODE || node.pointee.type == XML_ATTRIBUTE_NODE else { return name }
        if let prefix = node.pointee.ns?.pointee.prefix { return String(cString: prefix) + ":" + name }
        return name
    }
}
