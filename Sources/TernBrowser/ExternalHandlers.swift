#if canImport(Glibc)
import Glibc
#endif

/// Programs that open URLs Tern does not (`mailto:`, `tel:`, a hybrid app's
/// `myapp://` bridge URLs), from the settings file
/// (`$XDG_CONFIG_HOME/tern/config`, else `~/.config/tern/config`):
///
///     handler.mailto = thunderbird -compose
///     handler.myapp = /usr/local/bin/myapp-bridge
///
/// The program gets the URL as its last argument and is started directly,
/// never through a shell, so nothing in the URL can become a command.
struct ExternalHandlers {
    private(set) var commands: [String: [String]] = [:]

    /// The handlers of the settings file's `handler.SCHEME` lines (`SettingsFile` reads them).
    init(commands: [String: [String]] = [:]) {
        self.commands = commands
    }

    /// The settings file: `$XDG_CONFIG_HOME/tern/config`, else `~/.config/tern/config`.
    static func configPath() -> String {
        configDirectory() + "/config"
    }

    /// Tern's configuration folder: `$XDG_CONFIG_HOME/tern`, else `~/.config/tern`.
    static func configDirectory() -> String {
        if let config = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), !config.isEmpty { return config + "/tern" }
        return (getenv("HOME").map { String(cString: $0) } ?? "") + "/.config/tern"
    }

    /// Starts the handler of `url`'s scheme; the program's name, or nil when
    /// there is none or it cannot be started.
    func open(_ url: String, scheme: String) -> String? {
        guard let command = commands[scheme] else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let arguments = command + [url]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ) == 0 else { return nil }
        // Reaped when it ends, without waiting for it.
        EndedHandlers.reap(pid)
        return arguments[0]
    }
}

/// Collects handler processes once they end, so none stays a zombie.
private enum EndedHandlers {
    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
        pending.append(pid)
        pending.removeAll { waitpid($0, &status, WNOHANG) != 0 }
    }

    nonisolated(unsafe) private static var pending: [pid_t] = []
}
