/// Whether an internationalised host name is shown in Unicode or left in
/// punycode, the way Chrome and Firefox decide, so that `аррӏе.com` (all
/// Cyrillic) cannot pass for apple.com in a status line or a prompt.
///
/// A label is shown in Unicode only when it round-trips through IDNA and
/// (after UTS #39's "highly restrictive" profile) its letters come from one
/// script, or from the combinations CJK writing uses: Latin with Han,
/// Hiragana and Katakana (Japanese), with Han and Bopomofo (Chinese), or with
/// Han and Hangul (Korean). A label stays in punycode when it mixes other
/// scripts (Latin with Cyrillic, Greek...), holds a code point of no listed
/// script (symbols, emoji), an invisible character or an IDNA deviation
/// character (ß, ς, ZWJ, ZWNJ, which older browsers map differently), or
/// is spelled entirely with Cyrillic or Greek letters that look Latin while
/// the top-level domain is ASCII (a whole-script confusable).
public enum HostDisplay {
    /// The host as a person should see it; `asciiHost` as WebURL stores it.
    public static func displayHost(_ asciiHost: String) -> String {
        guard asciiHost.contains("xn--") else { return asciiHost }
        let labels = asciiHost.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let topLevel = labels.last(where: { !$0.isEmpty }) ?? ""
        let topLevelIsASCII = !topLevel.hasPrefix("xn--")
        return labels.map { label in
            guard label.hasPrefix("xn--"), let unicode = decodedLabel(label),
                  isSafeToDisplay(unicode, topLevelIsASCII: topLevelIsASCII) else { return label }
            return String(String.UnicodeScalarView(unicode))
        }.joined(separator: ".")
    }

    /// The label's Unicode form, when it is valid IDNA that encodes back to `label`.
    private static func decodedLabel(_ label: String) -> [Unicode.Scalar]? {
        guard let scalars = Punycode.decode(Array(label.utf8.dropFirst(4))), !scalars.isEmpty,
              IDNA.domainToASCII(String(String.UnicodeScalarView(scalars))) == label else { return nil }
        return scalars
    }

    /// Deviation characters (UTS #46) and characters that show nothing.
    private static let invisibleOrDeviation: Set<UInt32> = [
        0x00DF, 0x03C2, 0x200C, 0x200D,                           // ß ς ZWNJ ZWJ
        0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E, 0x200B,
        0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xFEFF, 0xFFA0,
    ]

    /// Cyrillic and Greek letters that pass for Latin ones (Chrome's list for Cyrillic).
    private static let latinLookalikes = Set(("асԁеһіјӏорԛѕԝхуъьҽпгѵѡ" + "αικνορτυχ").unicodeScalars)

    /// The scripts a label may combine (besides Common and Inherited).
    private static let allowedCombinations: [Set<UnicodeScript>] = [
        [.latin, .han, .hiragana, .katakana],
        [.latin, .han, .bopomofo],
        [.latin, .han, .hangul],
    ]

    static func isSafeToDisplay(_ label: [Unicode.Scalar], topLevelIsASCII: Bool) -> Bool {
        var scripts = Set<UnicodeScript>()
        var previous: Unicode.Scalar?
        for scalar in label {
            if invisibleOrDeviation.contains(scalar.value) { return false }
            let script = UnicodeScript(scalar)
            switch script {
            case .unknown:
                return false
            case .inherited:
                // A combining mark on nothing, the same mark twice, or a dot above i/j/l (dotless-i spoofs).
                guard let base = previous, base != scalar else { return false }
                if scalar.value == 0x307, "ijlı".unicodeScalars.contains(base) { return false }
            case .common:
                break
            default:
                scripts.insert(script)
            }
            previous = scalar
        }
        if scripts.count > 1, !allowedCombinations.contains(where: { scripts.isSubset(of: $0) }) { return false }
        if topLevelIsASCII, scripts == [.cyrillic] || scripts == [.greek],
           label.allSatisfy({ latinLookalikes.contains($0) || UnicodeScript($0) == .common }) {
            return false
        }
        return true
    }
}
