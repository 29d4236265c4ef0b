import TernDOM

/// A layout pass styles the document through the store, top-down: each
/// element's stored style is taken as it is when nothing marked it out of
/// date, and only the stale ones are computed (and kept for the next pass
/// and for `getComputedStyle`). Going down the tree, the walk keeps the
/// stamps of the elements it entered, so telling a stale element from a
/// clean one costs one look-up, not a walk up its ancestors as
/// `style(of:)` does.
///
///     store.beginLayoutWalk(shouldStop: …)
///     let style = store.style(of: element, parent: parentStyle)   // the root: parent nil
///     store.enter(element)        // before its children, in tree order
///     …                           // its children: style(of:parent:), enter, leave
///     store.leave()
///     store.endLayoutWalk()
///
/// The walk may skip subtrees (`display: none`): nothing below an element
/// not entered is read. The engine's ancestor filter and `:nth-*` cache
/// serve the whole walk, as in a pass of a `StyleEngine` of its own.
extension ElementStyleStore {
    /// The stamps an entered element's children are checked against.
    struct WalkLevel {
        /// The largest `descendantsStamp` of the element and its ancestors.
        var descendantsStamp: Int
        /// The element's own `childrenStamp`.
        var childrenStamp: Int
    }

    /// Starts a layout walk from the root element. `shouldStop` is asked
    /// while a selector match runs long (`StyleEngine.shouldStop`); a walk
    /// it stopped keeps no style (`endLayoutWalk`). The caller brings the
    /// store up to date first (`update`): its sheets, environment and focus
    /// are the layout's.
    public func beginLayoutWalk(shouldStop: (() -> Bool)? = nil) {
        if isWalking { endLayoutWalk() }
        observe()
        engine.shouldStop = shouldStop
        engine.wasStopped = false
        walkLevels.removeAll(keepingCapacity: true)
        engineDepth = 0
        walkStyled = nil
        isWalking = true
    }

    /// `element`'s style inside a parent styled `parent` (the style this walk
    /// gave the parent; nil for the root): the stored one when the element is
    /// not marked and its parent was not restyled to another style since it
    /// was computed, else computed now and stored.
    public func style(of element: Node, parent: CSSStyle?) -> CSSStyle {
        let level = walkLevels.last ?? WalkLevel(descendantsStamp: 0, childrenStamp: 0)
        let (found, known) = entries.probe(element)
        if known {
            let entry = entries.pointer(toSlot: found)
            if !isStale(entry.pointee, descendantsStamp: level.descendantsStamp, childrenStamp: level.childrenStamp) {
                // What `computedStyle(for:parent:)` would have noted for `rem`.
                if parent == nil { engine.rootFontSize = entry.pointee.style.fontSize }
                if isWalking { noteStyled(element, entry.pointee, slot: found) }
                return entry.pointee.style
            }
        }
        if engineDepth < walkLevels.count { enterEngine(above: element) }
        let (entry, slot) = restyle(element, parent: parent, old: known ? entries[slot: found] : nil, slot: found)
        if isWalking {
            if let slot { noteStyled(element, entry, slot: slot) } else { walkStyled = nil }
        }
        return entry.style
    }

    @inline(__always)
    private func noteStyled(_ element: Node, _ entry: Entry, slot: Int) {
        walkStyled = (element.identifier, WalkLevel(descendantsStamp: entry.descendantsStamp, childrenStamp: entry.childrenStamp), slot)
    }

    /// Before `element`'s children (after `style(of:parent:)` gave its style).
    public func enter(_ element: Node) {
        guard isWalking else { return }
        let own: WalkLevel
        if let styled = walkStyled, styled.element == element.identifier {
            own = styled.level
        } else if let entry = entries[element] {
            own = WalkLevel(descendantsStamp: entry.descendantsStamp, childrenStamp: entry.childrenStamp)
        } else {
            // Not styled through the store: its children are computed.
            own = WalkLevel(descendantsStamp: 0, childrenStamp: Int.max)
        }
        let above = walkLevels.last?.descendantsStamp ?? 0
        walkLevels.append(WalkLevel(descendantsStamp: max(above, own.descendantsStamp), childrenStamp: own.childrenStamp))
        walkStyled = nil
    }

    /// After `element`'s children: undoes the matching `enter`.
    public func leave() {
        guard walkLevels.popLast() != nil else { return }
        walkStyled = nil
        if engineDepth > walkLevels.count {
            engine.leave()
            engineDepth -= 1
        }
    }

    /// Enters into the engine the elements the walk entered and the engine
    /// did not (the ancestors of `element`, the walk's path, whose top ones
    /// the engine may have entered already): its ancestor filter and
    /// position cache are then those of a walk that entered every element.
    private func enterEngine(above element: Node) {
        let missing = walkLevels.count - engineDepth
        guard missing > 0 else { return }
        if missing == 1, let parent = element.parentElement {
            // The common case: the walk entered the parent and nothing below it is styled yet.
            engine.enter(parent)
            engineDepth += 1
            return
        }
        var ancestors: [Node] = []
        ancestors.reserveCapacity(missing)
        var current = element.parentElement
        while ancestors.count < missing, let node = current {
            ancestors.append(node)
            current = node.parentElement
        }
        for node in ancestors.reversed() { engine.enter(node) }
        engineDepth += ancestors.count
    }

    /// `element`'s `pseudoElement` style (nil when it generates no box), right
    /// after `style(of:parent:)` styled `element` and before `enter`: kept
    /// with the element's style until that is computed again.
    public func pseudoElementStyle(_ pseudoElement: PseudoElement, of element: Node, elementStyle: CSSStyle) -> CSSStyle? {
        guard let styled = walkStyled, styled.element == element.identifier else {
            return engine.pseudoElementStyle(pseudoElement, of: element, elementStyle: elementStyle)
        }
        let bit = PseudoStyles.bit(pseudoElement)
        if entries.pointer(toSlot: styled.slot).pointee.pseudoKnown & bit != 0 {
            return entries.pointer(toSlot: styled.slot).pointee.pseudo?[pseudoElement]
        }
        if engineDepth < walkLevels.count { enterEngine(above: element) }
        let style = engine.pseudoElementStyle(pseudoElement, of: element, elementStyle: elementStyle)
        guard !engine.wasStopped else { return style }
        // Nothing was inserted since `style(of:parent:)`: the slot holds.
        let entry = entries.pointer(toSlot: styled.slot)
        entry.pointee.pseudoKnown |= bit
        if let style {
            if entry.pointee.pseudo == nil { entry.pointee.pseudo = PseudoStyles() }
            entry.pointee.pseudo?[pseudoElement] = style
        }
        return style
    }

    /// Whether a selector match was cut short by `shouldStop` in this walk:
    /// styles since are not to be trusted, and the walk is to end.
    public var walkWasStopped: Bool { engine.wasStopped }

    /// Ends the walk (leaving what the engine still has entered). After a
    /// stopped walk every style is forgotten: one cut short may have been stored.
    public func endLayoutWalk() {
        guard isWalking else { return }
        for _ in 0..<engineDepth { engine.leave() }
        engineDepth = 0
        walkLevels.removeAll(keepingCapacity: true)
        walkStyled = nil
        isWalking = false
        engine.shouldStop = nil
        if engine.wasStopped {
            engine.wasStopped = false
            invalidateAll()
        }
    }
}
