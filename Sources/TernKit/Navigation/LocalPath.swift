#if canImport(Glibc)
import Glibc
#endif

/// Checks on local paths for file: access.
enum LocalPath {
    /// Whether `path` lies inside `root` (or is `root`), after resolving
    /// symbolic links and `..`, so that no link leads outside.
    static func isAllowed(_ path: String, under root: String) -> Bool {
        let resolvedRoot = resolve(root) ?? normalize(root)
        let resolvedPath = resolve(path) ?? normalize(path)
        if resolvedPath == resolvedRoot { return true }
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        return resolvedPath.hasPrefix(prefix)
    }

    private static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` with `.` and `..` segments removed (for paths that do not exist).
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
