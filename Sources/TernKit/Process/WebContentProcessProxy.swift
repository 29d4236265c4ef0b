import TernNet
import TernSystem
#if canImport(Glibc)
import Glibc
#endif

/// The browser's side of one web content process: the child, its channel,
/// the pages it holds (a page and the popups it opened, which share it as
/// WebKit's related views do), and how it ended. Every message it sends is
/// checked (`WebContentMessage.FromContent`); a bad one ends the process,
/// and with it each of its pages.
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

    /// The pages in the process by number, weakly: a page's view going away detaches it.
    private var pages: [UInt64: WeakPage] = [:]
    private var lastPageID: UInt64 = 0
    private var sender: ChannelSender?
    private var watch: EventLoop.FileWatch?
    private struct WeakPage { weak var page: WebPageProxy? }
    /// The origins of the documents the browser sent this process (its
    /// pages, their frames and popups): the only ones whose cookies and
    /// storage it may reach, so that a subverted process cannot read
    /// another site's.
    var documentOrigins: Set<String> = []

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
            try accept(WebContentMessage.FromContent.decode(frame).message)
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

    /// Sends `message` to the process itself, waiting while the socket is
    /// full; a failure ends the process.
    func send(_ message: WebContentMessage.ToContent) throws(MessageError) {
        try endingOnError { () throws(MessageError) in try channel.send(kind: message.kind, payload: message.payload(page: 0)) }
    }

    /// The next message, waiting up to `timeout` seconds; a bad one, or the
    /// channel closing, ends the process.
    func receive(timeout: Double) throws(MessageError) -> WebContentMessage.FromContent {
        try endingOnError { () throws(MessageError) -> WebContentMessage.FromContent in
            try channel.flush(timeout: timeout)
            guard let frame = try channel.receive(timeout: timeout) else { throw MessageError.timedOut }
            return try WebContentMessage.FromContent.decode(frame).message
        }
    }

    // MARK: Pages

    /// Whether the process is alive and holds pages.
    var isInUse: Bool { termination == nil && !pages.isEmpty }

    /// Gives `page` a number in this process; from the first page on, the
    /// process's messages are read on `loop` and sent without blocking.
    func attach(_ page: WebPageProxy, loop: EventLoop) -> UInt64 {
        if sender == nil {
            let sender = ChannelSender(channel: channel, loop: loop)
            sender.onFailure = { [weak self] in self?.end("its socket failed") }
            self.sender = sender
            watch = loop.watch(fileDescriptor: channel.socket) { [weak self] in self?.channelIsReadable() }
        }
        lastPageID += 1
        pages[lastPageID] = WeakPage(page: page)
        return lastPageID
    }

    /// The page numbered `id` is gone: the process closes it, and ends with its last page.
    func detach(_ id: UInt64) {
        guard pages.removeValue(forKey: id) != nil, termination == nil else { return }
        send(.closePage, page: id)
        if pages.isEmpty {
            send(.shutdown, page: 0)
            watch?.cancel()
            watch = nil
        }
    }

    /// Sends `message` for page `page` without blocking (queued while the socket is full).
    func send(_ message: WebContentMessage.ToContent, page: UInt64) {
        guard let sender, termination == nil else { return }
        do {
            try sender.send(kind: message.kind, payload: message.payload(page: page))
        } catch {
            end("a send failed: \(error)")
        }
    }

    private func channelIsReadable() {
        while termination == nil {
            do {
                guard let frame = try channel.receive(timeout: 0) else { return }
                let (page, message) = try WebContentMessage.FromContent.decode(frame)
                // A number never given is a process that cannot be trusted;
                // one given to a page since closed may still have messages on the way.
                guard page != 0, page <= lastPageID else {
                    if page == 0, case .pong = message { continue }
                    throw MessageError.malformed("no page \(page)")
                }
                pages[page]?.page?.handle(message)
            } catch {
                return end("\(error)")
            }
        }
    }

    /// Why the process ended, when the browser ended it or saw it end.
    private(set) var endReason: String?

    /// Ends the process (a kill when it is still running) and tells each of its pages.
    func end(_ reason: String) {
        guard termination == nil else { return }
        endReason = reason
        terminate(grace: 0.5)
        // $TERN_PROCESS_LOG: each end told on standard error, for whoever debugs a page or a test.
        if getenv("TERN_PROCESS_LOG") != nil {
            fputs("tern: content process \(child.pid) ended (\(reason)): \(termination.map { "\($0)" } ?? "")\n", stderr)
        }
        watch?.cancel()
        watch = nil
        sender = nil
        let ended = pages.values.compactMap(\.page)
        pages = [:]
        for page in ended { page.processEnded() }
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

    deinit {
        watch?.cancel()
        terminate()
    }
}
