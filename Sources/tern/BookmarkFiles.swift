import TernSystem
import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `--import-bookmarks` and `--export-bookmarks`: Netscape bookmark HTML
/// files (what every browser exports and imports) into and out of the
/// profile's bookmarks. Each says on stderr how many bookmarks it moved.
enum BookmarkFiles {
    /// A bookmark file larger than this is not one.
    static let maximumFileSize: Int64 = 64 * 1024 * 1024

    /// Imports `path` into `store`'s bookmarks, keeping its folders; a
    /// bookmark already there (same URL in the same folder) is not added
    /// twice. A file that cannot be read or stored imports nothing: false.
    static func importFile(_ path: String, into store: WebsiteDataStore) -> Bool {
        let bytes: [UInt8]
        switch LocalFile.read(path: path, limit: maximumFileSize) {
        case .success(let read): bytes = read
        case .failure(let error):
            CommandLine.printError("tern: cannot import bookmarks from \(path): \(error)")
            return false
        }
        let file = NetscapeBookmarkFile.parse(bytes)
        for reason in file.skipped.prefix(20) {
            CommandLine.printError("tern: \(path): skipped a bookmark: \(reason)")
        }
        if file.skipped.count > 20 { CommandLine.printError("tern: \(path): skipped \(file.skipped.count - 20) more") }
        let added: Int
        do {
            added = try store.bookmarks.add(contentsOf: file.items, folders: file.folders)
        } catch {
            CommandLine.printError("tern: cannot import bookmarks from \(path): \(error); nothing was imported")
            return false
        }
        let already = file.items.count - added
        CommandLine.printError("tern: imported \(count(added, "bookmark")) in \(count(file.folders.count, "folder")) from \(path)"
            + (already > 0 ? " (\(already) already there)" : "") + (file.skipped.isEmpty ? "" : "; \(file.skipped.count) skipped"))
        return true
    }

    /// Writes every bookmark and folder of `store` to `path` (replaced
    /// whole: a temporary file beside it, synced, renamed over it). "-" is
    /// stdout; on a terminal the text goes through the terminal sanitizer.
    static func exportFile(_ path: String, from store: WebsiteDataStore) -> Bool {
        let bookmarks = store.bookmarks.all()
        let folders = store.bookmarks.folders()
        var bytes = Array(NetscapeBookmarkFile.format(bookmarks, folders: folders).utf8)
        let said = "tern: exported \(count(bookmarks.count, "bookmark")) in \(count(folders.count, "folder"))"
        if path == "-" {
            if isatty(STDOUT_FILENO) == 1 { bytes = TerminalText.sanitize(utf8: bytes, keepLineBreaks: true, keepTabs: true) }
            guard fwrite(bytes, 1, bytes.count, stdout) == bytes.count && fflush(stdout) == 0 else { return fail(path, errno) }
            CommandLine.printError(said)
            return true
        }
        let failure = LocalFile.write(bytes, to: path, mode: 0o600, replacing: true)
        guard failure == 0 else { return fail(path, failure) }
        CommandLine.printError(said + " to \(path)")
        return true
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private static func fail(_ path: String, _ code: Int32) -> Bool {
        CommandLine.printError("tern: cannot export bookmarks to \(path): \(String(cString: strerror(code)))")
        return false
    }
}
