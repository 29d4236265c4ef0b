import TernNet

/// `window.open` (the host blocks it without a user gesture) and `window.close`.
extension ScriptWindow {
    func installWindows() {
        context.setInternal("__ternOpen") { [weak self] arguments in
            guard let self, let host = self.windowingHost else { return .bool(false) }
            let text = { (index: Int) in arguments.count > index && arguments[index] != .null ? ScriptWindow.text(arguments[index]) : "" }
            let base = self.navigationHost.flatMap { WebURL($0.scriptCurrentURL()) } ?? self.documentURL
            let url = text(0).isEmpty ? "about:blank" : (base?.resolve(text(0))?.href ?? text(0))
            // The host decides whether a popup may open (transient activation).
            return .bool(host.scriptOpenWindow(url: url, target: text(1).isEmpty ? "_blank" : text(1), features: text(2)))
        }
        context.setInternal("__ternClose") { [weak self] _ in
            self?.windowingHost?.scriptCloseWindow()
            return nil
        }
        context.runPrelude("""
            (function (g) {
              g.open = function (url, target, features) {
                if (!__ternOpen(url === undefined ? '' : String(url), target === undefined ? '' : String(target),
                                features === undefined ? '' : String(features))) return null;
                var proxy = { closed: false, close: function () { proxy.closed = true; } };
                return proxy;
              };
              g.close = function () { __ternClose(); };
            })(this);
            """, sourceURL: "tern:windows")
    }
}
