#if canImport(Glibc)
import TernSystem
import Glibc
#endif

/// Tab completion of file paths in the open panel's prompt, as a shell does:
/// the longest common continuation of the names that start with what was
/// typed, and a `/` after a directory.
enum PathCompletion {
    /// `text` completed as far as the file system makes it unambiguous.
    static func complete(_ text: String) -> String {
        let expanded = text.hasPrefix("~/") ? HomeDirectory.expandingTilde(text) : text
        let slash = expanded.lastIndex(of: "/")
        let directory = slash.map { String(expanded[...$0]) } ?? "./"
        let prefix = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
        guard let handle = opendir(directory) else { return text }
        defer { closedir(handle) }
        var matches: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || !name.hasPrefix(prefix) { continue }
            if prefix.isEmpty && name.hasPrefix(".") { continue }
            matches.append(name)
        }
        guard var common = matches.first else { return text }
        for name in matches.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        let base = slash == nil ? "" : directory
        var completed = base + common
        if matches.count == 1 {
            var info = stat()
            if stat(completed, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { completed += "/" }
        }
        return completed
    }
}
