// Domain to ASCII (https://url.spec.whatwg.org/#concept-domain-to-ascii) built on
// UTS #46 "Unicode IDNA Compatibility Processing" (https://www.unicode.org/reports/tr46/).

/// Internationalised domain names: the URL Standard's "domain to ASCII" operation.
///
/// Implements UTS #46 ToASCII with the URL Standard's options: CheckHyphens = false,
/// CheckBidi = true, CheckJoiners = true, Transitional_Processing = false,
/// UseSTD3ASCIIRules = VerifyDnsLength = `beStrict`.
package enum IDNA {
    /// Converts a domain to its ASCII form, or returns nil on failure.
    ///
    /// All-ASCII input (when not strict) is only ASCII-lowercased, as browsers do; other input goes
    /// through UTS #46 mapping, NFC normalisation, Punycode and validity checks. The result is also
    /// checked for forbidden domain code points and emptiness, as the URL Standard requires.
    package static func domainToASCII(_ domain: String, beStrict: Bool = false) -> String? {
        var isASCII = true
        for b in domain.utf8 where b >= 0x80 { isASCII = false; break }
        var result: [UInt8]
        if isASCII && !beStrict {
            result = domain.utf8.map { b in
                (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b + 0x20 : b
            }
        } else {
            guard let r = toASCII(Array(domain.unicodeScalars), useSTD3ASCIIRules: beStrict,
                                  verifyDnsLength: beStrict) else { return nil }
            result = r
        }
        if result.isEmpty { return nil }
        for b in result where isForbiddenDomainCodePoint(b) { return nil }
        return String(decoding: result, as: UTF8.self)
    }

    /// A forbidden domain code point (ASCII only; callers pass ASCII bytes).
    @inline(__always)
    static func isForbiddenDomainCodePoint(_ b: UInt8) -> Bool {
        b <= 0x20 || b == 0x7F || b == UInt8(ascii: "%") || URLHost.isForbiddenHostCodePoint(b)
    }

    // MARK: - UTS #46 processing

    private static let dot: Unicode.Scalar = "."

    /// UTS #46 ToASCII. Returns the ASCII bytes of the result, or nil if any error was recorded.
    static func toASCII(_ input: [Unicode.Scalar], useSTD3ASCIIRules: Bool, verifyDnsLength: Bool) -> [UInt8]? {
        // 1. Map.
        var mapped = String.UnicodeScalarView()
        let table = IDNAMappingTable.decoded
        for s in input {
            switch table.lookup(s.value) {
            case .valid, .deviation:
                mapped.append(s)
            case .ignored:
                continue
            case .disallowed:
                return nil
            case .mapped(let range):
                for i in range { mapped.append(table.pool[i]) }
            case .mappedTo(let scalar):
                mapped.append(scalar)
            }
        }
        // 2. Normalise to NFC.
        let normalized = String(decoding: String(mapped)._nfcCodeUnits, as: UTF8.self)
        // 3. Break into labels.
        let rawLabels = Array(normalized.unicodeScalars).split(separator: dot, omittingEmptySubsequences: false)
        var labels: [[Unicode.Scalar]] = []
        labels.reserveCapacity(rawLabels.count)
        // 4. Convert/validate each label.
        for raw in rawLabels {
            let label = Array(raw)
            if label.count >= 4, label[0] == "x", label[1] == "n", label[2] == "-", label[3] == "-" {
                var ascii: [UInt8] = []
                ascii.reserveCapacity(label.count - 4)
                for s in label.dropFirst(4) {
                    if s.value >= 0x80 { return nil }
                    ascii.append(UInt8(s.value))
                }
                guard let decoded = Punycode.decode(ascii) else { return nil }
                if decoded.isEmpty { return nil }
                if decoded.allSatisfy({ $0.value < 0x80 }) { return nil }
                guard isValidLabel(decoded, checkNFC: true, useSTD3ASCIIRules: useSTD3ASCIIRules) else { return nil }
                labels.append(decoded)
            } else {
                guard isValidLabel(label, checkNFC: false, useSTD3ASCIIRules: useSTD3ASCIIRules) else { return nil }
                labels.append(label)
            }
        }
        // CheckBidi applies to Bidi domain names only.
        let bidi = IDNAContextData.bidi
        var isBidiDomain = false
        outer: for label in labels {
            for s in label {
                let c = bidi.lookup(s.value)
                if c == .R || c == .AL || c == .AN { isBidiDomain = true; break outer }
            }
        }
        if isBidiDomain {
            for label in labels where !label.isEmpty {
                guard satisfiesBidiRule(label) else { return nil }
            }
        }
        // ToASCII: Punycode-encode the non-ASCII labels.
        var output: [UInt8] = []
        for (i, label) in labels.enumerated() {
            if i > 0 { output.append(UInt8(ascii: ".")) }
            if label.allSatisfy({ $0.value < 0x80 }) {
                for s in label { output.append(UInt8(s.value)) }
            } else {
                guard let encoded = Punycode.encode(label) else { return nil }
                output.append(contentsOf: Array("xn--".utf8))
                output.append(contentsOf: encoded)
            }
        }
        if verifyDnsLength {
            var parts = output.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
            let total = parts.reduce(0) { $0 + $1.count } + parts.count - 1
            if total < 1 || total > 253 { return nil }
            for p in parts where p.isEmpty || p.count > 63 { return nil }
        }
        return output
    }

    /// The UTS #46 validity criteria for one label (Nontransitional, CheckHyphens = false, CheckJoiners = true).
    private static func isValidLabel(_ label: [Unicode.Scalar], checkNFC: Bool, useSTD3ASCIIRules: Bool) -> Bool {
        if label.isEmpty { return true }
        if checkNFC {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: label)
            let str = String(s)
            if Array(str._nfcCodeUnits) != Array(str.utf8) { return false }
        }
        if label.count >= 4, label[0] == "x", label[1] == "n", label[2] == "-", label[3] == "-" { return false }
        switch label[0].properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        let table = IDNAMappingTable.decoded
        for s in label {
            if s == dot { return false }
            switch table.lookup(s.value) {
            case .valid, .deviation: break
            default: return false
            }
            if useSTD3ASCIIRules && s.value < 0x80 {
                let b = UInt8(s.value)
                let ok = (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                    || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
                if !ok { return false }
            }
        }
        // CheckJoiners (RFC 5892 Appendix A.1 and A.2).
        for (i, s) in label.enumerated() where s.value == 0x200C || s.value == 0x200D {
            if i > 0 && label[i - 1].properties.canonicalCombiningClass.rawValue == 9 { continue }
            if s.value == 0x200D { return false }
            let joining = IDNAContextData.joining
            var j = i - 1
            while j >= 0 && joining.lookup(label[j].value) == .T { j -= 1 }
            guard j >= 0 else { return false }
            let before = joining.lookup(label[j].value)
            guard before == .L || before == .D else { return false }
            var k = i + 1
            while k < label.count && joining.lookup(label[k].value) == .T { k += 1 }
            guard k < label.count else { return false }
            let after = joining.lookup(label[k].value)
            guard after == .R || after == .D else { return false }
        }
        return true
    }

    /// The six conditions of the Bidi Rule (RFC 5893, section 2).
    private static func satisfiesBidiRule(_ label: [Unicode.Scalar]) -> Bool {
        let bidi = IDNAContextData.bidi
        let classes = label.map { bidi.lookup($0.value) }
        guard let first = classes.first else { return true }
        var lastIndex = classes.count - 1
        while lastIndex > 0 && classes[lastIndex] == .NSM { lastIndex -= 1 }
        let last = classes[lastIndex]
        switch first {
        case .R, .AL:
            var hasEN = false, hasAN = false
            for c in classes {
                switch c {
                case .R, .AL, .ES, .CS, .ET, .ON, .BN, .NSM: break
                case .EN: hasEN = true
                case .AN: hasAN = true
                default: return false
                }
            }
            if hasEN && hasAN { return false }
            return last == .R || last == .AL || last == .EN || last == .AN
        case .L:
            for c in classes {
                switch c {
                case .L, .EN, .ES, .CS, .ET, .ON, .BN, .NSM: break
                default: return false
                }
            }
            return last == .L || last == .EN
        default:
            return false
        }
    }
}

// MARK: - Packed table decoding

/// Reads the packed `<hex delta><letter>` format shared by the generated tables.
private struct PackedTableReader {
    private var bytes: [UInt8] = []
    private var position = 0

    init(_ chunks: [StaticString]) {
        for chunk in chunks {
            chunk.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Reads a lowercase hex number (possibly with a leading "-").
    mutating func readHex() -> Int {
        var negative = false
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var v = 0
        while position < bytes.count {
            let b = bytes[position]
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                v = v * 16 + Int(b - UInt8(ascii: "0"))
            } else if b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f") {
                v = v * 16 + Int(b - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            position += 1
        }
        return negative ? -v : v
    }

    mutating func readByte() -> UInt8 {
        let b = bytes[position]
        position += 1
        return b
    }
}

/// A decoded range table mapping code points to a one-byte class letter.
struct UnicodeClassTable: Sendable {
    private var starts: [UInt32] = []
    private var classes: [UInt8] = []

    init(_ chunks: [StaticString]) {
        var reader = PackedTableReader(chunks)
        var cp = 0
        while !reader.isAtEnd {
            cp += reader.readHex()
            starts.append(UInt32(cp))
            classes.append(reader.readByte())
        }
    }

    /// The class letter of `cp`.
    func letter(_ cp: UInt32) -> UInt8 {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= cp { lo = mid } else { hi = mid - 1 }
        }
        return classes[lo]
    }
}

/// Bidi classes relevant to the Bidi Rule.
enum BidiClass: UInt8 {
    case L = 76, R = 82, AL = 65, EN = 69, ES = 83, ET = 84, AN = 78, CS = 67, NSM = 77, BN = 66, ON = 79, other = 88
}

/// Joining types relevant to the ContextJ rule.
enum JoiningType: UInt8 {
    case L = 76, D = 68, R = 82, T = 84, U = 85
}

/// Decoded bidi class table.
struct BidiClassTable: Sendable {
    let table: UnicodeClassTable
    func lookup(_ cp: UInt32) -> BidiClass { BidiClass(rawValue: table.letter(cp)) ?? .other }
}

/// Decoded joining type table.
struct JoiningTypeTable: Sendable {
    let table: UnicodeClassTable
    func lookup(_ cp: UInt32) -> JoiningType { JoiningType(rawValue: table.letter(cp)) ?? .U }
}

extension IDNAMappingTable {
    /// The mapping table, decoded on first use.
    static let decoded = IDNAMappingData(packed)
}

extension IDNAContextData {
    /// The bidi class table, decoded on first use.
    static let bidi = BidiClassTable(table: UnicodeClassTable(packedBidi))
    /// The joining type table, decoded on first use.
    static let joining = JoiningTypeTable(table: UnicodeClassTable(packedJoining))
}

/// The UTS #46 status of a code point.
enum IDNAStatus {
    case valid, ignored, disallowed, deviation
    /// Mapped to the scalars `pool[range]` of the mapping table.
    case mapped(Range<Int>)
    /// Mapped to a single scalar.
    case mappedTo(Unicode.Scalar)
}

/// The decoded UTS #46 mapping table.
struct IDNAMappingData: Sendable {
    private var starts: [UInt32] = []
    private var kinds: [UInt8] = []
    /// For M: offset << 5 | count into `pool`; for R: the delta.
    private var data: [Int32] = []
    private(set) var pool: [Unicode.Scalar] = []

    init(_ chunks: [StaticString]) {
        var reader = PackedTableReader(chunks)
        var cp = 0
        while !reader.isAtEnd {
            cp += reader.readHex()
            starts.append(UInt32(cp))
            let kind = reader.readByte()
            kinds.append(kind)
            switch kind {
            case UInt8(ascii: "M"):
                let offset = pool.count
                while true {
                    let v = reader.readHex()
                    pool.append(Unicode.Scalar(UInt32(v)) ?? "\u{FFFD}")
                    if reader.readByte() == UInt8(ascii: ";") { break }
                }
                data.append(Int32(offset << 5 | (pool.count - offset)))
            case UInt8(ascii: "R"):
                data.append(Int32(reader.readHex()))
                _ = reader.readByte()
            default:
                data.append(0)
            }
        }
    }

    private func index(_ cp: UInt32) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= cp { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The status of `cp`.
    func lookup(_ cp: UInt32) -> IDNAStatus {
        let i = index(cp)
        switch kinds[i] {
        case UInt8(ascii: "V"): return .valid
        case UInt8(ascii: "X"): return .disallowed
        case UInt8(ascii: "I"): return .ignored
        case UInt8(ascii: "D"): return .deviation
        case UInt8(ascii: "M"):
            let d = Int(data[i])
            return .mapped((d >> 5)..<((d >> 5) + (d & 31)))
        case UInt8(ascii: "R"):
            return .mappedTo(Unicode.Scalar(UInt32(Int(cp) + Int(data[i]))) ?? "\u{FFFD}")
        case UInt8(ascii: "A"):
            if (cp - starts[i]) % 2 == 0 { return .mappedTo(Unicode.Scalar(cp + 1) ?? "\u{FFFD}") }
            return .valid
        default:
            return .disallowed
        }
    }
}
