import CLibXML2

extension Node {
    /// The `<style>` and `<link>` elements of this node's subtree in tree
    /// order, as CSSOM §6.2 collects a document's sheets (HTML §4.2.6),
    /// with the first `<head>`: nothing inside `<template>` (its contents
    /// are not in the document) nor, with scripting on, inside `<noscript>`
    /// (HTML §13.2.6.4.4: it holds text then). A pointer walk that makes a
    /// `Node` only for what it returns: the sheets are collected on every
    /// load, over every element of the page.
    public func styleSheetOwners(scripting: Bool) -> (owners: [Node], head: Node?) {
        var owners: [Node] = []
        var head: xmlNodePtr?
        Document.walk(raw) { current in
            switch current.pointee.type {
            case XML_ELEMENT_NODE: break
            case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_FRAG_NODE: return true
            default: return false
            }
            guard let name = current.pointee.name else { return true }
            switch name.pointee {
            case UInt8(ascii: "s") where xmlStrEqual(name, "style") != 0,
                 UInt8(ascii: "l") where xmlStrEqual(name, "link") != 0:
                owners.append(Node(current, in: document))
                return false
            case UInt8(ascii: "h") where head == nil && xmlStrEqual(name, "head") != 0:
                head = current
                return true
            case UInt8(ascii: "t") where xmlStrEqual(name, "template") != 0:
                return false
            case UInt8(ascii: "n") where scripting && xmlStrEqual(name, "noscript") != 0:
                return false
            default:
                return true
            }
        }
        return (owners, head.map { Node($0, in: document) })
    }
}
