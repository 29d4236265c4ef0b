import TernScript

/// The back/forward cache's two moments: a page left for another (HTML
/// "unload a document") and a cached page shown again ("reactivate a document").
extension WebPage {
    /// HTML "unload a document" for the page `load` is about to replace:
    /// `pagehide` (`persisted` true when the page goes into the
    /// back/forward cache), then `unload` when it does not. A cached page
    /// keeps its document and script window, its timers stopped.
    func leaveCurrentPage(for load: PageLoad) {
        guard page != nil, let item = backForwardList.currentItem else { return }
        let window = scriptWindow
        var entry: BackForwardCache.Entry?
        if isCacheable(item, leftFor: load, window: window) {
            let cost = BackForwardCache.cost(of: session)
            if backForwardCache.admits(cost: cost) { entry = BackForwardCache.Entry(documentID: item.documentID, session: session, cost: cost) }
        }
        if let window, window.context.stopReason == nil {
            scriptHost.isUnloading = true
            window.dispatchEvent("pagehide", to: nil, bubbles: true, cancelable: true, fields: ["persisted": .bool(entry != nil)])
            if entry == nil { window.dispatchEvent("unload", to: nil) }
            scriptHost.isUnloading = false
        }
        guard let entry else { return }
        window?.suspend()
        for frame in allFrames { frame.window?.suspend() }
        backForwardCache.store(entry)
    }

    /// Which pages are kept when left (a simplified form of WebKit's
    /// `BackForwardCache::canCache` and HTML's unload rules): one that has
    /// finished loading, is not being reloaded or replaced (location.replace),
    /// shows no dialog, whose scripts were not stopped (time or memory limit)
    /// and that has no `unload` listener (which expects the page to end).
    private func isCacheable(_ item: BackForwardListItem, leftFor load: PageLoad, window: ScriptWindow?) -> Bool {
        guard session.finishedLoading, item.documentID != load.targetItem?.documentID, !load.replacesCurrentItem,
              scriptHost.openDialogs == 0 else { return false }
        guard let window else { return true }
        return window.context.stopReason == nil && !window.hasWindowEventListener("unload")
    }

    /// The restored page runs again: its timers go on with the time they had
    /// left, and it hears `pageshow` with `persisted` true.
    func showRestoredPage() {
        for frame in allFrames { frame.window?.resume() }
        guard let window = scriptWindow else { return }
        window.resume()
        window.dispatchEvent("pageshow", to: nil, bubbles: true, cancelable: true, fields: ["persisted": .bool(true)])
    }
}
