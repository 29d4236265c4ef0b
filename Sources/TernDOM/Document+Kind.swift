import CLibXML2

/// What kind of document this is (https://dom.spec.whatwg.org/#concept-document-type):
/// HTML or XML, its content type, compat mode and encoding name, and its
/// doctype's parts. An XML document is one whose libxml2 tree is an
/// `XML_DOCUMENT_NODE` (libxml2's XML parser, `createDocument`, `new Document()`);
/// an HTML document is an `XML_HTML_DOCUMENT_NODE`.
extension Document {
    /// The DOM's "HTML document" (otherwise an "XML document"): HTML-only
    /// rules (lower-cased names, upper-case `tagName`) apply only here.
    public var isHTML: Bool {
        guard let doc = xmlDocument else { return true }
        return doc.pointee.type == XML_HTML_DOCUMENT_NODE
    }

    /// An empty XML document (no children) of content type `contentType`:
    /// `DOMImplementation.createDocument` and `new Document()` start from it.
    public static func makeXML(contentType: String = "application/xml") -> Document {
        let doc = xmlNewDoc("1.0")
        if let doc {
            // The names in a document made here are not interned: libxml2 frees
            // each with xmlFree, as it does for nodes made without a dictionary.
            doc.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        }
        let document = Document(adopting: doc, encoding: "utf-8")
        document.contentType = contentType
        return document
    }

    /// The encoding's name as the DOM shows it (`document.characterSet`):
    /// the Encoding Standard's canonical spelling ("UTF-8", "windows-1252",
    /// "Shift_JIS"), where `characterSet` is its lower-case key.
    public var characterSetName: String {
        Document.canonicalEncodingNames[characterSet] ?? characterSet
    }

    /// https://encoding.spec.whatwg.org/#names-and-labels (names that are not all lower case).
    static let canonicalEncodingNames: [String: String] = [
        "utf-8": "UTF-8", "ibm866": "IBM866", "iso-8859-2": "ISO-8859-2", "iso-8859-3": "ISO-8859-3",
        "iso-8859-4": "ISO-8859-4", "iso-8859-5": "ISO-8859-5", "iso-8859-6": "ISO-8859-6", "iso-8859-7": "ISO-8859-7",
        "iso-8859-8": "ISO-8859-8", "iso-8859-8-i": "ISO-8859-8-I", "iso-8859-10": "ISO-8859-10",
        "iso-8859-13": "ISO-8859-13", "iso-8859-14": "ISO-8859-14", "iso-8859-15": "ISO-8859-15",
        "iso-8859-16": "ISO-8859-16", "koi8-r": "KOI8-R", "koi8-u": "KOI8-U", "gbk": "GBK", "big5": "Big5",
        "euc-jp": "EUC-JP", "iso-2022-jp": "ISO-2022-JP", "shift_jis": "Shift_JIS", "euc-kr": "EUC-KR",
        "utf-16be": "UTF-16BE", "utf-16le": "UTF-16LE",
    ]

    // MARK: Quirks mode

    /// The document's mode (https://dom.spec.whatwg.org/#concept-document-mode).
    public enum Mode: Hashable {
        case noQuirks, limitedQuirks, quirks
    }

    /// The mode, as HTML's "initial" insertion mode decides it from the
    /// DOCTYPE token (https://html.spec.whatwg.org/#the-initial-insertion-mode).
    /// libxml2's HTML parser does not compute it, so it is read from the
    /// doctype node it kept. An XML document is never in quirks mode.
    /// (A document without a doctype gets libxml2's default HTML 4.0
    /// Transitional one, which is quirks too, as no doctype is.)
    public var mode: Mode {
        guard isHTML else { return .noQuirks }
        guard let dtd = xmlDocument?.pointee.intSubset else { return .quirks }
        let name = dtd.pointee.name.map { String(cString: $0) } ?? ""
        let publicID = dtd.pointee.ExternalID.map { String(cString: $0) }
        let systemID = dtd.pointee.SystemID.map { String(cString: $0) }
        return Document.mode(name: name, publicID: publicID, systemID: systemID)
    }

    /// The DOCTYPE steps of the initial insertion mode (names compared ASCII case-insensitively).
    static func mode(name: String, publicID: String?, systemID: String?) -> Mode {
        let publicLower = publicID.map(Node.asciiLowercased)
        let systemLower = systemID.map(Node.asciiLowercased)
        if Node.asciiLowercased(name) != "html" { return .quirks }
        if let publicLower {
            if quirksPublicIDs.contains(publicLower) { return .quirks }
            if quirksPublicIDPrefixes.contains(where: { publicLower.hasPrefix($0) }) { return .quirks }
            if systemLower == nil, systemIDDependentPrefixes.contains(where: { publicLower.hasPrefix($0) }) { return .quirks }
        }
        if systemLower == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
        if let publicLower {
            if publicLower.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//")
                || publicLower.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//") { return .limitedQuirks }
            if systemLower != nil, systemIDDependentPrefixes.contains(where: { publicLower.hasPrefix($0) }) { return .limitedQuirks }
        }
        return .noQuirks
    }

    private static let quirksPublicIDs: Set<String> = [
        "-//w3o//dtd w3 html strict 3.0//en//", "-/w3c/dtd html 4.0 transitional/en", "html",
    ]
    private static let systemIDDependentPrefixes = [
        "-//w3c//dtd html 4.01 frameset//", "-//w3c//dtd html 4.01 transitional//",
    ]
    private static let quirksPublicIDPrefixes = [
        "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
        "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
        "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//", "-//ietf//dtd html 2.0 strict level 2//",
        "-//ietf//dtd html 2.0 strict//", "-//ietf//dtd html 2.0//", "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//",
        "-//ietf//dtd html 3.2 final//", "-//ietf//dtd html 3.2//", "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//",
        "-//ietf//dtd html level 1//", "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//",
        "-//ietf//dtd html strict level 0//", "-//ietf//dtd html strict level 1//", "-//ietf//dtd html strict level 2//",
        "-//ietf//dtd html strict level 3//", "-//ietf//dtd html strict//", "-//ietf//dtd html//",
        "-//metrius//dtd metrius presentational//", "-//microsoft//dtd internet explorer 2.0 html strict//",
        "-//microsoft//dtd internet explorer 2.0 html//", "-//microsoft//dtd internet explorer 2.0 tables//",
        "-//microsoft//dtd internet explorer 3.0 html strict//", "-//microsoft//dtd internet explorer 3.0 html//",
        "-//microsoft//dtd internet explorer 3.0 tables//", "-//netscape comm. corp.//dtd html//",
        "-//netscape comm. corp.//dtd strict html//", "-//o'reilly and associates//dtd html 2.0//",
        "-//o'reilly and associates//dtd html extended 1.0//", "-//o'reilly and associates//dtd html extended relaxed 1.0//",
        "-//sq//dtd html 2.0 hotmetal + extensions//", "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
        "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//", "-//spyglass//dtd html 2.0 extended//",
        "-//sun microsystems corp.//dtd hotjava html//", "-//sun microsystems corp.//dtd hotjava strict html//",
        "-//w3c//dtd html 3 1995-03-24//", "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//",
        "-//w3c//dtd html 3.2//", "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//",
        "-//w3c//dtd html 4.0 transitional//", "-//w3c//dtd html experimental 19960712//",
        "-//w3c//dtd html experimental 970421//", "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//",
        "-//webtechs//dtd mozilla html 2.0//", "-//webtechs//dtd mozilla html//",
    ]

    // MARK: Doctypes

    /// The DOM's `createDocumentType` (https://dom.spec.whatwg.org/#dom-domimplementation-createdocumenttype):
    /// a detached doctype node of this document. Throws `.invalidCharacter`
    /// unless `name` is a valid doctype name (no ASCII whitespace, U+0000 or ">").
    public func createDocumentType(name: String, publicID: String, systemID: String) throws(DOMError) -> Node {
        guard Document.isValidDoctypeName(name) else { throw .invalidCharacter }
        // Made without a document: xmlNewDtd(doc, …) would make it the
        // document's external subset, which xmlFreeDoc frees a second time.
        guard let dtd = xmlNewDtd(nil, name, publicID, systemID) else { fatalError("libxml2: out of memory") }
        dtd.pointee.doc = xmlDocument
        return adopt(UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self))
    }

    /// https://dom.spec.whatwg.org/#valid-doctype-name
    static func isValidDoctypeName(_ name: String) -> Bool {
        !name.utf8.contains { Node.isASCIIWhitespace($0) || $0 == 0 || $0 == UInt8(ascii: ">") }
    }
}

extension Node {
    /// A doctype's name, public ID and system ID ("" for each missing one);
    /// nil when the node is not a doctype.
    public var doctypeParts: (name: String, publicID: String, systemID: String)? {
        guard raw.pointee.type == XML_DTD_NODE || raw.pointee.type == XML_DOCUMENT_TYPE_NODE else { return nil }
        guard raw.pointee.type == XML_DTD_NODE else { return (raw.pointee.name.map { String(cString: $0) } ?? "", "", "") }
        let dtd = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: xmlDtd.self)
        return (dtd.pointee.name.map { String(cString: $0) } ?? "",
                dtd.pointee.ExternalID.map { String(cString: $0) } ?? "",
                dtd.pointee.SystemID.map { String(cString: $0) } ?? "")
    }
}
