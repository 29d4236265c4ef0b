import TernScript
import TernDOM

/// WKWebView's scripting API: evaluateJavaScript, user scripts, message handlers.
extension WebView {
    /// Runs `source` in the current page and hands the result (converted to
    /// Swift; nil for null and undefined) or the error to `completionHandler`
    /// on a later turn of the loop.
    public func evaluateJavaScript(_ source: String, completionHandler: ((ScriptValue?, Error?) -> Void)? = nil) {
        let result = evaluate(source)
        loop.post {
            switch result {
            case .success(let value): completionHandler?(value, nil)
            case .failure(let error): completionHandler?(nil, error)
            }
        }
    }

    /// Runs `source` in the current page and returns its result (nil for null
    /// and undefined); a JavaScript exception throws `ScriptError`.
    public func evaluateJavaScript(_ source: String) async throws -> ScriptValue? {
        try evaluate(source).get()
    }

    private func evaluate(_ source: String) -> Result<ScriptValue?, ScriptError> {
        do {
            let window = try pageScriptWindow()
            return window.context.evaluate(source, sourceURL: "evaluateJavaScript").map { $0 == .null ? nil : $0 }
        } catch {
            return .failure(error as? ScriptError ?? .engineUnavailable("\(error)"))
        }
    }

    /// The page's window, made now if it does not exist yet.
    func pageScriptWindow() throws -> ScriptWindow {
        if let scriptWindow { return scriptWindow }
        loader.configuration.userAgent = userAgent
        let window = try ScriptWindow(host: scriptHost, loader: loader, documentURL: url, sessionStorage: sessionStorage,
                                      executionTimeLimit: configuration.scriptTimeLimit)
        for (name, handler) in configuration.userContentController.handlers {
            if case .withReply = handler { window.addMessageHandler(named: name, withReply: true) } else { window.addMessageHandler(named: name) }
        }
        scriptWindow = window
        return window
    }

    /// A new page was committed: its scripts start from a fresh window, and
    /// document-start user scripts run before any of its own.
    func scriptsDidCommitPage() {
        scriptWindow = nil
        let controller = configuration.userContentController
        let startScripts = controller.userScripts.filter { $0.injectionTime == .atDocumentStart }
        guard !startScripts.isEmpty || !controller.handlers.isEmpty, let window = try? pageScriptWindow() else { return }
        for script in startScripts { window.run(script.source, sourceURL: "user-script") }
    }

    /// The document is parsed: the page's inline scripts run in document
    /// order (when JavaScript is enabled), then the document-end user scripts.
    func scriptsDidParseDocument(_ document: Document?) {
        var pageScripts: [String] = []
        if configuration.preferences.javaScriptEnabled, let document {
            pageScripts = document.node?.elements(named: "script").filter(WebView.isClassicScript).map(\.textContent) ?? []
        }
        let endScripts = configuration.userContentController.userScripts.filter { $0.injectionTime == .atDocumentEnd }
        guard !pageScripts.isEmpty || !endScripts.isEmpty, let window = try? pageScriptWindow() else { return }
        let source = url?.href ?? "about:blank"
        for script in pageScripts { window.run(script, sourceURL: source) }
        for script in endScripts { window.run(script.source, sourceURL: "user-script") }
    }

    /// An inline classic script: no src (external scripts come with the DOM
    /// bindings) and a JavaScript type (modules are not supported yet).
    static func isClassicScript(_ node: Node) -> Bool {
        guard !node.hasAttribute("src") else { return false }
        let type = (node.attribute("type") ?? "").lowercased().trimmingSpaces()
        return type.isEmpty || type == "text/javascript" || type == "application/javascript"
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s = s.dropLast() }
        return String(s)
    }
}
