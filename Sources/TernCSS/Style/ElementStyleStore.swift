import TernDOM

/// The computed styles of one document's elements, kept between reads and
/// brought up to date piece by piece, as WebKit's style invalidation and
/// Servo's restyle damage do: the store watches the document
/// (`DocumentMutationObserver`), and a change marks out of date only the
/// elements its `StyleInvalidationSet` says a rule could now match
/// differently. A read (`style(of:)`, what `getComputedStyle` asks) then
/// restyles the out-of-date elements on the way from the root to the element,
/// and nothing else.
///
/// What restyles what:
/// - a class, id or attribute change: the scope of each feature it touched
///   (a class no rule names: nothing), the `style` attribute its element;
/// - a child inserted or removed: its parent's children when rules test
///   child positions, the elements after it when rules use `+` or `~`, the
///   parent for `:empty`; an inserted subtree is new (styled when read), a
///   removed one is dropped from the store;
/// - text changed: its parent, for `:empty`;
/// - the focus: what `:focus` and `:focus-within` rules name, around the old
///   and the new focused element;
/// - sheets added, removed or changed, the media environment, a change the
///   document reports wholesale (the parser appended nodes), `:has()` or
///   `:target` in any rule with a change they could see: everything.
///
/// An element restyled to the style it had keeps its children's styles,
/// and so does one whose inherited properties are unchanged, but for the
/// children that say `inherit` for another property; one whose inherited
/// properties changed has its children restyled.
///
/// Marks are lazy, so a change costs O(1) however many elements it may
/// restyle: an element's `dirty` flag, and stamps on an ancestor ("children
/// computed before this must be restyled", "descendants computed before
/// this …") that the walk from the root compares with each element's own
/// stamp. Sibling marks walk the siblings, at most `siblingWalkLimit`, then
/// mark their parent's subtree instead. The store holds only connected
/// elements and, with each, its parent element.
///
/// Not thread-safe; belongs to its document's thread.
public final class ElementStyleStore {
    /// The document whose elements the store styles.
    public let document: Document
    /// Element styles computed so far (a test counts what a change cost with it).
    public private(set) var restyleCount = 0
    /// A change touched a `<style>`, `<link>` or `<base>` in the document, or
    /// the document changed wholesale: whoever collects the sheets should
    /// do so again. Set by the store, cleared by that owner.
    public var sheetOwnersChanged = false
    public private(set) var sheets: [StyleSheet]
    public private(set) var environment: MediaEnvironment
    public private(set) var focusedElement: Node?
    /// What the sheets test, where.
    public private(set) var invalidation: StyleInvalidationSet

    /// Computes the styles (the layout walk's pseudo-elements too). Walk it
    /// through the store (`beginLayoutWalk`), never by its own `enter`.
    public private(set) var engine: StyleEngine
    private var sheetsRevision: Int
    let entries = ElementStyleTable()
    /// Stamps: every computation and every lazy mark takes the next one.
    private var clock = 0

    // The layout walk (`ElementStyleStore+LayoutWalk.swift`).
    /// Whether a layout walk is under way.
    public internal(set) var isWalking = false
    /// The elements the walk entered, root first.
    var walkLevels: [WalkLevel] = []
    /// How many of them the engine entered: only when an element below
    /// must be matched (a walk through clean elements leaves it alone).
    var engineDepth = 0
    /// The element the walk styled last (its `Node.identifier`), its stamps
    /// for its `enter`, and its table slot for its pseudo-elements.
    var walkStyled: (element: UInt, level: WalkLevel, slot: Int)?

    struct Entry {
        var style: CSSStyle
        /// When `style` was computed.
        var computedAt: Int
        /// Must be computed again (its own matching may have changed).
        var dirty = false
        /// Children computed before this stamp must be computed again
        /// (they match differently, or this element's style changed).
        var childrenStamp = 0
        /// Descendants computed before this stamp must be computed again.
        var descendantsStamp = 0
        /// The pseudo-elements (`PseudoStyles.bit`) whose styles a layout
        /// walk asked for since `style` was computed; `pseudo` holds those
        /// that generate a box.
        var pseudoKnown: UInt8 = 0
        var pseudo: PseudoStyles?
    }

    /// An element's `::before`, `::after` and `::marker` styles, kept with
    /// its style (most elements have none, and no such object).
    final class PseudoStyles {
        var before: CSSStyle?, after: CSSStyle?, marker: CSSStyle?

        static func bit(_ pseudoElement: PseudoElement) -> UInt8 {
            switch pseudoElement {
            case .before: return 1
            case .after: return 2
            case .marker: return 4
            }
        }

        subscript(pseudoElement: PseudoElement) -> CSSStyle? {
            get {
                switch pseudoElement {
                case .before: return before
                case .after: return after
                case .marker: return marker
                }
            }
            set {
                switch pseudoElement {
                case .before: before = newValue
                case .after: after = newValue
                case .marker: marker = newValue
                }
            }
        }
    }

    /// Sibling marks walk this many siblings at most; past it, the parent's
    /// whole subtree is marked (bounded work on a list of 100 000 items).
    public static let siblingWalkLimit = 1024

    /// A store for `document`'s elements under `sheets` (the user-agent sheet
    /// always comes first); it becomes the document's mutation observer.
    public init(document: Document, sheets: [StyleSheet], environment: MediaEnvironment, focusedElement: Node? = nil) {
        self.document = document
        self.sheets = sheets
        self.environment = environment
        self.focusedElement = focusedElement
        engine = StyleEngine(sheets: sheets, environment: environment)
        engine.focusedElement = focusedElement
        invalidation = StyleInvalidationSet(sheets: sheets)
        sheetsRevision = ElementStyleStore.revision(of: sheets)
        document.mutationObserver = self
    }

    /// Elements whose style is kept.
    public var count: Int { entries.count }

    /// Whether the document tells this store of its changes. A store that is
    /// not told (another took the document's observer slot) must not be
    /// trusted: `observe()` takes it back.
    public var isObserving: Bool { document.mutationObserver === self }

    /// Makes the store the document's observer again, restyling everything
    /// when it was not (changes went untold meanwhile).
    public func observe() {
        guard !isObserving else { return }
        document.mutationObserver = self
        invalidateAll()
    }

    /// Forgets every style: each element is computed again when read.
    public func invalidateAll() {
        entries.removeAll()
    }

    /// The inputs styles depend on besides the document: sheets added,
    /// removed or changed (a rule inserted, `disabled`, `media`, an import
    /// arriving) or another environment restyle everything; another focused
    /// element restyles what the focus rules name. Cheap when nothing changed.
    public func update(sheets: [StyleSheet], environment: MediaEnvironment, focusedElement: Node?) {
        let revision = ElementStyleStore.revision(of: sheets)
        if sheets.count != self.sheets.count || !zip(sheets, self.sheets).allSatisfy({ $0 === $1 }) {
            self.sheets = sheets
            engine = StyleEngine(sheets: sheets, environment: environment)
            engine.focusedElement = self.focusedElement
            self.environment = environment
            invalidation = StyleInvalidationSet(sheets: sheets)
            sheetsRevision = revision
            invalidateAll()
        } else if revision != sheetsRevision {
            // StyleEngine rebuilds its own index when it sees the revision.
            invalidation = StyleInvalidationSet(sheets: sheets)
            sheetsRevision = revision
            invalidateAll()
        }
        if environment != self.environment {
            // FIXME: restyle only when a media query's answer changed.
            self.environment = environment
            engine.environment = environment
            invalidateAll()
        }
        if focusedElement != self.focusedElement {
            let old = self.focusedElement
            self.focusedElement = focusedElement
            engine.focusedElement = focusedElement
            for element in [old, focusedElement].compactMap({ $0 }) where element.document === document {
                invalidate(invalidation.focus, at: element)
                guard !invalidation.focusWithin.isEmpty else { continue }
                var current: Node? = element
                while let node = current, node.isElement {
                    invalidate(invalidation.focusWithin, at: node)
                    current = node.parentElement
                }
            }
        }
    }

    /// The sum of the sheets' revisions, imports included (and the user-agent
    /// sheet's, which never changes): any change to one moves it.
    private static func revision(of sheets: [StyleSheet]) -> Int {
        var counted = Set<ObjectIdentifier>()
        return sheets.reduce(0) { $0 &+ $1.totalRevision(counted: &counted) }
    }

    // MARK: Reading

    /// `element`'s computed style, restyling first what is out of date from
    /// the root down to it; nil for a node that is not an element connected
    /// to the store's document.
    public func style(of element: Node) -> CSSStyle? {
        resolve(element, pseudoElement: nil).element
    }

    /// The style of `element`'s `pseudoElement` (nil when it generates no
    /// box), from `element`'s up-to-date style. Not kept.
    public func style(of element: Node, pseudoElement: PseudoElement) -> CSSStyle? {
        resolve(element, pseudoElement: pseudoElement).pseudo
    }

    private func resolve(_ element: Node, pseudoElement: PseudoElement?) -> (element: CSSStyle?, pseudo: CSSStyle?) {
        guard element.isElement, element.document === document else { return (nil, nil) }
        if isWalking { endLayoutWalk() }
        // The element and its ancestors, root first; only a connected one is styled.
        var chain: [Node] = [element]
        var current = element.parentElement
        while let node = current {
            chain.append(node)
            current = node.parentElement
        }
        guard let top = chain.last, top.parent?.isDocument == true else { return (nil, nil) }
        chain.reverse()
        // Is any element on the way out of date?
        var descendantsStamp = 0, childrenStamp = 0
        var firstStale: Int?
        for (i, node) in chain.enumerated() {
            guard let entry = entries[node], !isStale(entry, descendantsStamp: descendantsStamp, childrenStamp: childrenStamp) else {
                firstStale = i
                break
            }
            descendantsStamp = max(descendantsStamp, entry.descendantsStamp)
            childrenStamp = entry.childrenStamp
        }
        if firstStale == nil, pseudoElement == nil { return (entries[element]?.style, nil) }
        // Restyle top-down as a layout walk does (the engine's ancestor filter
        // and one matcher serve the whole way), from the first stale element.
        var entered = 0
        defer { for _ in 0..<entered { engine.leave() } }
        descendantsStamp = 0
        childrenStamp = 0
        var parentStyle: CSSStyle?
        var elementStyle: CSSStyle?
        var pseudoStyle: CSSStyle?
        for (i, node) in chain.enumerated() {
            var entry = entries[node]
            if i >= (firstStale ?? chain.count) {
                if entry.map({ isStale($0, descendantsStamp: descendantsStamp, childrenStamp: childrenStamp) }) ?? true {
                    entry = restyle(node, parent: parentStyle, old: entry).entry
                }
            }
            guard let known = entry else { return (nil, nil) }
            if i == 0 { engine.rootFontSize = known.style.fontSize }
            parentStyle = known.style
            descendantsStamp = max(descendantsStamp, known.descendantsStamp)
            childrenStamp = known.childrenStamp
            if i == chain.count - 1 {
                elementStyle = known.style
                // Right after the element, before it is entered: the engine keeps its rule keys.
                if let pseudoElement { pseudoStyle = engine.pseudoElementStyle(pseudoElement, of: node, elementStyle: known.style) }
            }
            // Every element of the way is entered (and left at the end), so the
            // engine never keeps one element's rule keys for a later call.
            engine.enter(node)
            entered += 1
        }
        return (elementStyle, pseudoStyle)
    }

    func isStale(_ entry: Entry, descendantsStamp: Int, childrenStamp: Int) -> Bool {
        entry.dirty || entry.computedAt < descendantsStamp || entry.computedAt < childrenStamp
    }

    /// Computes `node`'s style; when it differs from the one it had (or it had
    /// none), the children computed before must follow (they inherit), and
    /// for the root a new font size restyles every element (`rem`). A style
    /// whose matching was stopped (`StyleEngine.shouldStop`) is not kept.
    /// `slot`: where the table holds `old`, or the empty slot for it
    /// (`ElementStyleTable.probe`); nil: found again. Answers the entry and,
    /// when `slot` was given and the entry kept, where it is now.
    @discardableResult
    func restyle(_ node: Node, parent: CSSStyle?, old: Entry?, slot: Int? = nil) -> (entry: Entry, slot: Int?) {
        let style = engine.computedStyle(for: node, parent: parent)
        restyleCount += 1
        let now = tick()
        var entry = Entry(style: style, computedAt: now)
        if let old {
            entry.descendantsStamp = old.descendantsStamp
            if old.style == style {
                entry.childrenStamp = old.childrenStamp
            } else if StyleComputer.inheritedPropertiesEqual(old.style, style) {
                // Only properties children do not inherit changed (`position`,
                // a border): the children keep their styles, but for those that
                // took one of these with `inherit`.
                entry.childrenStamp = old.childrenStamp
                markExplicitlyInheritingChildren(of: node)
            } else {
                entry.childrenStamp = now
            }
            if parent == nil, old.style.fontSize != style.fontSize { entry.descendantsStamp = now }
        } else {
            entry.childrenStamp = now
        }
        if engine.wasStopped {
            entries.remove(node)
            return (entry, nil)
        }
        guard let slot else {
            entries.insert(entry, for: node)
            return (entry, nil)
        }
        if old != nil {
            entries[slot: slot] = entry
            return (entry, slot)
        }
        return (entry, entries.insertNew(entry, for: node, at: slot))
    }

    /// Marks out of date the element children of `node` whose style says
    /// `inherit` for a property that is not inherited.
    private func markExplicitlyInheritingChildren(of node: Node) {
        var child = node.firstElementChild
        while let current = child {
            if entries[current]?.style.explicitlyInherits == true { entries[current]?.dirty = true }
            child = current.nextElementSibling
        }
    }

    private func tick() -> Int {
        clock += 1
        return clock
    }

    // MARK: Marking

    /// Marks out of date the elements `scope` names relative to `element`.
    func invalidate(_ scope: StyleInvalidationScope, at element: Node) {
        guard !scope.isEmpty, !entries.isEmpty else { return }
        if scope.contains(.document) {
            if element.isConnected { invalidateAll() }
            return
        }
        if scope.contains(.element) { entries[element]?.dirty = true }
        if scope.contains(.children), entries[element] != nil { entries[element]?.childrenStamp = tick() }
        if scope.contains(.descendants), entries[element] != nil { entries[element]?.descendantsStamp = tick() }
        if scope.contains(.parentSubtree) { invalidateSubtree(ofParentOf: element) }
        let siblings = scope.intersection([.nextSibling, .followingSiblings, .followingSiblingSubtrees])
        if !siblings.isEmpty { invalidateSiblings(after: element, siblings) }
    }

    /// Every descendant of `element`'s parent (the whole document for the root).
    private func invalidateSubtree(ofParentOf element: Node) {
        if let parent = element.parentElement {
            if entries[parent] != nil { entries[parent]?.descendantsStamp = tick() }
        } else if element.parent?.isDocument == true {
            invalidateAll()
        }
    }

    /// The elements after `element` (the next one only for `.nextSibling`
    /// alone), with their subtrees for `.followingSiblingSubtrees`.
    private func invalidateSiblings(after element: Node, _ scope: StyleInvalidationScope) {
        let all = !scope.isDisjoint(with: [.followingSiblings, .followingSiblingSubtrees])
        let subtrees = scope.contains(.followingSiblingSubtrees)
        var sibling = element.nextElementSibling
        var walked = 0
        while let node = sibling {
            walked += 1
            if walked > ElementStyleStore.siblingWalkLimit {
                invalidateSubtree(ofParentOf: node)
                return
            }
            if entries[node] != nil {
                entries[node]?.dirty = true
                if subtrees { entries[node]?.descendantsStamp = tick() }
            }
            guard all else { return }
            sibling = node.nextElementSibling
        }
    }

    /// Takes `node` and its stored descendants out of the store (a stored
    /// element's parent is stored, so the walk stops where nothing is).
    func drop(_ node: Node) {
        guard entries.remove(node) else { return }
        var pending = [node]
        while let parent = pending.popLast() {
            var child = parent.firstChild
            while let current = child {
                if current.isElement, entries.remove(current) { pending.append(current) }
                child = current.nextSibling
            }
        }
    }
}
