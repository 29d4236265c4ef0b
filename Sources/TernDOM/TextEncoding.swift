/// A character encoding of the WHATWG Encoding Standard, named by its
/// lower-case canonical name ("utf-8", "windows-1252", "gbk", "shift_jis" …).
///
/// https://encoding.spec.whatwg.org/#names-and-labels
struct TextEncoding: Hashable {
    /// The canonical name, lower case.
    let name: String

    /// How bytes in this encoding become UTF-8.
    enum Kind: Hashable {
        case utf8
        /// UTF-16 in the given byte order (iconv; errors step two bytes).
        case utf16(iconvName: String)
        /// One byte per character above ASCII: decoded through a 128-entry table.
        case singleByte(iconvName: String)
        /// Multi-byte legacy encodings decoded by iconv.
        case multiByte(iconvName: String)
        /// https://encoding.spec.whatwg.org/#replacement: the whole input becomes one U+FFFD.
        case replacement
        /// https://encoding.spec.whatwg.org/#x-user-defined: 0x80–0xFF → U+F780–U+F7FF.
        case userDefined
    }

    var kind: Kind {
        switch name {
        case "utf-8": return .utf8
        case "utf-16le": return .utf16(iconvName: "UTF-16LE")
        case "utf-16be": return .utf16(iconvName: "UTF-16BE")
        case "replacement": return .replacement
        case "x-user-defined": return .userDefined
        default:
            if let iconvName = TextEncoding.multiByteIconvNames[name] { return .multiByte(iconvName: iconvName) }
            return .singleByte(iconvName: TextEncoding.singleByteIconvNames[name] ?? name.uppercased())
        }
    }

    static let utf8 = TextEncoding(name: "utf-8")
    static let windows1252 = TextEncoding(name: "windows-1252")

    /// https://encoding.spec.whatwg.org/#concept-encoding-get: trims ASCII
    /// whitespace, lower-cases, and looks the label up; nil for unknown labels.
    init?(label: String) {
        var trimmed = Substring(label)
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        while let first = trimmed.first, isSpace(first) { trimmed.removeFirst() }
        while let last = trimmed.last, isSpace(last) { trimmed.removeLast() }
        guard let name = TextEncoding.names[trimmed.lowercased()] else { return nil }
        self.name = name
    }

    private init(name: String) { self.name = name }

    /// Glibc iconv names matching the WHATWG decoders most closely: GBK is
    /// decoded as GB18030 (its superset, as the standard does), Shift_JIS as
    /// Windows-31J (0x5C is a backslash), EUC-KR as UHC, Big5 as Big5-HKSCS.
    static let multiByteIconvNames: [String: String] = [
        "gbk": "GB18030", "gb18030": "GB18030", "big5": "BIG5-HKSCS", "euc-jp": "EUC-JP",
        "iso-2022-jp": "ISO-2022-JP", "shift_jis": "WINDOWS-31J", "euc-kr": "UHC",
    ]

    static let singleByteIconvNames: [String: String] = [
        "ibm866": "IBM866", "iso-8859-8-i": "ISO-8859-8", "koi8-r": "KOI8-R", "koi8-u": "KOI8-U",
        "macintosh": "MACINTOSH", "windows-874": "CP874", "x-mac-cyrillic": "MAC-CYRILLIC",
        "windows-1250": "CP1250", "windows-1251": "CP1251", "windows-1252": "CP1252", "windows-1253": "CP1253",
        "windows-1254": "CP1254", "windows-1255": "CP1255", "windows-1256": "CP1256", "windows-1257": "CP1257",
        "windows-1258": "CP1258",
    ]

    /// Label → canonical name, from https://encoding.spec.whatwg.org/encodings.json.
    static let names: [String: String] = {
        let table: [(String, [String])] = [
            ("utf-8", ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]),
            ("ibm866", ["866", "cp866", "csibm866", "ibm866"]),
            ("iso-8859-2", ["csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2",
                            "iso_8859-2:1987", "l2", "latin2"]),
            ("iso-8859-3", ["csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3",
                            "iso_8859-3:1988", "l3", "latin3"]),
            ("iso-8859-4", ["csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4",
                            "iso_8859-4:1988", "l4", "latin4"]),
            ("iso-8859-5", ["csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595",
                            "iso_8859-5", "iso_8859-5:1988"]),
            ("iso-8859-6", ["arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114",
                            "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596",
                            "iso_8859-6", "iso_8859-6:1987"]),
            ("iso-8859-7", ["csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126",
                            "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek"]),
            ("iso-8859-8", ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138",
                            "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual"]),
            ("iso-8859-8-i", ["csiso88598i", "iso-8859-8-i", "logical"]),
            ("iso-8859-10", ["csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]),
            ("iso-8859-13", ["iso-8859-13", "iso8859-13", "iso885913"]),
            ("iso-8859-14", ["iso-8859-14", "iso8859-14", "iso885914"]),
            ("iso-8859-15", ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"]),
            ("iso-8859-16", ["iso-8859-16"]),
            ("koi8-r", ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
            ("koi8-u", ["koi8-ru", "koi8-u"]),
            ("macintosh", ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
            ("windows-874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"]),
            ("windows-1250", ["cp1250", "windows-1250", "x-cp1250"]),
            ("windows-1251", ["cp1251", "windows-1251", "x-cp1251"]),
            ("windows-1252", ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
                              "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
                              "us-ascii", "windows-1252", "x-cp1252"]),
            ("windows-1253", ["cp1253", "windows-1253", "x-cp1253"]),
            ("windows-1254", ["cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599",
                              "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254"]),
            ("windows-1255", ["cp1255", "windows-1255", "x-cp1255"]),
            ("windows-1256", ["cp1256", "windows-1256", "x-cp1256"]),
            ("windows-1257", ["cp1257", "windows-1257", "x-cp1257"]),
            ("windows-1258", ["cp1258", "windows-1258", "x-cp1258"]),
            ("x-mac-cyrillic", ["x-mac-cyrillic", "x-mac-ukrainian"]),
            ("gbk", ["chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58",
                     "x-gbk"]),
            ("gb18030", ["gb18030"]),
            ("big5", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
            ("euc-jp", ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
            ("iso-2022-jp", ["csiso2022jp", "iso-2022-jp"]),
            ("shift_jis", ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j",
                           "x-sjis"]),
            ("euc-kr", ["cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987",
                        "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"]),
            ("replacement", ["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr",
                             "replacement"]),
            ("utf-16be", ["unicodefffe", "utf-16be"]),
            ("utf-16le", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]),
            ("x-user-defined", ["x-user-defined"]),
        ]
        var names: [String: String] = [:]
        for (name, labels) in table {
            for label in labels { names[label] = name }
        }
        return names
    }()

    /// windows-1252's 0x80–0x9F, which HTML also uses for `&#x80;`–`&#x9F;`
    /// (https://html.spec.whatwg.org/#numeric-character-reference-end-state);
    /// 0 where windows-1252 has no character (HTML keeps the C1 control; Tern
    /// shows U+FFFD instead).
    static let windows1252C1: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]
}
