/// Whether an internationalised host name is shown to a person in Unicode or
/// left in punycode (`xn--`), modelled on Chromium's IDN display policy
/// ("IDN in Google Chrome") over UTS #39 "Unicode Security Mechanisms", so
/// that `ɡoogle.com`, `pаypal.com` (one Cyrillic а) or `аррӏе.com` (all
/// Cyrillic) cannot pass for the real site in a status line or a dialog.
///
/// Each label is decided on its own; a label is shown in Unicode only when:
/// - it is valid IDNA that encodes back to itself, without a deviation
///   character (ß, ς, ZWNJ, ZWJ: UTS #46 section 6);
/// - every code point is allowed in identifiers (UTS #39 section 3.1,
///   Identifier_Status=Allowed: no symbols, no IPA letters such as ɡ or ɑ,
///   no historic scripts, no invisible characters);
/// - it is "Highly Restrictive" (UTS #39 section 5.2): one script, or Latin
///   with Han and Hiragana/Katakana, with Han and Bopomofo, or with Han and
///   Hangul, Common and Inherited aside; a non-ASCII Latin letter mixed with
///   another script is refused, as Chromium does;
/// - no code point whose script may be Latin (or Common) looks like an ASCII
///   character (its UTS #39 confusables skeleton is one ASCII character:
///   ı, ʼ, ‐). Chromium compares skeletons with a list of top domains; we have
///   none, so any such look-alike counts;
/// - it is not a whole-script confusable (UTS #39 section 4): a label of one
///   other script made only of ASCII look-alikes (Cyrillic `аррӏе`, Greek `ιο`)
///   stays punycode unless the top-level domain is of that script (`.рф`) or a
///   ccTLD where it is at home (Chromium's list: `.ru`, `.gr`, ...);
/// - combining marks are used as letters use them (Chromium's "dangerous
///   patterns"): not on nothing, not the same mark twice, U+0300-U+0339 only on
///   Latin, Greek or Cyrillic, no dot above on i, j, l or ı; U+30FC (ー) only
///   after kana, the Katakana iteration marks only after Katakana, CJK
///   characters that pass for a dash or a slash (一, ノ) not beside Latin
///   letters, a middle dot only between two l's (Catalan ela geminada).
/// Chromium's Icelandic (þ, ð) and Azerbaijani (ə) rules keep those letters in
/// punycode outside `.is`/`.fo` and `.az`.
public enum IDNDisplayPolicy {
    typealias Scripts = IDNCharacterTable.Scripts

    /// The host as a person should see it; `asciiHost` as WebURL stores it.
    public static func displayHost(_ asciiHost: String) -> String {
        guard asciiHost.contains("xn--") else { return asciiHost }
        let labels = asciiHost.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let topLevel = TopLevelDomain(labels.last(where: { !$0.isEmpty }) ?? "")
        return labels.map { label in
            guard label.hasPrefix("xn--"), let unicode = decodedLabel(label),
                  isSafeToDisplay(unicode, topLevel: topLevel) else { return label }
            return String(String.UnicodeScalarView(unicode))
        }.joined(separator: ".")
    }

    /// The label's Unicode form, when it is valid IDNA that encodes back to `label`.
    private static func decodedLabel(_ label: String) -> [Unicode.Scalar]? {
        guard let scalars = Punycode.decode(Array(label.utf8.dropFirst(4))), !scalars.isEmpty,
              IDNA.domainToASCII(String(String.UnicodeScalarView(scalars))) == label else { return nil }
        return scalars
    }

    /// The top-level domain, as the whole-script and ccTLD rules read it.
    struct TopLevelDomain {
        /// The ASCII form (`com`, `xn--p1ai`).
        let ascii: Substring
        /// The scripts of its letters when it is an IDN TLD (`рф` is Cyrillic), else empty.
        let scripts: Scripts

        init(_ ascii: String) {
            self.ascii = ascii[...]
            var scripts = Scripts()
            if ascii.hasPrefix("xn--"), let unicode = Punycode.decode(Array(ascii.utf8.dropFirst(4))) {
                scripts = .all
                for scalar in unicode {
                    scripts.formIntersection(IDNDisplayPolicy.character(scalar.value)?.scripts ?? [])
                }
                if scripts == .all { scripts = [] }                   // no letters: no script is at home there
            }
            self.scripts = scripts
        }
    }

    /// UTS #46 deviation characters: older browsers map them, so their labels stay punycode.
    private static let deviationCharacters: Set<UInt32> = [0x00DF, 0x03C2, 0x200C, 0x200D]

    /// Chromium's ccTLDs where a whole-script confusable label of a script is at home.
    private static let wholeScriptHomeTLDs: [(Scripts, Set<Substring>)] = [
        (.armenian, ["am"]), (.cyrillic, ["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"]),
        (.ethiopic, ["er", "et"]), (.georgian, ["ge"]), (.greek, ["gr"]), (.hebrew, ["il"]),
        (.myanmar, ["mm"]), (.thai, ["th"]),
    ]

    /// The script combinations UTS #39 "Highly Restrictive" allows besides one script.
    private static let allowedCombinations: [Scripts] = [
        [.latin, .japanese], [.latin, .hanWithBopomofo], [.latin, .korean],
    ]

    static func isSafeToDisplay(_ label: [Unicode.Scalar], topLevel: TopLevelDomain) -> Bool {
        var resolved = Scripts.all
        var coveredByCombination = [true, true, true]
        var onlyLookalikes = true
        var hasNonASCIILatin = false
        var previous: Unicode.Scalar?
        for (index, scalar) in label.enumerated() {
            let value = scalar.value
            // UTS #39 section 3.1: only Identifier_Status=Allowed; UTS #46: no deviation characters.
            guard !deviationCharacters.contains(value), let character = character(value) else { return false }
            let scripts = character.scripts
            resolved.formIntersection(scripts)
            for (i, combination) in allowedCombinations.enumerated() where scripts.isDisjoint(with: combination) {
                coveredByCombination[i] = false
            }
            // An ASCII look-alike that may be Latin or Common (ı, ‐): no top-domain list to compare with;
            // the dotless ı is a letter of its own under the Turkish and Azerbaijani TLDs.
            if character.looksLikeASCII, scripts.contains(.latin),
               !(value == 0x131 && (topLevel.ascii == "tr" || topLevel.ascii == "az")) { return false }
            if value >= 0x80, scripts == .latin { hasNonASCIILatin = true }
            if !character.looksLikeASCII, !(0x30...0x39).contains(value), value != 0x2D { onlyLookalikes = false }
            if !isUsedAsLettersUseIt(scalar, previous: previous, next: index + 1 < label.count ? label[index + 1] : nil,
                                     topLevel: topLevel.ascii, labelLength: label.count) {
                return false
            }
            previous = scalar
        }
        let singleScript = !resolved.isEmpty
        // UTS #39 section 5.2 "Highly Restrictive".
        guard singleScript || coveredByCombination.contains(true) else { return false }
        // Chromium: a non-ASCII Latin letter mixed with a non-Latin script.
        if !singleScript, hasNonASCIILatin { return false }
        // UTS #39 section 4 whole-script confusables (Chromium's rule 10).
        if singleScript, onlyLookalikes, !resolved.contains(.latin), !isHome(of: resolved, topLevel) { return false }
        return true
    }

    /// Whether the top-level domain is written in one of `scripts`, or is a ccTLD where they are at home.
    private static func isHome(of scripts: Scripts, _ topLevel: TopLevelDomain) -> Bool {
        if !topLevel.scripts.isDisjoint(with: scripts) { return true }
        return wholeScriptHomeTLDs.contains { !$0.0.isDisjoint(with: scripts) && $0.1.contains(topLevel.ascii) }
    }

    /// Chromium's per-character context rules (combining marks, kana marks, middle dot, TLD-specific letters).
    private static func isUsedAsLettersUseIt(_ scalar: Unicode.Scalar, previous: Unicode.Scalar?, next: Unicode.Scalar?,
                                            topLevel: Substring, labelLength: Int) -> Bool {
        let value = scalar.value
        switch value {
        case 0x00FE, 0x00F0:                                         // þ ð: Icelandic and Faroese only
            return labelLength == 1 || topLevel == "is" || topLevel == "fo"
        case 0x0259:                                                 // ə: Azerbaijani only
            return labelLength == 1 || topLevel == "az"
        case 0x00B7:                                                 // l·l, Catalan
            return previous == "l" && next == "l"
        case 0x30FC:                                                 // ー after kana only
            return previous.map { isWritten($0, in: [.hiragana, .katakana]) } ?? false
        case 0x3099, 0x309A:                                         // combining kana voiced marks
            return false
        case 0x30FD, 0x30FE:                                         // Katakana iteration marks after Katakana only
            return previous.map { isWritten($0, in: .katakana) } ?? false
        default:
            break
        }
        // Ideographs and kana that pass for a dash, a slash or a Latin letter, next to non-CJK letters.
        if dashLikeCJK.contains(value) {
            let cjk: Scripts = [.hiragana, .katakana, .han, .bopomofo]
            if let previous, !isWritten(previous, in: cjk) { return false }
            if let next, !isWritten(next, in: cjk) { return false }
        }
        if slashLikeCJK.contains(value), let previous, let next {
            let japanese: Scripts = [.hiragana, .katakana, .han]
            if !isWritten(previous, in: japanese), !isWritten(next, in: japanese) { return false }
        }
        guard scalar.properties.generalCategory == .nonspacingMark else { return true }
        guard let base = previous, base != scalar else { return false }     // a mark on nothing, or twice
        if (0x300...0x339).contains(value) {
            if base == "\u{131}" { return false }
            if value == 0x307, "ijl".unicodeScalars.contains(base) { return false }
            guard isWritten(base, in: [.latin, .greek, .cyrillic]) else { return false }
        }
        return true
    }

    /// Chromium: CJK characters that look like a dash or a Latin letter (一 丨 十 〇 ㄒ ...), refused next to non-CJK.
    private static let dashLikeCJK: Set<UInt32> = [
        0x4E00, 0x3127, 0x4E28, 0x4E5B, 0x4E03, 0x4E05, 0x5341, 0x3007, 0x3112, 0x311A,
        0x311F, 0x3128, 0x3129, 0x3108, 0x31BA, 0x31B3, 0x5DE5, 0x31B2, 0x8BA0, 0x4E01,
    ]

    /// Chromium: kana and ideographs that look like a slash (ノ ン ソ ゾ 丶 丿 ...), refused between non-Japanese letters.
    private static let slashLikeCJK: Set<UInt32> = [0x30CE, 0x30F3, 0x30BD, 0x30BE, 0x4E36, 0x4E40, 0x4E41, 0x4E3F]

    /// Whether `scalar` belongs to one of `scripts` (its Script_Extensions meet them, as `\p{scx=...}`
    /// reads them: a Common or Inherited code point without extensions, a digit or '-', belongs to none).
    private static func isWritten(_ scalar: Unicode.Scalar, in scripts: Scripts) -> Bool {
        guard let character = character(scalar.value), character.scripts != .all else { return false }
        return !character.scripts.isDisjoint(with: scripts)
    }

    /// The UTS #39 facts about one code point, or nil when it is not allowed in identifiers.
    static func character(_ value: UInt32) -> (scripts: Scripts, looksLikeASCII: Bool)? {
        let ranges = IDNCharacterTable.ranges
        var low = 0, high = ranges.count / 3 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < ranges[middle * 3] {
                high = middle - 1
            } else if value > ranges[middle * 3 + 1] {
                low = middle + 1
            } else {
                let kind = UInt8(truncatingIfNeeded: ranges[middle * 3 + 2])
                let scripts = IDNCharacterTable.scriptSets[Int(kind & ~IDNCharacterTable.looksLikeASCII)]
                return (scripts, kind & IDNCharacterTable.looksLikeASCII != 0)
            }
        }
        return nil
    }
}
