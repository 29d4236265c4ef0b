#if canImport(Glibc)
import Glibc
#endif

// tern: the terminal web browser's command line.

let status = CommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
