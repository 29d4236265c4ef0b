import XCTest
import Foundation

/// The real `tern` running inside a real terminal: a tmux server of the
/// test's own (its own socket), at a fixed size. Keys go in with send-keys,
/// the screen comes out with capture-pane, and every byte tern writes to the
/// terminal is kept (pipe-pane) for byte-level checks.
public final class TerminalSession {
    public let socket: String
    public let directory: URL
    /// Every byte the program wrote to the terminal.
    public var outputLog: URL { directory.appendingPathComponent("output.bin") }
    private var statusFile: URL { directory.appendingPathComponent("status") }

    /// The settings folder tern reads (`XDG_CONFIG_HOME`): `directory/config`,
    /// never the person's own, unless `environment` names another.
    public var configHome: URL { directory.appendingPathComponent("config") }

    /// Starts `tern arguments` in a `columns` × `rows` terminal of type
    /// `term`. `config`, when given, is written to the settings file
    /// (`configHome/tern/config`) before tern starts.
    public init(_ arguments: [String], columns: Int = 80, rows: Int = 24, term: String = "xterm-256color",
         environment: [String: String] = [:], config: String? = nil) throws {
        socket = "tern-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let profile = directory.appendingPathComponent("profile").path
        let settingsFolder = directory.appendingPathComponent("config").appendingPathComponent("tern")
        try FileManager.default.createDirectory(at: settingsFolder, withIntermediateDirectories: true)
        if let config {
            try config.write(to: settingsFolder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        }
        // `swift test` runs tests with NO_COLOR=1, which tern honours: the
        // terminal here has colours unless a test asks for none.
        var variables = ["XDG_DATA_HOME": profile, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                         "TERM": term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "NO_COLOR": ""]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let binary = TestServer.repositoryRoot + "/.build/debug/tern"
        let command = "env \(assignments) \(Self.quote(binary)) \(arguments.map(Self.quote).joined(separator: " "))"
            + "; s=$?; echo \"tern exited with $s\"; echo $s > \(Self.quote(statusFile.path)); sleep 600"
        // The first command starts the tmux server, which keeps any pipe it
        // is given open: it gets no pipe.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", String(columns), "-y", String(rows),
                  "sh", "-c", command], capture: false)
        try tmux(["set-option", "-t", "main", "window-size", "manual"])
        try tmux(["pipe-pane", "-t", "main", "-o", "cat >> \(Self.quote(outputLog.path))"])
    }

    deinit { close() }

    public func close() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Presses keys by tmux's names ("Tab", "Enter", "Escape", "Left", "C-g", "q").
    public func press(_ keys: String...) {
        for key in keys { _ = try? tmux(["send-keys", "-t", "main", key]) }
    }

    /// Types text literally.
    public func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Sends bytes as the terminal would (a mouse report, say).
    public func send(bytes: [UInt8]) {
        _ = try? tmux(["send-keys", "-t", "main", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// An xterm SGR mouse report: `button` 0 is a left press, 64/65 the wheel
    /// up/down; `row` and `column` count from 0.
    public func mouse(button: Int, row: Int, column: Int) {
        send(bytes: Array("\u{1B}[<\(button);\(column + 1);\(row + 1)M".utf8))
    }

    /// The screen as text, one line per row.
    public func screen() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? ""
    }

    /// The screen with its attributes and colours as escape sequences.
    public func styledScreen() -> String {
        (try? tmux(["capture-pane", "-p", "-e", "-t", "main"])) ?? ""
    }

    public func row(_ index: Int) -> String {
        let rows = screen().components(separatedBy: "\n")
        return index < rows.count ? rows[index] : ""
    }

    public func resize(columns: Int, rows: Int) {
        _ = try? tmux(["resize-window", "-t", "main", "-x", String(columns), "-y", String(rows)])
    }

    /// Waits until the screen satisfies `condition`; fails the test (with the
    /// screen) when it does not within `timeout` seconds.
    @discardableResult
    public func waitForScreen(_ what: String, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line,
                       _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if condition(last) { return true }
            usleep(30_000)
        }
        XCTFail("screen never showed \(what); it shows:\n\(last)", file: file, line: line)
        return false
    }

    /// Waits until `text` is on the screen, also when a dialog box wrapped it
    /// over several lines (box borders and runs of spaces read as one space).
    @discardableResult
    public func waitForWrapped(_ text: String, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        waitForScreen("\"\(text)\" (wrapped)", timeout: timeout, file: file, line: line) { screen in
            let flowing = screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            return flowing.contains(text)
        }
    }

    /// Waits until `text` is on the screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        waitForScreen("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// The exit status once tern has exited, waiting up to `timeout` seconds.
    public func exitStatus(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(30_000)
        }
        return nil
    }

    /// Every byte tern wrote to the terminal so far.
    public func output() -> Data {
        (try? Data(contentsOf: outputLog)) ?? Data()
    }

    /// The process id of `tern` in the pane (the pane's shell's child), nil
    /// once it exited; for reading its /proc/PID/status and stat.
    public func programPID() -> Int32? {
        guard let shell = (try? tmux(["display", "-p", "-t", "main", "#{pane_pid}"]))?
                .trimmingCharacters(in: .whitespacesAndNewlines),
              let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8) else { return nil }
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Lets programs in the pane set tmux's paste buffer with OSC 52.
    public func acceptClipboardWrites() {
        _ = try? tmux(["set-option", "-s", "set-clipboard", "on"])
    }

    /// tmux's most recent paste buffer ("" when there is none).
    public func pasteBuffer() -> String {
        (try? tmux(["show-buffer"])) ?? ""
    }

    /// Runs the tmux client and returns what it printed. Spawned and reaped
    /// here directly: the first call starts the tmux server, a daemon that
    /// must inherit nothing the test waits on.
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let outputPath = directory.appendingPathComponent("tmux-out-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["tmux", "-L", socket] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, nil, &cArguments, environ) == 0 else {
            throw NSError(domain: "TerminalSession", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot run tmux"])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
