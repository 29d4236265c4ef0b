/// Text made safe to put into HTML that Tern writes itself (the history
/// page, the error page): in element content and in quoted attribute values.
public enum HTMLText {
    /// `text` with `&`, `<`, `>` and `"` written as character references.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
