import TernNet

/// `location` and `history`, over the navigation host.
extension ScriptWindow {
    func installNavigation() {
        context.setInternal("__ternLocation") { [weak self] _ in
            .string(self?.navigationHost?.scriptCurrentURL() ?? self?.documentURL?.href ?? "about:blank")
        }
        context.setInternal("__ternNavigate") { [weak self] arguments in
            guard let self, case .string(let target)? = arguments.first else { return nil }
            let base = self.navigationHost.flatMap { WebURL($0.scriptCurrentURL()) } ?? self.documentURL
            guard let url = base?.resolve(target) ?? WebURL(target) else {
                return .string("SyntaxError: invalid URL \(target)")
            }
            let replacing = arguments.count > 1 && arguments[1] == .bool(true)
            // The host moves within the page when only the fragment changes
            // (HTML "navigate to a fragment": popstate, hashchange).
            guard url.scheme != "javascript" else { return nil }
            self.navigationHost?.scriptNavigate(to: url.href, replacing: replacing)
            return nil
        }
        context.setInternal("__ternReload") { [weak self] _ in
            self?.navigationHost?.scriptReload()
            return nil
        }
        context.setInternal("__ternHistory") { [weak self] arguments in
            guard let self, let host = self.navigationHost, case .string(let operation)? = arguments.first else { return nil }
            switch operation {
            case "active": return .bool(host.scriptDocumentIsFullyActive())
            case "length": return .number(Double(host.scriptHistoryLength()))
            case "state": return host.scriptHistoryState()
            case "go":
                // go(optional long delta = 0).
                if arguments.count > 1 { host.scriptHistoryGo(Int(WebIDL.long(arguments[1]))) }
                return nil
            case "push", "replace":
                let state = arguments.count > 1 ? arguments[1] : .null
                var url: String?
                if arguments.count > 2, case .string(let target) = arguments[2] {
                    let base = WebURL(host.scriptCurrentURL()) ?? self.documentURL
                    guard let resolved = base?.resolve(target) else { return .string("SyntaxError: invalid URL \(target)") }
                    url = resolved.href
                }
                return host.scriptHistoryPush(state: state, url: url, replacing: operation == "replace").map(ScriptValue.string)
            default:
                return nil
            }
        }
        context.runPrelude(ScriptPrelude.navigation)
    }

    /// Fires `type` at `window` (its on-handler and listeners), with extra event fields.
    package func fireWindowEvent(_ type: String, _ fields: [String: ScriptValue] = [:]) {
        _ = context.callInternal("__ternFireWindowEvent", [.string(type), .dictionary(fields)])
    }

    /// Moving through history between entries of this document: popstate
    /// with the entry's state (and hashchange when only the fragment differs).
    /// `state` is the entry's serialized state (what `pushState` gave the host), or null.
    package func didTraverseHistory(from oldURL: String, to newURL: String, state: ScriptValue) {
        // HTML "update document for history step application": hashchange when the fragments differ.
        let hashChanged = WebURL(oldURL)?.fragment != WebURL(newURL)?.fragment
        _ = context.callInternal("__ternHistoryTraversed", [state, .string(oldURL), .string(hashChanged ? newURL : oldURL)])
    }
}
