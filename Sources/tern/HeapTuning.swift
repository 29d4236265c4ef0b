#if canImport(Glibc)
import Glibc

// <malloc.h>, which the Glibc module does not export.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// How the tern process sets glibc's allocator up before it does any work.
///
/// Laying out a large page makes and frees millions of small blocks, and
/// beside libxml2's own parse most of the time went to the allocator's
/// bookkeeping and to the kernel handing out fresh pages one fault at a
/// time. Each setting's effect was measured with `make bench` (figures below:
/// the large pages of its corpus).
///
/// `TERN_HEAP_TUNING=0` in the environment leaves glibc's defaults, so that
/// `make bench-switches` can measure what the settings still win.
enum HeapTuning {
    static let M_MXFAST: Int32 = 1, M_TRIM_THRESHOLD: Int32 = -1, M_MMAP_THRESHOLD: Int32 = -3

    /// Applies the settings; called once, first thing in `main`.
    static func apply() {
        if let value = getenv("TERN_HEAP_TUNING"), String(cString: value) == "0" { return }
        // No fastbins: their consolidation (malloc_consolidate) cost more
        // than they saved; tcache still serves the small sizes. ~10% less
        // time on a 50,000-row table.
        _ = mallopt(M_MXFAST, 0)
        // Blocks up to 64 MB from the heap, and up to 64 MB left free at its
        // top: a page's arrays grow by doubling, and each old buffer given
        // back to the system (munmap) or trimmed off is memory the next
        // allocation faults in again. ~12% fewer page faults.
        _ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
    }
}
#endif
