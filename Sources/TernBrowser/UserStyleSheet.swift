#if canImport(Glibc)
import Glibc
#endif

/// The person's own style sheet, `user.css` in Tern's configuration folder
/// (`$XDG_CONFIG_HOME/tern/user.css`, else `~/.config/tern/user.css`),
/// applied to every page with the user origin: it wins over the page's
/// rules only with `!important` (CSS Cascade 4 §6.2).
public enum UserStyleSheet {
    /// Bytes read at most.
    static let maximumSize = 4 << 20

    /// Where the sheet is looked for.
    public static func path() -> String {
        ExternalHandlers.configDirectory() + "/user.css"
    }

    /// The sheet's text (UTF-8, a BOM dropped), or nil when there is no
    /// readable file at `path`.
    public static func load(from path: String = path()) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < maximumSize {
            let count = fread(&chunk, 1, chunk.count, file)
            guard count > 0 else { break }
            bytes += chunk[..<min(count, maximumSize - bytes.count)]
        }
        guard ferror(file) == 0 else { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
