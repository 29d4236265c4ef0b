import TernKit
import TernTerminal

extension Browser {
    /// While downloads run, the screen is redrawn twice a second for their
    /// progress; a finished or failed one is announced.
    func downloadsChanged() {
        if let last = downloads.entries.last, last.download.isFinished || last.failure != nil {
            show(message: "Download: \(downloads.lines.first ?? "")", isError: last.failure != nil)
        }
        scheduleDownloadProgress()
        setNeedsDisplay()
    }

    func scheduleDownloadProgress() {
        guard downloadTimer == nil, downloads.activeCount > 0 else { return }
        downloadTimer = loop.schedule(after: 0.5) { [weak self] in
            guard let self else { return }
            downloadTimer = nil
            if message == nil || message!.text.hasPrefix("Downloading") {
                message = downloads.activeCount > 0 ? ("Downloading: \(downloads.lines.first ?? "")", false) : message
            }
            scheduleDownloadProgress()
            setNeedsDisplay()
        }
    }

    func showDownloads() {
        guard !downloads.entries.isEmpty else {
            show(message: "No downloads yet")
            return
        }
        present(MenuBox(title: "Downloads (newest first) in \(DownloadList.folder())", items: downloads.lines) { _ in })
    }
}
