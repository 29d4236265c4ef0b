import TernSystem
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
    private var timers = TimerHeap()
    private var watches: [FileWatch] = []
    private var nextTimerID = 0
    private var nestingDepth = 0

    /// How long one turn runs posted tasks and due timers before it looks at
    /// the terminal and the network again: a page that floods the loop with
    /// timers still lets keys through.
    public static let taskBudget = 0.01

    /// Whether the person asked to stop what runs now (set by `interrupt()`
    /// or found by `interruptCheck`): nested `run(until:)` calls return at
    /// once, the turn runs no more tasks or timers, and scripts end at their
    /// next watchdog check. Cleared when the next outermost turn starts.
    public private(set) var isInterrupted = false

    /// Asked while work runs long (a script's watchdog, every turn of a
    /// nested loop) whether the person asked to stop, without running the
    /// loop: the terminal browser looks at the waiting keys and signals,
    /// `--dump` at its deadline. Must be cheap; nil never interrupts. The
    /// loop never wakes just to ask it: a check tied to a time needs a timer
    /// then (`--dump` sets one at its deadline).
    public var interruptCheck: (() -> Bool)?

    public init() {}

    deinit {
        for transfer in transfers.values { transfer.detach() }
        if let curlMulti { Curl.multiCleanup(curlMulti) }
    }

    /// Seconds on a monotonic clock.
    public static func now() -> Double { MonotonicClock.now() }

    // MARK: Interrupting

    /// Stops what runs now and gives control back to the outermost turn (see `isInterrupted`).
    public func interrupt() {
        isInterrupted = true
    }

    /// Whether running work should stop now: interrupted already, or
    /// `interruptCheck` says so (which then interrupts).
    public func checkForInterrupt() -> Bool {
        if !isInterrupted, interruptCheck?() == true { isInterrupted = true }
        return isInterrupted
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
        /// Earlier deadline first; the same deadline in the order scheduled.
        func fires(before other: Timer) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && id < other.id)
        }
    }

    /// Runs `action` once, `seconds` from now.
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) -> Timer {
        nextTimerID += 1
        let timer = Timer(id: nextTimerID, deadline: EventLoop.now() + max(0, seconds), action: action)
        timers.insert(timer)
        return timer
    }

    /// When the earliest scheduled timer is due (a cancelled one may still
    /// count until its time); nil when none is scheduled.
    public var nextTimerDeadline: Double? { timers.first?.deadline }

    /// A file descriptor the loop watches for input (or, once, for room to
    /// write); stop with `cancel()`.
    public final class FileWatch {
        let fd: Int32
        let forWriting: Bool
        var onReadable: (() -> Void)?
        init(fd: Int32, forWriting: Bool = false, onReadable: @escaping () -> Void) {
            self.fd = fd
            self.forWriting = forWriting
            self.onReadable = onReadable
        }
        public func cancel() { onReadable = nil }
    }

    /// Calls `onReadable` on the loop whenever `fileDescriptor` has input.
    public func watch(fileDescriptor: Int32, onReadable: @escaping () -> Void) -> FileWatch {
        let watch = FileWatch(fd: fileDescriptor, onReadable: onReadable)
        watches.append(watch)
        return watch
    }

    /// Calls `onWritable` on the loop once, when `fileDescriptor` can take
    /// output (a socket whose peer was slow to read).
    public func whenWritable(_ fileDescriptor: Int32, _ onWritable: @escaping () -> Void) -> FileWatch {
        let watch = FileWatch(fd: fileDescriptor, forWriting: true, onReadable: {})
        watch.onReadable = { [unowned watch] in
            watch.onReadable = nil
            onWritable()
        }
        watches.append(watch)
        return watch
    }

    // MARK: Running

    /// Whether there is anything the loop could still do.
    public var hasWork: Bool {
        !tasks.isEmpty || timers.hasPending || !transfers.isEmpty
    }

    /// Runs one turn: posted tasks, due timers, network progress, and input,
    /// waiting at most `maxWait` seconds for something to happen (`.infinity`:
    /// until it does; an idle loop sleeps in poll(2) and never wakes to poll).
    public func runOnce(maxWait: Double) {
        runOnce(maxWait: maxWait, unless: { false })
    }

    /// One turn that skips waiting when `done` already holds after the
    /// posted tasks and due timers ran (so a finished load is seen at once).
    /// Tasks and timers run for at most `taskBudget` seconds (at least one
    /// of them); what is left runs on the next turn, after the input and the
    /// network were looked at.
    private func runOnce(maxWait: Double, unless done: () -> Bool) {
        if nestingDepth == 0 { isInterrupted = false }
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        let budgetEnd = EventLoop.now() + EventLoop.taskBudget
        runPostedTasks(until: budgetEnd)
        fireDueTimers(until: budgetEnd)
        if done() { return }
        watches.removeAll { $0.onReadable == nil }

        var wait = tasks.isEmpty && !isInterrupted ? max(0, maxWait) : 0
        if let next = timers.first { wait = min(wait, max(0, next.deadline - EventLoop.now())) }
        // Int32.max ms (24 days) stands for "no timeout": curl_multi_poll takes no -1.
        let ms = Int32(min(wait * 1000, Double(Int32.max)).rounded(.up))
        var readable: [Bool]
        if let curlMulti {
            var fds = watches.map { curl_waitfd(fd: $0.fd, events: Int16($0.forWriting ? CURL_WAIT_POLLOUT : CURL_WAIT_POLLIN), revents: 0) }
            var ready: Int32 = 0
            fds.withUnsafeMutableBufferPointer {
                _ = Curl.multiPoll(curlMulti, $0.baseAddress, UInt32($0.count), ms, &ready)
            }
            readable = fds.map { $0.revents != 0 }
        } else {
            // No transfer has ever started: libcurl is not loaded, plain poll(2) waits.
            var fds = watches.map { pollfd(fd: $0.fd, events: Int16($0.forWriting ? POLLOUT : POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), ms)
            readable = fds.map { $0.revents != 0 }
        }
        performTransfers()
        for (watch, isReadable) in zip(watches, readable) where isReadable { watch.onReadable?() }
        fireDueTimers(until: EventLoop.now() + EventLoop.taskBudget)
    }

    /// Runs turns until `condition` holds or `timeout` seconds pass; returns
    /// whether the condition held. Safe to call from inside a turn (a nested
    /// loop, as modal dialogs need): there it also returns false as soon as
    /// the loop is interrupted.
    ///
    /// Between events it sleeps (a dialog that waits for its answer costs no
    /// CPU): `condition` is looked at after each turn, so it must change only
    /// through the loop's own work, and a nested wait asks `interruptCheck`
    /// only when something wakes the loop (input, a signal, a transfer, a timer).
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = EventLoop.now() + timeout
        while !condition() {
            if nestingDepth > 0 && checkForInterrupt() { return false }
            let left = deadline - EventLoop.now()
            if left <= 0 { return false }
            runOnce(maxWait: left, unless: condition)
        }
        return true
    }

    /// Runs the tasks posted before this turn, while the budget lasts; the
    /// rest go back to the front of the queue. (The batch is taken out
    /// first: a task may run a nested loop, which runs the tasks posted since.)
    private func runPostedTasks(until end: Double) {
        guard !tasks.isEmpty else { return }
        let batch = tasks
        tasks.removeAll(keepingCapacity: true)
        var ran = 0
        while ran < batch.count && !isInterrupted && (ran == 0 || EventLoop.now() < end) {
            ran += 1
            batch[ran - 1]()
        }
        if ran < batch.count { tasks = Array(batch[ran...]) + tasks }
    }

    /// Fires the timers due now, earliest first, while the budget lasts.
    private func fireDueTimers(until end: Double) {
        let now = EventLoop.now()
        var fired = 0
        while !isInterrupted, fired == 0 || EventLoop.now() < end, let first = timers.first, first.deadline <= now {
            timers.removeFirst()
            if let action = first.action {
                first.action = nil
                fired += 1
                action()
            }
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

/// The pending timers as a binary min-heap (earliest deadline on top), so a
/// page with many timers costs O(log n) per timer. Cancelled timers stay
/// until they reach the top, or until they are most of the heap.
struct TimerHeap {
    private var items: [EventLoop.Timer] = []

    /// The earliest pending timer.
    var first: EventLoop.Timer? {
        mutating get {
            while let top = items.first, !top.isPending { removeFirst() }
            return items.first
        }
    }

    var hasPending: Bool { items.contains { $0.isPending } }

    mutating func insert(_ timer: EventLoop.Timer) {
        // Pages that set and clear many timers leave cancelled ones behind: drop them now and then.
        if items.count >= 1024 && items.count % 1024 == 0 {
            let pending = items.filter { $0.isPending }
            if pending.count < items.count / 2 { rebuild(pending) }
        }
        items.append(timer)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].fires(before: items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        guard !items.isEmpty else { return }
        let last = items.removeLast()
        guard !items.isEmpty else { return }
        items[0] = last
        siftDown(0)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < items.count && items[left].fires(before: items[first]) { first = left }
            if right < items.count && items[right].fires(before: items[first]) { first = right }
            if first == parent { return }
            items.swapAt(parent, first)
            parent = first
        }
    }

    private mutating func rebuild(_ pending: [EventLoop.Timer]) {
        items = pending
        var index = items.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }
}
