import TernDOM

/// Mutations TernDOM makes without a script, told to the parts that watch
/// them (live ranges, NodeIterators, MutationObservers; `JS/dom-mutations.js`).
extension ScriptWindow {
    /// Runs the DOM's "insert" steps for `node`, which TernDOM has already put
    /// in its parent without a script (the parser adding a node while scripts
    /// run, the browser changing a form): an observer of the parent gets a
    /// `childList` record, live ranges after it move. A node without a parent,
    /// or in a document this window does not show, is ignored. Cheap when
    /// nothing watches, but it is one call into the engine per node.
    package func nodeInserted(_ node: Node) {
        guard node.parent != nil, node.document === dom.mainDocument else { return }
        _ = context.callInternal("__ternDOMInserted", [.number(Double(dom.handle(node)))])
    }
}
