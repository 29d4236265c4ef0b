import TernSystem
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
    /// Told when bytes were written (for a progress display).
    var onProgress: (() -> Void)?

    /// The settings' `download-folder` (nil: the usual one, `folder()`).
    let configuredFolder: String?

    init(folder: String? = nil) {
        configuredFolder = folder
    }

    /// Where downloads are saved: the settings' `download-folder` (made
    /// when missing), else the usual folder.
    func folder() -> String {
        if let configuredFolder, mkdir(configuredFolder, 0o755) == 0 || errno == EEXIST { return configuredFolder }
        return Self.folder()
    }

    /// `$XDG_DOWNLOAD_DIR`, else `~/Downloads` (made when missing), else the
    /// current folder.
    static func folder() -> String { HomeDirectory.downloadFolder }

    /// Questions to answer before a download gets its file (`add(_:confirm:)`).
    private var confirmations: [ObjectIdentifier: (@escaping (Bool) -> Void) -> Void] = [:]

    /// Saves `download` in the folder; with `confirm`, only once it answers
    /// true (until then the transfer is paused: nothing more is received,
    /// nothing is written; false cancels it and leaves nothing).
    func add(_ download: Download, confirm: ((@escaping (Bool) -> Void) -> Void)? = nil) {
        entries.append(Entry(download: download))
        if let confirm { confirmations[ObjectIdentifier(download)] = confirm }
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
                state = "failed: \(failure)" + (download.canResume ? " (Enter resumes)" : "")
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

    // MARK: DownloadDelegate

    func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                  completionHandler: @escaping (String?) -> Void) {
        guard let confirm = confirmations.removeValue(forKey: ObjectIdentifier(download)) else {
            completionHandler(SafeFilename.unusedPath(in: self.folder(), for: suggestedFilename))
            onChange?()
            return
        }
        confirm { save in
            completionHandler(save ? SafeFilename.unusedPath(in: self.folder(), for: suggestedFilename) : nil)
        }
    }

    func downloadDidWriteData(_ download: Download) {
        onProgress?()
    }

    /// Continues the failed download at `index` of `lines` (newest first),
    /// where the server allows; false when it cannot be resumed.
    func resume(at index: Int) -> Bool {
        let position = entries.count - 1 - index
        guard entries.indices.contains(position), entries[position].failure != nil, entries[position].download.canResume,
              entries[position].download.resume() else { return false }
        entries[position].failure = nil
        onChange?()
        return true
    }

    func downloadDidFinish(_ download: Download) {
        onChange?()
    }

    func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?) {
        confirmations[ObjectIdentifier(download)] = nil
        if let index = entries.firstIndex(where: { $0.download === download }) {
            // One the person refused (or never got a file) is not listed.
            if error as? NavigationError == .cancelled, download.destination == nil {
                entries.remove(at: index)
            } else {
                entries[index].failure = "\(error)"
            }
        }
        onChange?()
    }
}
