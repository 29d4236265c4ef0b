import TernNet
import TernScript

/// A frame's session history entry (HTML "session history entry" of a
/// child navigable), shared by every step of the page's joint session
/// history that shows it. A replacement (`replaceState`, a navigation that
/// replaces) changes the entry in place: HTML's replacing entry keeps the
/// replaced one's step, so the steps that showed the old entry show the new.
final class FrameHistoryEntry {
    var url: WebURL
    /// The number of the frame document it belongs to: entries of one
    /// document (pushState, fragments) move between each other without a load.
    var documentID: Int
    /// The state object of a pushState/replaceState entry (`history.state`).
    var stateObject: ScriptValue?

    init(url: WebURL, documentID: Int, stateObject: ScriptValue? = nil) {
        self.url = url
        self.documentID = documentID
        self.stateObject = stateObject
    }
}
