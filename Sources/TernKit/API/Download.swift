import TernSystem
import TernNet
#if canImport(Glibc)
import Glibc
#endif

/// Hears of a download's progress. Every method runs on the event loop.
public protocol DownloadDelegate: AnyObject {
    /// Where to save the body: a path that must not exist yet, or nil to cancel.
    func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                  completionHandler: @escaping (String?) -> Void)
    func downloadDidFinish(_ download: Download)
    /// The transfer failed (WKDownloadDelegate's spelling; the error is
    /// always a `NavigationError`). When `download.canResume`, the partial
    /// file is kept and `download.resume()` continues it; `resumeData` is
    /// always nil (WebKit's `Data?`, bytes here as TernKit does without
    /// Foundation), as Tern keeps what resuming needs in the download itself.
    func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?)
    /// Bytes were written: `download.bytesWritten` of `download.totalBytesExpected`
    /// (-1 when unknown), for a progress display.
    func downloadDidWriteData(_ download: Download)
}

extension DownloadDelegate {
    public func downloadDidFinish(_ download: Download) {}
    public func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?) {}
    public func downloadDidWriteData(_ download: Download) {}
}

/// A response saved to a file instead of shown. It keeps itself alive until
/// it finishes, fails or is cancelled.
public final class Download {
    public let originalRequest: Request
    public let response: Response
    public weak var delegate: DownloadDelegate? {
        didSet { if delegate != nil, oldValue == nil { askForDestination() } }
    }
    /// The file being written, once the delegate chose it.
    public private(set) var destination: String?
    public private(set) var bytesWritten: Int64 = 0
    /// The expected size, or -1 when the server did not say.
    public var totalBytesExpected: Int64 { response.expectedContentLength }
    public private(set) var isFinished = false
    /// Whether a failed download kept its partial file and `resume()` may
    /// continue it (with `Range`, and `If-Range` when the server gave a
    /// validator; a server that ignores Range sends it all again).
    public private(set) var canResume = false
    /// Whether the person started it (a key on a link, a typed address):
    /// false when a page's script did (`location` to an attachment from a
    /// timer, `a.click()` on a `download` link without a key), which a front
    /// end confirms before saving (WKDownload's `isUserInitiated`).
    public internal(set) var isUserInitiated = true

    private var load: ResourceLoad?
    private let loader: Loader?
    private let loop: EventLoop
    /// Set while a resumed transfer waits for its response.
    private var resumeOffset: Int64?
    private var fd: Int32 = -1
    private var pending: [UInt8] = []
    private var loadEnded: NavigationError?? = .none
    private var keepAlive: Download?
    private lazy var loadReceiver = DownloadLoadReceiver(self)

    /// `load` keeps delivering the body; nil when `buffered` is all of it.
    init(request: Request, response: Response, load: ResourceLoad?, buffered: [UInt8], loader: Loader?, loop: EventLoop) {
        self.originalRequest = request
        self.response = response
        self.load = load
        self.loader = loader
        self.loop = loop
        self.pending = buffered
        keepAlive = self
        if let load {
            load.delegate = loadReceiver
            // Until a file is chosen (perhaps after a question to the person)
            // the transfer stands still: nothing piles up in memory and
            // nothing is written anywhere.
            load.pause()
        } else {
            loadEnded = .some(nil)
        }
        // A download nobody takes is cancelled on the next turn.
        loop.post { [weak self] in
            guard let self, self.delegate == nil, !self.isFinished else { return }
            self.cancel()
        }
    }

    /// The file name the response suggests (`SafeFilename.suggested(for:proposed:)`):
    /// Content-Disposition's, else the `download` attribute's, else the URL's,
    /// reduced to one harmless name.
    /// Put it in a folder with `SafeFilename.unusedPath(in:for:)` to
    /// overwrite nothing.
    public var suggestedFilename: String { SafeFilename.suggested(for: response, proposed: proposedFilename) }

    /// The name the page proposed: a `download` link's attribute value (HTML
    /// "download the hyperlink"), used when Content-Disposition names none.
    public internal(set) var proposedFilename: String?

    /// Continues a failed download where it broke: asks for the rest with
    /// `Range: bytes=N-` and `If-Range` (the ETag, else Last-Modified) and
    /// appends it; if the server sends the whole body instead, the file
    /// starts over. False (and nothing happens) unless `canResume`.
    @discardableResult
    public func resume() -> Bool {
        guard canResume, let loader, let destination else { return false }
        fd = open(destination, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return false }
        canResume = false
        isFinished = false
        keepAlive = self
        var request = Request(url: response.url, headers: originalRequest.headers)
        request.headers["Range"] = "bytes=\(bytesWritten)-"
        if let etag = response.headers["ETag"], !etag.hasPrefix("W/") {
            request.headers["If-Range"] = etag
        } else if let modified = response.headers["Last-Modified"] {
            request.headers["If-Range"] = modified
        }
        resumeOffset = bytesWritten
        load = loader.load(request, delegate: loadReceiver)
        load?.removeBodySizeLimit()
        return true
    }

    /// Stops the download and removes the partial file.
    public func cancel() {
        guard !isFinished else { return }
        load?.cancel()
        finish(with: .cancelled)
    }

    private func askForDestination() {
        delegate?.download(self, decideDestinationUsing: response, suggestedFilename: suggestedFilename) { [weak self] path in
            guard let self, !self.isFinished else { return }
            guard let path else { self.cancel(); return }
            self.fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard self.fd >= 0 else {
                self.load?.cancel()
                self.finish(with: .other(reason: "Cannot create \(path): \(String(cString: strerror(errno)))"))
                return
            }
            self.destination = path
            // From here the body streams to disk: no cap but the free space
            // (until then the transfer was paused, and what had arrived
            // before is held in memory, under the documents' cap).
            self.load?.removeBodySizeLimit()
            let buffered = self.pending
            self.pending = []
            buffered.withUnsafeBytes { self.write($0) }
            self.load?.resume()
            if case .some(let error) = self.loadEnded { self.finish(with: error) }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !isFinished else { return }
        guard fd >= 0 else { pending.append(contentsOf: bytes); return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                load?.cancel()
                finish(with: .other(reason: "Cannot write \(destination ?? ""): \(String(cString: strerror(errno)))"))
                return
            }
            offset += n
        }
        bytesWritten += Int64(bytes.count)
        delegate?.downloadDidWriteData(self)
    }

    private func finish(with error: NavigationError?) {
        guard !isFinished else { return }
        isFinished = true
        var outcome = error
        if fd >= 0 {
            let closed = close(fd) == 0
            fd = -1
            // A broken transfer keeps what arrived, to resume; a cancelled one leaves nothing.
            canResume = closed && loader != nil && bytesWritten > 0 && error != nil && error != .cancelled
                && response.statusCode == 200
            if error != nil, !canResume, let destination { unlink(destination) }
            if error == nil && !closed { outcome = .other(reason: "Cannot finish writing \(destination ?? "")") }
        }
        // Released before the delegate hears, so that a resume() there keeps it alive again.
        withExtendedLifetime(self) {
            keepAlive = nil
            if let outcome { delegate?.download(self, didFailWithError: outcome, resumeData: nil) } else { delegate?.downloadDidFinish(self) }
        }
    }
}

/// What a download hears from its load: on an adapter of its own, so that
/// TernNet's delegate protocol stays out of `Download`'s API.
final class DownloadLoadReceiver: ResourceLoadDelegate {
    private unowned let download: Download

    init(_ download: Download) {
        self.download = download
    }

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) { download.loadDidReceive(load, response: response) }
    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) { download.write(data) }
    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) { download.loadDidComplete(with: error) }
}

extension Download {
    func loadDidReceive(_ load: ResourceLoad, response: Response) {
        guard let offset = resumeOffset else { return }
        resumeOffset = nil
        let range = response.headers["Content-Range"] ?? ""
        if response.statusCode == 206, range.hasPrefix("bytes \(offset)-") {
            return  // the rest follows
        }
        if response.statusCode == 200, ftruncate(fd, 0) == 0 {
            bytesWritten = 0  // the server sent it all again (changed, or no Range support)
            return
        }
        load.cancel()
        finish(with: .badServerResponse(reason: "cannot resume: the server answered \(response.statusCode) \(range)"))
    }

    func loadDidComplete(with error: NavigationError?) {
        if fd >= 0 || isFinished { finish(with: error) } else { loadEnded = .some(error) }
    }
}
