import CLibXML2

/// Matches compiled selectors against libxml2 elements, right to left
/// (https://drafts.csswg.org/selectors-4/#match-a-complex-selector-against-an-element).
///
/// The combinator walk gives up early the way Servo's and WebKit's matchers
/// do: when the part left of a descendant combinator fails for every
/// ancestor, trying an outer ancestor for a nearer descendant combinator
/// cannot help, so the whole match fails at once. That keeps `a b c d` from
/// going exponential on deep trees.
///
/// One matcher serves one query, or one style pass; it caches sibling
/// positions for the `:nth-*` pseudo-classes so a query over a long list
/// stays linear. The cache is keyed by node, so a matcher must not outlive a
/// change to the tree.
///
/// The walk over a complex selector keeps its state in an array rather than
/// on the call stack: a selector of 10 000 compounds must not overflow it.
///
/// `:has()` results are cached per anchor element and argument, and
/// `:nth-child(… of S)` positions per element and `S`, for the matcher's
/// life: a `:has()` nested in another (`div:has(div:has(span))`, or inside
/// `:is()`, `:not()` or `of S`) then searches each subtree once per element
/// instead of once per outer search, polynomial rather than exponential in
/// the nesting. What is still quadratic (a `:has()` tested on every element
/// of a deep tree searches each subtree) asks `shouldStop` as it goes.
public final class SelectorMatcher {
    private let scope: xmlNodePtr?
    private let focused: xmlNodePtr?
    private var positions: [PositionKey: Int] = [:]
    /// `:has()` results by anchor and argument.
    private let hasResults = HasResultTable()
    /// Asked every `stopCheckInterval` elements that a `:has()` search or an
    /// `of S` count visits: true ends the matching (see `wasStopped`).
    public var shouldStop: (() -> Bool)?
    /// `shouldStop` said yes: every `:has()` and `of S` not yet known fails
    /// from then on, so the caller must not trust the results and should end its pass.
    public private(set) var wasStopped = false
    private var visitsSinceStopCheck = 0
    /// Elements visited between two `shouldStop` questions: a few hundred
    /// microseconds of matching.
    static let stopCheckInterval = 4096
    /// The elements `:has()` is being evaluated on, innermost last.
    private var anchors: [xmlNodePtr] = []
    /// Each document's indicated element, found once per matcher.
    private var indicated: [UnsafeMutableRawPointer: xmlNodePtr] = [:]

    init(scope: xmlNodePtr?, focused: xmlNodePtr? = nil) {
        self.scope = scope
        self.focused = focused
    }

    /// A matcher for the style engine: `:focus` and `:focus-within` match
    /// against `focusedElement`; `:scope` is the root element.
    public convenience init(focusedElement: Node?) {
        self.init(scope: nil, focused: focusedElement?.raw)
    }

    /// Whether `element` matches the selector's alternative `alternative`;
    /// for an alternative ending in a pseudo-element, whether `element` is
    /// its originating element.
    public func matches(_ selector: Selector, alternative: Int, _ element: Node) -> Bool {
        guard element.isElement, selector.alternatives.indices.contains(alternative) else { return false }
        return selector.alternatives.withUnsafeBufferPointer { match($0.baseAddress! + alternative, element.raw) } == .matched
    }

    /// Whether an alternative of `list` matches; one ending in a
    /// pseudo-element never does (DOM queries, `:is()`).
    func matches(_ list: [ComplexSelector], _ element: xmlNodePtr) -> Bool {
        // Through the buffers, here and below, so that no selector is copied
        // (four retains and releases) per element tried: a query over a
        // large page costs a fifth less.
        list.withUnsafeBufferPointer { list in
            for index in list.indices where list[index].pseudoElement == nil && match(list.baseAddress! + index, element) == .matched {
                return true
            }
            return false
        }
    }

    // MARK: Complex selectors

    private enum Outcome {
        case matched
        case restartFromClosestLaterSibling
        case restartFromClosestDescendant
        case failedGlobally
    }

    /// The element or sibling the combinator at `index` leads to from `candidate`.
    private static func step(_ combinator: Combinator, from candidate: xmlNodePtr) -> xmlNodePtr? {
        switch combinator {
        case .nextSibling, .subsequentSibling: return Node.element(from: candidate.pointee.prev, forward: false)
        case .child, .descendant: return parentElement(candidate)
        }
    }

    /// Selectors 4 §17 right to left, as the recursive walk "match compound
    /// `index` against an element, then try the combinator's candidates for
    /// `index + 1`" with `tried[k]` the candidate now tried for compound k + 1.
    private func match(_ complex: ComplexSelector, _ subject: xmlNodePtr) -> Outcome {
        withUnsafePointer(to: complex) { match($0, subject) }
    }

    /// Through pointers into the selector's buffers: passing a selector or
    /// a compound by value copies it (a retain and release of each of its
    /// arrays and strings) for every element tried.
    private func match(_ complex: UnsafePointer<ComplexSelector>, _ subject: xmlNodePtr) -> Outcome {
        complex.pointee.compounds.withUnsafeBufferPointer { compounds in
            complex.pointee.combinators.withUnsafeBufferPointer { match(compounds: compounds, combinators: $0, subject) }
        }
    }

    private func match(compounds: UnsafeBufferPointer<CompoundSelector>, combinators: UnsafeBufferPointer<Combinator>,
                       _ subject: xmlNodePtr) -> Outcome {
        // `tried[k]` (k < depth) is the candidate now tried for compound k + 1:
        // at most one per combinator, on the stack rather than in an array
        // allocated and freed per element tried.
        withUnsafeTemporaryAllocation(of: xmlNodePtr.self, capacity: max(combinators.count, 1)) { tried in
            var depth = 0
            var index = 0
            var element = subject
            while true {
                // Call: compound `index` against `element`.
                var outcome: Outcome
                if !matchCompound(compounds.baseAddress! + index, element) {
                    outcome = .restartFromClosestLaterSibling
                } else if index == combinators.count {
                    outcome = .matched
                } else if let next = SelectorMatcher.step(combinators[index], from: element) {
                    tried[depth] = next
                    depth += 1
                    index += 1
                    element = next
                    continue
                } else {
                    let combinator = combinators[index]
                    outcome = combinator == .nextSibling || combinator == .subsequentSibling ? .restartFromClosestDescendant : .failedGlobally
                }
                // Return `outcome` to the levels that wait for it.
                var resumed = false
                while depth > 0 {
                    let level = depth - 1
                    let candidate = tried[level]
                    let combinator = combinators[level]
                    switch (outcome, combinator) {
                    case (.matched, _), (.failedGlobally, _), (_, .nextSibling), (.restartFromClosestDescendant, .subsequentSibling):
                        depth -= 1
                        continue
                    case (_, .child):
                        depth -= 1
                        outcome = .restartFromClosestDescendant
                        continue
                    default:
                        break  // descendant: the next ancestor; subsequent sibling: the next earlier one
                    }
                    if let next = SelectorMatcher.step(combinator, from: candidate) {
                        tried[level] = next
                        index = level + 1
                        element = next
                        resumed = true
                        break
                    }
                    depth -= 1
                    outcome = combinator == .subsequentSibling ? .restartFromClosestDescendant : .failedGlobally
                }
                if !resumed { return outcome }
            }
        }
    }

    private static func parentElement(_ node: xmlNodePtr) -> xmlNodePtr? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return parent
    }

    // MARK: Compound and simple selectors

    /// Whether a name-case rule of HTML applies: the element is in the HTML
    /// namespace (a nil `ns` there) and its document is an HTML document.
    static func isHTMLElementInHTMLDocument(_ element: xmlNodePtr) -> Bool {
        guard element.pointee.doc.map({ $0.pointee.type == XML_HTML_DOCUMENT_NODE }) ?? true else { return false }
        guard let ns = element.pointee.ns else { return true }
        return ns.pointee.href.map { String(cString: $0) == Namespace.html } ?? false
    }

    private func matchCompound(_ compound: CompoundSelector, _ element: xmlNodePtr) -> Bool {
        withUnsafePointer(to: compound) { matchCompound($0, element) }
    }

    /// Through a pointer: passing a compound by value out of the selector's
    /// buffer copied it (four retains and releases) for every element tried.
    private func matchCompound(_ compound: UnsafePointer<CompoundSelector>, _ element: xmlNodePtr) -> Bool {
        guard element.pointee.type == XML_ELEMENT_NODE, !compound.pointee.matchesNothing else { return false }
        if compound.pointee.tag != nil {
            let name = element.pointee.name
            // Selectors §5.1 with HTML's rule: case-insensitive for an HTML
            // element of an HTML document, exact for every other element.
            if compound.pointee.hasUpperCaseTag, !SelectorMatcher.isHTMLElementInHTMLDocument(element) {
                guard compound.pointee.tagAsWritten?.withUnsafeBufferPointer({ xmlStrEqual(name, $0.baseAddress) }) != 0 else { return false }
            } else {
                guard compound.pointee.tag?.withUnsafeBufferPointer({ xmlStrEqual(name, $0.baseAddress) }) != 0 else { return false }
            }
        }
        return compound.pointee.conditions.withUnsafeBufferPointer { conditions in
            for index in conditions.indices where !matchSimple(conditions[index], element) { return false }
            return true
        }
    }

    private func matchSimple(_ simple: SimpleSelector, _ element: xmlNodePtr) -> Bool {
        switch simple {
        case .id(let id):
            guard let attribute = Node.findAttribute(element, "id") else { return false }
            return Node.withValue(of: attribute) { $0.elementsEqual(id) }
        case .className(let name):
            return Node.hasClass(element, name)
        case .attribute(let selector):
            return matchAttribute(selector, element)
        case .pseudoClass(let pseudo):
            return matchPseudoClass(pseudo, element)
        case .not(let list):
            return !matches(list, element)
        case .is(let list), .where(let list):
            return matches(list, element)
        case .nth(let nth):
            let position = position(of: element, nth)
            return position > 0 && nth.matches(position: position)
        case .lang(let ranges):
            return matchLang(ranges, element)
        case .has(let list):
            return matchHas(list, element)
        }
    }

    /// https://drafts.csswg.org/selectors-4/#relational: some element in
    /// reach matches a relative selector anchored at `element`. The search
    /// covers the subtree (or the following siblings' subtrees), so it costs
    /// the size of that part of the tree; its result is kept for the
    /// matcher's life (the anchor and the argument decide it alone: the
    /// relative selectors' `:has-anchor` compound is always this anchor).
    private func matchHas(_ list: RelativeSelectorList, _ element: xmlNodePtr) -> Bool {
        let argument = ObjectIdentifier(list)
        if let known = hasResults[anchor: element, argument: argument] { return known }
        guard !wasStopped else { return false }
        if list.selectors.count == 1, list.selectors[0].complex.compounds.count == 2 {
            // `:has(C)` or `:has(~ C)` with C one compound: each element's
            // answer follows from its children's (its next sibling's), so the
            // answers of a whole subtree (a run of siblings) are found in one
            // pass, and `*:has(img)` over a deep tree stays linear.
            let compound = list.selectors[0].complex.compounds[0]
            switch list.selectors[0].complex.combinators[0] {
            case .descendant: return matchHasDescendant(compound, list, element)
            case .subsequentSibling: return matchHasLaterSibling(compound, list, element)
            case .child, .nextSibling: break  // a look at the children or one sibling: cheap already
            }
        }
        anchors.append(element)
        defer { anchors.removeLast() }
        var found = false
        let search = { (root: xmlNodePtr, includeRoot: Bool, selector: RelativeSelector) in
            Document.walk(root) { node in
                guard !found, !self.wasStopped else { return false }
                if node.pointee.type == XML_ELEMENT_NODE, includeRoot || node != root, !self.shouldStopAfterVisit(),
                   self.match(selector.complex, node) == .matched {
                    found = true
                }
                return !found
            }
        }
        for selector in list.selectors where !found {
            if selector.reachesSiblings {
                var sibling = element.pointee.next
                while let current = sibling, !found, !wasStopped {
                    search(current, true, selector)
                    sibling = current.pointee.next
                }
            } else {
                search(element, false, selector)
            }
        }
        // A search cut short proves nothing: it is not remembered.
        if !wasStopped || found { hasResults[anchor: element, argument: argument] = found }
        return found
    }

    /// `:has(C)`: an element has a descendant matching C when one of its
    /// children matches C or has one. Found bottom-up for the subtree of
    /// `anchor` (less subtrees already known), each element remembered.
    private func matchHasDescendant(_ compound: CompoundSelector, _ list: RelativeSelectorList, _ anchor: xmlNodePtr) -> Bool {
        let argument = ObjectIdentifier(list)
        Document.walk(anchor, visit: { node in
            guard node.pointee.type == XML_ELEMENT_NODE, !self.shouldStopAfterVisit() else { return false }
            return node == anchor || self.hasResults[anchor: node, argument: argument] == nil
        }, after: { node in
            guard node.pointee.type == XML_ELEMENT_NODE, !self.wasStopped,
                  self.hasResults[anchor: node, argument: argument] == nil else { return }
            // Every child element's answer is known: its subtree was walked before this call.
            var found = false
            var child = node.pointee.children
            while let current = child, !found {
                if current.pointee.type == XML_ELEMENT_NODE {
                    found = self.hasResults[anchor: current, argument: argument] == true
                        || self.matchCompound(compound, current)
                }
                child = current.pointee.next
            }
            // A nested search cut short proves nothing: not remembered.
            if !self.wasStopped { self.hasResults[anchor: node, argument: argument] = found }
        })
        // Stopped before the anchor's answer was found: no match.
        return hasResults[anchor: anchor, argument: argument] ?? false
    }

    /// `:has(~ C)`: an element has a later sibling matching C when its next
    /// sibling element matches C or has one. Found from the last sibling
    /// back (or the first whose answer is known), each element remembered.
    private func matchHasLaterSibling(_ compound: CompoundSelector, _ list: RelativeSelectorList, _ anchor: xmlNodePtr) -> Bool {
        let argument = ObjectIdentifier(list)
        var run = [anchor]
        var known = false
        while let next = Node.element(from: run[run.count - 1].pointee.next, forward: true) {
            if shouldStopAfterVisit() { return false }
            if let answer = hasResults[anchor: next, argument: argument] {
                known = answer
                run.append(next)
                break
            }
            run.append(next)
        }
        // `known`: the answer of the run's last element (false for the last sibling).
        var laterHasMatch = known
        for index in stride(from: run.count - 2, through: 0, by: -1) {
            laterHasMatch = laterHasMatch || matchCompound(compound, run[index + 1])
            if wasStopped { return false }
            hasResults[anchor: run[index], argument: argument] = laterHasMatch
        }
        return laterHasMatch
    }

    /// Counts one element visited by a search; every `stopCheckInterval`
    /// asks `shouldStop`. Whether the matching is to stop.
    private func shouldStopAfterVisit() -> Bool {
        visitsSinceStopCheck += 1
        if visitsSinceStopCheck >= SelectorMatcher.stopCheckInterval {
            visitsSinceStopCheck = 0
            if shouldStop?() == true { wasStopped = true }
        }
        return wasStopped
    }

    // MARK: Attributes

    /// Attributes whose values HTML compares case-insensitively in selectors
    /// (https://html.spec.whatwg.org/#case-sensitivity-of-selectors).
    private static let caseInsensitiveAttributes: Set<[UInt8]> = Set([
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear",
        "codetype", "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face",
        "frame", "hreflang", "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref",
        "noresize", "noshade", "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected",
        "shape", "target", "text", "type", "valign", "valuetype", "vlink",
    ].map { Array($0.utf8) + [0] })

    private func matchAttribute(_ selector: AttributeSelector, _ element: xmlNodePtr) -> Bool {
        var attribute = element.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard selector.anyNamespace || current.pointee.ns == nil,
                  selector.name.withUnsafeBufferPointer({ xmlStrEqual(current.pointee.name, $0.baseAddress) }) != 0
            else { continue }
            if selector.op == .exists { return true }
            let insensitive: Bool
            switch selector.caseSensitivity {
            case .insensitive: insensitive = true
            case .sensitive: insensitive = false
            case .byAttribute: insensitive = SelectorMatcher.caseInsensitiveAttributes.contains(selector.name)
            }
            if Node.withValue(of: current, { SelectorMatcher.compare($0, selector.op, selector.value, insensitive) }) {
                return true
            }
        }
        return false
    }

    private static func compare(_ value: UnsafeBufferPointer<UInt8>, _ op: AttributeSelector.Operator, _ wanted: [UInt8], _ insensitive: Bool) -> Bool {
        func equal(_ start: Int, _ length: Int) -> Bool {
            guard length == wanted.count else { return false }
            for i in 0..<length {
                var a = value[start + i], b = wanted[i]
                if insensitive {
                    if a >= 0x41 && a <= 0x5A { a += 0x20 }
                    if b >= 0x41 && b <= 0x5A { b += 0x20 }
                }
                if a != b { return false }
            }
            return true
        }
        let count = value.count, length = wanted.count
        switch op {
        case .exists:
            return true
        case .equals:
            return equal(0, count)
        case .prefix:
            return length > 0 && count >= length && equal(0, length)
        case .suffix:
            return length > 0 && count >= length && equal(count - length, length)
        case .substring:
            guard length > 0, count >= length else { return false }
            for start in 0...(count - length) where equal(start, length) { return true }
            return false
        case .dashMatch:
            if equal(0, count) { return true }
            return count > length && value[length] == UInt8(ascii: "-") && equal(0, length)
        case .includes:
            guard length > 0, !wanted.contains(where: Node.isASCIIWhitespace) else { return false }
            var start = 0
            while start < count {
                while start < count, Node.isASCIIWhitespace(value[start]) { start += 1 }
                var end = start
                while end < count, !Node.isASCIIWhitespace(value[end]) { end += 1 }
                if end > start, equal(start, end - start) { return true }
                start = end
            }
            return false
        }
    }

    // MARK: Pseudo-classes

    private static func isNamed(_ element: xmlNodePtr, _ names: StaticString...) -> Bool {
        names.contains { xmlStrEqual(element.pointee.name, $0.utf8Start) != 0 }
    }

    private func matchPseudoClass(_ pseudo: PseudoClass, _ element: xmlNodePtr) -> Bool {
        switch pseudo {
        case .root:
            guard let parent = element.pointee.parent else { return false }
            return parent.pointee.type == XML_HTML_DOCUMENT_NODE || parent.pointee.type == XML_DOCUMENT_NODE
        case .scope:
            if let scope, scope.pointee.type == XML_ELEMENT_NODE { return element == scope }
            return matchPseudoClass(.root, element)
        case .empty:
            var child = element.pointee.children
            while let current = child {
                switch current.pointee.type {
                case XML_COMMENT_NODE, XML_PI_NODE: break
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content, content.pointee != 0 { return false }
                default: return false
                }
                child = current.pointee.next
            }
            return true
        case .firstChild:
            return Node.element(from: element.pointee.prev, forward: false) == nil
        case .lastChild:
            return Node.element(from: element.pointee.next, forward: true) == nil
        case .onlyChild:
            return Node.element(from: element.pointee.prev, forward: false) == nil
                && Node.element(from: element.pointee.next, forward: true) == nil
        case .firstOfType:
            return SelectorMatcher.sameTypeSibling(of: element, forward: false) == nil
        case .lastOfType:
            return SelectorMatcher.sameTypeSibling(of: element, forward: true) == nil
        case .onlyOfType:
            return SelectorMatcher.sameTypeSibling(of: element, forward: false) == nil
                && SelectorMatcher.sameTypeSibling(of: element, forward: true) == nil
        case .checked:
            // https://html.spec.whatwg.org/#selector-checked (from the content
            // attributes; the script layer's checkedness is a later step).
            if SelectorMatcher.isNamed(element, "input") {
                guard Node.findAttribute(element, "checked") != nil, let type = Node.findAttribute(element, "type") else { return false }
                return Node.withValue(of: type) {
                    SelectorMatcher.compare($0, .equals, Array("checkbox".utf8), true)
                        || SelectorMatcher.compare($0, .equals, Array("radio".utf8), true)
                }
            }
            return SelectorMatcher.isNamed(element, "option") && Node.findAttribute(element, "selected") != nil
        case .disabled:
            return SelectorMatcher.isDisabled(element)
        case .enabled:
            return SelectorMatcher.isNamed(element, "button", "input", "select", "textarea", "optgroup", "option", "fieldset")
                && !SelectorMatcher.isDisabled(element)
        case .link:
            return SelectorMatcher.isNamed(element, "a", "area") && Node.findAttribute(element, "href") != nil
        case .defined:
            return true
        case .required:
            return SelectorMatcher.isNamed(element, "input", "select", "textarea") && Node.findAttribute(element, "required") != nil
        case .optional:
            return SelectorMatcher.isNamed(element, "input", "select", "textarea") && Node.findAttribute(element, "required") == nil
        case .readWrite:
            return SelectorMatcher.isReadWrite(element)
        case .readOnly:
            return !SelectorMatcher.isReadWrite(element)
        case .hasAnchor:
            return element == anchors.last
        case .focus:
            return element == focused
        case .target:
            return isTarget(element)
        case .focusWithin:
            var current = focused
            while let node = current {
                if node == element { return true }
                current = SelectorMatcher.parentElement(node)
            }
            return false
        case .placeholderShown:
            return SelectorMatcher.showsPlaceholder(element)
        case .never:
            return false
        }
    }

    /// https://html.spec.whatwg.org/#selector-placeholder-shown: a text
    /// control with a placeholder and an empty value (content attributes).
    private static func showsPlaceholder(_ element: xmlNodePtr) -> Bool {
        guard Node.findAttribute(element, "placeholder") != nil else { return false }
        if isNamed(element, "textarea") {
            var child = element.pointee.children
            while let current = child {
                if let content = current.pointee.content, content.pointee != 0 { return false }
                child = current.pointee.next
            }
            return true
        }
        guard isNamed(element, "input") else { return false }
        if let type = Node.findAttribute(element, "type") {
            let textual = ["text", "search", "url", "tel", "email", "password", "number"]
            guard Node.withValue(of: type, { value in textual.contains { compare(value, .equals, Array($0.utf8), true) } }) else { return false }
        }
        guard let value = Node.findAttribute(element, "value") else { return true }
        return Node.withValue(of: value) { $0.isEmpty }
    }

    private static func sameTypeSibling(of element: xmlNodePtr, forward: Bool) -> xmlNodePtr? {
        var sibling = forward ? element.pointee.next : element.pointee.prev
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE, xmlStrEqual(current.pointee.name, element.pointee.name) != 0 { return current }
            sibling = forward ? current.pointee.next : current.pointee.prev
        }
        return nil
    }

    /// https://html.spec.whatwg.org/#concept-fe-disabled and
    /// https://html.spec.whatwg.org/#concept-option-disabled
    static func isDisabled(_ element: xmlNodePtr) -> Bool {
        if isNamed(element, "option") {
            if Node.findAttribute(element, "disabled") != nil { return true }
            guard let parent = element.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return false }
            return isNamed(parent, "optgroup") && Node.findAttribute(parent, "disabled") != nil
        }
        if isNamed(element, "optgroup") { return Node.findAttribute(element, "disabled") != nil }
        guard isNamed(element, "button", "input", "select", "textarea", "fieldset") else { return false }
        if Node.findAttribute(element, "disabled") != nil { return true }
        // A descendant of a disabled fieldset, unless inside its first legend.
        var child = element
        while let parent = parentElement(child) {
            if isNamed(parent, "fieldset"), Node.findAttribute(parent, "disabled") != nil {
                let firstLegend = firstChild(of: parent, named: "legend")
                if firstLegend == nil || child != firstLegend { return true }
            }
            child = parent
        }
        return false
    }

    private static func firstChild(of element: xmlNodePtr, named name: StaticString) -> xmlNodePtr? {
        var child = element.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, xmlStrEqual(current.pointee.name, name.utf8Start) != 0 { return current }
            child = current.pointee.next
        }
        return nil
    }

    /// `:target` (Selectors §7.2): the document's indicated element, per HTML
    /// "find a potential indicated element": the first element whose id is
    /// the URL's fragment, else the first `a` whose name is.
    private func isTarget(_ element: xmlNodePtr) -> Bool {
        guard let doc = element.pointee.doc, let fragment = Document.fragments[UnsafeMutableRawPointer(doc)] else { return false }
        let key = UnsafeMutableRawPointer(doc)
        if let known = indicated[key] { return known == element }
        guard let root = xmlDocGetRootElement(doc) else { return false }
        func has(_ node: xmlNodePtr, _ name: String) -> Bool {
            guard let attribute = Node.findAttribute(node, name) else { return false }
            return Node.withValue(of: attribute) { $0.elementsEqual(fragment.utf8) }
        }
        var byID: xmlNodePtr?, byName: xmlNodePtr?
        Document.walk(root) { node in
            guard node.pointee.type == XML_ELEMENT_NODE else { return true }
            if has(node, "id") { byID = node; return false }
            if byName == nil, Document.name(of: node) == "a", has(node, "name") { byName = node }
            return true
        }
        guard let target = byID ?? byName else { return false }
        indicated[key] = target
        return target == element
    }

    /// https://html.spec.whatwg.org/#selector-read-write (the content-attribute part).
    private static func isReadWrite(_ element: xmlNodePtr) -> Bool {
        if isNamed(element, "input", "textarea") {
            return Node.findAttribute(element, "readonly") == nil && !isDisabled(element)
        }
        var current: xmlNodePtr? = element
        while let node = current, node.pointee.type == XML_ELEMENT_NODE {
            if let attribute = Node.findAttribute(node, "contenteditable") {
                return Node.withValue(of: attribute) {
                    $0.isEmpty || compare($0, .equals, Array("true".utf8), true) || compare($0, .equals, Array("plaintext-only".utf8), true)
                }
            }
            current = node.pointee.parent
        }
        return false
    }

    /// https://drafts.csswg.org/selectors-4/#the-lang-pseudo (implicit
    /// wildcard matching: "en" matches "en" and "en-GB").
    private func matchLang(_ ranges: [String], _ element: xmlNodePtr) -> Bool {
        var current: xmlNodePtr? = element
        while let node = current, node.pointee.type == XML_ELEMENT_NODE {
            if let attribute = Node.findAttribute(node, "lang") {
                return Node.withValue(of: attribute) { value in
                    ranges.contains { range in
                        let wanted = Array(Node.asciiLowercased(range).utf8)
                        if wanted.isEmpty { return false }
                        return SelectorMatcher.compare(value, .dashMatch, wanted, true)
                    }
                }
            }
            current = node.pointee.parent
        }
        return false
    }

    // MARK: Positions for :nth-*

    private struct PositionKey: Hashable {
        let element: xmlNodePtr
        let fromEnd: Bool
        let ofType: Bool
        /// The `of S` filter counted by, if any.
        var filter: ObjectIdentifier? = nil
    }

    /// The 1-based position of `element` among the siblings `nth` counts
    /// (0 for an element that `of S` does not count). Every counted sibling
    /// is numbered in one pass, so the next sibling asked is a hit.
    private func position(of element: xmlNodePtr, _ nth: NthSelector) -> Int {
        let filter = nth.of.map(ObjectIdentifier.init)
        let key = PositionKey(element: element, fromEnd: nth.fromEnd, ofType: nth.ofType, filter: filter)
        if let cached = positions[key] { return cached }
        guard let parent = element.pointee.parent else {
            if let of = nth.of { return matches(of.alternatives, element) ? 1 : 0 }
            return 1
        }
        var counters: [UnsafeMutablePointer<xmlChar>?: Int] = [:]
        var total = 0
        var sibling = nth.fromEnd ? parent.pointee.last : parent.pointee.children
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE {
                let position: Int
                if let of = nth.of {
                    // "of S": count only siblings matching S; the element must match too.
                    if shouldStopAfterVisit() { return 0 }
                    if matches(of.alternatives, current) {
                        total += 1
                        position = total
                    } else {
                        position = 0
                    }
                } else if nth.ofType {
                    // Names from one parser share dictionary pointers; fall back to comparing text.
                    let name = SelectorMatcher.canonicalName(current, in: &counters)
                    position = (counters[name] ?? 0) + 1
                    counters[name] = position
                } else {
                    total += 1
                    position = total
                }
                positions[PositionKey(element: current, fromEnd: nth.fromEnd, ofType: nth.ofType, filter: filter)] = position
            }
            sibling = nth.fromEnd ? current.pointee.prev : current.pointee.next
        }
        return positions[key] ?? 1
    }

    /// A pointer standing for the element's name: the first name pointer seen
    /// with the same text, so equal names count together whatever storage
    /// libxml2 used for them.
    private static func canonicalName(_ element: xmlNodePtr, in counters: inout [UnsafeMutablePointer<xmlChar>?: Int]) -> UnsafeMutablePointer<xmlChar>? {
        let name = UnsafeMutablePointer(mutating: element.pointee.name)
        if counters[name] != nil { return name }
        for key in counters.keys where xmlStrEqual(key, name) != 0 { return key }
        return name
    }
}
