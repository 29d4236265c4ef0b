import TernNet
import TernSystem
#if canImport(Glibc)
import Glibc
#endif

/// Keeps one web content process started ahead (a spare), so that a new
/// tab does not wait the ~9 ms a content process takes to load
/// JavaScriptCore and close its sandbox. The spare's `ready` is read on the
/// event loop when it comes; a spare that dies meanwhile is dropped, and
/// the next `take` starts one. The spare behind a taken process is
/// started a moment later (`spareDelay`), as WebKit prewarms at a good
/// time rather than at once: a page just given a process is loading, and a
/// second process starting on a two-core machine would take its time (a
/// one-page run, such as `tern --dump`, never needs it).
final class WebContentProcessPool {
    /// Held weakly: a pool whose loop is gone is dropped, with its spare.
    private weak var loop: EventLoop?
    private let executable: String
    private let heapBudget: Int
    private var spare: WebContentProcessProxy?
    private var spareWatch: EventLoop.FileWatch?
    private var spareTimer: EventLoop.Timer?
    /// Seconds after a `take` before the next spare starts.
    let spareDelay: Double

    /// The pool of the web views on `loop` that start `executable` (one
    /// for each, made when first asked for).
    static func shared(for loop: EventLoop, executable: String) -> WebContentProcessPool {
        shared = shared.filter { $0.value.loop != nil }
        let key = Key(loop: ObjectIdentifier(loop), executable: executable)
        if let pool = shared[key], pool.loop === loop { return pool }
        let pool = WebContentProcessPool(loop: loop, executable: executable)
        shared[key] = pool
        return pool
    }
    private struct Key: Hashable {
        let loop: ObjectIdentifier
        let executable: String
    }
    private nonisolated(unsafe) static var shared: [Key: WebContentProcessPool] = [:]

    init(loop: EventLoop, executable: String = ChildProcess.currentExecutable,
         heapBudget: Int = WebContentProcessProxy.defaultHeapBudget, spareDelay: Double = 1) {
        self.loop = loop
        self.spareDelay = spareDelay
        self.executable = executable
        self.heapBudget = heapBudget
    }

    /// Whether a spare is ready to be taken at once.
    var hasReadySpare: Bool { spare?.isReady == true }
    /// The spare's process id, while there is one.
    var spareProcessID: pid_t? { spare?.child.pid }

    /// Starts a spare unless there is one.
    func prepareSpare() {
        guard spare == nil, let loop, let started = try? WebContentProcessProxy.spawn(executable: executable, heapBudget: heapBudget)
        else { return }
        spare = started
        spareWatch = loop.watch(fileDescriptor: started.channel.socket) { [weak self] in self?.spareIsReadable() }
    }

    /// A ready content process: the spare (waiting up to `timeout` seconds
    /// for it when it is still starting), else a new one; a new spare is
    /// started behind it after `spareDelay`.
    func take(timeout: Double = 30) throws -> WebContentProcessProxy {
        let taken: WebContentProcessProxy
        if let spare, (try? spare.waitUntilReady(timeout: timeout)) != nil {
            taken = spare
        } else {
            taken = try WebContentProcessProxy.launch(executable: executable, heapBudget: heapBudget, timeout: timeout)
        }
        dropSpare()
        spareTimer?.cancel()
        spareTimer = loop?.schedule(after: spareDelay) { [weak self] in self?.prepareSpare() }
        return taken
    }

    /// The spare's socket has something: its `ready`, or — once it is
    /// ready, when it has nothing more to say until taken — its end (it was
    /// killed) or a message out of turn; either way it is dropped.
    private func spareIsReadable() {
        guard let spare else { return }
        if spare.isReady || (try? spare.checkReady()) == nil { dropSpare() }
    }

    private func dropSpare() {
        spareWatch?.cancel()
        spareWatch = nil
        spare = nil
    }
}
