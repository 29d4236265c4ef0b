#if canImport(Glibc)
import Glibc
import TernKit

/// A thread that faults the heap's fresh pages in ahead of the program.
///
/// A large page grows the heap by tens of megabytes, and the first touch of
/// each 4 KB page costs a fault (~2 µs here): a fifth of the time of
/// `tern --dump` on py_genindex_all (8,400 faults). Once the heap has grown
/// by a megabyte, it is made to grow a step beyond each request (an eighth
/// of its growth so far, 1 to 8 MB); this thread sees the break move and
/// makes the kernel fill the new room at once (`MADV_POPULATE_WRITE`, one
/// call for the whole step), on another core, while the program is still
/// using the memory below it. Pages are only made present, never written,
/// so the allocator's data cannot be touched. The price is at most one step
/// of memory present before it is used, and none for a small page.
///
/// The thread runs at `SCHED_IDLE` and looks every 50 µs while the heap
/// grows. Once it has not grown for ~0.1 s the thread blocks on a condition
/// variable until the main event loop starts its next turn (`EventLoop.onTurn`
/// wakes it): an idle browser, whose loop waits in poll(2), wakes it never
/// and uses no CPU. It ends where the kernel lacks `MADV_POPULATE_WRITE`
/// (before Linux 5.14).
enum HeapPrefaulter {
    /// `MADV_POPULATE_WRITE` from <linux/mman.h> (Linux 5.14).
    private static let populateWrite: Int32 = 23
    /// `SCHED_IDLE` from <sched.h> (Linux 2.6.23).
    private static let schedIdle: Int32 = 5
    /// The smallest and largest step the heap grows by beyond a request.
    private static let minimumStep: UInt = 1 << 20, maximumStep: UInt = 8 << 20
    /// Microseconds between looks while the heap grows, and the seconds
    /// without growth after which the thread sleeps until the next turn
    /// (time, not a count of looks: at `SCHED_IDLE` on a busy machine the
    /// looks come far apart).
    private static let poll: UInt32 = 50, quietBeforeSleeping = 0.1

    /// Guards `sleeping`; `wakeUp` is signalled when it is cleared.
    private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    private static let wakeUp: UnsafeMutablePointer<pthread_cond_t> = {
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        pthread_cond_init(condition, nil)
        return condition
    }()
    /// Whether the thread waits for the next turn (read and written under `lock`).
    nonisolated(unsafe) private static var sleeping = false

    static func start() {
        _ = lock
        _ = wakeUp
        // Signals are for the thread that does the work (a resize wakes the
        // browser's event loop through its handler): the new thread starts
        // with every signal blocked, so none is ever delivered to it.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in
            HeapPrefaulter.run()
            return nil
        }, nil) == 0 else { return }
        pthread_detach(thread)
        EventLoop.main.onTurn = { HeapPrefaulter.wake() }
    }

    /// Wakes the thread if it sleeps: an uncontended lock and a flag, no
    /// system call unless it actually sleeps.
    static func wake() {
        pthread_mutex_lock(lock)
        if sleeping {
            sleeping = false
            pthread_cond_signal(wakeUp)
        }
        pthread_mutex_unlock(lock)
    }

    /// Blocks until `wake()`.
    private static func sleepUntilWoken() {
        pthread_mutex_lock(lock)
        sleeping = true
        while sleeping { pthread_cond_wait(wakeUp, lock) }
        pthread_mutex_unlock(lock)
    }

    /// The heap's end. (`sbrk(0)` only reads glibc's record of it: a word
    /// the allocator writes on the main thread, read whole on every
    /// platform Tern builds for.)
    private static func heapEnd() -> UInt { UInt(bitPattern: sbrk(0)) }

    private static func run() {
        // Only when a core is otherwise idle: the page's own threads (the
        // layout's second one) come first, and the program faults in what
        // this thread has not reached yet.
        var idle = sched_param()
        _ = pthread_setschedparam(pthread_self(), schedIdle, &idle)
        let pageMask = ~UInt(max(4096, sysconf(Int32(_SC_PAGESIZE))) - 1)
        let base = heapEnd()
        var present = base
        var lastGrowth = EventLoop.now()
        var step: UInt = 0
        while true {
            let end = heapEnd()
            let grown = end > base ? end - base : 0
            if grown >= minimumStep {
                let wanted = min(maximumStep, max(minimumStep, grown / 8)) & ~(minimumStep - 1)
                if wanted != step {
                    // mallopt takes the allocator's lock: safe from any thread.
                    _ = mallopt(HeapTuning.M_TOP_PAD, Int32(wanted))
                    step = wanted
                }
            }
            if end > present {
                let start = present & pageMask
                if madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), populateWrite) != 0
                    && errno == EINVAL { return }
                lastGrowth = EventLoop.now()
            }
            // The heap may also have shrunk (trimmed at its top).
            present = end
            if EventLoop.now() - lastGrowth > quietBeforeSleeping {
                sleepUntilWoken()
                lastGrowth = EventLoop.now()
            } else {
                usleep(poll)
            }
        }
    }
}
#endif
