import TernSystem
#if canImport(Glibc)
import Glibc
#endif

/// The browser's side of one web content process: the child, its channel,
/// and how it ended. Every message it sends is checked
/// (`WebContentMessage.FromContent`); a bad one ends the process.
final class WebContentProcessProxy {
    /// The heap a content process may grow by past what it has mapped when
    /// its sandbox closes (`RLIMIT_AS`).
    static let defaultHeapBudget = 2 << 30

    let child: ChildProcess
    let channel: MessageChannel
    /// What the process said once its sandbox closed.
    private(set) var landlockABI = 0
    private(set) var addressSpaceLimit = 0
    /// How the process ended, once it has (reported once).
    private(set) var termination: ChildProcess.Termination?

    private init(child: ChildProcess, channel: MessageChannel) {
        self.child = child
        self.channel = channel
    }

    /// Starts `executable` (the running program by default) as a content
    /// process and waits up to `timeout` seconds for it to be ready.
    static func launch(executable: String = ChildProcess.currentExecutable, heapBudget: Int = defaultHeapBudget,
                       timeout: Double = 30) throws -> WebContentProcessProxy {
        let proxy = try spawn(executable: executable, heapBudget: heapBudget)
        try proxy.waitUntilReady(timeout: timeout)
        return proxy
    }

    /// Starts a content process without waiting for it (`checkReady`
    /// reads its `ready` when it comes: a spare started ahead).
    static func spawn(executable: String = ChildProcess.currentExecutable,
                      heapBudget: Int = defaultHeapBudget) throws -> WebContentProcessProxy {
        let (mine, theirs) = try ChildProcess.socketPair()
        defer { close(theirs) }
        let child: ChildProcess
        do {
            // The Swift runtime's crash backtracer starts a program, which the
            // sandbox forbids: a crash in the page must end its process at once.
            let environment = ChildProcess.currentEnvironment.filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + ["SWIFT_BACKTRACE=enable=no"]
            child = try ChildProcess.spawn(executable, arguments: [executable, WebContentProcess.argument, String(heapBudget)],
                                           environment: environment, descriptors: [(theirs, as: WebContentProcess.socketDescriptor)])
        } catch {
            close(mine)
            throw error
        }
        return WebContentProcessProxy(child: child, channel: MessageChannel(socket: mine, version: WebContentMessage.protocolVersion))
    }

    /// Whether the process has said it is ready (its sandbox closed).
    private(set) var isReady = false

    /// Waits up to `timeout` seconds for the process's `ready`.
    func waitUntilReady(timeout: Double) throws(MessageError) {
        guard !isReady else { return }
        try accept(receive(timeout: timeout))
    }

    /// Reads the process's `ready` if it has come, without waiting: whether
    /// it is ready now. A process that ended or sent anything else throws
    /// (and is ended).
    @discardableResult
    func checkReady() throws(MessageError) -> Bool {
        guard !isReady else { return true }
        return try endingOnError { () throws(MessageError) -> Bool in
            guard let frame = try channel.receive(timeout: 0) else { return false }
            try accept(WebContentMessage.FromContent(frame))
            return true
        }
    }

    private func accept(_ message: WebContentMessage.FromContent) throws(MessageError) {
        guard case .ready(_, let abi, let limit) = message else {
            terminate()
            throw .malformed("the first message was not ready")
        }
        landlockABI = abi
        addressSpaceLimit = limit
        isReady = true
    }

    /// Sends `message`; a failure ends the process.
    func send(_ message: WebContentMessage.ToContent) throws(MessageError) {
        try endingOnError { () throws(MessageError) in try channel.send(kind: message.kind, payload: message.payload) }
    }

    /// The next message, waiting up to `timeout` seconds; a bad one, or the
    /// channel closing, ends the process.
    func receive(timeout: Double) throws(MessageError) -> WebContentMessage.FromContent {
        try endingOnError { () throws(MessageError) -> WebContentMessage.FromContent in
            try channel.flush(timeout: timeout)
            guard let frame = try channel.receive(timeout: timeout) else { throw MessageError.timedOut }
            return try WebContentMessage.FromContent(frame)
        }
    }

    /// Runs `body`; an error but a timeout ends the process. When it closed
    /// its end it is exiting or was killed: its own status (an exit code,
    /// the signal of a crash) says more than a kill would, so it gets a
    /// moment to end by itself.
    private func endingOnError<Result>(_ body: () throws(MessageError) -> Result) throws(MessageError) -> Result {
        do {
            return try body()
        } catch .timedOut {
            throw .timedOut
        } catch .closed {
            terminate(grace: 0.5)
            throw .closed
        } catch {
            terminate()
            throw error
        }
    }

    /// Ends the process and reaps it: SIGKILL, after `grace` seconds for it
    /// to end by itself.
    func terminate(grace: Double = 0) {
        channel.close()
        guard termination == nil else { return }
        let deadline = MonotonicClock.now() + grace
        while child.terminationIfEnded() == nil, MonotonicClock.now() < deadline { usleep(2_000) }
        child.kill()
        termination = child.waitForTermination()
    }

    deinit { terminate() }
}
