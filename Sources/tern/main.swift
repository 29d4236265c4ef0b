import TernKit
#if canImport(Glibc)
import Glibc
#endif

// tern: the terminal web browser's command line.

// `tern --web-content-process`: a page's process, started by the browser.
WebContentProcess.runIfRequested()
let status = CommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
