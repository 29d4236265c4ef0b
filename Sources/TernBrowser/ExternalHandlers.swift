#if canImport(Glibc)
import TernSystem
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
    static func configDirectory() -> String { HomeDirectory.configFolder }

    /// Starts the handler of `url`'s scheme; the program's name, or nil when
    /// there is none or it cannot be started.
    func open(_ url: String, scheme: String) -> String? {
        guard let command = commands[scheme] else { return nil }
        let arguments = command + [url]
        guard let handler = try? ChildProcess.spawn(arguments[0], arguments: arguments) else { return nil }
        // Reaped when it ends, without waiting for it.
        EndedHandlers.reap(handler)
        return arguments[0]
    }
}

/// Collects handler processes once they end, so none stays a zombie.
private enum EndedHandlers {
    static func reap(_ handler: ChildProcess) {
        pending.append(handler)
        pending.removeAll { $0.terminationIfEnded() != nil }
    }

    nonisolated(unsafe) private static var pending: [ChildProcess] = []
}
