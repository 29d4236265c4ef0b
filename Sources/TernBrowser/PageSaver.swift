import TernSystem
import TernKit
#if canImport(Glibc)
import Glibc
#endif

/// Writes a saved page to a file: into a temporary file beside it, then
/// renamed into place, so a failure (no permission, a full disk) leaves
/// nothing half-written and an existing file as it was. The file gets mode
/// 0644. An existing file is replaced only when asked to.
enum PageSaver {
    /// Why a page was not saved.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// A file is there already (ask before `replacing` it).
        case exists(String)
        case isDirectory(String)
        /// The system's reason (strerror) for what failed.
        case system(path: String, reason: String)

        var description: String {
            switch self {
            case .exists(let path): return "\(path) exists already"
            case .isDirectory(let path): return "\(path) is a folder"
            case .system(let path, let reason): return "Could not save to \(path): \(reason)"
            }
        }
    }

    /// `path` with a leading `~/` made the home folder.
    static func expand(_ path: String) -> String { HomeDirectory.expandingTilde(path) }

    /// Writes `bytes` to `path` (not replacing a file there unless `replacing`).
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool) -> Result<Void, Failure> {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory(path)) }
            if !replacing { return .failure(.exists(path)) }
        }
        switch LocalFile.write(bytes, to: path, mode: 0o644, replacing: replacing) {
        case 0: return .success(())
        case EEXIST: return .failure(.exists(path))
        case EISDIR: return .failure(.isDirectory(path))
        case let code: return .failure(.system(path: path, reason: String(cString: strerror(code))))
        }
    }

    /// A free path in `folder` for a page: the last segment of its URL's
    /// path (its extension left out), else its host, else "page", made safe
    /// (`SafeFilename`), then `.ext`; "name (1).ext" and on when taken.
    static func suggestedPath(in folder: String, for url: WebURL?, extension ext: String) -> String {
        var base = url?.pathSegments.last(where: { !$0.isEmpty }).map(WebURL.percentDecoded).flatMap(SafeFilename.sanitized) ?? ""
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        if base.isEmpty { base = url?.hostname ?? "" }
        let name = SafeFilename.sanitized(base + "." + ext) ?? "page." + ext
        return SafeFilename.unusedPath(in: folder, for: name)
    }
}
