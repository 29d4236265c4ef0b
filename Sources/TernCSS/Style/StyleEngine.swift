import TernDOM

/// Matches a document's style sheets against its elements (the cascade,
/// CSS Cascade 4 §6 and Cascade 5 §6.4 layers) and computes each element's style.
///
/// Rules are indexed once by the subject's id, class, attribute or tag
/// (`RuleIndex`), per pseudo-element, and rebuilt when a sheet's revision,
/// the environment or the focus changes. A layout walk that goes down the
/// tree in document order calls `enter(_:)` before an element's children and
/// `leave()` after them: the engine then keeps an ancestor Bloom filter
/// (`SelectorAncestorFilter`) that rejects `.nav a` for an `a` outside any
/// `.nav` without walking up, and one `SelectorMatcher` whose `:nth-*`
/// position cache serves the whole walk. Calls outside such a walk are
/// answered too, just without those shortcuts.
public final class StyleEngine {
    public let sheets: [StyleSheet]
    public var environment: MediaEnvironment {
        didSet { if environment != oldValue { indexedRevision = nil } }
    }
    /// The element with focus, for `:focus`, `:focus-visible` and `:focus-within`.
    public var focusedElement: Node? {
        didSet { walkMatcher = nil }
    }

    /// `sheets` in document order (user sheets, then author sheets); the
    /// user-agent sheet is always applied first.
    public init(sheets: [StyleSheet], environment: MediaEnvironment) {
        self.sheets = sheets
        self.environment = environment
    }

    /// Asked now and then while a selector match runs long (a `:has()`
    /// searching a large subtree): true ends the matching, and
    /// `wasStopped` tells the caller to end its pass. Must be cheap.
    public var shouldStop: (() -> Bool)?
    /// `shouldStop` said yes during a match: results since are not to be trusted.
    /// (`ElementStyleStore`, whose engine serves many passes, clears it.)
    public internal(set) var wasStopped = false

    // MARK: The walk

    private var filter = SelectorAncestorFilter()
    private var walkMatcher: SelectorMatcher?

    /// Call before styling `element`'s children (top-down, document order).
    public func enter(_ element: Node) {
        if filter.path.isEmpty {
            refreshIfNeeded()
            walkMatcher = makeMatcher()
            sharing.removeAll(keepingCapacity: true)
        }
        filter.push(element)
        keyedElement = 0
        if lastStyledElement == element.identifier {
            sharingClasses.append(lastStyledClass)
            enteredStyles.append(EnteredStyle(element: lastStyled, entry: lastStyledEntry))
        } else {
            sharingClasses.append(newSharingClass())
            enteredStyles.append(EnteredStyle(element: nil, entry: nil))
        }
        forgetLastStyled()
        if let entry = firstChildEntry, let firstChild, sharingClasses.last == firstChildParentClass {
            // An element of the class of the parent of `firstChild` (a
            // table's next row): its first child takes that one's entry as a
            // sibling would (parents of one class make equal keys of equal
            // names and attributes).
            lastStyled = firstChild
            lastStyledElement = firstChild.identifier
            lastStyledEntry = entry
        }
        awaitsFirstChild = true
    }

    private func makeMatcher() -> SelectorMatcher {
        let matcher = SelectorMatcher(focusedElement: focusedElement)
        matcher.shouldStop = shouldStop
        return matcher
    }

    /// Call after `element`'s children: undoes the matching `enter`.
    public func leave() {
        filter.pop()
        keyedElement = 0
        // The element left is the last styled at its level again, for its next sibling.
        let left = sharingClasses.popLast()
        if let entered = enteredStyles.popLast(), let element = entered.element, let left, !filter.path.isEmpty {
            lastStyled = element
            lastStyledElement = element.identifier
            lastStyledClass = left
            lastStyledEntry = entered.entry
        } else {
            forgetLastStyled()
        }
        awaitsFirstChild = false
        if filter.path.isEmpty {
            walkMatcher = nil
            forgetFirstChild()
        }
    }

    // MARK: The cascade

    /// The declarations that apply to `element` (or to its `pseudoElement`),
    /// in ascending precedence, the `style` attribute's included.
    public func cascadedDeclarations(for element: Node, pseudoElement: PseudoElement? = nil) -> [CascadedDeclaration] {
        cascadedDeclarations(matchedRules(for: element, pseudoElement: pseudoElement))
    }

    /// The rules that match `element` (or its `pseudoElement`), with its `style` attribute.
    public func matchedRules(for element: Node, pseudoElement: PseudoElement? = nil) -> MatchedRules {
        guard element.isElement else { return MatchedRules(rules: [], styleAttribute: nil) }
        // The filter and the walk's matcher hold only when `element` is a child of the path's end.
        let inWalk = filter.isTop(parentOf: element)
        if !inWalk || walkMatcher == nil { refreshIfNeeded() }
        let slot = StyleEngine.slot(of: pseudoElement)
        loadRuleKeys(of: element, inWalk: inWalk)
        let keys = currentKeys
        var matched = currentSlots & (1 << (slot + 4)) != 0 ? localMatches(of: element, slot: slot, keys: keys) : []
        if currentSlots & (1 << slot) != 0 {
            let matcher = inWalk ? (walkMatcher ?? makeMatcher()) : makeMatcher()
            defer { if matcher.wasStopped { wasStopped = true } }
            let found = matchingRules(in: index[slot], keys: keys, matching: element, with: matcher, filter: inWalk ? filter : nil)
            if !found.isEmpty {
                matched.append(contentsOf: found)
                matched.sort()
            }
        }
        return MatchedRules(rules: matched, styleAttribute: pseudoElement == nil ? element.attribute("style") : nil)
    }

    /// The index slot of an element's rules (0) or of a pseudo-element's.
    private static func slot(of pseudoElement: PseudoElement?) -> Int {
        switch pseudoElement {
        case nil: return 0
        case .before: return 1
        case .after: return 2
        case .marker: return 3
        }
    }

    /// The rules of `localIndex[slot]` that match `element`, ascending: they
    /// read only the element itself (`Selector.localAttributeNames`), so the
    /// answer is kept per kind of element (`Node.appendLocalSelectorKey`)
    /// and every `<p>` after the first costs a lookup. The user-agent sheet
    /// is nearly all such rules.
    private func localMatches(of element: Node, slot: Int, keys: [UInt32]) -> [Int] {
        localKey.bytes.removeAll(keepingCapacity: true)
        localKey.bytes.append(UInt8(truncatingIfNeeded: slot))
        element.appendLocalSelectorKey(to: &localKey.bytes, names: localAttributeNames)
        if let known = localCache[localKey] { return known }
        var found = matchingRules(in: localIndex[slot], keys: keys, matching: element, with: localMatcher, filter: nil)
        found.sort()
        if localCache.count >= StyleEngine.localCacheLimit { localCache.removeAll(keepingCapacity: true) }
        localCache[localKey] = found
        return found
    }

    /// The rules of the groups filed in `index` under `keys` that `matcher`
    /// matches to `element`, in no order; with a `filter`, only the groups
    /// whose ancestors it may hold are tried.
    private func matchingRules(in index: RuleIndex, keys: [UInt32], matching element: Node, with matcher: SelectorMatcher,
                               filter: SelectorAncestorFilter?) -> [Int] {
        var found: [Int] = [], triedTwiceFiled: [Int] = []
        // A local, not the engine's property, inside the loop: a property
        // read there would retain its storage per candidate.
        let groups = self.groups
        let recording = recordingRevalidation
        index.forEachCandidate(keys: keys) { candidate in
            // One past the limit says "too many" (`computedStyle` then keeps no entry).
            let record = recording && candidate.needsRevalidation && revalidation.count <= StyleEngine.revalidationLimit
            if let filter, !filter.mayContain(candidate.ancestors) {
                if record { revalidation.append(Revalidation(candidate: candidate, matched: false)) }
                return
            }
            if candidate.filedTwice {
                if triedTwiceFiled.contains(candidate.group) { return }
                triedTwiceFiled.append(candidate.group)
            }
            let matches = groups[candidate.group].matchesEveryElement
                || matcher.matches(groups[candidate.group].selector, alternative: groups[candidate.group].alternative, element)
            if matches { found.append(contentsOf: groups[candidate.group].rules) }
            if record { revalidation.append(Revalidation(candidate: candidate, matched: matches)) }
        }
        return found
    }

    /// Kinds of element whose local matches are kept at most.
    private static let localCacheLimit = 4096
    private var localCache: [ByteKey: [Int]] = [:]
    /// The key being looked up, reused.
    private var localKey = ByteKey(bytes: [])
    /// Local rules read no focus and no position: one matcher serves them all.
    private let localMatcher = SelectorMatcher(focusedElement: nil)

    /// The element whose rule keys (`Node.forEachRuleKeyHash`) are in
    /// `currentKeys`: the walk's last element, whose pseudo-elements are
    /// styled right after it (outside a walk the tree may have changed).
    /// (Its `Node.identifier`, 0 for none: compared, never read.)
    private var keyedElement: UInt = 0
    private var currentKeys: [UInt32] = []
    /// The index slots with groups filed under one of `currentKeys` (or
    /// universal): bit `slot` for `index`, bit `slot + 4` for `localIndex`.
    private var currentSlots: UInt8 = 0
    /// Those bits for each key groups are filed under, and for the universal lists.
    private var slotsOfKey: [UInt32: UInt8] = [:]
    private var universalSlots: UInt8 = 0

    private func loadRuleKeys(of element: Node, inWalk: Bool) {
        // Kept only inside a walk (a path entered): the root element asked
        // outside one may have changed since (a class set by a script).
        let keep = inWalk && !filter.isEmpty
        if keep, keyedElement == element.identifier { return }
        currentKeys.removeAll(keepingCapacity: true)
        var slots = universalSlots
        element.forEachRuleKeyHash { key in
            currentKeys.append(key)
            if let bits = slotsOfKey[key] { slots |= bits }
        }
        currentSlots = slots
        keyedElement = keep ? element.identifier : 0
    }

    /// The declarations `matched` gives, in ascending precedence.
    public func cascadedDeclarations(_ matched: MatchedRules) -> [CascadedDeclaration] {
        var style: [CSSDeclaration] = []
        if let text = matched.styleAttribute {
            style = StyleRule.declarations(from: CSSParser.parseDeclarationList(text))
        }
        return cascade(matched.rules, styleAttribute: style)
    }

    /// Sorts the matched rules' declarations (CSS Cascade 5 §6): origin and
    /// importance, then element-attached (the `style` attribute), then layer
    /// (reversed for !important), then specificity, then order of appearance.
    private func cascade(_ matched: [Int], styleAttribute: [CSSDeclaration]) -> [CascadedDeclaration] {
        struct Entry {
            var band: Int, attached: Bool, layer: Int, specificity: SelectorSpecificity, order: Int
            var declarations: [CascadedDeclaration]
            static func precedes(_ a: Entry, _ b: Entry) -> Bool {
                if a.band != b.band { return a.band < b.band }
                if a.attached != b.attached { return !a.attached }
                if a.layer != b.layer { return a.layer < b.layer }
                if a.specificity != b.specificity { return a.specificity < b.specificity }
                return a.order < b.order
            }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(matched.count * 2 + 2)
        for index in matched {
            let rule = rules[index]
            // §6.2 origins: UA < user < author for normal; author < user < UA for !important.
            if !rule.normal.isEmpty {
                entries.append(Entry(band: rule.origin.rawValue, attached: false, layer: rule.layer,
                                     specificity: rule.specificity, order: index, declarations: rule.normal))
            }
            if !rule.important.isEmpty {
                entries.append(Entry(band: 5 - rule.origin.rawValue, attached: false, layer: -rule.layer,
                                     specificity: rule.specificity, order: index, declarations: rule.important))
            }
        }
        if !styleAttribute.isEmpty {
            let (normal, important) = StyleEngine.split(styleAttribute, origin: .author)
            let author = CSSOrigin.author.rawValue
            entries.append(Entry(band: author, attached: true, layer: 0, specificity: SelectorSpecificity(), order: 0, declarations: normal))
            entries.append(Entry(band: 5 - author, attached: true, layer: 0, specificity: SelectorSpecificity(), order: 0, declarations: important))
        }
        entries.sort(by: Entry.precedes)
        return entries.flatMap(\.declarations)
    }

    /// `element`'s computed style; `parent` is its parent element's (nil for
    /// the root, whose font size then sizes `rem` for the elements after it:
    /// `rootFontSize`). Presentational hints (`PresentationalHints`) enter the
    /// cascade; `vw` and `vh` are sized by `environment`.
    ///
    /// Shared with an earlier element that matched the same rules under an
    /// equal parent style, when neither has presentational hints (they are
    /// not in `MatchedRules`): one box for all the cells of a table.
    public func computedStyle(for element: Node, parent: CSSStyle?) -> CSSStyle {
        let hints = PresentationalHints.of(element)
        // Inside a walk, an element like one styled before under an
        // equivalent parent takes its style without matching.
        let canShare = hints.isEmpty && parent != nil && walkMatcher != nil && filter.isTop(parentOf: element)
        if canShare, let parent {
            if let style = sharedStyle(for: element, parent: parent) { return style }
            recordingRevalidation = true
            revalidation.removeAll(keepingCapacity: true)
        }
        let matched = matchedRules(for: element)
        recordingRevalidation = false
        // CSS Values 4 §6.1.1: `rem` in the root element's own font-size is the initial one.
        let rootFontSize = parent == nil ? StyleEngine.initialFontSize : self.rootFontSize
        let style: CSSStyle
        if hints.isEmpty, let earlier = shared[matched], earlier.parent == parent, earlier.rootFontSize == rootFontSize {
            style = earlier.style
        } else {
            var declarations = cascadedDeclarations(matched)
            if !hints.isEmpty { PresentationalHints.insert(hints, into: &declarations) }
            style = StyleComputer.compute(declarations, parent: parent, rootFontSize: rootFontSize, viewport: environment)
            if hints.isEmpty {
                if shared.count >= StyleEngine.sharedLimit { shared.removeAll(keepingCapacity: true) }
                shared[matched] = (parent, rootFontSize, style)
            }
        }
        if parent == nil { self.rootFontSize = style.fontSize }
        if walkMatcher != nil {
            let sharingClass = newSharingClass()
            var entry: SharingEntry?
            // Past a few selectors to match again, sharing would cost what matching does.
            if canShare, let parent, keyedElement == element.identifier, revalidation.count <= StyleEngine.revalidationLimit {
                entry = remember(style, of: element, parent: parent, sharingClass: sharingClass)
            }
            setLastStyled(element, sharingClass: sharingClass, entry: entry)
        }
        return style
    }

    // MARK: Style sharing

    /// An element styled in this walk, for those like it under equivalent
    /// parents: the style it got, what it got it under, and what its rule
    /// keys and the selectors that must be matched again said.
    private final class SharingEntry {
        init(sharingClass: Int, parent: CSSStyle, style: CSSStyle, keys: [UInt32], slots: UInt8, revalidation: [Revalidation]) {
            self.sharingClass = sharingClass
            self.parent = parent
            self.style = style
            self.keys = keys
            self.slots = slots
            self.revalidation = revalidation
        }
        let sharingClass: Int
        let parent: CSSStyle
        let style: CSSStyle
        let keys: [UInt32]
        let slots: UInt8
        /// The groups filed under its keys that read more than names and
        /// attributes (`Selector.sharingAttributeNames`), and whether each matched.
        let revalidation: [Revalidation]
    }

    private struct Revalidation {
        let candidate: RuleIndex.Candidate
        let matched: Bool
    }

    /// Entries by sharing key: the parent's sharing class, then the
    /// element's namespace, name and the values of every attribute a
    /// selector reads (`sharingAttributeNames`) and of `style`. Two
    /// elements with equal keys under parents of one class match the same
    /// rules but for the revalidation groups. Emptied at each walk.
    private var sharing: [ByteKey: SharingEntry] = [:]
    private var sharingKey = ByteKey(bytes: [])
    /// Whether `sharingKey` is the key of the element being styled (not when it shared its sibling's entry).
    private var sharingKeyIsLoaded = false
    /// Per entered element (parallel to the ancestor filter's path): its
    /// class. Elements of one class have ancestors that are pairwise alike
    /// in name and in the attributes selectors read; a class is new for
    /// each element styled by matching, and shared by those that took its style.
    private var sharingClasses: [Int] = []
    private var lastSharingClass = 0
    /// The element `computedStyle` styled last in the walk and its class, for `enter`.
    /// With the entry it shared or left (its next sibling alike takes it without a key).
    /// Kept in separate fields, each read in place: a tuple of them was
    /// copied whole at each read, retaining and releasing all it holds.
    private var lastStyled: Node?
    /// `lastStyled`'s `Node.identifier` (0 for none), compared without touching the node.
    private var lastStyledElement: UInt = 0
    private var lastStyledClass = 0
    private var lastStyledEntry: SharingEntry?
    /// Per entered element (parallel to `sharingClasses`, which keeps its
    /// class): it and its entry when it was `lastStyled`, back when it is left.
    private var enteredStyles: [EnteredStyle] = []
    private struct EnteredStyle {
        var element: Node?
        var entry: SharingEntry?
    }
    /// The first child styled with an entry of the element entered last
    /// that had one, that entry and the class of its parent: for the first
    /// child of the next element entered of that class (`enter`).
    private var firstChild: Node?
    private var firstChildEntry: SharingEntry?
    private var firstChildParentClass = 0
    /// An element was entered and none of its children has an entry yet.
    private var awaitsFirstChild = false
    private var recordingRevalidation = false
    private var revalidation: [Revalidation] = []
    /// The hashes of every attribute name a selector reads, and of `style`.
    private var sharingAttributeNames: Set<UInt32> = []
    private static let sharingLimit = 1024
    /// Selectors an entry may have to match again at most (a sheet of
    /// thousands of `:nth-child()` rules on one class would make each
    /// share cost a full match).
    private static let revalidationLimit = 32

    private func setLastStyled(_ element: Node, sharingClass: Int, entry: SharingEntry?) {
        if lastStyledElement != element.identifier {
            lastStyled = element
            lastStyledElement = element.identifier
        }
        lastStyledClass = sharingClass
        lastStyledEntry = entry
        // An entry is made or taken only for a child of the element entered last.
        if awaitsFirstChild, let entry {
            awaitsFirstChild = false
            firstChild = element
            firstChildEntry = entry
            firstChildParentClass = sharingClasses.last ?? 0
        }
    }

    private func forgetFirstChild() {
        firstChild = nil
        firstChildEntry = nil
        firstChildParentClass = 0
        awaitsFirstChild = false
    }

    private func forgetLastStyled() {
        lastStyled = nil
        lastStyledElement = 0
        lastStyledClass = 0
        lastStyledEntry = nil
    }

    private func newSharingClass() -> Int {
        lastSharingClass &+= 1
        return lastSharingClass
    }

    private func loadSharingKey(of element: Node) {
        sharingKeyIsLoaded = true
        sharingKey.bytes.removeAll(keepingCapacity: true)
        var parentClass = sharingClasses.last ?? 0
        withUnsafeBytes(of: &parentClass) { sharingKey.bytes.append(contentsOf: $0) }
        element.appendLocalSelectorKey(to: &sharingKey.bytes, names: sharingAttributeNames)
    }

    /// The style of an element styled before whose key equals `element`'s,
    /// under the same parent style, when the revalidation groups answer alike.
    private func sharedStyle(for element: Node, parent: CSSStyle) -> CSSStyle? {
        // The element styled last, when there is one, is an earlier sibling
        // (`enter` and `leave` forget it): one with the same name and
        // attributes has the same key, so it found or left the same entry.
        let entry: SharingEntry
        if let earlier = lastStyledEntry, lastStyled?.hasSameNameAndAttributes(as: element) == true {
            entry = earlier
            sharingKeyIsLoaded = false
        } else {
            loadSharingKey(of: element)
            guard let found = sharing[sharingKey] else { return nil }
            entry = found
        }
        guard entry.parent.isIdentical(to: parent), revalidates(entry.revalidation, element) else { return nil }
        // Equal keys: the same rule keys, so its pseudo-elements need no lookup either.
        currentKeys = entry.keys
        currentSlots = entry.slots
        keyedElement = element.identifier
        setLastStyled(element, sharingClass: entry.sharingClass, entry: entry)
        return entry.style
    }

    /// Whether each of an entry's revalidation groups answers for `element` as it did for the entry's.
    private func revalidates(_ checks: [Revalidation], _ element: Node) -> Bool {
        guard !checks.isEmpty, let matcher = walkMatcher else { return walkMatcher != nil }
        for check in checks {
            let group = check.candidate.group
            // The walk's ancestor filter answers most: `details > summary` outside any `<details>`.
            let matches = filter.mayContain(check.candidate.ancestors)
                && (groups[group].matchesEveryElement
                    || matcher.matches(groups[group].selector, alternative: groups[group].alternative, element))
            if matcher.wasStopped { wasStopped = true }
            if matches != check.matched { return false }
        }
        return true
    }

    private func remember(_ style: CSSStyle, of element: Node, parent: CSSStyle, sharingClass: Int) -> SharingEntry {
        if !sharingKeyIsLoaded { loadSharingKey(of: element) }
        if sharing.count >= StyleEngine.sharingLimit { sharing.removeAll(keepingCapacity: true) }
        let entry = SharingEntry(sharingClass: sharingClass, parent: parent, style: style, keys: currentKeys,
                                 slots: currentSlots, revalidation: revalidation)
        sharing[sharingKey] = entry
        return entry
    }

    /// The root element's font size, for `rem`: set by `computedStyle(for:parent:)`
    /// when it styles the root; one who keeps the root's style instead sets it.
    public var rootFontSize = StyleEngine.initialFontSize
    static let initialFontSize: Double = 16

    /// The last style computed for each set of matched rules, with what it
    /// was computed against (emptied with the rule index, whose indices it holds).
    private var shared: [MatchedRules: (parent: CSSStyle?, rootFontSize: Double, style: CSSStyle)] = [:]
    /// Entries kept at most (a page of unique elements must not keep a style for each).
    private static let sharedLimit = 2048

    /// The style of `element`'s `pseudoElement`, or nil when it generates no
    /// box: `::before`/`::after` need a `content` other than none/normal
    /// (CSS Generated Content 3 §1), `::marker` a list item (CSS Lists 3 §3).
    public func pseudoElementStyle(_ pseudoElement: PseudoElement, of element: Node, elementStyle: CSSStyle) -> CSSStyle? {
        if pseudoElement == .marker {
            guard elementStyle.display == .listItem else { return nil }
            let matched = matchedRules(for: element, pseudoElement: .marker)
            return sharedPseudoElementStyle(.marker, matched, elementStyle: elementStyle) {
                StyleComputer.compute(cascadedDeclarations(matched), parent: elementStyle)
            }
        }
        guard elementStyle.display != .none else { return nil }
        // Most elements meet no `::before`/`::after` rule at all: when the
        // element was just styled, its keys say so without a lookup.
        if keyedElement == element.identifier, currentSlots & (0x11 << StyleEngine.slot(of: pseudoElement)) == 0 { return nil }
        let matched = matchedRules(for: element, pseudoElement: pseudoElement)
        guard !matched.rules.isEmpty else { return nil }
        return sharedPseudoElementStyle(pseudoElement, matched, elementStyle: elementStyle) {
            let declarations = cascadedDeclarations(matched)
            // `content` is not inherited and starts as normal: without a
            // declaration of it (or of `all`) there is no box, whatever else
            // applies (`*, ::before, ::after { box-sizing: border-box }`).
            guard declarations.contains(where: { $0.name == "content" || $0.name == "all" }) else { return nil }
            let style = StyleComputer.compute(declarations, parent: elementStyle)
            guard style.content != nil, style.display != .none else { return nil }
            return style
        }
    }

    /// The pseudo-element style `compute` gives, shared with an earlier
    /// element whose pseudo-element matched the same rules and whose style
    /// is the same box (list items styled alike share one marker box).
    private func sharedPseudoElementStyle(_ pseudoElement: PseudoElement, _ matched: MatchedRules, elementStyle: CSSStyle,
                                          compute: () -> CSSStyle?) -> CSSStyle? {
        // The entry holds the element style, so its identity is not reused while the entry lives.
        let key = SharedPseudoKey(slot: StyleEngine.slot(of: pseudoElement), matched: matched, parent: elementStyle.identity)
        if let earlier = sharedPseudo[key], earlier.parent.isIdentical(to: elementStyle) { return earlier.style }
        let style = compute()
        if sharedPseudo.count >= StyleEngine.sharedLimit { sharedPseudo.removeAll(keepingCapacity: true) }
        sharedPseudo[key] = (elementStyle, style)
        return style
    }

    private struct SharedPseudoKey: Hashable {
        let slot: Int
        let matched: MatchedRules
        let parent: ObjectIdentifier
    }
    /// The pseudo-element style computed for each slot, set of matched rules
    /// and element style box, with that box (nil: no box).
    private var sharedPseudo: [SharedPseudoKey: (parent: CSSStyle, style: CSSStyle?)] = [:]

    // MARK: The rule index

    private var rules: [IndexedRule] = []
    /// Rules whose selector alternatives read the same, matched once for all
    /// (sheets repeat selectors: `.a { color: red }` … `.a { margin: 0 }`).
    private var groups: [RuleGroup] = []
    /// Per slot (`slot(of:)`): the groups that need more than the element itself.
    private var index = [RuleIndex](repeating: RuleIndex(), count: 4)
    /// Per slot: the groups that read only the element (`localMatches`).
    private var localIndex = [RuleIndex](repeating: RuleIndex(), count: 4)
    /// The hashes of the attribute names local groups read.
    private var localAttributeNames: Set<UInt32> = []

    private struct RuleGroup {
        let selector: Selector
        let alternative: Int
        /// `*`: no need to ask the matcher.
        let matchesEveryElement: Bool
        var rules: [Int]
    }
    /// A rule's alternative by its selector's text: equal text compiles to an
    /// equal selector, so rules with equal keys share one group.
    private struct SelectorText: Hashable {
        let alternative: Int
        let source: String
    }
    /// The sheets' total revision the index was built for; nil: rebuild.
    private var indexedRevision: Int?

    /// The user-agent sheet, then `sheets`.
    private var allSheets: [StyleSheet] {
        [StyleSheet.userAgent] + sheets.filter { $0 !== StyleSheet.userAgent }
    }

    private func refreshIfNeeded() {
        var counted = Set<ObjectIdentifier>()
        let revision = allSheets.reduce(0) { $0 + $1.totalRevision(counted: &counted) }
        guard revision != indexedRevision else { return }
        rebuild()
        indexedRevision = revision
    }

    /// Flattens the sheets into `rules` in order of appearance (imports in
    /// place, §6.3), keeping only what applies in `environment`.
    private func rebuild() {
        var builder = Builder(environment: environment)
        for sheet in allSheets {
            builder.add(sheet, origin: sheet.origin, layer: builder.layers.root(of: sheet.origin))
        }
        let ranks = builder.layers.ranks()
        rules = builder.rules
        groups = []
        index = [RuleIndex](repeating: RuleIndex(), count: 4)
        localIndex = [RuleIndex](repeating: RuleIndex(), count: 4)
        localAttributeNames = []
        // And those of every selector (below): the attributes that file rules are among them.
        sharingAttributeNames = [Node.attributeNameHash(Array("style".utf8))]
        sharing.removeAll()
        forgetFirstChild()
        localCache.removeAll()
        shared.removeAll()
        sharedPseudo.removeAll()
        slotsOfKey = [:]
        universalSlots = 0
        keyedElement = 0
        var groupOfText: [SelectorText: Int] = [:]
        for i in rules.indices {
            rules[i].layer = ranks[rules[i].layer]
            let rule = rules[i]
            let pseudo: PseudoElement?
            if let name = rule.selector.pseudoElement(ofAlternative: rule.alternative) {
                guard let drawn = PseudoElement(selectorName: name) else { continue }
                pseudo = drawn
            } else {
                pseudo = nil
            }
            // Equal text compiles to an equal selector.
            let text = SelectorText(alternative: rule.alternative, source: rule.selector.source)
            if let group = groupOfText[text] {
                groups[group].rules.append(i)
                continue
            }
            groupOfText[text] = groups.count
            let keys = rule.selector.subjectKeys(ofAlternative: rule.alternative)
            let (sharingNames, readsNothingElse) = rule.selector.sharingAttributeNames(ofAlternative: rule.alternative)
            for name in sharingNames { sharingAttributeNames.insert(Node.attributeNameHash(name)) }
            let candidate = RuleIndex.Candidate(group: groups.count, ancestors: rule.selector.ancestorHashes(ofAlternative: rule.alternative),
                                                filedTwice: keys.count > 1, needsRevalidation: !readsNothingElse)
            let slot = StyleEngine.slot(of: pseudo)
            let bit: UInt8
            if let names = rule.selector.localAttributeNames(ofAlternative: rule.alternative) {
                for name in names { localAttributeNames.insert(Node.attributeNameHash(name)) }
                localIndex[slot].add(candidate, keys: keys)
                bit = 1 << (slot + 4)
            } else {
                index[slot].add(candidate, keys: keys)
                bit = 1 << slot
            }
            for key in keys {
                if let hash = key.hash { slotsOfKey[hash, default: 0] |= bit } else { universalSlots |= bit }
            }
            groups.append(RuleGroup(selector: rule.selector, alternative: rule.alternative,
                                    matchesEveryElement: rule.selector.matchesEveryElement(ofAlternative: rule.alternative), rules: [i]))
        }
        for g in groups.indices where groups[g].rules.count > 1 { groups[g].rules = withoutRepeats(groups[g].rules) }
    }

    /// `group` without each rule that a later one in it repeats (same origin,
    /// layer and declarations): the later one sorts after it for every
    /// property, so the earlier can never win (sheets repeated by imports,
    /// bundles and media queries).
    private func withoutRepeats(_ group: [Int]) -> [Int] {
        struct Signature: Hashable {
            let origin: CSSOrigin, layer: Int
            let normal: [CascadedDeclaration], important: [CascadedDeclaration]
        }
        var seen = Set<Signature>()
        var kept: [Int] = []
        for index in group.reversed() {
            let rule = rules[index]
            if seen.insert(Signature(origin: rule.origin, layer: rule.layer, normal: rule.normal, important: rule.important)).inserted {
                kept.append(index)
            }
        }
        return kept.reversed()
    }

    /// Splits declarations by importance, stamped with their origin.
    static func split(_ declarations: [CSSDeclaration], origin: CSSOrigin) -> (normal: [CascadedDeclaration], important: [CascadedDeclaration]) {
        var normal: [CascadedDeclaration] = [], important: [CascadedDeclaration] = []
        for d in declarations {
            let cascaded = CascadedDeclaration(name: d.name, value: d.value, important: d.important, origin: origin)
            if d.important { important.append(cascaded) } else { normal.append(cascaded) }
        }
        return (normal, important)
    }

    /// Walks sheets, imports and conditional rules into indexed rules.
    private struct Builder {
        let environment: MediaEnvironment
        var layers = CascadeLayers()
        var rules: [IndexedRule] = []
        /// The sheets on the current import chain (a cycle is skipped).
        private var importing: Set<ObjectIdentifier> = []

        init(environment: MediaEnvironment) { self.environment = environment }

        /// Imports nested deeper than this are ignored.
        static let maxImportDepth = 16

        mutating func add(_ sheet: StyleSheet, origin: CSSOrigin, layer: Int) {
            guard !sheet.disabled, sheet.mediaList?.matches(environment) ?? true,
                  importing.count < Builder.maxImportDepth, importing.insert(ObjectIdentifier(sheet)).inserted else { return }
            add(sheet.rules, origin: origin, layer: layer)
            importing.remove(ObjectIdentifier(sheet))
        }

        mutating func add(_ list: [StyleSheetRule], origin: CSSOrigin, layer: Int) {
            for rule in list {
                switch rule {
                case .style(let style):
                    let (normal, important) = StyleEngine.split(style.declarations, origin: origin)
                    guard !normal.isEmpty || !important.isEmpty else { continue }
                    let selector = style.selector
                    for alternative in 0..<selector.alternativeCount {
                        rules.append(IndexedRule(selector: selector, alternative: alternative, origin: origin, layer: layer,
                                                 specificity: selector.specificity(ofAlternative: alternative),
                                                 normal: normal, important: important))
                    }
                case .media(let media, let nested):
                    if media.matches(environment) { add(nested, origin: origin, layer: layer) }
                case .supports(_, let matches, let nested):
                    if matches { add(nested, origin: origin, layer: layer) }
                case .import(let imported):
                    // §6.4.1: an import with layer() puts the imported sheet in that layer.
                    guard imported.supportsMatches, imported.mediaList?.matches(environment) ?? true,
                          let sheet = imported.sheet else { continue }
                    let target = imported.layer.map { layers.layer(named: $0, under: layer) } ?? layer
                    add(sheet, origin: origin, layer: target)
                case .layerStatement(let names):
                    for name in names { _ = layers.layer(named: name, under: layer) }
                case .layerBlock(let name, let nested):
                    add(nested, origin: origin, layer: layers.layer(named: name ?? "", under: layer))
                case .other:
                    continue
                }
            }
        }
    }
}
