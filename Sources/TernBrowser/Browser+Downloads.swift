import TernKit
import TernTerminal

extension Browser {
    /// While downloads run, the screen is redrawn twice a second for their
    /// progress; a finished or failed one is announced.
    func downloadsChanged() {
        if let last = downloads.entries.last, last.download.isFinished || last.failure != nil {
            show(message: "Download: \(downloads.lines.first ?? "")", isError: last.failure != nil)
        }
        setNeedsDisplay()
    }

    /// Bytes arrived: the status line shows the newest download's progress
    /// (at most twice a second).
    func downloadProgressed() {
        guard downloadTimer == nil else { return }
        downloadTimer = loop.schedule(after: 0.5) { [weak self] in
            guard let self else { return }
            downloadTimer = nil
            if downloads.activeCount > 0, message == nil || message!.text.hasPrefix("Downloading") {
                message = ("Downloading: \(downloads.lines.first ?? "")", false)
                setNeedsDisplay()
            }
        }
    }

    func showDownloads() {
        guard !downloads.entries.isEmpty else {
            show(message: "No downloads yet")
            return
        }
        present(MenuBox(title: "Downloads (newest first) in \(downloads.folder())", items: downloads.lines) { [unowned self] chosen in
            guard let index = chosen?.first, downloads.entries.reversed()[index].failure != nil else { return }
            show(message: downloads.resume(at: index) ? "Resuming the download" : "This download cannot be resumed", isError: false)
        })
    }
}
