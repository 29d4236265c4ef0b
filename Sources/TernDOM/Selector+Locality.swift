import CLibXML2

/// Which selectors depend on nothing but the element itself, so that a style
/// engine may match them once per kind of element (WebKit's and Servo's
/// style sharing rest on the same observation): a compound with no
/// combinator, whose simple selectors read only the element's namespace,
/// name and attributes (Selectors 4 §6 attribute selectors, §5 type
/// selectors; `:is()`/`:not()`/`:where()` of such compounds).
extension Selector {
    /// The attribute names (lower case, as the element stores them; "id" and
    /// "class" for `#id` and `.class`) alternative `index` reads, or nil
    /// when it reads more than the element (a combinator, a structural,
    /// state or language pseudo-class, `:has()`).
    public func localAttributeNames(ofAlternative index: Int) -> [[UInt8]]? {
        var names: [[UInt8]] = []
        return Selector.collectLocalNames(alternatives[index], into: &names) ? names : nil
    }

    private static func collectLocalNames(_ complex: ComplexSelector, into names: inout [[UInt8]]) -> Bool {
        guard complex.combinators.isEmpty, let compound = complex.compounds.first else { return false }
        for condition in compound.conditions {
            switch condition {
            case .id: names.append(Array("id".utf8))
            case .className: names.append(Array("class".utf8))
            case .attribute(let selector):
                // A namespaced attribute is read by a wildcard namespace: not keyed here.
                guard !selector.anyNamespace else { return false }
                names.append(Array(selector.name.prefix { $0 != 0 }))
            case .pseudoClass(.never): continue
            case .not(let list), .is(let list), .where(let list):
                for inner in list where inner.pseudoElement != nil || !collectLocalNames(inner, into: &names) { return false }
            case .pseudoClass, .nth, .lang, .has: return false
            }
        }
        return true
    }
}

extension Node {
    /// Appends to `key` all that a local selector (`Selector.localAttributeNames`)
    /// can read of this element: whether its document is HTML, its namespace,
    /// its name, and the name and value of each attribute whose name's hash
    /// (`Node.attributeNameHash`) is in `names`. Two elements with equal keys
    /// match the same local selectors.
    public func appendLocalSelectorKey(to key: inout [UInt8], names: Set<UInt32>) {
        guard isElement else { return }
        let element = raw
        key.append(element.pointee.doc.map { $0.pointee.type == XML_HTML_DOCUMENT_NODE ? 1 : 2 } ?? 0)
        if let href = element.pointee.ns?.pointee.href {
            Node.appendField(UnsafeBufferPointer(start: href, count: Int(xmlStrlen(href))), to: &key)
        }
        key.append(0xFF)
        if let name = element.pointee.name {
            Node.appendField(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))), to: &key)
        }
        guard !names.isEmpty else { return }
        var attribute = element.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard current.pointee.ns == nil, let name = current.pointee.name else { continue }
            let nameBytes = UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name)))
            guard names.contains(Node.attributeNameHash(nameBytes)) else { continue }
            Node.appendField(nameBytes, to: &key)
            Node.withValue(of: current) { Node.appendField($0, to: &key) }
        }
    }

    /// The hash `appendLocalSelectorKey` files an attribute name under.
    /// Whether `other` has this element's namespace, name and attributes
    /// (names, namespaces and values, in the same order): then every key
    /// `appendLocalSelectorKey` makes of the two is the same, whatever names
    /// it is given. Compared in place, without making a key.
    public func hasSameNameAndAttributes(as other: Node) -> Bool {
        guard isElement, other.isElement else { return false }
        let a = raw, b = other.raw
        guard a.pointee.doc == b.pointee.doc, Node.sameBytes(a.pointee.ns?.pointee.href, b.pointee.ns?.pointee.href),
              Node.sameBytes(a.pointee.name, b.pointee.name) else { return false }
        var left = a.pointee.properties, right = b.pointee.properties
        while let l = left, let r = right {
            guard Node.sameBytes(l.pointee.name, r.pointee.name),
                  Node.sameBytes(l.pointee.ns?.pointee.href, r.pointee.ns?.pointee.href),
                  Node.withValue(of: l, { lv in Node.withValue(of: r) { rv in lv.elementsEqual(rv) } }) else { return false }
            left = l.pointee.next
            right = r.pointee.next
        }
        return left == nil && right == nil
    }

    /// Equal strings, or both absent (libxml2's interned names are often the same pointer).
    private static func sameBytes(_ a: UnsafePointer<xmlChar>?, _ b: UnsafePointer<xmlChar>?) -> Bool {
        if a == b { return true }
        guard let a, let b else { return false }
        return xmlStrEqual(a, b) != 0
    }

    /// Not generic: called across modules, a generic one runs unspecialized
    /// (about 2,500 instructions a name instead of a few dozen).
    public static func attributeNameHash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        SelectorAncestorFilter.hash(name, kind: .attribute)
    }

    /// The hash `appendLocalSelectorKey` files an attribute name under.
    public static func attributeNameHash(_ name: [UInt8]) -> UInt32 {
        name.withUnsafeBufferPointer { attributeNameHash($0) }
    }

    /// A field of a key: its length, then its bytes (no two lists of fields
    /// give the same bytes).
    private static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var count = UInt32(truncatingIfNeeded: bytes.count)
        withUnsafeBytes(of: &count) { key.append(contentsOf: $0) }
        key.append(contentsOf: bytes)
    }
}
