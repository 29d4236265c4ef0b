/// A content process's stand-in for one of the browser's native message
/// handlers: what the page posts to it goes to the browser, and the
/// reply, if the browser's handler gives one, comes back.
final class ForwardingMessageHandler: ScriptMessageHandler, ScriptMessageHandlerWithReply {
    private weak var host: WebPageHost?

    init(host: WebPageHost) {
        self.host = host
    }

    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
        host?.forward(message, replyHandler: nil)
    }

    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        host?.forward(message, replyHandler: replyHandler)
    }
}
