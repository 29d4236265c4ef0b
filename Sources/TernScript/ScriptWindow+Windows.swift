import TernNet

/// `window.open` (the host blocks it without a user gesture) and `window.close`.
extension ScriptWindow {
    func installWindows() {
        // (url, target, features): the opened window's id, null, or for
        // _self/_parent/_top the name of the window that navigates.
        context.setInternal("__ternOpen") { [weak self] arguments in
            guard let self, let host = self.windowingHost else { return .null }
            let text = { (index: Int) in arguments.count > index && arguments[index] != .null ? ScriptWindow.text(arguments[index]) : "" }
            let base = self.navigationHost.flatMap { WebURL($0.scriptCurrentURL()) } ?? self.documentURL
            let url = text(0).isEmpty ? "about:blank" : (base?.resolve(text(0))?.href ?? text(0))
            let target = text(1).isEmpty ? "_blank" : text(1)
            // The host decides whether a popup may open (transient activation).
            let opened = host.scriptOpenWindow(url: url, target: target, features: text(2))
            switch target.lowercased() {
            case "_self", "_parent", "_top": return .string(String(target.lowercased().dropFirst()))
            default: break
            }
            // HTML "window open steps", step 13: with noopener the opener gets null.
            guard let opened, !ScriptWindow.featuresDisownOpener(text(2)) else { return .null }
            return .number(Double(self.register(opened: opened)))
        }
        context.setInternal("__ternClose") { [weak self] _ in
            self?.windowingHost?.scriptCloseWindow()
            return nil
        }
        context.runPrelude(ScriptPrelude.windows)
    }

    /// Whether a features string asks for `noopener` or `noreferrer` (HTML
    /// "tokenize the features argument", "parse a boolean feature").
    package static func featuresDisownOpener(_ features: String) -> Bool {
        let separators: Set<Character> = [" ", "\t", "\n", "\u{0C}", "\r", ",", "="]
        var index = features.startIndex
        var found = false
        func skip(while predicate: (Character) -> Bool) {
            while index < features.endIndex, predicate(features[index]) { index = features.index(after: index) }
        }
        while index < features.endIndex {
            // Name: after leading separators, up to a separator.
            skip { separators.contains($0) }
            let nameStart = index
            skip { !separators.contains($0) }
            let name = features[nameStart..<index].lowercased()
            // Value: after spaces and one "=" (or a comma), up to a separator.
            skip { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" || $0 == "\r" }
            var value = ""
            if index < features.endIndex, features[index] == "=" || features[index] == "," {
                if features[index] == "=" {
                    index = features.index(after: index)
                    skip { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" || $0 == "\r" }
                    let valueStart = index
                    skip { !separators.contains($0) }
                    value = features[valueStart..<index].lowercased()
                }
            }
            guard name == "noopener" || name == "noreferrer" else { continue }
            // Parse a boolean feature: empty, "yes", "true", or a non-zero integer.
            if value.isEmpty || value == "yes" || value == "true" {
                found = true
            } else {
                let digits = value.prefix { $0 == "-" || $0 == "+" || $0.isASCII && $0.isNumber }
                if let number = Int(digits.prefix(18)), number != 0 { found = true }
            }
        }
        return found
    }
}
