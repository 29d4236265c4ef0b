#!/usr/bin/env python3
"""gen_idn_display_tables.py: generates TernNet's IDN display tables (IDNCharacterTable.swift).

Only this generator needs the data; the build does not. Sources (both Unicode 15.0 on Debian 12):
- Scripts.txt, ScriptExtensions.txt and PropertyValueAliases.txt from the Debian package
  `unicode-data` (/usr/share/unicode/);
- UTS #39 data through ICU (the Debian package `libicu72`, loaded with ctypes), which compiles
  IdentifierStatus.txt and confusables.txt into its spoof checker:
  - Identifier_Status=Allowed (UTS #39 section 3.1) = ICU's recommended set plus its inclusion set
    (uspoof_getRecommendedUnicodeSet + uspoof_getInclusionUnicodeSet);
  - the confusables skeleton (UTS #39 section 4) of each code point (uspoof_getSkeleton);
  less the few code points Chromium's IDN spoof checker also takes out of the allowed set.

Output, for the Allowed code points only (any other code point keeps its label in punycode):
- the augmented Script_Extensions set of each (UTS #39 section 5.1: Han adds Japanese, Korean and
  Han-with-Bopomofo; Hiragana and Katakana add Japanese; Hangul adds Korean; Bopomofo adds
  Han-with-Bopomofo), Common and Inherited without extensions being every script;
- whether it looks like an ASCII character: a non-ASCII code point whose skeleton is a single
  printable ASCII character (U+0261 -> g, U+0430 -> a, U+2010 -> -, U+02BC -> '). Ligatures whose skeleton is several ASCII letters
  (U+00E6 -> ae, U+0133 -> ij) do not count: they do not pass for one ASCII letter.
Sorted, merged ranges; the Swift side finds a code point by binary search.

Run: apt-get install -y unicode-data && \
     python3 tools/gen_idn_display_tables.py > Sources/TernNet/URL/IDNCharacterTable.swift
"""
import ctypes
import re
import sys

UCD = "/usr/share/unicode/"
ICU_VERSION = "72"

# The pseudo-scripts of UTS #39 section 5.1 (augmented script sets), after the real ones.
AUGMENTED = {"Hani": ["Jpan", "Kore", "Hanb"], "Hira": ["Jpan"], "Kana": ["Jpan"],
             "Hang": ["Kore"], "Bopo": ["Hanb"]}
PSEUDO_NAMES = {"Jpan": "japanese", "Kore": "korean", "Hanb": "hanWithBopomofo"}


def icu():
    i18n = ctypes.CDLL(f"libicui18n.so.{ICU_VERSION}")
    uc = ctypes.CDLL(f"libicuuc.so.{ICU_VERSION}")

    def fn(lib, name, restype, *argtypes):
        f = getattr(lib, f"{name}_{ICU_VERSION}")
        f.restype, f.argtypes = restype, list(argtypes)
        return f

    err_p = ctypes.POINTER(ctypes.c_int)
    open_checker = fn(i18n, "uspoof_open", ctypes.c_void_p, err_p)
    get_skeleton = fn(i18n, "uspoof_getSkeleton", ctypes.c_int32, ctypes.c_void_p, ctypes.c_uint32,
                      ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p, ctypes.c_int32, err_p)
    recommended = fn(i18n, "uspoof_getRecommendedSet", ctypes.c_void_p, err_p)
    inclusion = fn(i18n, "uspoof_getInclusionSet", ctypes.c_void_p, err_p)
    item_count = fn(uc, "uset_getItemCount", ctypes.c_int32, ctypes.c_void_p)
    get_item = fn(uc, "uset_getItem", ctypes.c_int32, ctypes.c_void_p, ctypes.c_int32,
                  ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int32),
                  ctypes.c_void_p, ctypes.c_int32, err_p)
    err = ctypes.c_int(0)
    checker = open_checker(ctypes.byref(err))
    assert err.value <= 0, f"uspoof_open: {err.value}"

    def code_points(uset):
        out = set()
        for i in range(item_count(uset)):
            start, end, e = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int(0)
            n = get_item(uset, i, ctypes.byref(start), ctypes.byref(end), None, 0, ctypes.byref(e))
            assert n == 0, "no strings expected in the identifier sets"
            out.update(range(start.value, end.value + 1))
        return out

    def skeleton(cp):
        src = chr(cp).encode("utf-16-le")
        buf = ctypes.create_string_buffer(512)
        e = ctypes.c_int(0)
        n = get_skeleton(checker, 0, src, len(src) // 2, buf, 256, ctypes.byref(e))
        assert e.value <= 0, f"uspoof_getSkeleton({cp:X}): {e.value}"
        return buf.raw[:2 * n].decode("utf-16-le")

    allowed = code_points(recommended(ctypes.byref(err))) | code_points(inclusion(ctypes.byref(err)))
    assert err.value <= 0
    # Chromium's IDN spoof checker takes these out of the allowed set: the long solidus overlay
    # (strikes a letter through), the Armenian hyphen and U+2010 HYPHEN (look like '-'), U+2019 and the
    # modifier letters U+02BB, U+02BC (look like an apostrophe), U+2027 HYPHENATION POINT and U+30A0
    # KATAKANA-HIRAGANA DOUBLE HYPHEN (look like punctuation).
    allowed -= {0x0338, 0x058A, 0x2010, 0x2019, 0x2027, 0x30A0, 0x02BB, 0x02BC}
    return allowed, skeleton


def parse_ranges(path):
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        cps, value = (s.strip() for s in line.split(";"))
        first, _, last = cps.partition("..")
        yield int(first, 16), int(last or first, 16), value


def main():
    short_of = {}    # long script name -> ISO 15924 code
    long_of = {}
    for line in open(UCD + "PropertyValueAliases.txt", encoding="utf-8"):
        m = re.match(r"sc\s*;\s*(\w+)\s*;\s*(\w+)", line)
        if m:
            short_of[m.group(2)] = m.group(1)
            long_of[m.group(1)] = m.group(2)
    script = {}
    for a, b, name in parse_ranges(UCD + "Scripts.txt"):
        for cp in range(a, b + 1):
            script[cp] = short_of[name]
    extensions = {}
    for a, b, codes in parse_ranges(UCD + "ScriptExtensions.txt"):
        for cp in range(a, b + 1):
            extensions[cp] = codes.split()
    version = re.search(r"Scripts-([\d.]+)\.txt", open(UCD + "Scripts.txt", encoding="utf-8").readline()).group(1)

    allowed, skeleton = icu()

    # The real scripts of Allowed code points name the bits; a Script_Extensions entry naming any
    # other script is dropped (no Allowed letter of it can share a label with the code point).
    real = sorted({script[cp] for cp in allowed} - {"Zyyy", "Zinh"})
    bits = real + ["Jpan", "Kore", "Hanb"]
    assert len(bits) <= 64, len(bits)
    every = (1 << len(bits)) - 1

    def scripts_of(cp):
        codes = extensions.get(cp, [script.get(cp, "Zzzz")])
        if codes in (["Zyyy"], ["Zinh"]):
            return every
        codes = [c for c in codes if c in real]
        codes += [p for c in codes for p in AUGMENTED.get(c, [])]
        return sum(1 << bits.index(c) for c in set(codes))

    sets = []        # distinct script sets, indexed by a range's kind
    ranges = []      # (first, last, kind); kind = index into sets, + 128 when it looks like ASCII
    for cp in sorted(allowed):
        s = scripts_of(cp)
        if s == 0:
            continue
        if s not in sets:
            sets.append(s)
        sk = skeleton(cp)
        looks_ascii = cp >= 0x80 and len(sk) == 1 and 0x20 < ord(sk) < 0x7F
        kind = sets.index(s) + (128 if looks_ascii else 0)
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == kind:
            ranges[-1] = (ranges[-1][0], cp, kind)
        else:
            ranges.append((cp, cp, kind))
    assert len(sets) < 128

    def camel(long_name):
        parts = long_name.split("_")
        return parts[0].lower() + "".join(p.capitalize() for p in parts[1:])

    names = [camel(long_of[c]) if c in long_of and c not in PSEUDO_NAMES else PSEUDO_NAMES[c] for c in bits]
    out = []
    w = out.append
    w(f"// GENERATED by tools/gen_idn_display_tables.py from Unicode {version} (Scripts.txt, ScriptExtensions.txt)")
    w(f"// and UTS #39 data (Identifier_Status, confusables) as ICU {ICU_VERSION} compiles it. Do not edit by hand.")
    w("")
    w("/// The UTS #39 facts about the code points allowed in identifiers (Identifier_Status=Allowed), for")
    w("/// deciding whether a domain label is shown in Unicode: each one's augmented script set and whether")
    w("/// its confusables skeleton is one printable ASCII character. A code point not in `ranges` is not allowed.")
    w("enum IDNCharacterTable {")
    w("    /// A set of scripts (UTS #39 section 5.1 augmented script sets), as bits.")
    w("    struct Scripts: OptionSet, Sendable {")
    w("        let rawValue: UInt64")
    for i, name in enumerate(names):
        w(f"        static let {name} = Scripts(rawValue: 1 << {i})")
    w("        /// Common and Inherited code points (without Script_Extensions) go with every script.")
    w(f"        static let all = Scripts(rawValue: 0x{every:X})")
    w("    }")
    w("")
    w("    /// The distinct script sets of `ranges`, indexed by a range's kind (low 7 bits).")
    w("    static let scriptSets: [Scripts] = [")
    line = "       "
    for s in sets:
        item = f" Scripts(rawValue: 0x{s:X}),"
        if len(line) + len(item) > 110:
            w(line); line = "       "
        line += item
    w(line)
    w("    ]")
    w("")
    w("    /// Bit of a range's kind: its code points look like a printable ASCII character.")
    w("    static let looksLikeASCII: UInt8 = 0x80")
    w("")
    w(f"    /// The Allowed code points as sorted, non-overlapping closed ranges: (first, last, kind) triples ({len(ranges)}).")
    w("    static let ranges: [UInt32] = [")
    line = "       "
    for a, b, k in ranges:
        item = f" 0x{a:X}, 0x{b:X}, {k},"
        if len(line) + len(item) > 110:
            w(line); line = "       "
        line += item
    w(line)
    w("    ]")
    w("}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
