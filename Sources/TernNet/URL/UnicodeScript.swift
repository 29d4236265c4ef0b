/// The Unicode script of a code point, for deciding whether an
/// internationalised host name is safe to show in Unicode. Only the scripts
/// of domain names in use are listed; every other code point is `.unknown`,
/// which keeps its label in punycode (the safe side).
enum UnicodeScript: Hashable {
    case common, inherited, unknown
    case latin, greek, cyrillic, armenian, hebrew, arabic, syriac, thaana
    case devanagari, bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala
    case thai, lao, tibetan, myanmar, georgian, ethiopic, khmer, mongolian
    case hangul, hiragana, katakana, bopomofo, han

    /// Ranges checked in order: the common and inherited code points inside
    /// script blocks come first.
    private static let ranges: [(ClosedRange<UInt32>, UnicodeScript)] = [
        (0x30...0x39, .common), (0x2D...0x2D, .common),
        (0x30FC...0x30FC, .common),                       // KATAKANA-HIRAGANA PROLONGED SOUND MARK
        (0x300...0x36F, .inherited), (0x485...0x486, .inherited), (0x64B...0x655, .inherited), (0x670...0x670, .inherited),
        (0x1AB0...0x1AFF, .inherited), (0x1DC0...0x1DFF, .inherited), (0x20D0...0x20FF, .inherited),
        (0x302A...0x302D, .inherited), (0x3099...0x309A, .inherited), (0xFE20...0xFE2F, .inherited),
        (0x61...0x7A, .latin), (0xAA...0xAA, .latin), (0xBA...0xBA, .latin), (0xC0...0xD6, .latin), (0xD8...0xF6, .latin),
        (0xF8...0x2AF, .latin), (0x1E00...0x1EFF, .latin), (0x2C60...0x2C7F, .latin), (0xA720...0xA7FF, .latin),
        (0xAB30...0xAB64, .latin),
        (0x370...0x373, .greek), (0x375...0x377, .greek), (0x37A...0x37D, .greek), (0x37F...0x37F, .greek),
        (0x386...0x386, .greek), (0x388...0x3E1, .greek), (0x3F0...0x3FF, .greek), (0x1F00...0x1FFF, .greek),
        (0x3E2...0x3EF, .unknown),                        // Coptic
        (0x400...0x52F, .cyrillic), (0x1C80...0x1C8F, .cyrillic), (0x2DE0...0x2DFF, .cyrillic), (0xA640...0xA69F, .cyrillic),
        (0x531...0x588, .armenian), (0x58A...0x58F, .armenian), (0xFB13...0xFB17, .armenian),
        (0x591...0x5FF, .hebrew), (0xFB1D...0xFB4F, .hebrew),
        (0x600...0x604, .unknown), (0x60C...0x60C, .unknown), (0x61B...0x61F, .unknown), (0x640...0x640, .unknown),
        (0x600...0x6FF, .arabic), (0x750...0x77F, .arabic), (0x8A0...0x8FF, .arabic), (0xFB50...0xFDFF, .arabic),
        (0xFE70...0xFEFF, .arabic),
        (0x700...0x74F, .syriac), (0x780...0x7BF, .thaana),
        (0x964...0x965, .unknown),                        // danda, common to Indic scripts
        (0x900...0x97F, .devanagari), (0x980...0x9FF, .bengali), (0xA00...0xA7F, .gurmukhi), (0xA80...0xAFF, .gujarati),
        (0xB00...0xB7F, .oriya), (0xB80...0xBFF, .tamil), (0xC00...0xC7F, .telugu), (0xC80...0xCFF, .kannada),
        (0xD00...0xD7F, .malayalam), (0xD80...0xDFF, .sinhala),
        (0xE3F...0xE3F, .unknown), (0xE00...0xE7F, .thai), (0xE80...0xEFF, .lao), (0xF00...0xFFF, .tibetan),
        (0x1000...0x109F, .myanmar), (0x10A0...0x10FF, .georgian), (0x1C90...0x1CBF, .georgian), (0x2D00...0x2D2F, .georgian),
        (0x1100...0x11FF, .hangul), (0x3131...0x318E, .hangul), (0xA960...0xA97F, .hangul), (0xAC00...0xD7A3, .hangul),
        (0xD7B0...0xD7FF, .hangul),
        (0x1200...0x139F, .ethiopic), (0x2D80...0x2DDF, .ethiopic), (0x1780...0x17FF, .khmer), (0x1800...0x18AF, .mongolian),
        (0x3041...0x3096, .hiragana), (0x309D...0x309F, .hiragana),
        (0x30A1...0x30FA, .katakana), (0x30FD...0x30FF, .katakana), (0x31F0...0x31FF, .katakana),
        (0x3105...0x312F, .bopomofo), (0x31A0...0x31BF, .bopomofo),
        (0x2E80...0x2FDF, .han), (0x3005...0x3005, .han), (0x3007...0x3007, .han), (0x3021...0x3029, .han),
        (0x3038...0x303B, .han), (0x3400...0x4DBF, .han), (0x4E00...0x9FFF, .han), (0xF900...0xFAFF, .han),
        (0x20000...0x3FFFF, .han),
    ]

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        self = UnicodeScript.ranges.first { $0.0.contains(value) }?.1 ?? .unknown
    }
}
