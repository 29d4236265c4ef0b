import CLibXML2

/// Selector queries (https://dom.spec.whatwg.org/#scope-match-a-selectors-string).
/// Each takes selector text (compiled on every call) or a `Selector`
/// compiled once. Results are in document order without duplicates; the
/// node itself is never part of `querySelector(All)`'s result, but its
/// ancestors count for combinators (`div p` finds a `p` whose `div` is
/// outside the node), and `:scope` is the node. A query that may run long
/// (a `:has()` over a large tree) asks `shouldStop` as it goes; once it says
/// yes the answer is incomplete (`SelectorMatcher.wasStopped`), and a
/// caller that passed it must not use it.
extension Node {
    public func querySelector(_ selectors: String) throws(SelectorError) -> Node? {
        querySelector(try Selector.parse(selectors))
    }

    public func querySelectorAll(_ selectors: String) throws(SelectorError) -> [Node] {
        querySelectorAll(try Selector.parse(selectors))
    }

    /// The DOM's `matches`: whether this element matches.
    public func matches(_ selectors: String) throws(SelectorError) -> Bool {
        matches(try Selector.parse(selectors))
    }

    /// The DOM's `closest`: this element or its nearest ancestor element that matches.
    public func closest(_ selectors: String) throws(SelectorError) -> Node? {
        closest(try Selector.parse(selectors))
    }

    public func querySelector(_ selector: Selector, shouldStop: (() -> Bool)? = nil) -> Node? {
        let matcher = SelectorMatcher(scope: raw)
        matcher.shouldStop = shouldStop
        var found: xmlNodePtr?
        Document.walk(raw) { node in
            guard found == nil, !matcher.wasStopped else { return false }
            if node != raw, node.pointee.type == XML_ELEMENT_NODE, matcher.matches(selector.alternatives, node) { found = node }
            return found == nil
        }
        return found.map { Node($0, in: document) }
    }

    public func querySelectorAll(_ selector: Selector, shouldStop: (() -> Bool)? = nil) -> [Node] {
        let matcher = SelectorMatcher(scope: raw)
        matcher.shouldStop = shouldStop
        var found: [Node] = []
        Document.walk(raw) { node in
            guard !matcher.wasStopped else { return false }
            if node != raw, node.pointee.type == XML_ELEMENT_NODE, matcher.matches(selector.alternatives, node) {
                found.append(Node(node, in: document))
            }
            return true
        }
        return found
    }

    public func matches(_ selector: Selector, shouldStop: (() -> Bool)? = nil) -> Bool {
        guard isElement else { return false }
        let matcher = SelectorMatcher(scope: raw)
        matcher.shouldStop = shouldStop
        return matcher.matches(selector.alternatives, raw)
    }

    public func closest(_ selector: Selector, shouldStop: (() -> Bool)? = nil) -> Node? {
        let matcher = SelectorMatcher(scope: raw)
        matcher.shouldStop = shouldStop
        var current: xmlNodePtr? = raw
        while let node = current, node.pointee.type == XML_ELEMENT_NODE, !matcher.wasStopped {
            if matcher.matches(selector.alternatives, node) { return Node(node, in: document) }
            current = node.pointee.parent
        }
        return nil
    }
}

/// The same queries from the document (`:scope` is the root element there).
extension Document {
    public func querySelector(_ selectors: String) throws(SelectorError) -> Node? {
        querySelector(try Selector.parse(selectors))
    }

    public func querySelectorAll(_ selectors: String) throws(SelectorError) -> [Node] {
        querySelectorAll(try Selector.parse(selectors))
    }

    public func querySelector(_ selector: Selector) -> Node? { node?.querySelector(selector) }
    public func querySelectorAll(_ selector: Selector) -> [Node] { node?.querySelectorAll(selector) ?? [] }

    /// The DOM's `getElementsByTagName` on the document.
    public func getElementsByTagName(_ tag: String) -> [Node] { node?.elements(named: tag) ?? [] }
    /// The DOM's `getElementsByClassName` on the document.
    public func getElementsByClassName(_ names: String) -> [Node] { node?.getElementsByClassName(names) ?? [] }
    /// The DOM's `getElementsByName`.
    public func getElementsByName(_ name: String) -> [Node] { node?.getElementsByName(name) ?? [] }
    /// The DOM's `getElementById`.
    public func getElementById(_ id: String) -> Node? { element(withID: id) }
}

/// What the style engine files rules under.
extension Node {
    /// Calls `visit` with the hash (`Selector.SubjectKey.hash`) of each key a
    /// rule index may have filed a rule for this element under: its id, each
    /// distinct class, each attribute name without a namespace, its tag, and
    /// `:root` for the document's element.
    /// Works on the stored bytes: no strings are made.
    public func forEachRuleKeyHash(_ visit: (UInt32) -> Void) {
        guard isElement else { return }
        let raw = self.raw
        var attribute = raw.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard current.pointee.ns == nil, let name = current.pointee.name else { continue }
            let nameBytes = UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name)))
            visit(SelectorAncestorFilter.hash(nameBytes, kind: .attribute))
            if xmlStrEqual(name, "id") != 0 {
                Node.withValue(of: current) { visit(SelectorAncestorFilter.hash($0, kind: .id)) }
            } else if xmlStrEqual(name, "class") != 0 {
                Node.withValue(of: current) { value in
                    // Each class once (the first eight are checked for repeats; a
                    // repeat past them only makes a bucket be visited twice).
                    var seen = SIMD8<UInt32>(repeating: 0), seenCount = 0
                    var start = 0
                    while start < value.count {
                        while start < value.count, Node.isASCIIWhitespace(value[start]) { start += 1 }
                        var end = start
                        while end < value.count, !Node.isASCIIWhitespace(value[end]) { end += 1 }
                        guard end > start else { break }
                        let hash = SelectorAncestorFilter.hash(UnsafeBufferPointer(rebasing: value[start..<end]), kind: .className)
                        start = end
                        if (0..<seenCount).contains(where: { seen[$0] == hash }) { continue }
                        if seenCount < 8 { seen[seenCount] = hash; seenCount += 1 }
                        visit(hash)
                    }
                }
            }
        }
        if let name = raw.pointee.name {
            visit(SelectorAncestorFilter.hash(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))), kind: .tag))
            if let lowered = SelectorAncestorFilter.loweredTagHash(raw) { visit(lowered) }
        }
        if let parent = raw.pointee.parent, parent.pointee.type == XML_HTML_DOCUMENT_NODE || parent.pointee.type == XML_DOCUMENT_NODE {
            visit(SelectorAncestorFilter.hash([], kind: .root))
        }
    }
}
