import CLibXML2
import Glibc

/// A streaming HTML parser: feed it bytes as they arrive, look at the partial
/// `document` for a first layout, and `finish()` when the page has arrived.
///
///     let parser = HTMLParser(charset: response.charset)
///     parser.feed(chunk)            // as often as bytes arrive
///     let early = parser.document   // the tree so far
///     let document = parser.finish()
///
/// The pipeline: the first bytes are buffered until the encoding is known
/// (`EncodingSniffer`: BOM, then `charset`, then a `<meta>` prescan of the
/// first 1024 bytes, then UTF-8 if valid so far, else windows-1252); then
/// every chunk is decoded to UTF-8 (`InputDecoder`), made harmless
/// (`InputFilter`) and handed to libxml2's HTML push parser, which is told
/// the input is UTF-8 and to ignore `<meta charset>` (so nothing is decoded twice).
///
/// Not thread-safe: one parser belongs to one thread. Mutating the partial
/// `document` before `finish()` is not supported (libxml2 keeps pointers
/// into the tree it is building).
public final class HTMLParser {
    /// The encoding used, by its WHATWG name ("utf-8", "windows-1252", "gbk",
    /// "big5", "shift_jis", "euc-kr", "iso-8859-2" …). "utf-8" until decided.
    public private(set) var encoding: String = "utf-8"

    private let charset: TextEncoding?
    private var context: htmlParserCtxtPtr?
    private var sniffed: [UInt8] = []
    private var decoder: InputDecoder?
    private var filter = InputFilter()
    private let filtered = ByteBuffer(capacity: 64 * 1024)
    private var wrapper: Document?
    private var finished: Document?
    private let scripts = ScriptRecorder()

    /// The `<script>` elements libxml2 makes, as it makes them: in document
    /// order, since its HTML parser never moves a node once made.
    private final class ScriptRecorder {
        var elements: [xmlNodePtr] = []
    }

    /// Bytes handed to the decoder at a time, so buffers stay small.
    private static let sliceLength = 64 * 1024

    static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue
        | HTML_PARSE_IGNORE_ENC.rawValue)
        // 2.9 stops at nesting depth 256 without it, for HTML too (no HTML_ spelling).
        | Int32(XML_PARSE_HUGE.rawValue)

    /// `charset` is the HTTP Content-Type charset, if any; unknown labels are ignored.
    public init(charset: String?) {
        self.charset = charset.flatMap(TextEncoding.init(label:))
        Document.silenceParserErrors()
        context = htmlCreatePushParserCtxt(nil, nil, nil, 0, nil, XML_CHAR_ENCODING_UTF8)
        if let context {
            htmlCtxtUseOptions(context, HTMLParser.options)
            context.pointee._private = Unmanaged.passUnretained(scripts).toOpaque()
            context.pointee.sax.pointee.startElement = HTMLParser.startElement
        }
    }

    /// libxml2's own start-element handler, then a note of each `<script>` it made.
    private static let startElement: startElementSAXFunc = { context, name, attributes in
        xmlSAX2StartElement(context, name, attributes)
        guard let context, let name, xmlStrEqual(name, HTMLParser.scriptName) != 0 else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let node = parser.pointee.node, let recorder = parser.pointee._private else { return }
        Unmanaged<ScriptRecorder>.fromOpaque(recorder).takeUnretainedValue().elements.append(node)
    }

    private static let scriptName = UnsafeRawPointer(("script" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)

    deinit {
        guard let context else { return }
        // The tree belongs to the Document if one was made, else to no one.
        if wrapper == nil, let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
        context.pointee.myDoc = nil
        htmlFreeParserCtxt(context)
    }

    /// Parses the next bytes of the page.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard finished == nil, bytes.count > 0 else { return }
        if decoder == nil {
            sniffed.append(contentsOf: bytes)
            let ready = sniffed.withUnsafeBytes { EncodingSniffer.canDecide($0, charset: charset) }
            if ready { decideAndFeedSniffed(isComplete: false) }
            return
        }
        push(bytes)
    }

    /// Ends the input and returns the finished document. Calling it again
    /// returns the same document.
    @discardableResult
    public func finish() -> Document {
        if let finished { return finished }
        endInput()
        let doc = takeTree()
        let document = wrapper ?? Document(adopting: doc, encoding: encoding)
        document.parserScriptElements = scripts.elements.map { Node($0, in: document) }
        wrapper = document
        finished = document
        return document
    }

    /// The tree parsed so far (nil before any of it exists); after `finish()`,
    /// the finished document. The same object throughout.
    public var document: Document? {
        if let wrapper { return wrapper }
        guard let doc = context?.pointee.myDoc else { return nil }
        wrapper = Document(adopting: doc, encoding: encoding)
        return wrapper
    }

    /// For `Document(html:encoding:)`: parses everything and hands the tree over.
    static func parseWhole(_ bytes: UnsafeRawBufferPointer, charset: String?) -> (htmlDocPtr?, String) {
        let parser = HTMLParser(charset: charset)
        parser.feed(bytes)
        parser.endInput()
        return (parser.takeTree(), parser.encoding)
    }

    // MARK: Pipeline

    private func endInput() {
        if decoder == nil { decideAndFeedSniffed(isComplete: true) }
        decoder?.decode(UnsafeRawBufferPointer(start: nil, count: 0), isLast: true) { filter.process($0, into: filtered) }
        filter.finish(into: filtered)
        parse(filtered.count, terminate: true)
        if let doctype = filter.firstDoctype, let doc = context?.pointee.myDoc { HTMLDoctype(doctype).apply(to: doc) }
    }

    /// Takes the tree out of the parser context and frees the context.
    private func takeTree() -> htmlDocPtr? {
        guard let context else { return nil }
        let doc = context.pointee.myDoc
        context.pointee.myDoc = nil
        htmlFreeParserCtxt(context)
        self.context = nil
        return doc
    }

    private func decideAndFeedSniffed(isComplete: Bool) {
        let decision = sniffed.withUnsafeBytes {
            EncodingSniffer.decide($0, charset: charset, isComplete: isComplete)
        }
        encoding = decision.encoding.name
        decoder = InputDecoder(encoding: decision.encoding)
        let bytes = sniffed
        sniffed = []
        bytes.withUnsafeBytes { push(UnsafeRawBufferPointer(rebasing: $0.dropFirst(decision.bomLength))) }
    }

    private func push(_ bytes: UnsafeRawBufferPointer) {
        guard let decoder else { return }
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + HTMLParser.sliceLength, bytes.count)
            decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])) { filter.process($0, into: filtered) }
            parse(filter.safeCount, terminate: false)
            offset = end
        }
    }

    /// Hands the first `count` filtered bytes to libxml2 and drops them.
    private func parse(_ count: Int, terminate: Bool) {
        guard let context else { return }
        if count > 0 || terminate {
            filtered.base.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
                _ = htmlParseChunk(context, $0, Int32(count), terminate ? 1 : 0)
            }
        }
        guard count > 0 else { return }
        let rest = filtered.count - count
        if rest > 0 { memmove(filtered.base, filtered.base + count, rest) }
        filtered.count = rest
        filter.consumed(count)
    }
}
