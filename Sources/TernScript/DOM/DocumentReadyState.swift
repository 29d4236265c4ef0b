/// `document.readyState` (https://html.spec.whatwg.org/#current-document-readiness).
/// The web view moves it forward as the page loads; each change fires
/// `readystatechange` at the document.
package enum DocumentReadyState: String, Hashable {
    /// The parser is still running.
    case loading
    /// Parsing ended; deferred scripts run, then DOMContentLoaded.
    case interactive
    /// Everything loaded; `load` comes next.
    case complete
}
