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
    func download(_ download: Download, didFailWithError error: NavigationError)
}

extension DownloadDelegate {
    public func downloadDidFinish(_ download: Download) {}
    public func download(_ download: Download, didFailWithError error: NavigationError) {}
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

    private let load: ResourceLoad?
    private let loop: EventLoop
    private var fd: Int32 = -1
    private var pending: [UInt8] = []
    private var loadEnded: NavigationError?? = .none
    private var keepAlive: Download?

    /// `load` keeps delivering the body; nil when `buffered` is all of it.
    init(request: Request, response: Response, load: ResourceLoad?, buffered: [UInt8], loop: EventLoop) {
        self.originalRequest = request
        self.response = response
        self.load = load
        self.loop = loop
        self.pending = buffered
        keepAlive = self
        if let load { load.delegate = self } else { loadEnded = .some(nil) }
        // A download nobody takes is cancelled on the next turn.
        loop.post { [weak self] in
            guard let self, self.delegate == nil, !self.isFinished else { return }
            self.cancel()
        }
    }

    /// The file name the response suggests: Content-Disposition's, else the
    /// URL's last path segment, with anything that could leave the folder removed.
    public var suggestedFilename: String {
        var name = ""
        if let disposition = response.headers["Content-Disposition"],
           let range = disposition.rangeOfFilename() {
            name = String(disposition[range]).trimmingQuotes()
        }
        if name.isEmpty { name = String(response.url.filePath.split(separator: "/").last ?? "") }
        name = String(name.split(separator: "/").last ?? "").replacingControlCharacters()
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "download" : name
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
            let buffered = self.pending
            self.pending = []
            buffered.withUnsafeBytes { self.write($0) }
            if case .some(let error) = self.loadEnded { self.finish(with: error) }
        }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
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
    }

    private func finish(with error: NavigationError?) {
        guard !isFinished else { return }
        isFinished = true
        if fd >= 0 {
            let closed = close(fd) == 0
            fd = -1
            if error != nil, let destination { unlink(destination) }
            if error == nil && !closed {
                delegate?.download(self, didFailWithError: .other(reason: "Cannot finish writing \(destination ?? "")"))
                keepAlive = nil
                return
            }
        }
        if let error { delegate?.download(self, didFailWithError: error) } else { delegate?.downloadDidFinish(self) }
        keepAlive = nil
    }
}

extension Download: ResourceLoadDelegate {
    public func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {}

    public func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
        write(data)
    }

    public func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
        if fd >= 0 || isFinished { finish(with: error) } else { loadEnded = .some(error) }
    }
}

extension String {
    /// The range of a `filename=` parameter's value.
    fileprivate func rangeOfFilename() -> Range<String.Index>? {
        guard let start = indices.first(where: { self[$0...].prefix(9).lowercased() == "filename=" }) else { return nil }
        let valueStart = index(start, offsetBy: 9)
        let end = self[valueStart...].firstIndex(of: ";") ?? endIndex
        return valueStart..<end
    }

    fileprivate func trimmingQuotes() -> String {
        var s = Substring(self)
        while let f = s.first, f == "\"" || f == " " { s = s.dropFirst() }
        while let l = s.last, l == "\"" || l == " " { s = s.dropLast() }
        return String(s)
    }

    fileprivate func replacingControlCharacters() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) || $0 == "\\" ? "_" : $0 }))
    }
}
