import TernScript

/// A script the embedder adds to every page of web views sharing this controller.
public struct UserScript {
    /// When a user script runs.
    public enum InjectionTime: Hashable {
        /// Before any of the page's own scripts.
        case atDocumentStart
        /// After the document has been parsed.
        case atDocumentEnd
    }

    public let source: String
    public let injectionTime: InjectionTime
    /// True: the script runs in the main frame only; false: in every frame
    /// (`iframe`/`frame` documents) too, as WKUserScript.
    public let isForMainFrameOnly: Bool

    public init(source: String, injectionTime: InjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
    }
}

/// A message a page posted with `window.webkit.messageHandlers.<name>.postMessage(body)`.
public struct ScriptMessage {
    public let name: String
    /// The body as WKScriptMessage's: `String`, `Int` or `Double`, `Bool`,
    /// `[Any]`, `[String: Any]`, `ScriptNull` (WebKit's NSNull) or
    /// `ScriptDate` (WebKit's Date); see `ScriptValue.anyValue`. So
    /// `message.body as? [String: Any]` works as it does with WebKit.
    public let body: Any
    /// The same body as a `ScriptValue`, for a `switch` over its kinds.
    public let scriptValue: ScriptValue
    public let frameInfo: FrameInfo
    public private(set) weak var webView: WebView?

    init(name: String, scriptValue: ScriptValue, frameInfo: FrameInfo, webView: WebView) {
        self.name = name
        self.body = scriptValue.anyValue
        self.scriptValue = scriptValue
        self.frameInfo = frameInfo
        self.webView = webView
    }
}

/// Receives messages posted to a handler name. As in WebKit, each arrives on
/// a later turn of the event loop, after the page's posting script returned,
/// with the body copied when the page posted it.
public protocol ScriptMessageHandler: AnyObject {
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage)
}

/// Receives messages and answers them: the page's `postMessage` returns a
/// promise that `replyHandler(value, nil)` resolves and `replyHandler(nil, error)`
/// rejects. The reply takes the types `ScriptMessage.body` gives (and any
/// integer or floating-point type, or a `ScriptValue`); another type rejects
/// the promise, as WebKit does with a reply it cannot serialize.
public protocol ScriptMessageHandlerWithReply: AnyObject {
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void)
}

/// The user scripts and native message handlers of web views that share it
/// (a reference, as WKUserContentController is).
public final class UserContentController {
    public private(set) var userScripts: [UserScript] = []
    private(set) var handlers: [String: Handler] = [:]

    enum Handler {
        case plain(ScriptMessageHandler)
        case withReply(ScriptMessageHandlerWithReply)
    }

    public init() {}

    public func addUserScript(_ script: UserScript) { userScripts.append(script) }
    public func removeAllUserScripts() { userScripts.removeAll() }

    /// Exposes `window.webkit.messageHandlers.<name>` to pages loaded from now on.
    /// The controller keeps `handler` (strongly, as WebKit does).
    public func add(_ handler: ScriptMessageHandler, name: String) { handlers[name] = .plain(handler) }

    /// The reply variant: the page's postMessage returns a promise.
    public func addScriptMessageHandler(_ handler: ScriptMessageHandlerWithReply, name: String) {
        handlers[name] = .withReply(handler)
    }

    public func removeScriptMessageHandler(forName name: String) { handlers[name] = nil }
    public func removeAllScriptMessageHandlers() { handlers.removeAll() }
}
