#if canImport(Glibc)
import Glibc
#endif

// tern: the terminal web browser's command line.

#if canImport(Glibc)
// No fastbins: layout makes and frees millions of small blocks, and glibc's
// fastbin consolidation (malloc_consolidate) cost more than the bins saved;
// tcache still serves the small sizes. ~10% less time on a 50,000-row table.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let M_MXFAST: Int32 = 1  // <malloc.h>, which the Glibc module does not export
_ = mallopt(M_MXFAST, 0)
#endif
let status = CommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
