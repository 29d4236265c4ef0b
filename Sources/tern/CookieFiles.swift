import TernSystem
import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `--import-cookies` and `--export-cookies`: Netscape cookies.txt files
/// (curl's `-b`/`-c`) into and out of the website data store, so a session
/// started in curl or another browser can go on in Tern and back.
enum CookieFiles {
    /// A cookies file larger than this is not one.
    static let maximumFileSize: Int64 = 64 * 1024 * 1024

    /// Imports `path` into `store`. Bad lines are reported on stderr with
    /// their number and skipped; a file that cannot be read, is not text, or
    /// cannot be stored (a full disk) imports nothing and returns nil.
    static func importFile(_ path: String, into store: WebsiteDataStore) -> [Cookie]? {
        let bytes: [UInt8]
        switch LocalFile.read(path: path, limit: maximumFileSize) {
        case .success(let read): bytes = read
        case .failure(let error):
            CommandLine.printError("tern: cannot import cookies from \(path): \(error)")
            return nil
        }
        guard !bytes.contains(0), let text = String(validatingUTF8: bytes.map { CChar(bitPattern: $0) } + [0]) else {
            CommandLine.printError("tern: cannot import cookies from \(path): it is not a cookies.txt text file")
            return nil
        }
        let (cookies, problems) = NetscapeCookieFile.parse(text)
        for problem in problems {
            CommandLine.printError("tern: \(path):\(problem.line): \(problem.reason); line skipped")
        }
        do {
            try store.importCookies(cookies)
        } catch {
            CommandLine.printError("tern: cannot import cookies from \(path): \(error); nothing was imported")
            return nil
        }
        return cookies
    }

    /// Writes every cookie of `store` to `path` (replaced whole, owner-only):
    /// a temporary file beside it, synced, then renamed over it, so a full
    /// disk or a crash never leaves half a file. "-" is stdout (as for curl).
    ///
    /// A file or a pipe gets the cookies byte for byte, as curl reads them
    /// back; a cookie the format cannot hold (a TAB, line break or other
    /// control in it, `NetscapeCookieFile.canWrite`) is left out and
    /// counted on stderr. A terminal is not a cookies file: there the text
    /// goes through the terminal sanitizer like every other output, so a
    /// site's cookie cannot send the terminal a control (U+009B is CSI).
    static func exportFile(_ path: String, from store: WebsiteDataStore) -> Bool {
        let cookies = store.cookieJar.allCookies
        let skipped = cookies.filter { !NetscapeCookieFile.canWrite($0) }.count
        if skipped > 0 {
            CommandLine.printError("tern: \(skipped) cookie\(skipped == 1 ? "" : "s") cannot be written in cookies.txt"
                + " (a TAB, line break or control character in the name, value or path); left out")
        }
        var bytes = Array(NetscapeCookieFile.format(cookies).utf8)
        if path == "-" {
            if isatty(STDOUT_FILENO) == 1 { bytes = TerminalText.sanitize(utf8: bytes, keepLineBreaks: true, keepTabs: true) }
            return fwrite(bytes, 1, bytes.count, stdout) == bytes.count && fflush(stdout) == 0 ? true : fail(path, errno)
        }
        let failure = LocalFile.write(bytes, to: path, mode: 0o600, replacing: true)
        guard failure == 0 else { return fail(path, failure) }
        return true
    }

    private static func fail(_ path: String, _ code: Int32) -> Bool {
        CommandLine.printError("tern: cannot export cookies to \(path): \(String(cString: strerror(code)))")
        return false
    }
}
