import TernKit
#if canImport(Glibc)
import Glibc
#endif

/// The browser's downloads: responses a page cannot show, saved to the
/// download folder under a name that overwrites nothing, with their progress.
final class DownloadList: DownloadDelegate {
    struct Entry {
        let download: Download
        var failure: String?
    }

    private(set) var entries: [Entry] = []
    /// Told of every change (a new download, one finished or failed).
    var onChange: (() -> Void)?

    /// `$XDG_DOWNLOAD_DIR`, else `~/Downloads` (made when missing), else the
    /// current folder.
    static func folder() -> String {
        if let configured = getenv("XDG_DOWNLOAD_DIR").map({ String(cString: $0) }), !configured.isEmpty { return configured }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            let folder = home + "/Downloads"
            if mkdir(folder, 0o755) == 0 || errno == EEXIST { return folder }
        }
        return "."
    }

    func add(_ download: Download) {
        entries.append(Entry(download: download))
        download.delegate = self
        onChange?()
    }

    var activeCount: Int { entries.filter { !$0.download.isFinished && $0.failure == nil }.count }

    /// One line per download: name, progress or outcome.
    var lines: [String] {
        entries.reversed().map { entry in
            let download = entry.download
            let name = download.destination.map { String($0.split(separator: "/").last ?? "") } ?? download.suggestedFilename
            let state: String
            if let failure = entry.failure {
                state = "failed: \(failure)"
            } else if download.isFinished {
                state = "done, \(Self.size(download.bytesWritten)) in \(download.destination ?? "")"
            } else if download.totalBytesExpected > 0 {
                state = "\(download.bytesWritten * 100 / download.totalBytesExpected)% of \(Self.size(download.totalBytesExpected))"
            } else {
                state = "\(Self.size(download.bytesWritten)) so far"
            }
            return "\(name) — \(state)"
        }
    }

    static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 20 { return "\(bytes / (1 << 20)) MB" }
        if bytes >= 1 << 10 { return "\(bytes / (1 << 10)) KB" }
        return "\(bytes) bytes"
    }

    /// A path in `folder` for `name` that does not exist yet: `name`,
    /// `name (1)`, `name (2)`… (before the extension).
    static func freePath(in folder: String, for name: String) -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var candidate = folder + "/" + name
        var number = 1
        while access(candidate, F_OK) == 0 {
            candidate = folder + "/" + stem + " (\(number))" + suffix
            number += 1
        }
        return candidate
    }

    // MARK: DownloadDelegate

    func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                  completionHandler: @escaping (String?) -> Void) {
        completionHandler(Self.freePath(in: Self.folder(), for: suggestedFilename))
        onChange?()
    }

    func downloadDidFinish(_ download: Download) {
        onChange?()
    }

    func download(_ download: Download, didFailWithError error: NavigationError) {
        if let index = entries.firstIndex(where: { $0.download === download }) { entries[index].failure = error.description }
        onChange?()
    }
}
