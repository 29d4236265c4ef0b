import CLibXML2

/// The `head` and `body` elements HTML's tree builder always makes
/// (HTML §13.2.6.4.3 "before head": any content but a head element implies
/// one; §13.2.6.4.6 "after head": content implies `body`, and so does the
/// end of the input). libxml2 implies `head` only for head content (`title`,
/// `meta` …) and `body` only when content comes, so a page of `<p>hi` has no
/// `head` and a page of `<title>t` no `body`: scripts read `document.head`
/// or `document.body` as null where every browser has them.
enum HTMLImpliedElements {
    /// Puts in what the tree builder would have made by now: a `head` before
    /// the root's first element once that is not a `head` (libxml2 is past
    /// the head then, and never makes one later), and at the end of the
    /// input a `head` and a `body` when missing. Only in an `html` root.
    static func complete(_ doc: htmlDocPtr, inputEnded: Bool) {
        guard let html = xmlDocGetRootElement(doc), xmlStrEqual(html.pointee.name, "html") != 0 else { return }
        var firstElement: xmlNodePtr?
        var hasHead = false, hasBody = false
        var child = html.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, let name = current.pointee.name {
                if firstElement == nil { firstElement = current }
                if xmlStrEqual(name, "head") != 0 { hasHead = true }
                if xmlStrEqual(name, "body") != 0 || xmlStrEqual(name, "frameset") != 0 { hasBody = true }
            }
            child = current.pointee.next
        }
        if !hasHead, firstElement != nil || inputEnded, let head = xmlNewDocNode(doc, nil, "head", nil) {
            Node.link(head, into: html, before: firstElement)
        }
        if inputEnded, !hasBody, let body = xmlNewDocNode(doc, nil, "body", nil) {
            Node.link(body, into: html, before: nil)
        }
    }
}
