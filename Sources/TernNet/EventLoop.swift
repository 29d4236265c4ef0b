import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// The one loop that runs all page work: network transfers, timers, posted
/// tasks and watched file descriptors (the terminal's input), on one thread.
///
/// An `EventLoop` is not thread-safe; create and use it on a single thread.
/// Tests drive it deterministically with `run(until:timeout:)`.
public final class EventLoop {
    /// The loop of the program's main thread.
    public static let main = EventLoop()

    /// The curl multi handle that every transfer of this loop is added to,
    /// made (loading libcurl) when the first transfer asks for it; nil when
    /// libcurl cannot be loaded. Until then the loop waits with poll(2).
    var multi: UnsafeMutableRawPointer? {
        if curlMulti == nil, Curl.isAvailable, let multi = Curl.multiInit() {
            Curl.multiSetoptLong(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 6)
            curlMulti = multi
        }
        return curlMulti
    }
    private var curlMulti: UnsafeMutableRawPointer?
    var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var tasks: [() -> Void] = []
    private var timers: [Timer] = []
    private var watches: [FileWatch] = []
    private var nextTimerID = 0
    private var nestingDepth = 0

    public init() {}

    deinit {
        for transfer in transfers.values { transfer.detach() }
        if let curlMulti { Curl.multiCleanup(curlMulti) }
    }

    /// Seconds on a monotonic clock.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    // MARK: Scheduling

    /// Runs `task` on a later turn of the loop, after everything already posted.
    public func post(_ task: @escaping () -> Void) {
        tasks.append(task)
    }

    /// A one-shot timer; cancel it with `Timer.cancel()`.
    public final class Timer {
        let id: Int
        let deadline: Double
        var action: (() -> Void)?
        init(id: Int, deadline: Double, action: @escaping () -> Void) {
            self.id = id; self.deadline = deadline; self.action = action
        }
        /// Stops the timer from firing; harmless after it fired.
        public func cancel() { action = nil }
        /// Whether the timer will still fire.
        public var isPending: Bool { action != nil }
    }

    /// Runs `action` once, `seconds` from now.
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) -> Timer {
        nextTimerID += 1
        let timer = Timer(id: nextTimerID, deadline: EventLoop.now() + max(0, seconds), action: action)
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
        timers.insert(timer, at: index)
        return timer
    }

    /// A file descriptor the loop watches for input; stop with `cancel()`.
    public final class FileWatch {
        let fd: Int32
        var onReadable: (() -> Void)?
        init(fd: Int32, onReadable: @escaping () -> Void) { self.fd = fd; self.onReadable = onReadable }
        public func cancel() { onReadable = nil }
    }

    /// Calls `onReadable` on the loop whenever `fileDescriptor` has input.
    public func watch(fileDescriptor: Int32, onReadable: @escaping () -> Void) -> FileWatch {
        let watch = FileWatch(fd: fileDescriptor, onReadable: onReadable)
        watches.append(watch)
        return watch
    }

    // MARK: Running

    /// Whether there is anything the loop could still do.
    public var hasWork: Bool {
        !tasks.isEmpty || timers.contains { $0.isPending } || !transfers.isEmpty
    }

    /// Runs one turn: posted tasks, due timers, network progress, and input,
    /// waiting at most `maxWait` seconds for something to happen.
    public func runOnce(maxWait: Double) {
        runOnce(maxWait: maxWait, unless: { false })
    }

    /// One turn that skips waiting when `done` already holds after the
    /// posted tasks and due timers ran (so a finished load is seen at once).
    private func runOnce(maxWait: Double, unless done: () -> Bool) {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        runPostedTasks()
        fireDueTimers()
        if done() { return }
        timers.removeAll { !$0.isPending }
        watches.removeAll { $0.onReadable == nil }

        var wait = tasks.isEmpty ? max(0, maxWait) : 0
        if let next = timers.first { wait = min(wait, max(0, next.deadline - EventLoop.now())) }
        let ms = Int32(min(wait * 1000, 60_000).rounded(.up))
        var readable: [Bool]
        if let curlMulti {
            var fds = watches.map { curl_waitfd(fd: $0.fd, events: Int16(CURL_WAIT_POLLIN), revents: 0) }
            var ready: Int32 = 0
            fds.withUnsafeMutableBufferPointer {
                _ = Curl.multiPoll(curlMulti, $0.baseAddress, UInt32($0.count), ms, &ready)
            }
            readable = fds.map { $0.revents != 0 }
        } else {
            // No transfer has ever started: libcurl is not loaded, plain poll(2) waits.
            var fds = watches.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), ms)
            readable = fds.map { $0.revents != 0 }
        }
        performTransfers()
        for (watch, isReadable) in zip(watches, readable) where isReadable { watch.onReadable?() }
        fireDueTimers()
    }

    /// Runs turns until `condition` holds or `timeout` seconds pass; returns
    /// whether the condition held. Safe to call from inside a turn (a nested
    /// loop, as modal dialogs need).
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = EventLoop.now() + timeout
        while !condition() {
            let left = deadline - EventLoop.now()
            if left <= 0 { return false }
            runOnce(maxWait: min(left, 0.05), unless: condition)
        }
        return true
    }

    private func runPostedTasks() {
        guard !tasks.isEmpty else { return }
        let batch = tasks
        tasks.removeAll(keepingCapacity: true)
        for task in batch { task() }
    }

    private func fireDueTimers() {
        let now = EventLoop.now()
        while let first = timers.first, first.deadline <= now {
            timers.removeFirst()
            if let action = first.action { first.action = nil; action() }
        }
    }

    private func performTransfers() {
        guard !transfers.isEmpty, let curlMulti else { return }
        var running: Int32 = 0
        Curl.multiPerform(curlMulti, &running)
        for transfer in Array(transfers.values) { transfer.deliverPendingEvents() }
        var queued: Int32 = 0
        while let message = Curl.multiInfoRead(curlMulti, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let result = tern_curl_msg_result(message)
            if let transfer = transfers[UnsafeMutableRawPointer(easy)] {
                transfer.finish(result)
            }
        }
    }
}
