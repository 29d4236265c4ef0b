/// The one sanitizer every string passes before it reaches the terminal.
///
/// C0 controls become their visible Control Pictures (ESC shows as ␛), DEL
/// becomes ␡ and C1 controls (U+0080–U+009F, which some terminals obey as
/// CSI, OSC and the rest) become U+FFFD, so no page, title, URL or header can
/// move the cursor, set the window title or write the clipboard. The
/// invisible bidi controls (LRM, RLM, ALM, the embeddings, overrides and
/// isolates, U+202A–U+202E and U+2066–U+2069) and the BOM are dropped, so
/// that no text can show reordered ("Trojan Source": a URL or file name
/// whose characters display in another order than they are), and the line
/// and paragraph separators U+2028/U+2029 become spaces. (TernLayout keeps
/// these out of laid-out text too, where each character needs a width;
/// this is the boundary that holds for every string drawn.)
public enum TerminalText {
    /// `text` made safe to write; line feeds (and tabs, when `keepTabs`) are
    /// kept only when `keepLineBreaks` says so, for layout that consumes them.
    ///
    /// Works on the UTF-8 bytes: a string with nothing to replace (the usual
    /// case, however long) is returned as it is after one scan; otherwise the
    /// result is built in one byte buffer.
    public static func sanitize(_ text: String, keepLineBreaks: Bool = false, keepTabs: Bool = false) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let first = firstUnsafe(bytes, keepLineBreaks: keepLineBreaks, keepTabs: keepTabs) else { return nil }
            return rewrite(bytes, from: first, keepLineBreaks: keepLineBreaks, keepTabs: keepTabs)
        } ?? text
    }

    /// `sanitize` on UTF-8 bytes, for output written without making a String
    /// (which would validate them again). `bytes` must be valid UTF-8, such
    /// as bytes joined from Strings; they are returned as they are when
    /// nothing needs replacing.
    public static func sanitize(utf8 bytes: [UInt8], keepLineBreaks: Bool = false, keepTabs: Bool = false) -> [UInt8] {
        bytes.withUnsafeBufferPointer {
            sanitized(utf8: $0, keepLineBreaks: keepLineBreaks, keepTabs: keepTabs)
        } ?? bytes
    }

    /// `sanitize(utf8:)` on bytes in place: nil when nothing needs
    /// replacing (write `bytes` as they are), else the safe bytes.
    public static func sanitized(utf8 bytes: UnsafeBufferPointer<UInt8>, keepLineBreaks: Bool = false, keepTabs: Bool = false) -> [UInt8]? {
        guard let first = firstUnsafe(bytes, keepLineBreaks: keepLineBreaks, keepTabs: keepTabs) else { return nil }
        return rewrite(bytes, from: first, keepLineBreaks: keepLineBreaks, keepTabs: keepTabs)
    }

    /// The offset of the first byte that starts something to replace, or nil.
    @inline(__always)
    private static func firstUnsafe(_ bytes: UnsafeBufferPointer<UInt8>, keepLineBreaks: Bool, keepTabs: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        while i < n {
            // Eight bytes at a time while none of them can start anything to
            // replace (no byte below 0x20, no DEL, no 0xC2: the lead byte of
            // U+0080–U+00BF, no 0xD8, 0xE2 or 0xEF: those of the format
            // controls); a word that has one is looked at byte by byte.
            while i + 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if hasByteBelow0x20(word) || hasByte(word, 0x7F) || hasByte(word, 0xC2)
                    || hasByte(word, 0xE2) || hasByte(word, 0xD8) || hasByte(word, 0xEF) { break }
                i += 8
            }
            let end = min(n, i + 8)
            while i < end {
                let b = bytes[i]
                if b >= 0x20 {
                    if b == 0x7F { return i }
                    // C1 controls are U+0080–U+009F: C2 80 … C2 9F.
                    if b == 0xC2, i + 1 < n, bytes[i + 1] <= 0x9F { return i }
                    if b >= 0xD8, formatControl(bytes, at: i) != nil { return i }
                } else if !((b == 0x0A && keepLineBreaks) || (b == 0x09 && keepTabs)) {
                    return i
                }
                i += 1
            }
        }
        return nil
    }

    /// The bidi control, BOM or line/paragraph separator starting at `i`:
    /// its length in bytes, and whether it becomes a space (else nothing).
    @inline(__always)
    private static func formatControl(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, space: Bool)? {
        let n = bytes.count
        switch bytes[i] {
        case 0xD8:  // U+061C ARABIC LETTER MARK: D8 9C
            return i + 1 < n && bytes[i + 1] == 0x9C ? (2, false) : nil
        case 0xE2:
            guard i + 2 < n else { return nil }
            let b1 = bytes[i + 1], b2 = bytes[i + 2]
            if b1 == 0x80 {
                switch b2 {
                case 0x8E, 0x8F, 0xAA...0xAE: return (3, false)  // U+200E/F LRM, RLM; U+202A–E embeddings, overrides
                case 0xA8, 0xA9: return (3, true)  // U+2028 LINE, U+2029 PARAGRAPH SEPARATOR
                default: return nil
                }
            }
            return b1 == 0x81 && (0xA6...0xA9).contains(b2) ? (3, false) : nil  // U+2066–9 isolates
        case 0xEF:  // U+FEFF BOM (zero width no-break space): EF BB BF
            return i + 2 < n && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF ? (3, false) : nil
        default:
            return nil
        }
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `word` is below 0x20 (the "hasless" bit trick,
    /// exact as a yes/no answer for bounds up to 0x80).
    @inline(__always)
    private static func hasByteBelow0x20(_ word: UInt64) -> Bool {
        (word &- ones &* 0x20) & ~word & highs != 0
    }

    /// Whether some byte of `word` equals `byte` (the "haszero" bit trick on
    /// the XOR, exact as a yes/no answer).
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs != 0
    }

    private static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, keepLineBreaks: Bool, keepTabs: Bool) -> String {
        String(decoding: rewrite(bytes, from: start, keepLineBreaks: keepLineBreaks, keepTabs: keepTabs) as [UInt8], as: UTF8.self)
    }

    private static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, keepLineBreaks: Bool, keepTabs: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<start]))
        var i = start
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x20 {
                if (b == 0x0A && keepLineBreaks) || (b == 0x09 && keepTabs) {
                    out.append(b)
                } else {
                    // U+2400 + b: E2 90 (80 + b).
                    out.append(0xE2); out.append(0x90); out.append(0x80 + b)
                }
            } else if b == 0x7F {
                out.append(0xE2); out.append(0x90); out.append(0xA1) // U+2421
            } else if b == 0xC2, i + 1 < n, bytes[i + 1] <= 0x9F {
                out.append(0xEF); out.append(0xBF); out.append(0xBD) // U+FFFD
                i += 1
            } else if b >= 0xD8, let control = formatControl(bytes, at: i) {
                if control.space { out.append(0x20) }
                i += control.length - 1
            } else {
                out.append(b)
            }
            i += 1
        }
        return out
    }
}
