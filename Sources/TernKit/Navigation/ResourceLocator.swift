#if canImport(Glibc)
import Glibc
#endif

/// Finds the bundled `Resources/` folder (start page, help, error pages).
enum ResourceLocator {
    /// `$TERN_RESOURCES`, else `../share/tern` from the folder of the
    /// running executable's real path (`make install`: PREFIX/bin/tern and
    /// PREFIX/share/tern), else a `Resources/` beside or above it (a SwiftPM
    /// build tree), else `/usr/share/tern`, else the source tree this was
    /// built from.
    static func bundledResourcesDirectory() -> String? {
        if let env = getenv("TERN_RESOURCES") { return String(cString: env) }
        var candidates: [String] = []
        if var dir = executablePath() {
            candidates.append(parent(of: parent(of: dir)) + "/share/tern")
            for _ in 0..<5 {
                dir = parent(of: dir)
                candidates.append(dir + "/Resources")
            }
        }
        candidates.append("/usr/share/tern")
        candidates.append(parent(of: parent(of: parent(of: #filePath))) + "/Resources")
        return candidates.first { access($0 + "/start.html", R_OK) == 0 }
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        buffer[n] = 0
        return String(cString: buffer)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
