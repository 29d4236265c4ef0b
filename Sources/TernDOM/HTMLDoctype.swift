import CLibXML2

/// A DOCTYPE token as HTML's tokenizer reads it
/// (https://html.spec.whatwg.org/#doctype-state and the states after it),
/// from the bytes `InputFilter` saw between `<!DOCTYPE` and `>`.
/// libxml2's HTML parser loses the public and system identifiers (the filter
/// drops their quotes so that libxml2 reads every doctype one way), so they
/// are put back on the doctype node from here; `Document.mode` reads them.
/// FIXME: the force-quirks flag itself is not kept (a doctype without a
/// name, or with a bogus keyword): such a document is in no-quirks mode
/// when its name is "html".
struct HTMLDoctype {
    var name = ""
    var publicID: String?
    var systemID: String?
    var forceQuirks = false

    init(_ bytes: [UInt8]) {
        var index = 0
        func skipWhitespace() { while index < bytes.count, Node.isASCIIWhitespace(bytes[index]) { index += 1 } }
        func identifier() -> String? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else { forceQuirks = true; return nil }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            if index == bytes.count { forceQuirks = true }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            return text
        }
        skipWhitespace()
        let nameStart = index
        while index < bytes.count, !Node.isASCIIWhitespace(bytes[index]) { index += 1 }
        name = Node.asciiLowercased(String(decoding: bytes[nameStart..<index], as: UTF8.self))
        if name.isEmpty { forceQuirks = true; return }
        skipWhitespace()
        guard index + 6 <= bytes.count else { if index < bytes.count { forceQuirks = true }; return }
        let keyword = Node.asciiLowercased(String(decoding: bytes[index..<index + 6], as: UTF8.self))
        index += 6
        switch keyword {
        case "public":
            publicID = identifier()
            guard publicID != nil else { return }
            skipWhitespace()
            if index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 { systemID = identifier() }
        case "system":
            systemID = identifier()
        default:
            forceQuirks = true
        }
    }

    /// Puts the identifiers on the document's doctype node (libxml2 made it
    /// from the same doctype, without them).
    func apply(to doc: xmlDocPtr) {
        guard let dtd = doc.pointee.intSubset else { return }
        if let old = dtd.pointee.ExternalID { xmlFree(UnsafeMutableRawPointer(mutating: old)) }
        if let old = dtd.pointee.SystemID { xmlFree(UnsafeMutableRawPointer(mutating: old)) }
        dtd.pointee.ExternalID = publicID.map { UnsafePointer(xmlStrdup($0)) }
        dtd.pointee.SystemID = systemID.map { UnsafePointer(xmlStrdup($0)) }
    }
}
