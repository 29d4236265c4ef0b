import TernNet

/// Serves a custom URL scheme (such as `myapp:`) to a web view.
public protocol URLSchemeHandler: AnyObject {
    /// Begin loading `task.request`; answer through the task's methods.
    func webView(_ webView: WebView, start task: URLSchemeTask)
    /// The load is no longer wanted; further calls on the task are ignored.
    func webView(_ webView: WebView, stop task: URLSchemeTask)
}

/// Registering a handler for a scheme Tern handles itself is refused.
public enum URLSchemeHandlerError: Error, Equatable, CustomStringConvertible {
    case builtInScheme(String)
    case invalidScheme(String)

    public var description: String {
        switch self {
        case .builtInScheme(let s): return "\(s): is handled by Tern and cannot have a URLSchemeHandler"
        case .invalidScheme(let s): return "\"\(s)\" is not a valid URL scheme"
        }
    }
}

/// One load a `URLSchemeHandler` serves: call `didReceive(_ response:)`, then
/// `didReceive(_ data:)` any number of times, then `didFinish()`, or
/// `didFailWithError(_:)` at any point. Calls out of order, or after the
/// task ended or was stopped, are reported and ignored.
public final class URLSchemeTask {
    public let request: Request
    weak var client: URLSchemeTaskClient?
    private var receivedResponse = false
    private(set) var isEnded = false

    init(request: Request, client: URLSchemeTaskClient) {
        self.request = request
        self.client = client
    }

    public func didReceive(_ response: Response) {
        guard check(!receivedResponse, "didReceive(response) twice") else { return }
        receivedResponse = true
        client?.schemeTask(self, didReceive: response)
    }

    public func didReceive(_ data: [UInt8]) {
        guard check(receivedResponse, "didReceive(data) before a response") else { return }
        data.withUnsafeBytes { client?.schemeTask(self, didReceive: $0) }
    }

    public func didFinish() {
        guard check(receivedResponse, "didFinish before a response") else { return }
        isEnded = true
        client?.schemeTask(self, didCompleteWith: nil)
    }

    public func didFailWithError(_ error: Error) {
        guard check(true, "didFailWithError") else { return }
        isEnded = true
        let failure = error as? NavigationError ?? .other(reason: "\(request.url.scheme): \(error)")
        client?.schemeTask(self, didCompleteWith: failure)
    }

    /// Marks the task stopped by the web view.
    func stop() { isEnded = true }

    private func check(_ condition: Bool, _ what: String) -> Bool {
        if isEnded {
            if client != nil { DecisionHandlerMisuse.report("URLSchemeTask: \(what) after the task ended") }
            return false
        }
        if !condition { DecisionHandlerMisuse.report("URLSchemeTask: \(what)") }
        return condition
    }
}

/// Receives a scheme task's answers (the page load that started it).
protocol URLSchemeTaskClient: AnyObject {
    func schemeTask(_ task: URLSchemeTask, didReceive response: Response)
    func schemeTask(_ task: URLSchemeTask, didReceive data: UnsafeRawBufferPointer)
    func schemeTask(_ task: URLSchemeTask, didCompleteWith error: NavigationError?)
}
