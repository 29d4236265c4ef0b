import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// A program this process started (fork and exec through `posix_spawn`, so
/// the child inherits none of the parent's memory), and how it ended.
public final class ChildProcess {
    /// How a child ended (`waitpid`'s status).
    public enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signaled(let signal): return "killed by signal \(signal)"
            }
        }
    }

    public let pid: pid_t
    private var termination: Termination?

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Where a child's standard streams go.
    public enum StandardStreams {
        /// All three to /dev/null (a helper program that must never write
        /// to the browser's terminal).
        case discarded
        /// This process's own (a program that takes the terminal: an editor).
        case inherited
        /// stdin from /dev/null; stdout and stderr to a descriptor.
        case output(Int32)
    }

    /// This process's environment, as `NAME=value` strings.
    public static var currentEnvironment: [String] {
        var variables: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            variables.append(String(cString: pointer))
            entry += 1
        }
        return variables
    }

    /// Starts `program` with `arguments` (the first is argv[0]); a program
    /// named without a `/` is looked up in `$PATH`. The child gets
    /// `descriptors` at the given numbers (from 3 up) and no other open
    /// descriptor beyond its standard streams.
    public static func spawn(_ program: String, arguments: [String], environment: [String]? = nil,
                             descriptors: [(Int32, as: Int32)] = [], streams: StandardStreams = .discarded) throws(SystemError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch streams {
        case .inherited:
            break
        case .discarded:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .output(let output):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        }
        // Each passed descriptor is first moved above every source and
        // target, so that no dup2 overwrites one not moved yet, then to its number.
        let base = (descriptors.flatMap { [$0.0, $0.as] }.max() ?? 2) + 1
        for (index, pair) in descriptors.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, pair.0, base + Int32(index))
        }
        for (index, pair) in descriptors.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, base + Int32(index), pair.as)
        }
        let firstUnused = (descriptors.map(\.as).max() ?? 2) + 1
        posix_spawn_file_actions_addclosefrom_np(&actions, firstUnused)

        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        let spawn = program.contains("/") ? posix_spawn : posix_spawnp
        let result = argv.withUnsafeBufferPointer { arguments in
            guard let envp else { return spawn(&pid, program, &actions, nil, arguments.baseAddress!, environ) }
            return envp.withUnsafeBufferPointer { spawn(&pid, program, &actions, nil, arguments.baseAddress!, $0.baseAddress!) }
        }
        guard result == 0 else { throw SystemError("cannot run \(program)", code: result) }
        return ChildProcess(pid: pid)
    }

    /// A connected pair of stream sockets, both close-on-exec: one end for
    /// this process, one to pass to a child.
    public static func socketPair() throws(SystemError) -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .last("socketpair")
        }
        return (ends[0], ends[1])
    }

    /// How the child ended, nil while it runs (never waits).
    public func terminationIfEnded() -> Termination? {
        if termination == nil { reap(options: WNOHANG) }
        return termination
    }

    /// Waits for the child to end.
    public func waitForTermination() -> Termination {
        while termination == nil { reap(options: 0) }
        return termination ?? .exited(0)
    }

    /// Sends `signal` (SIGKILL unless told) while the child is not reaped.
    public func kill(_ signal: Int32 = SIGKILL) {
        guard termination == nil else { return }
        _ = Glibc.kill(pid, signal)
    }

    private func reap(options: Int32) {
        var status: Int32 = 0
        let result = waitpid(pid, &status, options)
        if result == pid {
            // WIFEXITED / WTERMSIG, which Swift does not import (macros).
            let signal = status & 0x7f
            termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        } else if result < 0, errno == ECHILD {
            termination = .exited(-1)
        }
    }
}

extension ChildProcess {
    /// The running program's path (`/proc/self/exe`), to start it again in
    /// another mode; "/proc/self/exe" itself when it cannot be read.
    public static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
