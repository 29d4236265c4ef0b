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
        walkStyled = nil
        isWalking = true
    }

    /// `element`'s style inside a parent styled `parent` (the style this walk
    /// gave the parent; nil for the root): the stored one when the element is
    /// not marked and its parent was not restyled to another style since it
    /// was computed, else computed now and stored.
    public func style(of element: Node, parent: CSSStyle?) -> CSSStyle {
        let level = walkLevels.last ?? WalkLevel(descendantsStamp: 0, childrenStamp: 0)
        let entry: Entry
        let (slot, found) = entries.probe(element)
        if found {
            let known = entries[slot: slot]
            if !isStale(known, descendantsStamp: level.descendantsStamp, childrenStamp: level.childrenStamp) {
                entry = known
                // What `computedStyle(for:parent:)` would have noted for `rem`.
                if parent == nil { engine.rootFontSize = known.style.fontSize }
            } else {
                entry = restyle(element, parent: parent, old: known, slot: slot)
            }
        } else {
            entry = restyle(element, parent: parent, old: nil, slot: slot)
        }
        if isWalking { walkStyled = (element.identifier, WalkLevel(descendantsStamp: entry.descendantsStamp, childrenStamp: entry.childrenStamp)) }
        return entry.style
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
        engine.enter(element)
    }

    /// After `element`'s children: undoes the matching `enter`.
    public func leave() {
        guard walkLevels.popLast() != nil else { return }
        walkStyled = nil
        engine.leave()
    }

    /// `element`'s `pseudoElement` style (nil when it generates no box), right
    /// after `style(of:parent:)` styled `element` and before `enter`. Not kept.
    public func pseudoElementStyle(_ pseudoElement: PseudoElement, of element: Node, elementStyle: CSSStyle) -> CSSStyle? {
        engine.pseudoElementStyle(pseudoElement, of: element, elementStyle: elementStyle)
    }

    /// Whether a selector match was cut short by `shouldStop` in this walk:
    /// styles since are not to be trusted, and the walk is to end.
    public var walkWasStopped: Bool { engine.wasStopped }

    /// Ends the walk (leaving what is still entered). After a stopped walk
    /// every style is forgotten: one cut short may have been stored.
    public func endLayoutWalk() {
        guard isWalking else { return }
        for _ in walkLevels { engine.leave() }
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
