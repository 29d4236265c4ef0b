import TernNet

/// Cross-document messaging (HTML "cross-document messaging"): the native
/// half of `postMessage`. The message arrives serialized to text by the
/// caller's prelude (HTML "StructuredSerialize"), so it crosses engine groups
/// (a popup) as it crosses frames, and is rebuilt in the target's context.
extension ScriptWindow {
    /// HTML "window post message steps", from step 8 on: a task on the
    /// target's event loop checks `targetOrigin` against the target's origin
    /// then (it may have navigated), rebuilds the message and fires a
    /// MessageEvent at the window. `targetOrigin` is "*" or a serialized origin.
    func queueMessage(_ serialized: String, targetOrigin: String, from source: ScriptWindow) {
        let origin = source.serializedOrigin
        let sourceID = source.windowID
        loop.post { [weak self] in
            self?.whenActive { [weak self] in
                guard let self, !self.isClosed else { return }
                // Step 8.1: the target origin must match (an opaque origin matches nothing but "*").
                if targetOrigin != "*" && (self.serializedOrigin == "null" || self.serializedOrigin != targetOrigin) { return }
                self.runInternal("__ternReceiveMessage", [.string(serialized), .string(origin), .number(Double(sourceID))])
            }
        }
    }
}
