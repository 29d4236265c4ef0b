extension WebURL {
    /// `text` with each `%XX` escape turned back into its byte, read as UTF-8
    /// (invalid sequences become U+FFFD); a `%` not followed by two hex
    /// digits stays as it is. For fragments naming an `id` and the source of
    /// `javascript:` URLs, which are written percent-encoded.
    public static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(value)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
