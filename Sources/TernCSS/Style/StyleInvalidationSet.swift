import TernDOM

/// What the style rules of a set of sheets test, by feature, and where (WebKit's
/// `RuleFeatureSet`, Servo's `InvalidationMap`): a change to an element's
/// classes, id or attributes, to the children of an element or to the focus
/// restyles only the elements some rule could match differently, the
/// element's own `StyleInvalidationScope` for each feature it touched.
///
/// Built from every style rule of every sheet, the user-agent sheet
/// included, whatever the media (a media change restyles everything
/// anyway), imports and `@media`, `@supports` and `@layer` blocks walked.
public struct StyleInvalidationSet {
    /// Classes (case-sensitive, Selectors 4 §6.6) and where they are tested.
    public private(set) var classes: [String: StyleInvalidationScope] = [:]
    /// Ids (case-sensitive, §6.7).
    public private(set) var ids: [String: StyleInvalidationScope] = [:]
    /// Attributes by lower-case local name (§6), with those pseudo-classes read.
    public private(set) var attributes: [String: StyleInvalidationScope] = [:]
    /// Relative to the focused element, old and new.
    public private(set) var focus: StyleInvalidationScope = []
    /// Relative to each inclusive ancestor of the focused element, old and new.
    public private(set) var focusWithin: StyleInvalidationScope = []
    /// Relative to an element whose children changed (`:empty`, a textarea's placeholder).
    public private(set) var childContent: StyleInvalidationScope = []
    /// Relative to an element whose children changed: its children's places
    /// among their siblings (§13.3 child-indexed pseudo-classes), already
    /// composed (`children` for `li:first-child`).
    public private(set) var childIndex: StyleInvalidationScope = []
    /// The same for the typed ones (§13.4), by the compound's tag ("*" for
    /// none): only a child of that type moves them.
    public private(set) var typedChildIndex: [String: StyleInvalidationScope] = [:]
    /// Relative to the first element after an inserted or removed child
    /// (§14.3 next-sibling combinator) …
    public private(set) var nextSiblingInsertion: StyleInvalidationScope = []
    /// … and to each element after it (§14.4 subsequent-sibling combinator, chains of `+`).
    public private(set) var followingSiblingInsertion: StyleInvalidationScope = []
    /// Relative to a fieldset whose children changed (its first legend).
    public private(set) var fieldsetChildren: StyleInvalidationScope = []
    /// `:target` is used: an id or name changing anywhere, or a child list
    /// changing, may move the indicated element.
    public private(set) var usesTarget = false
    /// `:has()` is used: any change to the tree may restyle anything
    /// (Selectors 4 §4.5), so every change restyles the whole document.
    public private(set) var usesRelational = false

    /// Sheets nested deeper than this in imports are not walked (as `StyleEngine`).
    static let maximumImportDepth = 16

    /// The features of `sheets` and of the user-agent sheet.
    public init(sheets: [StyleSheet]) {
        var seen = Set<ObjectIdentifier>()
        add(StyleSheet.userAgent, depth: 0, seen: &seen)
        for sheet in sheets { add(sheet, depth: 0, seen: &seen) }
    }

    /// The features of one selector alone (for tests).
    public init(selector: Selector) {
        add(selector)
    }

    private mutating func add(_ sheet: StyleSheet, depth: Int, seen: inout Set<ObjectIdentifier>) {
        guard depth <= StyleInvalidationSet.maximumImportDepth, seen.insert(ObjectIdentifier(sheet)).inserted else { return }
        add(sheet.rules, depth: depth, seen: &seen)
    }

    private mutating func add(_ rules: [StyleSheetRule], depth: Int, seen: inout Set<ObjectIdentifier>) {
        for rule in rules {
            switch rule {
            case .style(let style): add(style.selector)
            case .media(_, let nested), .supports(_, _, let nested), .layerBlock(_, let nested): add(nested, depth: depth, seen: &seen)
            case .import(let imported): if let sheet = imported.sheet { add(sheet, depth: depth + 1, seen: &seen) }
            case .layerStatement, .other: continue
            }
        }
    }

    private mutating func add(_ selector: Selector) {
        selector.forEachInvalidationFeature { feature, scope in
            switch feature {
            case .id(let id): ids[id, default: []].formUnion(scope)
            case .className(let name): classes[name, default: []].formUnion(scope)
            case .attribute(let name): attributes[name, default: []].formUnion(scope)
            case .focus: focus.formUnion(scope)
            case .focusWithin: focusWithin.formUnion(scope)
            case .childContent: childContent.formUnion(scope)
            case .childIndex: childIndex.formUnion(StyleInvalidationScope.children.then(scope))
            case .typedChildIndex(let tag): typedChildIndex[tag ?? "*", default: []].formUnion(StyleInvalidationScope.children.then(scope))
            case .precedingSiblings(let direct):
                if direct { nextSiblingInsertion.formUnion(scope) } else { followingSiblingInsertion.formUnion(scope) }
            case .fieldsetChildren: fieldsetChildren.formUnion(StyleInvalidationScope.descendants.then(scope))
            case .target: usesTarget = true
            case .relational: usesRelational = true
            }
        }
    }

    // MARK: Reading

    /// Where a change of `element`'s attribute `name` (any case) from
    /// `oldValue` to its value now may restyle, relative to `element`.
    /// `class` and `id` are compared token by token: a class no rule names
    /// changes nothing.
    public func scope(forAttribute name: String, of element: Node, oldValue: String?) -> StyleInvalidationScope {
        let name = StyleInvalidationSet.asciiLowercased(name)
        var scope = attributes[name] ?? []
        switch name {
        case "class":
            guard !classes.isEmpty else { break }
            let old = StyleInvalidationSet.tokens(oldValue ?? ""), new = StyleInvalidationSet.tokens(element.attribute("class") ?? "")
            for name in old.symmetricDifference(new) { scope.formUnion(classes[String(name)] ?? []) }
        case "id":
            if let oldValue, let old = ids[oldValue] { scope.formUnion(old) }
            if let value = element.attribute("id"), let new = ids[value] { scope.formUnion(new) }
            if usesTarget { scope.formUnion(.document) }
        case "name":
            if usesTarget { scope.formUnion(.document) }
        case "style":
            // The element's own declarations (CSS Style Attributes §3): its cascade.
            scope.formUnion(.element)
        default:
            break
        }
        if usesRelational { scope.formUnion(.document) }
        return scope
    }

    /// HTML's "split a string on ASCII whitespace" (class names are case-sensitive).
    static func tokens(_ value: String) -> Set<Substring> {
        Set(value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }))
    }

    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
