import Foundation

/// One finished run of a program (tern, curl, sqlite3): its status and output.
public struct ProcessRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public static let tern = TestServer.repositoryRoot + "/.build/debug/tern"

    /// A settings folder with no settings file, for runs of tern that name none.
    public static let emptyConfigHome: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-no-settings-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Runs `executable` (a path, or a name found on PATH) with `arguments`
    /// and waits for it. Output goes through files, so no pipe can fill up.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tern-run-\(UUID().uuidString)").path
        defer { for suffix in [".out", ".err"] { unlink(base + suffix) } }
        let process = try start(executable, arguments, environment: environment, stdout: base + ".out", stderr: base + ".err")
        process.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return ProcessRun(status: process.terminationStatus, stdout: read(base + ".out"), stderr: read(base + ".err"))
    }

    /// Starts `executable` with stdout and stderr written to the given files
    /// (/dev/null when nil) and stdin from /dev/null.
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                      stdout: String? = nil, stderr: String? = nil) throws -> Process {
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // tern never reads the person's settings file in a test: a settings
        // folder of its own (empty) unless the test names one.
        if executable == tern, environment["XDG_CONFIG_HOME"] == nil { variables["XDG_CONFIG_HOME"] = emptyConfigHome }
        process.environment = variables
        // A new regular file at `path`; an existing device (/dev/null) or a
        // FIFO is opened as it is (createFile would replace it with a file).
        func output(_ path: String?) -> FileHandle {
            guard let path else { return FileHandle.nullDevice }
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                return FileHandle(forWritingAtPath: path) ?? FileHandle.nullDevice
            }
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else { return FileHandle.nullDevice }
            return handle
        }
        process.standardOutput = output(stdout)
        process.standardError = output(stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Starts `executable` (a path) with posix_spawn, output to /dev/null,
    /// and returns its pid, for a test that kills it and reaps it itself
    /// with `waitpid` (Foundation's Process was seen never to reap a child
    /// killed with SIGKILL, leaving `waitUntilExit` waiting forever).
    public static func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        if executable == tern { variables["XDG_CONFIG_HOME"] = emptyConfigHome }
        var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, &cArguments, &cEnvironment)
        guard status == 0 else { throw NSError(domain: "ProcessRun", code: Int(status)) }
        return pid
    }

    /// A fresh folder under the temporary directory, for a profile and files.
    public static func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
