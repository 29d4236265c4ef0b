import TernNet
import TernScript
import TernSystem
#if canImport(Glibc)
import Glibc
#endif

/// The web content process's side: the same binary as the browser, started
/// with `argument` (`tern --web-content-process`) and one end of a socket
/// pair as descriptor 3. It loads what reads files, closes its sandbox,
/// says it is ready, and then answers the browser's messages until told to
/// stop or its socket closes.
///
/// A program that embeds TernKit and starts content processes calls
/// `runIfRequested()` first thing in its `main`.
public enum WebContentProcess {
    /// The command-line argument that makes a process a content process.
    public static let argument = "--web-content-process"
    /// The descriptor the browser passes the socket as.
    static let socketDescriptor: Int32 = 3
    /// Exit statuses: the sandbox could not be entered; the browser broke the protocol.
    static let sandboxFailure: Int32 = 70, protocolFailure: Int32 = 71

    /// Runs a content process when the program was started as one (its
    /// first argument is `argument`) and exits with its status; returns
    /// at once otherwise.
    public static func runIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count > 1, arguments[1] == argument else { return }
        let budget = arguments.count > 2 ? Int(arguments[2]) : nil
        exit(run(heapBudget: budget ?? WebContentProcessProxy.defaultHeapBudget))
    }

    static func run(heapBudget: Int) -> Int32 {
        // JavaScriptCore's library is read from disk first. The file system
        // then closes, before JavaScriptCore starts its threads (Landlock
        // holds the thread that asks and the threads it starts, not those
        // already running). Then its engine starts and makes its address-
        // space reservations, so that the cap counts only what the page may
        // grow by; the system-call filter holds every thread.
        let gauge = Sandbox.AddressSpaceGauge()
        _ = ScriptContext.loadEngine()
        do {
            try Sandbox.closeFileSystem()
        } catch {
            return sandboxFailure
        }
        _ = try? ScriptContext().evaluate("0")
        let inUse = gauge.bytesInUse() ?? 0
        let report: Sandbox.Report
        do {
            let (limit, overflow) = inUse.addingReportingOverflow(max(0, heapBudget))
            report = try Sandbox.enter(addressSpaceLimit: overflow ? .max : limit)
        } catch {
            return sandboxFailure
        }
        let channel = MessageChannel(socket: socketDescriptor, version: WebContentMessage.protocolVersion)
        let loop = EventLoop.main
        let host = WebContentProcessHost(channel: channel, loop: loop)
        host.send(.ready(processID: getpid(), landlockABI: report.landlockABI ?? 0,
                         addressSpaceLimit: report.addressSpaceLimit ?? 0), page: 0)
        let watch = loop.watch(fileDescriptor: socketDescriptor) { host.channelIsReadable() }
        // Idle pages wait as long as their browser lives.
        while !host.isFinished { loop.runOnce(maxWait: .infinity) }
        watch.cancel()
        return host.failedOnProtocol ? protocolFailure : 0
    }
}
