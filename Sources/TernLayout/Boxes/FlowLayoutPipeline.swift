#if canImport(Glibc)
import Glibc
#endif

/// Lays the page's flow out on a second thread while `BoxBuilder` is still
/// walking the document: the builder hands over the page's finished items
/// in batches, and the thread breaks them into lines as they come. The two
/// phases take about the same time on a large page, so the whole takes
/// little more than the longer of them (on two cores).
///
/// Only values cross: items go over whole, and nothing else is shared; the
/// document stays on the calling thread (it is not thread-safe). Laid-out
/// batches come back to be freed by the thread that made them: freed on
/// the other, every paragraph's arrays went through the allocator's lock
/// the builder was using, and the builder's phase took twice as long.
/// A page with fewer than `batchSize` top-level items makes no thread: its
/// flow is laid out by `finish` on the calling thread, as it was built.
///
/// `TERN_LAYOUT_THREAD=0` in the environment turns the thread off (the page
/// is laid out on the calling thread after it is built, with the same
/// result), so that `make bench-switches` can measure what it still wins.
final class FlowLayoutPipeline {
    /// Items handed over at a time.
    static let batchSize = 128

    /// Whether `Layout.render` uses the pipeline: read from the environment once.
    static let isEnabled: Bool = {
        guard let value = getenv("TERN_LAYOUT_THREAD") else { return true }
        return String(cString: value) != "0"
    }()

    private let width: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Batches handed over and not yet taken (guarded by `mutex`).
    private var pending: [[FlowItem]] = []
    /// Batches laid out, to be freed here (guarded by `mutex`).
    private var retired: [[FlowItem]] = []
    /// No more batches will come (guarded by `mutex`).
    private var finished = false
    private var thread: pthread_t?
    /// Batches handed over so far.
    private(set) var submitted = 0
    /// The lines so far: the thread's while it runs, the caller's after.
    private var result = LaidOut()

    init(width: Int) {
        self.width = width
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(ready, nil)
    }

    deinit {
        pthread_cond_destroy(ready)
        pthread_mutex_destroy(mutex)
        ready.deallocate()
        mutex.deallocate()
    }

    /// Takes `items` (leaving it empty) to be laid out after those before.
    func submit(_ items: inout [FlowItem]) {
        var batch: [FlowItem] = []
        swap(&batch, &items)
        items.reserveCapacity(FlowLayoutPipeline.batchSize)
        submitted += 1
        if thread == nil && !startThread() {
            // No thread to be had: laid out here and now, in order all the same.
            var flow = Flow(items: batch)
            FlowLayout.layout(&flow, width: width, into: &result, top: 0)
            return
        }
        var done: [[FlowItem]] = []
        pthread_mutex_lock(mutex)
        pending.append(batch)
        swap(&done, &retired)
        pthread_cond_signal(ready)
        pthread_mutex_unlock(mutex)
        done = [] // freed here, outside the lock
    }

    /// Lays out `rest`, the flow's last items, after everything submitted,
    /// and returns all the lines.
    func finish(with rest: inout Flow) -> LaidOut {
        guard let thread else {
            FlowLayout.layout(&rest, width: width, into: &result, top: 0)
            return result
        }
        if !rest.items.isEmpty { submit(&rest.items) }
        pthread_mutex_lock(mutex)
        finished = true
        pthread_cond_signal(ready)
        pthread_mutex_unlock(mutex)
        pthread_join(thread, nil)
        self.thread = nil
        return result
    }

    private func startThread() -> Bool {
        var handle = pthread_t()
        let context = Unmanaged.passUnretained(self).toOpaque()
        // `finish` joins the thread before the pipeline can go away.
        guard pthread_create(&handle, nil, { context in
            Unmanaged<FlowLayoutPipeline>.fromOpaque(context!).takeUnretainedValue().work()
            return nil
        }, context) == 0 else { return false }
        thread = handle
        return true
    }

    /// The thread: lays batches out as they come until the last.
    private func work() {
        var out = LaidOut()
        var taken: [[FlowItem]] = []
        while true {
            pthread_mutex_lock(mutex)
            while pending.isEmpty && !finished { pthread_cond_wait(ready, mutex) }
            swap(&taken, &pending)
            let last = finished
            pthread_mutex_unlock(mutex)
            for batch in taken {
                // A copy: the batch itself goes back to be freed where it was made.
                var flow = Flow(items: batch)
                FlowLayout.layout(&flow, width: width, into: &out, top: 0)
            }
            // Handed back whole: none of them is left here to be freed on this thread.
            pthread_mutex_lock(mutex)
            retired.append(contentsOf: taken)
            taken.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(mutex)
            if last { break }
        }
        result = out
    }
}
