import TernKit

/// The `?` page, `about:help`: every command with the keys the keymap in
/// force gives it, made each time the page loads, so it cannot disagree
/// with the keys. The rest of the page (mouse, line editing, dialogs, the
/// command line) is the prose of Resources/help.html, whose key section,
/// between `<!-- keys -->` and `<!-- /keys -->`, is replaced.
enum HelpPage {
    static let keysStart = "<!-- keys -->"
    static let keysEnd = "<!-- /keys -->"

    /// The page for `keymap`, in `prose` (help.html's text) when there is one.
    static func html(keymap: Keymap, prose: String?) -> String {
        let keys = keySection(keymap: keymap)
        if let prose, let start = prose.firstRange(of: keysStart),
           let end = prose[start.upperBound...].firstRange(of: keysEnd) {
            return String(prose[..<start.lowerBound]) + keys + String(prose[end.upperBound...])
        }
        return """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Tern help</title></head>
        <body>
        <h1>Tern help</h1>
        \(keys)
        </body></html>
        """
    }

    /// The tables of commands and keys, a group each, and the count prefix.
    static func keySection(keymap: Keymap) -> String {
        func names(_ command: BrowserCommand) -> String {
            let names = keymap.keyNames(for: command)
            return names.isEmpty ? "(no key)" : names.map(HTMLText.escaped).joined(separator: ", ")
        }
        func firstKey(_ command: BrowserCommand, or fallback: String) -> String {
            HTMLText.escaped(keymap.keyNames(for: command).first ?? fallback)
        }
        var html = "<style>td.keys, td.command { white-space: nowrap }</style>\n"
        html += "<p>\(firstKey(.back, or: "back")) goes back to where you were.</p>\n<h2 id=\"keys\">Keys</h2>\n"
        html += "<p>The keys in force: <code>keymap</code> and <code>bind</code> lines in the configuration file change them.</p>\n"
        for group in BrowserCommand.Group.allCases {
            let commands = BrowserCommand.allCases.filter { $0.group == group }
            guard !commands.isEmpty else { continue }
            html += "<h3>\(HTMLText.escaped(group.rawValue))</h3>\n<table>\n<tr><th>Keys</th><th>Command</th><th>What it does</th></tr>\n"
            for command in commands {
                html += "<tr><td class=\"keys\">\(names(command))</td><td class=\"command\">\(command.name)</td><td>\(HTMLText.escaped(command.summary))</td></tr>\n"
            }
            html += "</table>\n"
        }
        let activate = firstKey(.activate, or: "activate")
        let down = firstKey(.scrollDown, or: "scroll-down")
        html += """
        <h3>Numbers</h3>
        <p>A number typed first repeats the next motion: 5 then \(down) scrolls
        5 lines. A number then \(activate) follows the link with that number
        (links are numbered [1], [2], … on the page). Backspace takes back a
        digit, Esc forgets the number.</p>

        """
        return html
    }
}
