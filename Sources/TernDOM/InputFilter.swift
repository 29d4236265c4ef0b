/// The stage between decoding and libxml2: one pass over UTF-8 bytes, in
/// linear time, that makes hostile input harmless before libxml2 sees it.
///
/// - Invalid UTF-8 → U+FFFD (one per maximal subpart), NUL → U+FFFD, C1
///   controls (U+0080–U+009F) and U+FFFE/U+FFFF → U+FFFD.
/// - Other C0 controls and DEL → visible Control Pictures (ESC → ␛ U+241B,
///   BEL → ␇, DEL → ␡), so the reader sees that something was there; TAB,
///   LF and CR stay, FF becomes a space (HTML whitespace; libxml2 drops it).
/// - Numeric character references in text and attribute values: `&#x80;`–
///   `&#x9F;` decode by the windows-1252 table (`&#x80;` is €), never to C1;
///   `&#0;`, surrogates, out-of-range values, C0 controls and DEL → U+FFFD.
///   The rest are re-written as `&#xHEX;` for libxml2 to decode.
/// - Named character references: all of HTML's (`NamedCharacterReferences`),
///   decoded here since libxml2 knows only HTML 4's; ASCII results are
///   written as `&#xHEX;` (so that a `<` or a quote stays text), the rest as
///   UTF-8. One that is not decoded reaches libxml2 as `&amp;name`.
/// - At most `maxAttributes` attributes reach libxml2 per start tag (its
///   duplicate check is quadratic); the rest of the tag's attributes are dropped.
/// - `<title>` and `<textarea>` hold text (HTML's RCDATA): a `<` inside them
///   that does not end them reaches libxml2 as `&lt;`.
///
/// To know what is text, the filter runs a small tokenizer that mirrors how
/// libxml2 2.9 tokenizes (its start tags, attribute names and quotes,
/// comments, `</script` prefix rule), so that the two never disagree about
/// where a tag is; constructs libxml2 treats inconsistently are rewritten
/// into a form it parses one way only (`<!DOCTYPE …>` loses its quotes, a
/// `<` that starts nothing becomes `&lt;`, `&#` that starts no reference
/// becomes `&amp;#`, `</scriptx` in a script becomes `<\/scriptx`, and the
/// empty comments `<!-->` and `<!--->`, which libxml2 would read past, become
/// `<!---->`).
///
/// It also decides where libxml2's push parser may be given a chunk boundary:
/// `safeCount` bytes of the output are safe to hand over. libxml2 2.9's push
/// parser mis-parses some constructs split across chunks, so tags, comments,
/// references and end-tag prefixes are only ever handed over whole, and the
/// text of a script or style only together with its end tag (or at `finish`).
/// libxml2 (htmlParseTryOrFinish) notes the two characters where a pass over
/// script text starts and, if they are `</`, reads an end tag next, even when
/// htmlParseScript stopped at the end of the chunk rather than at `</script`:
/// a chunk of script text that starts with a `</` that does not end it
/// (`"</div>"` in a string) turns the next chunk's `</scrip\n</script>` into
/// one unknown end tag, and the script swallows the rest of the page. Nothing
/// after a script can be parsed before its end tag anyway, so holding its
/// text back delays nothing the reader sees.
struct InputFilter {
    /// Attributes kept per start tag.
    static let maxAttributes = 1000
    /// libxml2's HTML_PARSER_BUFFER_SIZE: a longer name is cut into several.
    static let maxNameLength = 100

    enum State: UInt8 {
        case data, tagOpen, endTagOpen, markupOpen, markupDash, doctypeName, doctype, piOpen, pi
        case commentStart, commentStart2, comment, commentBang
        case endTag, tagName, attrs, attrsSlash, attrName, afterAttrName, beforeValue
        case valueDQ, valueSQ, valueUnquoted, bogusAttr, bogusAttrSlash
        case rawText, rawTextLT, rawTextEnd, rcdata, rcdataLT, rcdataEnd
        case refAmp, refHash, refX, refDec, refHex, refNamed
    }

    private(set) var state = State.data
    private var returnState = State.data
    /// Bytes held back while a prefix is undecided (`<!DOCT`, `</scri`).
    private var held: [UInt8] = []
    /// What the first `<!DOCTYPE` held before its `>` (at most 1024 bytes,
    /// quotes kept), for the DOCTYPE token libxml2 does not keep (HTMLDoctype).
    private(set) var firstDoctype: [UInt8]?
    private var recordingDoctype = false
    /// The name of a named character reference read so far (after '&').
    private var referenceName: [UInt8] = []
    private var count = 0
    private var attributes = 0
    private var dropping = false
    private var tagHash: UInt64 = 0
    private var tagLength = 0
    private var specialHash: UInt64 = 0
    private var specialLength = 0
    private var qDash = false, rDash = false
    private var refValue: UInt32 = 0
    private var refX: UInt8 = 0x78
    // A UTF-8 sequence cut by the end of the last chunk.
    private var pending: (UInt8, UInt8, UInt8) = (0, 0, 0)
    private var pendingCount = 0
    // The current unit when it is not ASCII: up to 4 bytes.
    private var unit: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    private var unitLength = 0
    // Output cursor and the end of what is safe to hand over, during `process`.
    private var out: UnsafeMutablePointer<UInt8> = UnsafeMutablePointer(bitPattern: 1)!
    private var safe: UnsafeMutablePointer<UInt8> = UnsafeMutablePointer(bitPattern: 1)!
    /// How many bytes at the start of the output buffer libxml2 may have now.
    private(set) var safeCount = 0
    /// Offsets in the output buffer just past each script's end: the `>` of
    /// a `</script>` end tag, or of a self-closed `<script/>` (which libxml2
    /// ends at once). The parser pauses there to run the script (HTML
    /// §13.2.6.4.8 "an end tag whose tag name is script"). Ascending.
    var scriptEnds: [Int] = []
    /// A `</script` end tag is being read (its `>` ends a script).
    private var readingScriptEnd = false
    // The output buffer's start, during `process` and `finish`.
    private var base: UnsafeMutablePointer<UInt8> = UnsafeMutablePointer(bitPattern: 1)!

    init() {
        held.reserveCapacity(16)
        referenceName.reserveCapacity(NamedCharacterReferences.maxNameLength)
    }

    /// The buffer's first `n` bytes were handed over and removed.
    mutating func consumed(_ n: Int) {
        safeCount -= n
        guard !scriptEnds.isEmpty else { return }
        for i in scriptEnds.indices { scriptEnds[i] -= n }
        scriptEnds.removeAll { $0 <= 0 }
    }

    /// `n` bytes were put at the start of the output buffer, before
    /// everything (`document.write`'s markup at the insertion point), all
    /// safe to hand over; `ends` are their script ends.
    mutating func inserted(_ n: Int, scriptEnds ends: [Int]) {
        safeCount += n
        for i in scriptEnds.indices { scriptEnds[i] += n }
        scriptEnds.insert(contentsOf: ends, at: 0)
    }

    // MARK: Driving

    /// Filters `input` (UTF-8, possibly invalid) onto the end of `output`.
    mutating func process(_ input: UnsafeRawBufferPointer, into output: ByteBuffer) {
        guard let start = input.baseAddress, input.count > 0 else { return }
        // Worst case: '<' → "&lt;" (4×), "&#" → "&amp;#", plus what was held.
        output.reserve(input.count * 5 + held.count * 4 + referenceName.count * 2 + 64)
        out = output.base + output.count
        safe = output.base + safeCount
        base = output.base
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        let n = input.count
        var i = 0
        if pendingCount > 0 { i = finishPendingSequence(bytes, n) }
        let plain = InputFilter.plain
        while i < n {
            // Fast path: runs that need no decision in the current state.
            let mask: UInt8
            switch state {
            case .data, .rcdata: mask = 1
            case .rawText: mask = 2
            case .comment: mask = 4
            case .valueDQ: mask = dropping ? 0 : 8
            case .valueSQ: mask = dropping ? 0 : 16
            case .valueUnquoted: mask = dropping ? 0 : 32
            case .endTag: mask = 64
            default: mask = 0
            }
            if mask != 0 {
                var j = i
                while j < n {
                    let byte = bytes[j]
                    if plain[Int(byte)] & mask != 0 {
                        j += 1
                    } else if byte >= 0x80 {
                        // Well-formed non-ASCII text passes too, unless it needs replacing.
                        let length = InputFilter.sequenceLength(bytes + j, n - j)
                        if length <= 0 || (byte == 0xC2 && bytes[j + 1] < 0xA0)
                            || (byte == 0xEF && bytes[j + 1] == 0xBF && bytes[j + 2] >= 0xBE) { break }
                        j += length
                    } else {
                        break
                    }
                }
                if j > i {
                    let length = j - i
                    out.update(from: bytes + i, count: length)
                    out += length
                    if state == .comment {
                        // A run of one unit leaves the unit before it second to last.
                        let first = bytes[i] < 0x80 ? 1 : InputFilter.sequenceLength(bytes + i, n - i)
                        qDash = length == first ? rDash : false
                        rDash = false
                    }
                    // Not in script or style text: that waits for its end tag.
                    if state == .data || state == .rcdata { safe = out }
                    i = j
                    if i == n { break }
                }
            }
            let byte = bytes[i]
            // Tags: in typical HTML, most of what `step` would get one byte at a time.
            if byte == 0x3C, state == .data, let next = copyTag(bytes, i, n, plain) {
                i = next
                continue
            }
            if byte < 0x80 {
                i += 1
                if byte >= 0x20 {
                    if byte != 0x7F { step(byte) } else { setUnit(0xE2, 0x90, 0xA1); step(0x80) }
                } else if byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    step(byte)
                } else if byte == 0x0C {
                    step(0x20)
                } else if byte == 0 {
                    setUnit(0xEF, 0xBF, 0xBD); step(0x80)
                } else {
                    setUnit(0xE2, 0x90, 0x80 + byte); step(0x80)
                }
                continue
            }
            let length = InputFilter.sequenceLength(bytes + i, n - i)
            if length == 0 {
                // Cut by the end of the chunk: keep it for the next one.
                pendingCount = n - i
                pending.0 = bytes[i]
                if pendingCount > 1 { pending.1 = bytes[i + 1] }
                if pendingCount > 2 { pending.2 = bytes[i + 2] }
                break
            }
            takeSequence(bytes + i, length)
            i += abs(length)
            step(0x80)
        }
        output.count = out - output.base
        safeCount = safe - output.base
    }

    /// Ends the input: whatever is held or pending is written out as text.
    mutating func finish(into output: ByteBuffer) {
        output.reserve(held.count * 4 + referenceName.count * 2 + 64)
        out = output.base + output.count
        safe = output.base + safeCount
        base = output.base
        if pendingCount > 0 {
            pendingCount = 0
            setUnit(0xEF, 0xBF, 0xBD)
            step(0x80)
        }
        switch state {
        case .tagOpen: put(0x26); put(0x6C); put(0x74); put(0x3B)
        case .endTagOpen: putLT(); put(0x2F)
        case .markupOpen: putLT(); put(0x21)
        case .markupDash: putLT(); put(0x21); put(0x2D)
        case .doctypeName: putLT(); put(0x21); putHeld()
        case .piOpen: putLT(); put(0x3F)
        case .attrsSlash, .bogusAttrSlash: if !dropping { put(0x2F) }
        case .rawTextLT: put(0x3C)
        case .rawTextEnd: put(0x3C); put(0x2F); putHeld()
        case .rcdataLT: putLT()
        case .rcdataEnd: putLT(); put(0x2F); putHeld()
        case .refAmp: put(0x26)
        case .refHash: putAmp(); put(0x23)
        case .refX: putAmp(); put(0x23); put(refX)
        case .refDec, .refHex: putCharacterReference()
        case .refNamed: _ = putNamedReference(next: nil)
        default: break
        }
        state = .data
        output.count = out - output.base
        safeCount = output.count
    }

    // MARK: UTF-8

    /// The length of the UTF-8 sequence at `bytes`: positive when valid,
    /// negative (the maximal subpart to replace) when invalid, 0 when cut
    /// short by the end of the available bytes.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafePointer<UInt8>, _ available: Int) -> Int {
        let lead = bytes[0]
        var need = 0
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED: need = 2; high = 0x9F
        case 0xF0: need = 3; low = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; high = 0x8F
        default: return -1
        }
        var k = 1
        while k <= need {
            if k >= available { return 0 }
            let byte = bytes[k]
            if byte < low || byte > high { return -k }
            low = 0x80; high = 0xBF
            k += 1
        }
        return need + 1
    }

    /// Makes the sequence at `bytes` the current unit (U+FFFD when invalid,
    /// a C1 control, or a non-character libxml2 would drop).
    @inline(__always)
    private mutating func takeSequence(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        if length < 0 { setUnit(0xEF, 0xBF, 0xBD); return }
        let lead = bytes[0]
        if lead == 0xC2, bytes[1] < 0xA0 { setUnit(0xEF, 0xBF, 0xBD); return }
        if lead == 0xEF, bytes[1] == 0xBF, bytes[2] >= 0xBE { setUnit(0xEF, 0xBF, 0xBD); return }
        unitLength = length
        unit.0 = lead
        unit.1 = bytes[1]
        if length > 2 { unit.2 = bytes[2] }
        if length > 3 { unit.3 = bytes[3] }
    }

    /// Completes a sequence begun in the last chunk; returns how many bytes
    /// of `bytes` it used.
    private mutating func finishPendingSequence(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var joined: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (pending.0, pending.1, pending.2, 0, 0, 0)
        let had = pendingCount
        let taken = min(n, 3)
        return withUnsafeMutableBytes(of: &joined) { raw -> Int in
            let joinedBytes = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for k in 0..<taken { joinedBytes[had + k] = bytes[k] }
            let length = InputFilter.sequenceLength(joinedBytes, had + taken)
            if length == 0 {
                // Still incomplete (tiny chunks): keep collecting.
                pendingCount = had + taken
                pending = (joinedBytes[0], joinedBytes[1], joinedBytes[2])
                return n
            }
            pendingCount = 0
            takeSequence(joinedBytes, length)
            step(0x80)
            return abs(length) - had
        }
    }

    @inline(__always)
    private mutating func setUnit(_ a: UInt8, _ b: UInt8, _ c: UInt8) {
        unit.0 = a; unit.1 = b; unit.2 = c
        unitLength = 3
    }

    // MARK: Output

    @inline(__always) private mutating func put(_ byte: UInt8) {
        out.pointee = byte
        out += 1
    }

    private mutating func putLT() { put(0x26); put(0x6C); put(0x74); put(0x3B) }

    private mutating func putAmp() { put(0x26); put(0x61); put(0x6D); put(0x70); put(0x3B) }

    private mutating func putHeld() {
        for byte in held { put(byte) }
    }

    /// Writes the current unit: `c` itself when ASCII, else the unit's bytes.
    @inline(__always) private mutating func putUnit(_ c: UInt8) {
        if c != 0x80 { put(c); return }
        out[0] = unit.0
        out[1] = unit.1
        if unitLength > 2 { out[2] = unit.2 }
        if unitLength > 3 { out[3] = unit.3 }
        out += unitLength
    }

    private mutating func putScalar(_ scalar: UInt32) {
        if scalar < 0x80 {
            put(UInt8(scalar))
        } else if scalar < 0x800 {
            put(UInt8(0xC0 | (scalar >> 6))); put(UInt8(0x80 | (scalar & 0x3F)))
        } else if scalar < 0x10000 {
            put(UInt8(0xE0 | (scalar >> 12))); put(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            put(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            put(UInt8(0xF0 | (scalar >> 18))); put(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            put(UInt8(0x80 | ((scalar >> 6) & 0x3F))); put(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state,
    /// stricter: what HTML would turn into a control character becomes U+FFFD.
    private mutating func putCharacterReference() {
        let value = refValue
        switch value {
        case 0, 0xD800...0xDFFF, 0x110000..., 0x7F, 0xFFFE, 0xFFFF:
            putScalar(0xFFFD)
        case 0x80...0x9F:
            let mapped = TextEncoding.windows1252C1[Int(value - 0x80)]
            putScalar(mapped == 0 ? 0xFFFD : mapped)
        case 0x0C:
            put(0x20)
        case 0x01..<0x20 where value != 0x09 && value != 0x0A && value != 0x0D:
            putScalar(0xFFFD)
        default:
            // Harmless: let libxml2 decode it (it may be '<', which must stay text).
            put(0x26); put(0x23); put(0x78)
            var shift = 20
            while shift > 0, (value >> UInt32(shift)) == 0 { shift -= 4 }
            while shift >= 0 {
                let digit = UInt8((value >> UInt32(shift)) & 0xF)
                put(digit < 10 ? 0x30 + digit : 0x41 + digit - 10)
                shift -= 4
            }
            put(0x3B)
        }
    }

    // MARK: The tokenizer

    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    /// libxml2's htmlParseHTMLName: a letter, '_', ':' or '.' starts a name…
    static func isNameStart(_ c: UInt8) -> Bool { isLetter(c) || c == 0x5F || c == 0x3A || c == 0x2E }
    /// …and digits and '-' may follow.
    static func isNameChar(_ c: UInt8) -> Bool { isNameStart(c) || isDigit(c) || c == 0x2D }
    static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }

    @inline(__always) static func pack(_ name: StaticString) -> UInt64 {
        var hash: UInt64 = 0
        for k in 0..<name.utf8CodeUnitCount { hash |= UInt64(name.utf8Start[k]) << (8 * UInt64(k)) }
        return hash
    }
    // Computed, so that they fold to constants (a `static let` is a lazy global,
    // checked on every use).
    static var script: UInt64 { pack("script") }
    static var style: UInt64 { pack("style") }
    static var title: UInt64 { pack("title") }
    static var textarea: UInt64 { pack("textarea") }

    private func specialCharacter(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: specialHash >> (8 * UInt64(index))) }

    /// One unit of input: `c` is the ASCII byte, or 0x80 for anything else
    /// (whose bytes are in `unit`).
    private mutating func step(_ c: UInt8) {
        while true {
            switch state {
            case .data:
                if c == 0x3C { state = .tagOpen; return }
                if c == 0x26 { returnState = .data; state = .refAmp; return }
                putUnit(c)
                safe = out
                return

            // MARK: After '<' (held until it is known what it starts)
            case .tagOpen:
                if InputFilter.isLetter(c) {
                    put(0x3C); put(c)
                    state = .tagName
                    count = 1
                    tagHash = UInt64(InputFilter.lower(c))
                    attributes = 0
                    dropping = false
                    return
                }
                if c == 0x2F { state = .endTagOpen; return }
                if c == 0x21 { state = .markupOpen; return }
                if c == 0x3F { state = .piOpen; return }
                putLT()
                state = .data
            case .endTagOpen:
                if InputFilter.isLetter(c) {
                    put(0x3C); put(0x2F); put(c)
                    state = .endTag
                    return
                }
                putLT(); put(0x2F)
                state = .data
            case .markupOpen:
                if c == 0x2D { state = .markupDash; return }
                if c == 0x44 || c == 0x64 {
                    held.removeAll(keepingCapacity: true)
                    held.append(c)
                    state = .doctypeName
                    return
                }
                putLT(); put(0x21)
                state = .data
            case .markupDash:
                if c == 0x2D {
                    put(0x3C); put(0x21); put(0x2D); put(0x2D)
                    state = .commentStart
                    return
                }
                putLT(); put(0x21); put(0x2D)
                state = .data
            case .doctypeName:
                let doctype: StaticString = "DOCTYPE"
                if c & 0xDF == doctype.utf8Start[held.count] {
                    held.append(c)
                    if held.count == 7 {
                        put(0x3C); put(0x21); putHeld()
                        state = .doctype
                        if firstDoctype == nil { firstDoctype = []; recordingDoctype = true }
                    }
                    return
                }
                putLT(); put(0x21); putHeld()
                state = .data
            case .doctype:
                // Quotes and '<' are dropped: libxml2 reads quoted identifiers
                // across '>' at the document start but not in the body.
                if c == 0x3E { put(c); state = .data; safe = out; recordingDoctype = false; return }
                if recordingDoctype, let count = firstDoctype?.count, count < 1024 { firstDoctype?.append(c) }
                if c != 0x22, c != 0x27, c != 0x3C { putUnit(c) }
                return
            case .piOpen:
                if InputFilter.isLetter(c) || c == 0x5F || c == 0x3A {
                    put(0x3C); put(0x3F); put(c)
                    state = .pi
                    return
                }
                putLT(); put(0x3F)
                state = .data
            case .pi:
                putUnit(c)
                if c == 0x3E { state = .data; safe = out }
                return

            // MARK: Comments, ended exactly where libxml2's htmlParseComment ends them
            // (its first two characters never end it; then "-->" or "--!>").
            case .commentStart:
                if c == 0x3E {
                    // "<!-->" is an empty comment in HTML; libxml2 would read on.
                    put(0x2D); put(0x2D); put(c)
                    state = .data
                    safe = out
                    return
                }
                putUnit(c)
                qDash = c == 0x2D
                state = .commentStart2
                return
            case .commentStart2:
                if qDash, c == 0x3E {
                    // "<!--->" likewise.
                    put(0x2D); put(c)
                    state = .data
                    safe = out
                    return
                }
                putUnit(c)
                rDash = c == 0x2D
                state = .comment
                return
            case .comment:
                if qDash, rDash {
                    if c == 0x3E { put(c); state = .data; safe = out; return }
                    if c == 0x21 { put(c); state = .commentBang; return }
                }
                putUnit(c)
                qDash = rDash
                rDash = c == 0x2D
                return
            case .commentBang:
                if c == 0x3E { put(c); state = .data; safe = out; return }
                qDash = true; rDash = false
                state = .comment

            // MARK: End tags: libxml2 skips to the first '>'
            case .endTag:
                putUnit(c)
                if c == 0x3E {
                    state = .data
                    safe = out
                    if readingScriptEnd { readingScriptEnd = false; scriptEnds.append(out - base) }
                }
                return

            // MARK: Start tags, as libxml2's htmlParseStartTag reads them
            case .tagName:
                if InputFilter.isNameChar(c), count < InputFilter.maxNameLength {
                    put(c)
                    if count < 8 { tagHash |= UInt64(InputFilter.lower(c)) << (8 * UInt64(count)) }
                    count += 1
                    return
                }
                tagLength = count
                state = .attrs
            case .attrs:
                if InputFilter.isBlank(c) { if !dropping { put(c) }; return }
                if c == 0x3E { put(c); endStartTag(selfClosing: false); return }
                if c == 0x2F { state = .attrsSlash; return }
                if InputFilter.isNameStart(c) {
                    attributes += 1
                    if attributes > InputFilter.maxAttributes { dropping = true }
                    if !dropping { put(c) }
                    count = 1
                    state = .attrName
                    return
                }
                if !dropping { putUnit(c) }
                state = .bogusAttr
                return
            case .attrsSlash, .bogusAttrSlash:
                if c == 0x3E { put(0x2F); put(c); endStartTag(selfClosing: true); return }
                if !dropping { put(0x2F) }
                state = .bogusAttr
            case .bogusAttr:
                if InputFilter.isBlank(c) { state = .attrs; continue }
                if c == 0x3E { put(c); endStartTag(selfClosing: false); return }
                if c == 0x2F { state = .bogusAttrSlash; return }
                if !dropping { putUnit(c) }
                return
            case .attrName:
                if InputFilter.isNameChar(c), count < InputFilter.maxNameLength {
                    if !dropping { put(c) }
                    count += 1
                    return
                }
                state = .afterAttrName
            case .afterAttrName:
                if InputFilter.isBlank(c) { if !dropping { put(c) }; return }
                if c == 0x3D { if !dropping { put(c) }; state = .beforeValue; return }
                state = .attrs
            case .beforeValue:
                if InputFilter.isBlank(c) { if !dropping { put(c) }; return }
                if c == 0x22 { if !dropping { put(c) }; state = .valueDQ; return }
                if c == 0x27 { if !dropping { put(c) }; state = .valueSQ; return }
                state = .valueUnquoted
            case .valueDQ, .valueSQ:
                let quote: UInt8 = state == .valueDQ ? 0x22 : 0x27
                if c == quote { if !dropping { put(c) }; state = .attrs; return }
                if dropping { return }
                if c == 0x26 { returnState = state; state = .refAmp; return }
                putUnit(c)
                return
            case .valueUnquoted:
                if InputFilter.isBlank(c) || c == 0x3E { state = .attrs; continue }
                if dropping { return }
                if c == 0x26 { returnState = state; state = .refAmp; return }
                putUnit(c)
                return

            // MARK: Script and style: libxml2 ends them at "</" + their name, any case.
            // No safe point until the end tag's '>' (see the type's comment).
            case .rawText:
                if c == 0x3C { state = .rawTextLT; return }
                putUnit(c)
                return
            case .rawTextLT:
                if c == 0x2F {
                    held.removeAll(keepingCapacity: true)
                    state = .rawTextEnd
                    return
                }
                put(0x3C)
                state = .rawText
            case .rawTextEnd:
                if held.count < specialLength {
                    if InputFilter.lower(c) == specialCharacter(held.count) {
                        held.append(c)
                        return
                    }
                    put(0x3C); put(0x2F); putHeld()
                    state = .rawText
                    continue
                }
                if InputFilter.isNameChar(c) {
                    // "</scripts": libxml2 would end the script here, then ignore
                    // the unknown end tag and treat what follows as script again,
                    // or close an open <scripts> instead. HTML says it is text.
                    put(0x3C); put(0x5C); put(0x2F); putHeld()
                    state = .rawText
                    continue
                }
                put(0x3C); put(0x2F); putHeld()
                state = .endTag
                readingScriptEnd = specialLength == 6

            // MARK: Title and textarea: text up to their end tag (HTML's rule)
            case .rcdata:
                if c == 0x3C { state = .rcdataLT; return }
                if c == 0x26 { returnState = .rcdata; state = .refAmp; return }
                putUnit(c)
                safe = out
                return
            case .rcdataLT:
                if c == 0x2F {
                    held.removeAll(keepingCapacity: true)
                    state = .rcdataEnd
                    return
                }
                putLT()
                state = .rcdata
            case .rcdataEnd:
                if held.count < specialLength, InputFilter.lower(c) == specialCharacter(held.count) {
                    held.append(c)
                    return
                }
                if held.count == specialLength, InputFilter.isBlank(c) || c == 0x2F || c == 0x3E {
                    put(0x3C); put(0x2F); putHeld()
                    state = .endTag
                    continue
                }
                putLT(); put(0x2F); putHeld()
                state = .rcdata

            // MARK: Character references
            case .refAmp:
                if c == 0x23 { state = .refHash; return }
                if InputFilter.isLetter(c) {
                    referenceName.removeAll(keepingCapacity: true)
                    referenceName.append(c)
                    state = .refNamed
                    return
                }
                put(0x26)
                state = returnState
            case .refHash:
                if c == 0x78 || c == 0x58 { refX = c; state = .refX; return }
                if InputFilter.isDigit(c) { refValue = UInt32(c - 0x30); state = .refDec; return }
                // Not a reference: text (libxml2 would drop "&#" silently).
                putAmp(); put(0x23)
                state = returnState
            case .refX:
                if let digit = InputFilter.hexValue(c) { refValue = digit; state = .refHex; return }
                putAmp(); put(0x23); put(refX)
                state = returnState
            case .refDec:
                if InputFilter.isDigit(c) {
                    refValue = min(refValue * 10 + UInt32(c - 0x30), 0x110000)
                    return
                }
                putCharacterReference()
                state = returnState
                if c == 0x3B { if state == .data || state == .rcdata { safe = out }; return }
            case .refHex:
                if let digit = InputFilter.hexValue(c) {
                    refValue = min(refValue * 16 + digit, 0x110000)
                    return
                }
                putCharacterReference()
                state = returnState
                if c == 0x3B { if state == .data || state == .rcdata { safe = out }; return }
            case .refNamed:
                if InputFilter.isLetter(c) || InputFilter.isDigit(c),
                   referenceName.count < NamedCharacterReferences.maxNameLength {
                    referenceName.append(c)
                    return
                }
                let usedSemicolon = putNamedReference(next: c)
                state = returnState
                if usedSemicolon { if state == .data || state == .rcdata { safe = out }; return }
            }
        }
    }

    /// https://html.spec.whatwg.org/multipage/parsing.html#named-character-reference-state:
    /// writes the reference in `referenceName` (decoded when it is one) and
    /// the name's characters after it; `next` is the character after the
    /// name (nil at the end of input). Returns whether that was a ';' the
    /// reference used.
    private mutating func putNamedReference(next: UInt8?) -> Bool {
        let found = referenceName.withUnsafeBufferPointer {
            NamedCharacterReferences.match($0, semicolon: next == 0x3B)
        }
        guard let found else {
            putAmp(); for c in referenceName { put(c) }
            return false
        }
        if !found.semicolon, returnState == .valueDQ || returnState == .valueSQ || returnState == .valueUnquoted {
            // In an attribute, "&copy=" and "&copyx" stay as written (for URLs' queries).
            let after = found.length < referenceName.count ? referenceName[found.length] : next
            if let after, after == 0x3D || InputFilter.isLetter(after) || InputFilter.isDigit(after) {
                putAmp(); for c in referenceName { put(c) }
                return false
            }
        }
        putDecoded(found.first)
        if let second = found.second { putDecoded(second) }
        for c in referenceName[found.length...] { put(c) }
        return found.semicolon
    }

    /// A decoded named reference: ASCII as `&#xHEX;` for libxml2 (it may be a
    /// '<', a quote or a blank, which must not end anything), the rest as UTF-8.
    private mutating func putDecoded(_ scalar: UInt32) {
        guard scalar < 0x80 else { putScalar(scalar); return }
        let hex: StaticString = "0123456789ABCDEF"
        put(0x26); put(0x23); put(0x78)
        put(hex.utf8Start[Int(scalar >> 4)]); put(hex.utf8Start[Int(scalar & 0xF)])
        put(0x3B)
    }

    /// The fast path for tags, from the '<' at `start` in data: reads as much
    /// of the tag as passes unchanged (ASCII names and blanks, quoted values
    /// up to a reference), as `step` would read it from tagOpen on, copies it
    /// and leaves every field as `step` would have: in data after a whole
    /// tag, else in the state `step` goes on in. Returns the index after what
    /// it read, or nil, having done nothing, when no tag starts here.
    private mutating func copyTag(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ n: Int,
                                  _ plain: UnsafeMutablePointer<UInt8>) -> Int? {
        // Past the chunk's end: 0, like any byte `step` does not read as itself.
        func at(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        func plainAt(_ k: Int) -> UInt8 { plain[Int(at(k))] }
        var j = start + 1
        if at(j) == 0x2F {
            // endTagOpen, then endTag up to the first '>'.
            j += 1
            guard InputFilter.isLetter(at(j)) else { return nil }
            while plainAt(j) & 64 != 0 { j += 1 }
            let whole = at(j) == 0x3E
            if whole { j += 1 }
            out.update(from: bytes + start, count: j - start)
            out += j - start
            if whole { safe = out } else { state = .endTag }
            return j
        }
        guard InputFilter.isLetter(at(j)) else { return nil }
        let name = j
        let nameEnd = name + InputFilter.maxNameLength
        while j < nameEnd, plainAt(j) & 128 != 0 { j += 1 }
        let nameLength = j - name
        var hash: UInt64 = 0
        for k in 0..<min(nameLength, 8) { hash |= UInt64(InputFilter.lower(bytes[name + k])) << (8 * UInt64(k)) }
        var count = nameLength
        var attributes = 0
        // The state `step` is in at bytes[j]. The chunk's end, and bytes `step`
        // does not read as themselves (controls; FF, a blank to it; non-ASCII,
        // maybe a sequence cut by the chunk's end, seen only with the next
        // chunk), stop the reading in the state before them.
        var resume = State.tagName
        if j < nameEnd, plainAt(j) != 0 {
            resume = .attrs
            while true {
                while InputFilter.isBlank(at(j)) { j += 1 }
                let c = at(j)
                if c == 0x3E { j += 1; resume = .data; break }
                // (The attribute after the last one kept is step's: it starts dropping.)
                guard InputFilter.isNameStart(c), attributes < InputFilter.maxAttributes else { break }
                attributes += 1
                let attribute = j
                j += 1
                while j < attribute + InputFilter.maxNameLength, plainAt(j) & 128 != 0 { j += 1 }
                count = j - attribute
                resume = .attrName
                guard count < InputFilter.maxNameLength, plainAt(j) != 0 else { break }
                resume = .afterAttrName
                while InputFilter.isBlank(at(j)) { j += 1 }
                guard plainAt(j) != 0 else { break }
                resume = .attrs
                guard at(j) == 0x3D else { continue }
                j += 1
                resume = .beforeValue
                while InputFilter.isBlank(at(j)) { j += 1 }
                // (Unquoted values are step's.)
                let quote = at(j)
                guard quote == 0x22 || quote == 0x27 else { break }
                resume = quote == 0x22 ? .valueDQ : .valueSQ
                let mask: UInt8 = quote == 0x22 ? 8 : 16
                j += 1
                while plainAt(j) & mask != 0 { j += 1 }
                guard at(j) == quote else { break }
                j += 1
                resume = .attrs
            }
        }
        out.update(from: bytes + start, count: j - start)
        out += j - start
        state = resume
        tagHash = hash
        if resume != .tagName { tagLength = nameLength }
        self.count = count
        self.attributes = attributes
        dropping = false
        if resume == .data { endStartTag(selfClosing: false) }
        return j
    }

    private mutating func endStartTag(selfClosing: Bool) {
        dropping = false
        state = .data
        // libxml2 ends <script/> at once; it only reads raw text after <script>.
        if selfClosing, tagHash == InputFilter.script, tagLength == 6 { scriptEnds.append(out - base) }
        if !selfClosing {
            switch tagHash {
            case InputFilter.script where tagLength == 6:
                specialHash = tagHash; specialLength = 6; state = .rawText
            case InputFilter.style where tagLength == 5:
                specialHash = tagHash; specialLength = 5; state = .rawText
            case InputFilter.title where tagLength == 5:
                specialHash = tagHash; specialLength = 5; state = .rcdata
            case InputFilter.textarea where tagLength == 8:
                specialHash = tagHash; specialLength = 8; state = .rcdata
            default:
                break
            }
        }
        safe = out
    }

    // MARK: Tables

    /// Per byte, the states in which it passes unchanged and decides nothing:
    /// 1 data and RCDATA, 2 script/style, 4 comments, 8 "…", 16 '…',
    /// 32 unquoted values, 64 end tags; and 128, name characters.
    static let plain: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            var bits: UInt8 = 0
            if (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                bits = 127
                switch UInt8(byte) {
                case 0x3C: bits &= ~(1 | 2)
                case 0x26: bits &= ~(1 | 8 | 16 | 32)
                case 0x2D, 0x21: bits &= ~4
                case 0x3E: bits &= ~(4 | 32 | 64)
                case 0x22: bits &= ~8
                case 0x27: bits &= ~16
                case 0x20, 0x09, 0x0A, 0x0D: bits &= ~32
                default: break
                }
                if isNameChar(UInt8(byte)) { bits |= 128 }
            }
            table[byte] = bits
        }
        return table
    }()
}
