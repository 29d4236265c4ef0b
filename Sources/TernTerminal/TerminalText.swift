/// The one sanitizer every string passes before it reaches the terminal.
///
/// C0 controls become their visible Control Pictures (ESC shows as ␛), DEL
/// becomes ␡ and C1 controls (U+0080–U+009F, which some terminals obey as
/// CSI, OSC and the rest) become U+FFFD, so no page, title, URL or header can
/// move the cursor, set the window title or write the clipboard.
public enum TerminalText {
    /// `text` made safe to write; line feeds (and tabs, when `keepTabs`) are
    /// kept only when `keepLineBreaks` says so, for layout that consumes them.
    public static func sanitize(_ text: String, keepLineBreaks: Bool = false, keepTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsReplacement) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepLineBreaks, 0x09 where keepTabs:
                out.append(scalar)
            case 0x00...0x1F:
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                out.append("\u{2421}")
            case 0x80...0x9F:
                out.append("\u{FFFD}")
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
