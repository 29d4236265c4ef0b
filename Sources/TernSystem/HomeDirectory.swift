#if canImport(Glibc)
import Glibc
#endif

/// The person's folders, as the XDG base directory specification names
/// them: the one place Tern reads `$HOME` and the `XDG_*` variables.
public enum HomeDirectory {
    /// `$HOME`, nil when it is unset or empty.
    public static var path: String? { variable("HOME") }

    /// `path` with a leading `~` or `~/` made the home folder; unchanged
    /// when it has none or `$HOME` is unset.
    public static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = self.path else { return path }
        return home + path.dropFirst()
    }

    /// Tern's data folder (profiles): `$XDG_DATA_HOME/tern`, else `~/.local/share/tern`.
    public static var dataFolder: String {
        (variable("XDG_DATA_HOME") ?? (path ?? "/tmp") + "/.local/share") + "/tern"
    }

    /// Tern's settings folder: `$XDG_CONFIG_HOME/tern`, else `~/.config/tern`.
    public static var configFolder: String {
        (variable("XDG_CONFIG_HOME") ?? (path ?? "") + "/.config") + "/tern"
    }

    /// The download folder: `$XDG_DOWNLOAD_DIR`, else `~/Downloads` (made
    /// when missing), else the current folder.
    public static var downloadFolder: String {
        if let configured = variable("XDG_DOWNLOAD_DIR") { return configured }
        if let home = path {
            let folder = home + "/Downloads"
            if mkdir(folder, 0o755) == 0 || errno == EEXIST { return folder }
        }
        return "."
    }

    /// The environment variable `name`, nil when unset or empty.
    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
