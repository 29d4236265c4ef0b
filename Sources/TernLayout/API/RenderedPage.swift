import TernDOM

/// A document laid out as lines of styled text for one width.
///
/// Made by `Layout.render(_:options:)`. Everything in it refers to `lines` by
/// index: link and control regions, anchors. A value; re-render for another
/// width.
public struct RenderedPage {
    /// The document title, whitespace collapsed, control characters replaced.
    public var title: String
    public var lines: [Line]
    /// The links in reading order; `links[i].number == i + 1`.
    public var links: [Link]
    /// The form controls in document order, hidden inputs included.
    public var controls: [FormControl]
    /// Fragment targets: each `id` (and `<a name>`) → the index of the line
    /// where that element starts. The first element with a given name wins.
    public var anchors: [String: Int]

    public init(title: String = "", lines: [Line] = [], links: [Link] = [], controls: [FormControl] = [], anchors: [String: Int] = [:]) {
        self.title = title
        self.lines = lines
        self.links = links
        self.controls = controls
        self.anchors = anchors
    }

    /// The page as plain text, for `tern --dump`: each line with its trailing
    /// spaces trimmed, ending in a newline. With `references` and at least one
    /// link, a blank line, `References`, a blank line and one `   n. URL` line
    /// per link follow, numbers right-aligned to the widest (at least 4
    /// columns, as lynx does). Control characters in URLs are percent-encoded.
    public func plainText(references: Bool) -> String {
        // One byte buffer, each run's UTF-8 appended as it is, one String at the end.
        var out: [UInt8] = []
        var estimate = 0
        for line in lines {
            for run in line.runs { estimate += run.text.utf8.count }
            estimate += 1
        }
        out.reserveCapacity(estimate + (references ? links.count * 48 : 0) + 16)
        for line in lines {
            let lineStart = out.count
            for run in line.runs {
                var text = run.text
                text.withUTF8 { out.append(contentsOf: $0) }
            }
            while out.count > lineStart, out[out.count - 1] == 0x20 { out.removeLast() }
            out.append(0x0A)
        }
        if references, !links.isEmpty {
            if !out.isEmpty { out.append(0x0A) }
            out.append(contentsOf: "References\n\n".utf8)
            let field = max(4, String(links.count).count)
            for link in links {
                let number = String(link.number)
                for _ in 0..<(field - number.count) { out.append(0x20) }
                out.append(contentsOf: number.utf8)
                out.append(0x2E)
                out.append(0x20)
                var url = RenderedPage.displayURL(link.url)
                url.withUTF8 { out.append(contentsOf: $0) }
                out.append(0x0A)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A URL made safe to print: controls, spaces and DEL percent-encoded.
    static func displayURL(_ url: String) -> String {
        var needs = false
        for scalar in url.unicodeScalars where scalar.value <= 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
            needs = true
            break
        }
        guard needs else { return url }
        var out = ""
        for scalar in url.unicodeScalars {
            if scalar.value <= 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                for byte in String(scalar).utf8 {
                    out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
