import CLibXML2

/// Freeing the detached trees a page dropped (issue 29), before the document goes.
///
/// libxml2 frees only what hangs from the document, so a node taken out of
/// the tree or made and never inserted lives in `detachedNodes` until the
/// document is freed. A script that keeps making and dropping nodes would
/// grow without bound; the script engine therefore asks, at its collection
/// points, to free the detached trees it holds no node of.
///
/// Only trees no Swift code can hold may go. A tree that ever had a node in
/// a document's tree may be held by the browser (the last rendering's links
/// and controls, a pending script's element, a style sheet's owner, the
/// focus, a control's default value), and so may a node handed to the
/// browser for later (a form to submit, a link to follow). Such trees are
/// "kept": their roots sit in `keptRoots` and they are freed with the
/// document. Being kept travels with the nodes: a kept tree inserted into
/// another detached tree makes that tree kept, and a node removed from a
/// kept or connected tree is the root of a kept tree.
extension Document {
    /// Whether the tree `node` is in is connected or kept (see above).
    func isKept(treeOf node: xmlNodePtr) -> Bool {
        let root = Node.root(of: node)
        return Node.isDocumentNode(root) || keptRoots.contains(root)
    }

    /// Marks the tree `node` is in as kept (nothing for a connected node).
    func keep(treeOf node: xmlNodePtr) {
        let root = Node.root(of: node)
        if !Node.isDocumentNode(root) { keptRoots.insert(root) }
    }

    /// A node is being handed to code that holds it past this turn (a form
    /// submission, a link to follow): its tree is never freed before the document.
    public func keepTree(of node: Node) {
        guard node.document === self else { return }
        keep(treeOf: node.raw)
    }

    /// Frees every detached tree that is not kept and none of whose nodes
    /// `isHeld` names (the script engine's handles). Returns how many nodes
    /// were freed. Call only where no `Node` of such a tree can be in use:
    /// between tasks, once the engine has named what it holds.
    @discardableResult
    public func freeDroppedTrees(isHeld: (Node) -> Bool) -> Int {
        var freed = 0
        let candidates = freeCandidates
        freeCandidates = []
        // A candidate may have been inserted, kept or freed since: only a detached root counts.
        for root in candidates where detachedNodes.contains(root) && root.pointee.parent == nil && !keptRoots.contains(root) {
            var count = 0, held = false
            Document.walk(root) { current in
                count += 1
                if isHeld(Node(current, in: self)) { held = true }
                return !held
            }
            guard !held else {
                freeCandidates.insert(root)
                continue
            }
            detachedNodes.remove(root)
            xmlFreeNode(root)
            freed += count
        }
        return freed
    }
}
