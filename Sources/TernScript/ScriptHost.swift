/// What a page's scripts reach outside themselves: dialogs, native message
/// handlers and the console. TernKit implements it for a web view (through
/// its UI delegate and user content controller), so TernScript knows nothing
/// of delegates.
public protocol ScriptHost: AnyObject {
    /// `alert(message)`: returns when the user has seen it.
    func scriptAlert(_ message: String)
    /// `confirm(message)`: the user's answer.
    func scriptConfirm(_ message: String) -> Bool
    /// `prompt(message, defaultText)`: the text entered, or nil when dismissed.
    func scriptPrompt(_ message: String, defaultText: String?) -> String?
    /// `window.webkit.messageHandlers.<name>.postMessage(body)`; a non-nil
    /// reply handler means the script awaits an answer (a promise).
    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?)
    /// A console message (already recorded by the context).
    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage)
}
