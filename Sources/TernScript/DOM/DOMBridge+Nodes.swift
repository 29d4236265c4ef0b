internal import CJavaScriptCore
import TernDOM

/// Natives for namespaces, attributes with namespaces and adoption (the
/// JavaScript half is `ScriptPrelude.domNodes`).
extension DOMBridge {
    func installNodes(_ define: Define) {
        // An element's [namespaceURI, prefix, localName, tagName, isHTMLElementInHTMLDocument].
        define("names") { [unowned self] a in
            let node = try node(a[0])
            let name = node.elementName
            guard let array = jsc.JSObjectMakeArray!(ctx, 0, nil, nil) else { return null }
            let values: [JSValueRef] = [makeOptionalString(name.namespace), makeOptionalString(name.prefix),
                                        makeString(name.localName), makeString(node.tagName),
                                        makeBool(node.isHTMLElementInHTMLDocument)]
            for (index, value) in values.enumerated() { jsc.JSObjectSetPropertyAtIndex!(ctx, array, UInt32(index), value, nil) }
            return array
        }
        define("tagName") { [unowned self] a in makeString(try node(a[0]).tagName) }
        define("isHTMLDocument") { [unowned self] a in makeBool(try node(a[0]).document.isHTML) }
        // "Validate and extract": [namespace, prefix, localName] or a DOMException.
        define("validate") { [unowned self] a in
            let name = try Namespace.validateAndExtract(namespace: optionalString(a[0]), qualifiedName: string(a[1]),
                                                        context: bool(a[2]) ? .element : .attribute)
            return nameArray([name.namespace, name.prefix, name.localName])
        }
        define("createNS") { [unowned self] a in
            let document = try node(a[0]).document
            return handleValue(try document.createElement(namespace: optionalString(a[1]), qualifiedName: string(a[2])))
        }
        // Attributes: by qualified name, by namespace and local name, and the whole list.
        define("attrQ") { [unowned self] a in makeOptionalString(try node(a[0]).attribute(qualifiedName: string(a[1]))?.value) }
        define("hasAttrQ") { [unowned self] a in makeBool(try node(a[0]).hasAttribute(qualifiedName: string(a[1]))) }
        define("attrNS") { [unowned self] a in
            makeOptionalString(try node(a[0]).attribute(namespace: optionalString(a[1]), localName: string(a[2]))?.value)
        }
        define("setAttrNS") { [unowned self] a in
            try node(a[0]).setAttribute(namespace: optionalString(a[1]), qualifiedName: string(a[2]), value: string(a[3]))
            changed()
            return nil
        }
        define("removeAttrNS") { [unowned self] a in
            let removed = try node(a[0]).removeAttribute(namespace: optionalString(a[1]), localName: string(a[2]))
            if removed { changed() }
            return makeBool(removed)
        }
        // Sets (namespace, prefix, localName, value) in place or appends it (an Attr node's attribute).
        define("putAttr") { [unowned self] a in
            try node(a[0]).setAttribute(Node.Attribute(namespaceURI: optionalString(a[1]), prefix: optionalString(a[2]),
                                                       localName: string(a[3]), value: string(a[4])))
            changed()
            return nil
        }
        // Every attribute as [namespace, prefix, localName, value, …] (null for none).
        define("attrList") { [unowned self] a in
            nameArray(try node(a[0]).attributeList.flatMap { [$0.namespaceURI, $0.prefix, $0.localName, $0.value] })
        }
        define("byTagNS") { [unowned self] a in
            handleArray(try node(a[0]).elements(namespace: optionalString(a[1]), localName: string(a[2])))
        }
        define("lookupNS") { [unowned self] a in makeOptionalString(try node(a[0]).locateNamespace(prefix: optionalString(a[1]))) }
        define("lookupPrefix") { [unowned self] a in
            makeOptionalString(try node(a[0]).locateNamespacePrefix(namespace: string(a[1])))
        }
        define("createPI") { [unowned self] a in
            handleValue(try node(a[0]).document.createProcessingInstruction(target: string(a[1]), data: string(a[2])))
        }
        define("piTarget") { [unowned self] a in makeString(try node(a[0]).processingInstructionTarget) }
        // document.adoptNode(node): the node, now the document's.
        define("adopt") { [unowned self] a in
            let document = try node(a[0]).document, adopted = try node(a[1])
            let node = try document.adoptNode(adopted)
            rehome(node)
            changed()
            return handleValue(node)
        }
    }

    /// The string of a value, nil for null or undefined.
    func optionalString(_ value: JSValueRef?) -> String? { isNullish(value) ? nil : string(value) }

    /// An array of strings and nulls.
    func nameArray(_ items: [String?]) -> JSValueRef {
        guard let array = jsc.JSObjectMakeArray!(ctx, 0, nil, nil) else { return null }
        for (index, item) in items.enumerated() {
            jsc.JSObjectSetPropertyAtIndex!(ctx, array, UInt32(index), makeOptionalString(item), nil)
        }
        return array
    }

    // MARK: Adoption

    /// The nodes inserting `node` into `parent` moves from another document
    /// (a fragment's children, or the node), to rehome once inserted.
    func crossing(_ node: Node, into parent: Node) -> [Node] {
        guard node.document !== parent.document else { return [] }
        return node.isDocumentFragment ? Array(node.children) : [node]
    }

    /// Once `moved` are children of `parent`, the handle table names them and
    /// their descendants as nodes of `parent`'s document.
    func rehome(_ moved: [Node], in parent: Node) {
        guard !moved.isEmpty else { return }
        for child in parent.children where moved.contains(child) { rehome(child) }
    }

    /// Points every handle of `root`'s subtree at `root`'s document, in this
    /// bridge and in those of the windows sharing its engine (a frame's
    /// node adopted by its parent is the same node there too).
    func rehome(_ root: Node) {
        rehomeHere(root)
        for peer in peerBridges() { peer.rehomeHere(root) }
    }

    private func rehomeHere(_ root: Node) {
        root.walk { node in
            if let handle = handles[node] {
                handles.removeValue(forKey: node)
                handles[node] = handle
                slots[handle & DOMBridge.slotMask].node = node
            }
            return true
        }
    }
}
