#if canImport(Glibc)
import Glibc
#endif

// tern: the terminal web browser's command line.

#if canImport(Glibc)
// No fastbins: layout makes and frees millions of small blocks, and glibc's
// fastbin consolidation (malloc_consolidate) cost more than the bins saved;
// tcache still serves the small sizes. ~10% less time on a 50,000-row table.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
// <malloc.h>, which the Glibc module does not export.
private let M_MXFAST: Int32 = 1, M_TRIM_THRESHOLD: Int32 = -1, M_MMAP_THRESHOLD: Int32 = -3
_ = mallopt(M_MXFAST, 0)
// Blocks up to 64 MB from the heap, and up to 64 MB left free at its top:
// a page's arrays grow by doubling, and each old buffer given back to the
// system (munmap) or trimmed off is memory the next allocation faults in
// again. Kept, it is reused: ~12% fewer page faults, 5-8% less time on the
// large pages of `make bench`, peak RSS within 0.5 MB.
_ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
_ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
#endif
let status = CommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
