#if canImport(Glibc)
import Glibc
#endif

/// File names for downloads that cannot hurt: a server's suggestion (from
/// Content-Disposition or the URL) reduced to one plain name inside the
/// download folder — no path (`../../etc/passwd` → `passwd`), no control or
/// bidirectional-override characters, no hidden dot-file, no Windows device
/// name, at most `maximumLength` bytes — and a path that overwrites nothing.
public enum SafeFilename {
    /// Bytes of UTF-8 a name may take: under NAME_MAX (255) with room for " (999)".
    public static let maximumLength = 240
    /// What a download is called when nothing usable was suggested.
    public static let fallback = "download"

    /// `raw` as a safe single file name, or nil when nothing usable remains.
    public static func sanitized(_ raw: String) -> String? {
        // Only the last component of any path, Unix or Windows.
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var scalars = String.UnicodeScalarView()
        for scalar in last.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "_" : scalar)
        }
        var name = String(scalars)
        // No hidden files, no "." or "..", nothing Windows would trim.
        while let first = name.unicodeScalars.first, first == "." || first == " " { name.unicodeScalars.removeFirst() }
        while let last = name.unicodeScalars.last, last == "." || last == " " { name.unicodeScalars.removeLast() }
        guard !name.isEmpty, name.unicodeScalars.contains(where: { $0 != "_" }) else { return nil }
        let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
        if reservedDeviceNames.contains(trimmingBlanks(stem)) { name = "_" + name }
        return capped(name)
    }

    /// `directory/filename`, or `directory/stem (1).ext`, `(2)`, ... when
    /// that exists: a download never overwrites a file.
    public static func unusedPath(in directory: String, for filename: String) -> String {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var candidate = folder + "/" + filename
        let (stem, ext) = split(filename)
        var number = 1
        var status = stat()
        while lstat(candidate, &status) == 0 {
            candidate = "\(folder)/\(stem) (\(number))\(ext)"
            number += 1
        }
        return candidate
    }

    private static let reservedDeviceNames: Set<String> = Set(["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
        + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// Control characters (C0, DEL, C1), bidirectional controls that make
    /// `evil\u{202E}txt.exe` read as `evilexe.txt`, and characters Windows
    /// forbids in names.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
            || "<>:\"|?*".unicodeScalars.contains(scalar)
    }

    /// "name.tar.gz" → ("name.tar", ".gz"); no extension for a name without a dot.
    /// `text` without leading and trailing spaces and tabs.
    private static func trimmingBlanks(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(text[first...last])
    }

    private static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// At most `maximumLength` bytes, cut between scalars, keeping a short extension.
    private static func capped(_ name: String) -> String {
        guard name.utf8.count > maximumLength else { return name }
        var (stem, ext) = split(name)
        if ext.utf8.count > 16 { (stem, ext) = (name, "") }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in stem.unicodeScalars {
            let size = String(scalar).utf8.count
            guard bytes + size + ext.utf8.count <= maximumLength else { break }
            kept.append(scalar)
            bytes += size
        }
        return String(kept) + ext
    }
}
