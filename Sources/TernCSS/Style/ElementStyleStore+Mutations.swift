import TernDOM

/// The document's changes, turned into marks by the invalidation set.
extension ElementStyleStore: DocumentMutationObserver {
    public func attributeChanged(_ element: Node, localName: String, namespace: String?, oldValue: String?) {
        // HTML "update a style block", the link's fetch, the document base URL.
        if !sheetOwnersChanged, ElementStyleStore.ownsSheets(element), element.isConnected { sheetOwnersChanged = true }
        guard !entries.isEmpty else { return }
        var scope = invalidation.scope(forAttribute: localName, of: element, oldValue: oldValue)
        // HTML §15.2: `bgcolor`, a cell's `nowrap`, a font's `color` are the element's own declarations.
        if PresentationalHints.dependsOn(attribute: StyleInvalidationSet.asciiLowercased(localName), of: element) {
            scope.insert(.element)
        }
        if !reaches(element) { scope = scope.intersection(.document) }
        invalidate(scope, at: element)
    }

    public func childInserted(_ child: Node, into parent: Node) {
        childListChanged(parent, child: child, nextSibling: child.nextSibling)
    }

    public func childRemoved(_ child: Node, from parent: Node, previousSibling: Node?, nextSibling: Node?) {
        drop(child)
        childListChanged(parent, child: child, nextSibling: nextSibling)
    }

    public func characterDataChanged(_ node: Node) {
        guard let parent = node.parent else { return }
        if !sheetOwnersChanged, parent.isElement("style"), parent.isConnected { sheetOwnersChanged = true }
        guard !entries.isEmpty, node.isText else { return }
        if invalidation.usesRelational {
            if node.isConnected { invalidateAll() }
            return
        }
        guard entries[parent] != nil else { return }
        invalidate(invalidation.childContent, at: parent)
    }

    public func documentChanged(_ document: Document) {
        sheetOwnersChanged = true
        invalidateAll()
    }

    // MARK: Child lists

    /// `child` went into or out of `parent`, before `nextSibling`.
    private func childListChanged(_ parent: Node, child: Node, nextSibling: Node?) {
        if parent.isDocument {
            // A new (or no) root element: `:root`, and every inherited value.
            sheetOwnersChanged = true
            invalidateAll()
            return
        }
        if !sheetOwnersChanged, parent.isElement("style") || ElementStyleStore.holdsSheetOwner(child), parent.isConnected {
            sheetOwnersChanged = true
        }
        guard !entries.isEmpty, parent.isElement else { return }
        // Comments and processing instructions change no selector's answer.
        guard child.isElement || child.isText else { return }
        if invalidation.usesRelational || (invalidation.usesTarget && child.isElement) {
            if parent.isConnected { invalidateAll() }
            return
        }
        // Nothing under an unstored parent is stored.
        guard entries[parent] != nil else { return }
        // Selectors 4 §13.2 `:empty`: children and text.
        invalidate(invalidation.childContent, at: parent)
        guard child.isElement else { return }
        // §13.3 child-indexed pseudo-classes: every child's place may have moved.
        invalidate(invalidation.childIndex, at: parent)
        // §13.4 typed child-indexed: only among children of the child's type.
        if let any = invalidation.typedChildIndex["*"] { invalidate(any, at: parent) }
        if let typed = invalidation.typedChildIndex[child.name] { invalidate(typed, at: parent) }
        if parent.isElement("fieldset") { invalidate(invalidation.fieldsetChildren, at: parent) }
        // §14.3–14.4: the elements after it are preceded by something else now.
        var after = nextSibling
        while let node = after, !node.isElement { after = node.nextSibling }
        if let first = after {
            let following = invalidation.followingSiblingInsertion
            invalidate(invalidation.nextSiblingInsertion.union(following).union(StyleInvalidationScope.followingSiblings.then(following)),
                       at: first)
        }
    }

    // MARK: Helpers

    /// Whether a mark on `element` can reach a stored element without
    /// `.document`: it or its parent is stored (a stored element's parent is).
    private func reaches(_ element: Node) -> Bool {
        if entries[element] != nil { return true }
        guard let parent = element.parentElement else { return false }
        return entries[parent] != nil
    }

    /// `<style>`, `<link>` and `<base>` decide the document's sheets (and where their URLs resolve).
    static func ownsSheets(_ element: Node) -> Bool {
        element.isElement("style") || element.isElement("link") || element.isElement("base")
    }

    /// Whether `node` is or holds such an element (its subtree is walked: the
    /// cost of a change is that of the nodes it moved).
    static func holdsSheetOwner(_ node: Node) -> Bool {
        guard node.isElement else { return false }
        if ownsSheets(node) { return true }
        guard node.firstChild != nil else { return false }
        var found = false
        node.walk { current in
            if !found, current.isElement, ownsSheets(current) { found = true }
            return !found && current.isElement
        }
        return found
    }
}
