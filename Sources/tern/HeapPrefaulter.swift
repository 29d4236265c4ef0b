#if canImport(Glibc)
import Glibc

/// A thread that faults the heap's fresh pages in ahead of the program.
///
/// A large page grows the heap by tens of megabytes, and the first touch of
/// each 4 KB page costs a fault (~2 µs here): a fifth of the time of
/// `tern --dump` on py_genindex_all (8,400 faults). Once the heap has grown
/// by `step`, it is made to grow `step` beyond each request; this thread
/// sees the break move and makes the kernel fill the new room at once
/// (`MADV_POPULATE_WRITE`, one call for the whole step), on another core,
/// while the program is still using the memory below it. Pages are only
/// made present, never written, so the allocator's data cannot be touched.
/// The price is at most one step of memory present before it is used, and
/// none for a small page (it never reaches the first step).
///
/// The thread looks every 50 µs while the heap grows and every 0.2 s once
/// it has not grown for a while (an idle browser wakes it five times a
/// second), and ends where the kernel
/// lacks `MADV_POPULATE_WRITE` (before Linux 5.14).
enum HeapPrefaulter {
    /// `MADV_POPULATE_WRITE` from <linux/mman.h> (Linux 5.14).
    private static let populateWrite: Int32 = 23
    static let step = 4 << 20
    /// Microseconds between looks while the heap grows, and once it has
    /// not grown for `fastPolls` looks (~0.1 s).
    private static let fastPoll: UInt32 = 50, slowPoll: UInt32 = 200_000, fastPolls = 2_000

    static func start() {
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in
            HeapPrefaulter.run()
            return nil
        }, nil) == 0 else { return }
        pthread_detach(thread)
    }

    /// The heap's end. (`sbrk(0)` only reads glibc's record of it: a word
    /// the allocator writes on the main thread, read whole on every
    /// platform Tern builds for.)
    private static func heapEnd() -> UInt { UInt(bitPattern: sbrk(0)) }

    private static func run() {
        let base = heapEnd()
        var present = base
        var idlePolls = 0
        var stepping = false
        while true {
            let end = heapEnd()
            if !stepping && end >= base + UInt(step) {
                // mallopt takes the allocator's lock: safe from any thread.
                _ = mallopt(HeapTuning.M_TOP_PAD, Int32(step))
                stepping = true
            }
            if end > present {
                let start = UnsafeMutableRawPointer(bitPattern: present)
                if madvise(start, Int(end - present), populateWrite) != 0 && errno == EINVAL { return }
                idlePolls = 0
            } else {
                idlePolls += 1
            }
            // The heap may also have shrunk (trimmed at its top).
            present = end
            usleep(idlePolls < fastPolls ? fastPoll : slowPoll)
        }
    }
}
#endif
