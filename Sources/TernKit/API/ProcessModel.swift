/// Where a web view's page — its document, styles, scripts and layout —
/// runs: what an embedder chooses with `WebViewConfiguration.processModel`.
public enum ProcessModel: Hashable, Sendable {
    /// In the embedder's own process: nothing to start, every member
    /// available, but a crash in the page is the embedder's.
    case inProcess
    /// In a sandboxed web content process of its own (the same program
    /// started with `WebContentProcess.argument`; the embedder calls
    /// `WebContentProcess.runIfRequested()` first in `main`). The embedder
    /// keeps the network, cookies, cache and delegates; the page reaches
    /// no file and no socket, and when its process dies the navigation
    /// delegate hears `webViewWebContentProcessDidTerminate` and the rest
    /// of the program goes on.
    case contentProcess
}
