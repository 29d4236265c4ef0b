import TernTerminal

/// Something that takes the keys until it is answered: a dialog, a menu, a
/// prompt in the status line. The browser draws the newest over the page.
protocol Modal: AnyObject {
    func draw(on terminal: Terminal)
    /// Handles a key; true when the modal is finished and goes away.
    func handle(_ key: Key) -> Bool
}
