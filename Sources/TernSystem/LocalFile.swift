#if canImport(Glibc)
import Glibc
#endif

/// Reading local files for `file:` loads, with errors a person understands;
/// writing a file whole, for exports and saved pages.
public enum LocalFile {
    /// Why a file could not be read, in words a person understands.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case fileNotFound(String)
        case fileNotReadable(String)
        case tooLarge(limit: Int64)

        public var description: String {
            switch self {
            case .fileNotFound(let path): return "File not found: \(path)"
            case .fileNotReadable(let path): return "File not readable: \(path)"
            case .tooLarge(let limit): return "The document is larger than the limit of \(limit) bytes"
            }
        }
    }

    /// Writes `bytes` to `path` whole: into a temporary file beside it
    /// (mode `mode`), synced, then put in place, so a failure (no
    /// permission, a full disk) leaves nothing half-written and a file
    /// there as it was. With `replacing` false, a file already at `path`
    /// (also one made meanwhile: `link(2)` refuses it) gives `EEXIST`.
    /// Returns 0, or the errno of what failed.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t, replacing: Bool) -> Int32 {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { return EISDIR }
        var template = Array((directory + "." + name + ".tern-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return errno }
        let temporary = String(cString: template)
        var failure: Int32 = fchmod(fd, mode) == 0 ? 0 : errno
        var written = 0
        while failure == 0, written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(fd, $0 + written, buffer.count - written) } ?? -1
            }
            if count < 0 {
                if errno != EINTR { failure = errno }
            } else {
                written += count
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0 {
            if replacing {
                if rename(temporary, path) != 0 { failure = errno }
            } else if link(temporary, path) != 0 {
                failure = errno
                // A file system without hard links: a plain rename (the
                // caller looked for a file there first).
                if failure == EPERM || failure == ENOTSUP || failure == EOPNOTSUPP { failure = rename(temporary, path) == 0 ? 0 : errno }
            }
        }
        unlink(temporary)
        return failure
    }

    /// The whole file at `path`, at most `limit` bytes.
    public static func read(path: String, limit: Int64) -> Result<[UInt8], ReadError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .fileNotFound(path) : .fileNotReadable(path))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.fileNotReadable(path)) }
        guard Int64(info.st_size) <= limit else { return .failure(.tooLarge(limit: limit)) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, $0.count - total) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            total += n
        }
        if total < bytes.count { bytes.removeSubrange(total...) }
        return .success(bytes)
    }

    /// Reads the file at `path` (at most `limit` bytes) in pieces of `chunkSize` bytes, so a large
    /// file is never held whole: `start` hears the file's size first, then `chunk` each piece in
    /// order; either returns false to stop reading. Returns the error that stopped it, if any.
    public static func read(path: String, limit: Int64, chunkSize: Int = 262_144,
                            start: (Int) -> Bool, chunk: (UnsafeRawBufferPointer) -> Bool) -> ReadError? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .fileNotFound(path) : .fileNotReadable(path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .fileNotReadable(path) }
        guard Int64(info.st_size) <= limit else { return .tooLarge(limit: limit) }
        let size = Int(info.st_size)
        guard start(size) else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(chunkSize, size)), alignment: 1)
        defer { buffer.deallocate() }
        var total = 0
        while total < size {
            // Fill the buffer (or reach the end of the file) before handing it on.
            var filled = 0
            while filled < buffer.count && total + filled < size {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, min(buffer.count - filled, size - total - filled))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                filled += n
            }
            if filled == 0 { break }
            total += filled
            guard chunk(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])) else { return nil }
        }
        return nil
    }

    /// The MIME type a file's extension names; text/plain when unknown.
    public static func mimeType(forPath path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "text/plain" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm", "shtml": return "text/html"
        case "xhtml", "xht": return "application/xhtml+xml"
        case "xml": return "text/xml"
        case "css": return "text/css"
        case "js", "mjs": return "text/javascript"
        case "json": return "application/json"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "pdf": return "application/pdf"
        case "gz": return "application/gzip"
        case "zip": return "application/zip"
        default: return "text/plain"
        }
    }
}
