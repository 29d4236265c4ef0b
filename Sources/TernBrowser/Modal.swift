import TernTerminal

/// Something that takes the keys until it is answered: a dialog, a menu, a
/// prompt in the status line. The browser draws the newest over the page.
protocol Modal: AnyObject {
    func draw(on terminal: Terminal)
    /// Handles a key; true when the modal is finished and goes away.
    func handle(_ key: Key) -> Bool
    /// A page's script waits in a nested turn of the event loop for this
    /// answer (alert, confirm, prompt, a file chooser): a key meant for it
    /// must reach it, never interrupt that wait (which would answer for the
    /// person).
    var pageScriptWaits: Bool { get }
}

extension Modal {
    var pageScriptWaits: Bool { false }
}
