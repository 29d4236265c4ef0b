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
/// Scripts (HTML §13.2.6.4.8, "an end tag whose tag name is script"): when
/// `scriptEnded` is set, the parser stops after each `</script>` it reaches
/// and calls it with the script element, which sees only what came before
/// it; the handler may run the script (and mutate the document: the nodes a
/// script removes stay allocated until the document goes, so libxml2's
/// pointers stay valid) and may answer `true` to pause the parser (a
/// parsing-blocking script): bytes fed meanwhile are held until `resume()`.
/// While the handler runs, and inside `executeScript`, there is an insertion
/// point: `write(_:)` (`document.write`) parses its markup there, before
/// the held bytes.
///
/// Not thread-safe: one parser belongs to one thread. Mutating the partial
/// `document` is only supported from `scriptEnded` and `executeScript`
/// (libxml2 keeps pointers into the tree it is building).
public final class HTMLParser {
    /// Called at each script end the parser reaches (see the type's
    /// comment); `true` pauses the parser until `resume()`.
    public var scriptEnded: ((Node) -> Bool)?
    /// The parser waits for `resume()` (a parsing-blocking script).
    public private(set) var isPaused = false
    /// The whole input is parsed (`finish()` was called and nothing is held).
    public var isComplete: Bool { finished != nil }
    /// Called when the document is completed later than `finish()` (by
    /// `resume()`, or after the script that was running at `finish()`).
    public var didComplete: (() -> Void)?
    /// HTML's script nesting level: scripts running from the parser.
    private var nestingLevel = 0
    /// `document.write` calls inside one another (a page writing itself).
    private var writeDepth = 0
    /// The most nested writes parsed; deeper ones are dropped.
    public static let maxWriteDepth = 20
    /// The most bytes all writes may insert into one page; later ones are dropped.
    public static let maxWrittenBytes = 256 << 10
    private var writtenBytes = 0
    /// `finish()` was called: the input has ended.
    private var inputEnded = false
    /// Where `heldScriptSources` goes on in `filtered`.
    private var scanOffset = 0
    /// The bytes at the start of `filtered` libxml2 has had; dropped from the
    /// buffer once they are half of it (so that many short chunks between
    /// scripts do not move the held rest each time).
    private var head = 0
    /// Where each `write` being parsed ends, from the first byte libxml2 has not had (a stack).
    private var writeEnds: [Int] = []
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
        /// Script elements whose end libxml2 reached, not yet reported.
        var ended: [xmlNodePtr] = []
        /// `iframe` and `frame` elements made so far.
        var frameElements = 0
        /// An element with `autofocus` was made.
        var sawAutofocus = false
        /// The document being built, once it has a wrapper (it learns of frame elements).
        /// Not weak: a weak reference gives the document a side table, and
        /// every retain and release of it (each `Node` made or copied holds
        /// it) then takes the slow path. The parser holds it (`wrapper`) for
        /// as long as it holds this recorder, and libxml2 calls back only
        /// while the parser parses.
        unowned(unsafe) var document: Document?
    }

    /// How many `iframe` and `frame` elements the parser has made: a frame's
    /// browsing context is made when its element is inserted (HTML "the
    /// iframe element"), so a script after one finds it in `window.frames`.
    public var frameElementCount: Int { scripts.frameElements }

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
            context.pointee.sax.pointee.endElement = HTMLParser.endElement
        }
    }

    /// A note of each `</script>` libxml2 reaches, then its own end-element handler.
    private static let endElement: endElementSAXFunc = { context, name in
        if let context, let name, xmlStrEqual(name, HTMLParser.scriptName) != 0 {
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
            if let node = parser.pointee.node, let recorder = parser.pointee._private,
               xmlStrEqual(node.pointee.name, HTMLParser.scriptName) != 0 {
                Unmanaged<ScriptRecorder>.fromOpaque(recorder).takeUnretainedValue().ended.append(node)
            }
        }
        xmlSAX2EndElement(context, name)
    }

    /// libxml2's own start-element handler, then a note of each `<script>` it made.
    private static let startElement: startElementSAXFunc = { context, name, attributes in
        if let context, let name { leaveHead(context.assumingMemoryBound(to: xmlParserCtxt.self), before: name) }
        xmlSAX2StartElement(context, name, attributes)
        guard let context, let name else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        if let attributes { noteAutofocus(attributes, parser) }
        if xmlStrEqual(name, HTMLParser.iframeName) != 0 || xmlStrEqual(name, HTMLParser.frameName) != 0,
           let recorder = parser.pointee._private {
            let scripts = Unmanaged<ScriptRecorder>.fromOpaque(recorder).takeUnretainedValue()
            scripts.frameElements += 1
            scripts.document?.parserMadeFrameElements = true
            return
        }
        guard xmlStrEqual(name, HTMLParser.scriptName) != 0 else { return }
        guard let node = parser.pointee.node, let recorder = parser.pointee._private else { return }
        Unmanaged<ScriptRecorder>.fromOpaque(recorder).takeUnretainedValue().elements.append(node)
    }

    /// Notes an `autofocus` attribute (names come lower-cased, in name/value pairs).
    private static func noteAutofocus(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, _ parser: htmlParserCtxtPtr) {
        var index = 0
        while let attribute = attributes[index] {
            if attribute.pointee == UInt8(ascii: "a"), xmlStrEqual(attribute, autofocusName) != 0, let recorder = parser.pointee._private {
                let scripts = Unmanaged<ScriptRecorder>.fromOpaque(recorder).takeUnretainedValue()
                scripts.sawAutofocus = true
                scripts.document?.parserSawAutofocus = true
                return
            }
            index += 2
        }
    }

    private static let autofocusName = UnsafeRawPointer(("autofocus" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)

    /// HTML §13.2.6.4.4 "in head": a start tag of anything but head content
    /// ends the head, and §13.2.6.4.6 "after head" implies the body. libxml2
    /// closes its head for most elements but not for some (`input`,
    /// `button`, `select` …), which it then puts in the head: here, when the
    /// element about to be made is inside the open head, the head is closed
    /// and a body opened in its place, in the tree and in libxml2's stack of
    /// open elements (the element's own name is already pushed above it).
    private static func leaveHead(_ parser: htmlParserCtxtPtr, before name: UnsafePointer<xmlChar>) {
        guard let node = parser.pointee.node, xmlStrEqual(node.pointee.name, headName) != 0,
              !headContent.contains(where: { xmlStrEqual(name, $0) != 0 }), let names = parser.pointee.nameTab else { return }
        let depth = Int(parser.pointee.nameNr)
        // The head's place in the stack: below the new element's name, or on top.
        guard let slot = [depth - 2, depth - 1].first(where: { $0 >= 0 && names[$0].map { xmlStrEqual($0, headName) != 0 } ?? false })
        else { return }
        xmlSAX2EndElement(parser, headName)
        names[slot] = bodyName
        if slot == depth - 1 { parser.pointee.name = bodyName }
        xmlSAX2StartElement(parser, bodyName, nil)
    }

    /// What stays in the head (§13.2.6.4.4), and the names libxml2 itself places.
    private static let headContent: [UnsafePointer<xmlChar>] = [
        "base", "basefont", "bgsound", "link", "meta", "title", "noscript", "noframes", "style", "script", "template",
        "html", "head", "body", "frameset",
    ].map { name in
        let bytes = Array(name.utf8) + [0]
        let pointer = UnsafeMutablePointer<xmlChar>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(pointer)
    }

    private static let headName = UnsafeRawPointer(("head" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)
    private static let bodyName = UnsafeRawPointer(("body" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)
    private static let scriptName = UnsafeRawPointer(("script" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)
    private static let iframeName = UnsafeRawPointer(("iframe" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)
    private static let frameName = UnsafeRawPointer(("frame" as StaticString).utf8Start).assumingMemoryBound(to: xmlChar.self)

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

    /// Ends the input and returns the document: finished (`isComplete`),
    /// unless the parser is paused, when it is finished by the `resume()`
    /// that parses the rest. Calling it again returns the same document.
    @discardableResult
    public func finish() -> Document {
        if let finished { return finished }
        if !inputEnded {
            if decoder == nil { decideAndFeedSniffed(isComplete: true) }
            decoder?.decode(UnsafeRawBufferPointer(start: nil, count: 0), isLast: true) { filter.process($0, into: filtered) }
            filter.finish(into: filtered)
            inputEnded = true
            if !isPaused && nestingLevel == 0 { parse() }
        }
        if let finished { return finished }
        return document ?? completeDocument()
    }

    /// Ends the pause `scriptEnded` asked for: runs `script` (the
    /// parsing-blocking script, with the insertion point before the held
    /// bytes), then parses the held bytes up to the next pause, and finishes
    /// the document when the input has ended.
    public func resume(running script: (() -> Void)? = nil) {
        guard isPaused else { return }
        isPaused = false
        if let script { executeScript(script) }
        if nestingLevel == 0, !isPaused { parse() }
    }

    /// The `src` of the classic `<script>` start tags in the bytes held (not
    /// yet parsed) that no earlier call looked at, in order: a speculative
    /// scan (HTML §13.2.2) that lets their fetches start while the parser
    /// waits. Each held byte is looked at once, however often the parser pauses.
    public func heldScriptSources() -> [String] {
        var sources: [String] = []
        let base = filtered.base
        let n = filtered.count
        var i = min(max(scanOffset, head), n)
        defer { scanOffset = i }
        let name: [UInt8] = Array("script".utf8)
        while i < n {
            guard let found = memchr(base + i, 0x3C, n - i) else { i = n; break }
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // "<script" and a blank, or wait for more bytes.
            guard start + 8 <= n else { i = start; break }
            var isScript = true
            for k in 0..<6 where InputFilter.lower(base[start + 1 + k]) != name[k] { isScript = false; break }
            guard isScript, InputFilter.isBlank(base[start + 7]) else { i = start + 1; continue }
            guard let close = memchr(base + start, 0x3E, min(n - start, 4096)) else {
                // The tag goes on in bytes not here yet (or is absurdly long).
                if n - start < 4096 { i = start; break }
                i = start + 1
                continue
            }
            let end = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
            i = end + 1
            let tag = UnsafeBufferPointer(start: base + start, count: end - start).map(InputFilter.lower)
            func find(_ word: String) -> Int? {
                let w = Array(word.utf8)
                guard tag.count >= w.count else { return nil }
                for k in 0...(tag.count - w.count) where tag[k..<(k + w.count)].elementsEqual(w) { return k + w.count }
                return nil
            }
            guard find("module") == nil, var k = find("src=") else { continue }
            while k < tag.count, tag[k] == 0x20 { k += 1 }
            var value = UnsafeBufferPointer(start: base + start + k, count: end - start - k)[...]
            if let quote = value.first, quote == 0x22 || quote == 0x27 {
                value = value.dropFirst().prefix { $0 != quote }
            } else {
                value = value.prefix { $0 != 0x20 }
            }
            let src = HTMLParser.decodeFilteredReferences(ArraySlice(value))
            if !src.isEmpty { sources.append(src) }
        }
        return sources
    }

    /// An attribute value as the filter wrote it, its `&amp;` and `&#xHEX;`
    /// references decoded.
    static func decodeFilteredReferences(_ value: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var k = value.startIndex
        while k < value.endIndex {
            if value[k] == 0x26, let semicolon = value[k...].firstIndex(of: 0x3B), semicolon - k <= 10 {
                let name = Array(value[(k + 1)..<semicolon])
                if name == Array("amp".utf8) {
                    out.append(0x26); k = semicolon + 1; continue
                }
                if name.count > 2, name[0] == 0x23, name[1] | 0x20 == 0x78 {
                    var scalar: UInt32 = 0
                    var valid = true
                    for c in name.dropFirst(2) {
                        guard let digit = InputFilter.hexValue(c) else { valid = false; break }
                        scalar = scalar &* 16 &+ digit
                    }
                    if valid, scalar < 0x80 { out.append(UInt8(scalar)); k = semicolon + 1; continue }
                }
            }
            out.append(value[k])
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Stops parsing for good (the page is left): nothing more is parsed.
    public func abort() {
        isPaused = true
        scriptEnded = nil
    }

    /// Runs `body` (a parser-inserted script the parser waited for) with the
    /// insertion point before the held bytes, so that `write` inserts there.
    public func executeScript(_ body: () -> Void) {
        nestingLevel += 1
        body()
        nestingLevel -= 1
    }

    /// HTML §8.4.3 `document.write` with an insertion point: `markup` goes
    /// into the input just before the held bytes and is parsed at once (up to
    /// its end, or to a script in it that pauses the parser). False when
    /// there is no insertion point (no parser script is running, or the
    /// input was all parsed): the caller opens a new document instead.
    /// Markup nested deeper than `maxWriteDepth` writes is dropped.
    public func write(_ markup: String) -> Bool {
        guard nestingLevel > 0, finished == nil, context != nil else { return false }
        guard writeDepth < HTMLParser.maxWriteDepth, writtenBytes < HTMLParser.maxWrittenBytes else { return true }
        writtenBytes += markup.utf8.count
        var written = InputFilter()
        let buffer = ByteBuffer(capacity: markup.utf8.count + 64)
        var copy = markup
        copy.withUTF8 { written.process(UnsafeRawBufferPointer($0), into: buffer) }
        written.finish(into: buffer)
        let n = buffer.count
        guard n > 0 else { return true }
        // Into `filtered` at its logical start: the insertion point.
        compact()
        filtered.reserve(n)
        if filtered.count > 0 { memmove(filtered.base + n, filtered.base, filtered.count) }
        filtered.base.update(from: buffer.base, count: n)
        filtered.count += n
        filter.inserted(n, scriptEnds: written.scriptEnds)
        scanOffset += n
        for i in writeEnds.indices { writeEnds[i] += n }
        guard !isPaused else { return true }
        writeDepth += 1
        writeEnds.append(n)
        parse()
        writeEnds.removeLast()
        writeDepth -= 1
        return true
    }

    /// The tree parsed so far (nil before any of it exists); after `finish()`,
    /// the finished document. The same object throughout.
    public var document: Document? {
        if let wrapper { return wrapper }
        guard let doc = context?.pointee.myDoc else { return nil }
        let document = Document(adopting: doc, encoding: encoding)
        document.parserMadeFrameElements = scripts.frameElements > 0
        document.parserSawAutofocus = scripts.sawAutofocus
        scripts.document = document
        wrapper = document
        return document
    }

    /// For `Document(html:encoding:)`: parses everything and hands the tree over.
    static func parseWhole(_ bytes: UnsafeRawBufferPointer, charset: String?) -> (htmlDocPtr?, String) {
        let parser = HTMLParser(charset: charset)
        parser.feed(bytes)
        if parser.decoder == nil { parser.decideAndFeedSniffed(isComplete: true) }
        parser.decoder?.decode(UnsafeRawBufferPointer(start: nil, count: 0), isLast: true) {
            parser.filter.process($0, into: parser.filtered)
        }
        parser.filter.finish(into: parser.filtered)
        parser.parseChunk(parser.filtered.count - parser.head, terminate: true)
        return (parser.takeTree(), parser.encoding)
    }

    // MARK: Pipeline

    /// The document, once libxml2 has read the end of the input.
    private func completeDocument() -> Document {
        let doc = takeTree()
        let document = wrapper ?? Document(adopting: doc, encoding: encoding)
        document.parserScriptElements = scripts.elements.map { Node($0, in: document) }
        document.parserMadeFrameElements = scripts.frameElements > 0
        wrapper = document
        finished = document
        return document
    }

    /// Takes the tree out of the parser context and frees the context.
    private func takeTree() -> htmlDocPtr? {
        guard let context else { return nil }
        let doc = context.pointee.myDoc
        // libxml2 drops the doctype's identifiers: put back what the input said.
        if let doctype = filter.firstDoctype, let doc { HTMLDoctype(doctype).apply(to: doc) }
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
            // Paused, or inside a script (a nested turn of the loop): held.
            if !isPaused && nestingLevel == 0 { parse() }
            offset = end
        }
    }

    /// Hands the safe filtered bytes to libxml2, stopping after each script
    /// end to report it (and after the innermost `write`'s markup); at the
    /// end of the input, finishes the document.
    private func parse() {
        reportEndedScripts()
        while context != nil, !isPaused, finished == nil {
            var count = filter.safeCount - head
            if let end = writeEnds.last { count = min(count, end) }
            var atScriptEnd = false
            while let end = filter.scriptEnds.first, end <= head { filter.scriptEnds.removeFirst() }
            if let end = filter.scriptEnds.first, end - head <= count { count = end - head; atScriptEnd = true }
            let terminate = inputEnded && writeEnds.isEmpty && !atScriptEnd && head + count == filtered.count
            guard count > 0 || terminate else { return }
            parseChunk(count, terminate: terminate)
            if terminate {
                // A script the end of the input closed does not run (§13.2.6.4.8, EOF in "text").
                scripts.ended = []
                _ = completeDocument()
                didComplete?()
                return
            }
            for i in writeEnds.indices { writeEnds[i] -= count }
            reportEndedScripts()
            if let end = writeEnds.last, end <= 0 { return }
        }
    }

    /// Calls `scriptEnded` for the scripts libxml2 closed, at the insertion point.
    private func reportEndedScripts() {
        while !scripts.ended.isEmpty, context != nil, !isPaused {
            let node = scripts.ended.removeFirst()
            guard let handler = scriptEnded, let document else { continue }
            nestingLevel += 1
            let pause = handler(Node(node, in: document))
            nestingLevel -= 1
            // libxml2 appends text in place to the last text node it made
            // (nodelen/nodemem); a script may have changed or replaced it.
            if let context {
                context.pointee.nodemem = 0
                context.pointee.nodelen = 0
            }
            if pause { isPaused = true }
        }
    }

    /// Hands the first `count` filtered bytes to libxml2 and drops them.
    private func parseChunk(_ count: Int, terminate: Bool) {
        guard let context else { return }
        if count > 0 || terminate {
            (filtered.base + head).withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
                _ = htmlParseChunk(context, $0, Int32(count), terminate ? 1 : 0)
            }
            if let doc = context.pointee.myDoc { HTMLImpliedElements.complete(doc, inputEnded: terminate) }
            // libxml2 builds the tree itself, unreported: whoever watches the
            // document hears that it changed (the parser only appends, but
            // where is libxml2's to know).
            if let wrapper {
                wrapper.mutationObserver?.documentChanged(wrapper)
                wrapper.parserDidAddNodes?()
            }
        }
        guard count > 0 else { return }
        head += count
        if head == filtered.count || (head >= 65536 && 2 * head >= filtered.count) { compact() }
    }

    /// Drops the bytes libxml2 has had from the start of `filtered`.
    private func compact() {
        guard head > 0 else { return }
        let rest = filtered.count - head
        if rest > 0 { memmove(filtered.base, filtered.base + head, rest) }
        filtered.count = rest
        filter.consumed(head)
        scanOffset = max(0, scanOffset - head)
        head = 0
    }
}
